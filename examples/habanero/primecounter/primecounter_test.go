package primecounter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCount(t *testing.T) {
	for n, want := range map[int]int{0: 0, 3: 1, 17: 6, 1000: 168} {
		assert.Equal(t, want, Count(n), "Count(%d)", n)
		assert.Equal(t, want, CountForall(n), "CountForall(%d)", n)
		assert.Equal(t, want, CountForasync(n), "CountForasync(%d)", n)
	}
}
