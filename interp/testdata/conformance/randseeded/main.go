// Program randseeded draws many numbers from generators seeded with
// constants (math/rand's source, math/rand/v2's PCG), whose sequences
// are the compiled program's: every call goes through the models of the
// random generators, which find the generators are not seeded from
// outside and run their bodies.
package main

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
)

func main() {
	r := rand.New(rand.NewSource(42))
	var sum int64
	for range 20000 {
		sum += int64(r.Intn(1000)) + r.Int63()%7
	}
	fmt.Println(sum, r.Perm(5))
	p := randv2.New(randv2.NewPCG(3, 4))
	var s2 uint64
	for range 20000 {
		s2 += p.Uint64()%13 + uint64(p.IntN(100))
	}
	xs := []int{1, 2, 3, 4, 5, 6}
	p.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	fmt.Println(s2, xs)
}
