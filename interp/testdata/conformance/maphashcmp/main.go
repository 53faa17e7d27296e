// Program maphashcmp hashes comparable values with hash/maphash's
// Comparable and WriteComparable (which call the compiler intrinsic
// internal/abi.EscapeNonString): equal values hash equally, under one
// seed, for strings, integers, pointers, structs, arrays and interfaces.
package main

import (
	"fmt"
	"hash/maphash"
)

type key struct {
	a int
	s string
	p *int
}

func main() {
	seed := maphash.MakeSeed()
	x := new(int)
	same := func(a, b uint64) string {
		if a == b {
			return "equal"
		}
		return "different"
	}
	fmt.Println("string", same(maphash.Comparable(seed, "go"), maphash.Comparable(seed, "g"+"o")))
	fmt.Println("int", same(maphash.Comparable(seed, 42), maphash.Comparable(seed, 40+2)))
	fmt.Println("pointer", same(maphash.Comparable(seed, x), maphash.Comparable(seed, x)))
	fmt.Println("struct", same(maphash.Comparable(seed, key{1, "k", x}), maphash.Comparable(seed, key{1, "k", x})))
	fmt.Println("array", same(maphash.Comparable(seed, [3]byte{1, 2, 3}), maphash.Comparable(seed, [3]byte{1, 2, 3})))
	fmt.Println("interface", same(maphash.Comparable[any](seed, 7), maphash.Comparable[any](seed, 7)))
	var h1, h2 maphash.Hash
	h1.SetSeed(seed)
	h2.SetSeed(seed)
	maphash.WriteComparable(&h1, key{2, "w", nil})
	maphash.WriteComparable(&h2, key{2, "w", nil})
	fmt.Println("WriteComparable", same(h1.Sum64(), h2.Sum64()))
	// Distinct values almost surely hash apart.
	distinct := map[uint64]bool{}
	for i := range 100 {
		distinct[maphash.Comparable(seed, i)] = true
	}
	fmt.Println("distinct of 100:", len(distinct))
}
