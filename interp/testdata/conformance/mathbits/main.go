// Command mathbits prints the results of math/bits' functions (host calls
// under vt) over edge values, and the panics of Div and Rem (their
// interpreted bodies).
package main

import (
	"fmt"
	"math/bits"
)

var vals = []uint64{0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x8000, 0xffff, 0x12345678, 0x80000000,
	0xffffffff, 0x100000000, 0x0123456789abcdef, 0x8000000000000000, 0xfedcba9876543210, 1<<64 - 1}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			err, isErr := r.(error)
			fmt.Printf("%s: panic %v (error %v)\n", name, r, isErr && err != nil)
		}
	}()
	f()
}

func main() {
	for _, x := range vals {
		fmt.Println("x", x,
			bits.LeadingZeros(uint(x)), bits.LeadingZeros8(uint8(x)), bits.LeadingZeros16(uint16(x)), bits.LeadingZeros32(uint32(x)), bits.LeadingZeros64(x),
			bits.TrailingZeros(uint(x)), bits.TrailingZeros8(uint8(x)), bits.TrailingZeros16(uint16(x)), bits.TrailingZeros32(uint32(x)), bits.TrailingZeros64(x),
			bits.OnesCount(uint(x)), bits.OnesCount8(uint8(x)), bits.OnesCount16(uint16(x)), bits.OnesCount32(uint32(x)), bits.OnesCount64(x),
			bits.Len(uint(x)), bits.Len8(uint8(x)), bits.Len16(uint16(x)), bits.Len32(uint32(x)), bits.Len64(x),
			bits.Reverse(uint(x)), bits.Reverse8(uint8(x)), bits.Reverse16(uint16(x)), bits.Reverse32(uint32(x)), bits.Reverse64(x),
			bits.ReverseBytes(uint(x)), bits.ReverseBytes16(uint16(x)), bits.ReverseBytes32(uint32(x)), bits.ReverseBytes64(x))
		for _, k := range []int{-65, -9, -1, 0, 1, 7, 8, 13, 33, 64, 70} {
			fmt.Println("rot", x, k, bits.RotateLeft(uint(x), k), bits.RotateLeft8(uint8(x), k),
				bits.RotateLeft16(uint16(x), k), bits.RotateLeft32(uint32(x), k), bits.RotateLeft64(x, k))
		}
		for _, y := range vals {
			for _, c := range []uint64{0, 1} {
				s, co := bits.Add(uint(x), uint(y), uint(c))
				s32, co32 := bits.Add32(uint32(x), uint32(y), uint32(c))
				s64, co64 := bits.Add64(x, y, c)
				d, bo := bits.Sub(uint(x), uint(y), uint(c))
				d32, bo32 := bits.Sub32(uint32(x), uint32(y), uint32(c))
				d64, bo64 := bits.Sub64(x, y, c)
				fmt.Println("addsub", x, y, c, s, co, s32, co32, s64, co64, d, bo, d32, bo32, d64, bo64)
			}
			hi, lo := bits.Mul(uint(x), uint(y))
			hi32, lo32 := bits.Mul32(uint32(x), uint32(y))
			hi64, lo64 := bits.Mul64(x, y)
			// The sum of the product's halves is a value a compiled Mul's
			// caller would see: a result of a wrong width shows here.
			sum := uint32(hi32) + lo32
			fmt.Println("mul", x, y, hi, lo, hi32, lo32, hi64, lo64, sum)
			for _, z := range []uint64{0, 1, 7, 0xffffffff, 1<<64 - 1} {
				z := z
				try(fmt.Sprint("div ", z, x, y), func() {
					q, r := bits.Div(uint(z), uint(x), uint(y))
					fmt.Println("div", z, x, y, q, r)
				})
				try(fmt.Sprint("div32 ", z, x, y), func() {
					q, r := bits.Div32(uint32(z), uint32(x), uint32(y))
					fmt.Println("div32", z, x, y, q, r)
				})
				try(fmt.Sprint("div64 ", z, x, y), func() {
					q, r := bits.Div64(z, x, y)
					fmt.Println("div64", z, x, y, q, r)
				})
				try(fmt.Sprint("rem ", z, x, y), func() {
					fmt.Println("rem", z, x, y, bits.Rem(uint(z), uint(x), uint(y)), bits.Rem32(uint32(z), uint32(x), uint32(y)), bits.Rem64(z, x, y))
				})
			}
		}
	}
	// A value passed through a function value (not a direct call).
	f := bits.Mul64
	hi, lo := f(1<<63, 6)
	g := bits.LeadingZeros8
	fmt.Println("funcval", hi, lo, g(1))
}
