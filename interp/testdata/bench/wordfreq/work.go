// Package wordfreq is a benchmark program: map counting with integer keys
// and with string keys.
package wordfreq

import "strconv"

// Run counts n pseudo-random integers and n pseudo-random words drawn from
// a fixed vocabulary in two maps, then derives an order-independent
// checksum from the counts.
func Run(n int) int {
	vocab := make([]string, 500)
	for i := range vocab {
		vocab[i] = "w" + strconv.Itoa(i*7919%1000)
	}

	ints := make(map[int]int)
	words := make(map[string]int)
	x := uint32(12345)
	for range n {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		ints[int(x%4096)]++
		words[vocab[x%uint32(len(vocab))]]++
	}

	sum := 0
	for k, v := range ints {
		sum += k * v % 1009
	}
	for w, v := range words {
		sum += len(w) * v * int(w[len(w)-1])
	}
	// Lookups, present and absent.
	for i := range 4096 {
		sum += ints[i*3] & 7
	}
	for _, w := range vocab {
		if c, ok := words[w]; ok {
			sum += c & 3
		}
		if _, ok := words[w+"x"]; ok {
			sum++
		}
	}
	delete(ints, 0)
	return sum*10 + len(ints)%10 + len(words)
}
