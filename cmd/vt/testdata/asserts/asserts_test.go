package asserts

import (
	"sync"
	"testing"
)

// TestLostUpdate increments a counter without a lock from two goroutines:
// in some interleavings an update is lost and the test fails.
func TestLostUpdate(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			v := n
			wg.Add(0) // a scheduling point between the read and the write
			n = v + 1
		}()
	}
	wg.Wait()
	if n != 2 {
		t.Errorf("n = %d, want 2", n)
	}
}
