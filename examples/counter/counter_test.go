package counter

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

func TestCounter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		n := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); mu.Lock(); n++; mu.Unlock() }()
		}
		wg.Wait()
		require.Equal(t, 2, n)
	})
}
