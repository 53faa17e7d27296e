package calc

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSqrt(t *testing.T) {
	for _, tc := range []struct{ in, want int }{{0, 0}, {1, 1}, {15, 3}, {16, 4}} {
		got, err := Sqrt(tc.in)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "Sqrt(%d)", tc.in)
	}
	_, err := Sqrt(-1)
	assert.ErrorIs(t, err, ErrNegative)
	assert.Contains(t, []string{"a", "b"}, "b")
	assert.ElementsMatch(t, []int{3, 1, 2}, []int{1, 2, 3})
	assert.Len(t, map[string]int{"x": 1}, 1)
}

func TestCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Inc() }()
	}
	wg.Wait()
	require.Equal(t, 4, c.Value())
}

func TestSubtests(t *testing.T) {
	t.Run("ok", func(t *testing.T) { assert.True(t, true) })
	t.Run("fails", func(t *testing.T) {
		assert.Equal(t, []int{1, 2}, []int{1, 3}, "slices differ")
		t.Log("still running after a failed assert")
	})
}

func TestRequireStops(t *testing.T) {
	require.Equal(t, "a", "b")
	t.Log("not reached")
}

func TestSkip(t *testing.T) {
	t.Skip("skipped on purpose")
}
