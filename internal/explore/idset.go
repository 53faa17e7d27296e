package explore

import "math/bits"

// idSet is a set of small non-negative integers (goroutine ids) that finds
// its next member from a point in O(n/4096) word reads: one bit per id, and
// one bit per non-empty word of those.
type idSet struct {
	words []uint64 // bit i%64 of words[i/64]: i is in the set
	sum   []uint64 // bit w%64 of sum[w/64]: words[w] is not 0
}

// add puts i in the set.
func (s *idSet) add(i int) {
	w := i >> 6
	if w >= len(s.words) {
		s.words = append(s.words, make([]uint64, w+1-len(s.words))...)
		if n := len(s.words)>>6 + 1; n > len(s.sum) {
			s.sum = append(s.sum, make([]uint64, n-len(s.sum))...)
		}
	}
	s.words[w] |= 1 << (i & 63)
	s.sum[w>>6] |= 1 << (w & 63)
}

// remove takes i out of the set.
func (s *idSet) remove(i int) {
	w := i >> 6
	if w >= len(s.words) {
		return
	}
	s.words[w] &^= 1 << (i & 63)
	if s.words[w] == 0 {
		s.sum[w>>6] &^= 1 << (w & 63)
	}
}

// next returns the least member ≥ i, or -1 if there is none.
func (s *idSet) next(i int) int {
	if i < 0 {
		i = 0
	}
	w := i >> 6
	if w >= len(s.words) {
		return -1
	}
	if m := s.words[w] >> (i & 63); m != 0 {
		return i + bits.TrailingZeros64(m)
	}
	// The next non-empty word after w.
	w++
	for j := w >> 6; j < len(s.sum); j++ {
		m := s.sum[j]
		if j == w>>6 {
			m &^= 1<<(w&63) - 1
		}
		if m != 0 {
			ww := j<<6 + bits.TrailingZeros64(m)
			return ww<<6 + bits.TrailingZeros64(s.words[ww])
		}
	}
	return -1
}

// reset empties the set, keeping its memory.
func (s *idSet) reset() {
	clear(s.words)
	clear(s.sum)
}
