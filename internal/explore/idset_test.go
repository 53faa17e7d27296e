package explore

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIDSetMatchesMap adds and removes random ids, sparse and dense, and
// checks next from every point against a map.
func TestIDSetMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, span := range []int{10, 200, 5000, 300000} {
		var s idSet
		in := map[int]bool{}
		for range 2000 {
			i := rng.Intn(span)
			if rng.Intn(3) == 0 {
				s.remove(i)
				delete(in, i)
			} else {
				s.add(i)
				in[i] = true
			}
			from := rng.Intn(span + 100)
			want := -1
			for j := from; j < span; j++ {
				if in[j] {
					want = j
					break
				}
			}
			require.Equal(t, want, s.next(from), "span %d, next from %d", span, from)
		}
		s.reset()
		require.Equal(t, -1, s.next(0))
	}
}
