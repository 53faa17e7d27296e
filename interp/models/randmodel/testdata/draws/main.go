// Program draws prints numbers of generators seeded with constants
// (lines "const": the compiled program's sequences) and numbers the
// program gets from outside (lines "input": draws, under vt the
// scheduler's answers).
package main

import (
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"time"
)

func main() {
	r := rand.New(rand.NewSource(7))
	fmt.Println("const", r.Intn(1000), r.Int63(), r.Perm(4))
	p := randv2.New(randv2.NewPCG(1, 2))
	fmt.Println("const", p.IntN(1000), p.Uint64(), p.Perm(4))
	var seed [32]byte
	seed[0] = 1
	c := randv2.NewChaCha8(seed)
	buf := make([]byte, 5)
	c.Read(buf)
	fmt.Println("const", randv2.New(c).IntN(1000), c.Uint64(), buf)

	fmt.Println("input", rand.Intn(10), randv2.IntN(5), rand.Perm(3))
	clock := rand.New(rand.NewSource(time.Now().UnixNano()))
	fmt.Println("input", clock.Intn(7), clock.Int63n(1000))
	pcg := randv2.New(randv2.NewPCG(uint64(time.Now().UnixNano()), 0))
	fmt.Println("input", pcg.IntN(9))
	var b [16]byte
	n, err := crand.Read(b[:])
	fmt.Println("input", n, err, b)
	fromCrypto := rand.New(rand.NewSource(int64(binary.LittleEndian.Uint64(b[:8]) &^ (1 << 63))))
	fmt.Println("input", fromCrypto.Intn(7))
	copy(seed[:], b[:])
	cc := randv2.NewChaCha8(seed)
	cc.Read(buf)
	fmt.Println("input", randv2.New(cc).IntN(11), buf)
	fmt.Println("input", crand.Text())
	var r4 [4]byte
	_, err = crand.Reader.Read(r4[:])
	fmt.Println("input", err, r4)
}
