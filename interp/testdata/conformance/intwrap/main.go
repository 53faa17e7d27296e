// Program intwrap checks two's-complement wraparound of every integer size
// (int8..int64, uint8..uint64, int, uint, uintptr) under +, -, *, negation,
// increment/decrement, and conversions that truncate or sign-extend.
package main

import (
	"fmt"
	"math"
)

//go:noinline
func i8(x int8) int8 { return x }

func main() {
	// int8
	var a int8 = math.MaxInt8
	a++
	fmt.Println("int8 max+1:", a)
	a--
	fmt.Println("int8 min-1:", a-1+1, a+1-2+1)
	var b int8 = math.MinInt8
	fmt.Println("int8 -min:", -b, "min*-1:", b*i8(-1), "min-1:", b-1)
	var c int8 = 100
	fmt.Println("int8 100*3:", c*3, "100+100:", c+c, "c*c:", c*c)

	// int16
	var d int16 = math.MaxInt16
	d += 1
	fmt.Println("int16:", d, d-1, d*2, -d)
	var e int16 = 300
	fmt.Println("int16 300*300:", e*e, "e<<8:", e<<8)

	// int32
	var f int32 = math.MaxInt32
	f++
	fmt.Println("int32:", f, -f, f*f, f-1)
	var g int32 = 123456789
	fmt.Println("int32 g*g:", g*g, "g*100:", g*100)

	// int64
	var h int64 = math.MaxInt64
	h++
	fmt.Println("int64:", h, -h, h-1, h*3)
	var k int64 = 0x7edcba9876543210
	fmt.Println("int64 k*k:", k*k, "k*k*k:", k*k*k)

	// int
	var n int = math.MaxInt
	n++
	fmt.Println("int:", n == math.MinInt, n, n-1)

	// unsigned
	var u8 uint8 = 0
	u8--
	fmt.Println("uint8 0-1:", u8, "u8+1:", u8+1, "200+100:", uint8(200)+uint8(u8-155), "-u8:", -u8)
	var u16 uint16 = 65535
	u16 += 2
	fmt.Println("uint16:", u16, u16-2, u16*uint16(300+u16*0)*300)
	var u32 uint32 = 0
	u32 -= 1
	fmt.Println("uint32:", u32, u32+1, u32*u32, -(u32 - 4))
	var u64 uint64 = 0
	u64 -= 1
	fmt.Println("uint64:", u64, u64+1, u64*u64, u64*3, -(u64 - 6))
	var u uint = math.MaxUint
	u += 10
	fmt.Println("uint:", u)
	var p uintptr = 0
	p--
	fmt.Println("uintptr:", p == ^uintptr(0), p+2, uintptr(1)<<63)

	// conversions truncate and sign-extend
	big := int64(0x1234_5678_9abc_def0)
	fmt.Println("trunc:", int8(big), uint8(big), int16(big), uint16(big), int32(big), uint32(big))
	neg := int64(-2)
	fmt.Println("neg->unsigned:", uint8(neg), uint16(neg), uint32(neg), uint64(neg), uint(neg))
	m1, m128 := int8(-1), int8(-128)
	fmt.Println("sign extend:", int64(m1), int64(m128), uint64(int32(m1)), uint32(m128), uint16(m1))
	v200, v40k, v3g, vbig := uint8(200), uint16(40000), uint32(3000000000), uint64(1<<63+5)
	fmt.Println("unsigned->signed:", int8(v200), int16(v40k), int32(v3g), int64(vbig), int(v3g), int32(uint32(0xffffff00)&v3g))

	// loops that wrap
	var w uint8 = 250
	for i := 0; i < 10; i++ {
		w++
		fmt.Print(w, " ")
	}
	fmt.Println()
	var s int8 = 120
	for i := 0; i < 10; i++ {
		s += 3
		fmt.Print(s, " ")
	}
	fmt.Println()

	// hash-like mixing (FNV-1a over bytes, 32 and 64 bit)
	var h32 uint32 = 2166136261
	var h64 uint64 = 14695981039346656037
	for _, ch := range []byte("the quick brown fox") {
		h32 ^= uint32(ch)
		h32 *= 16777619
		h64 ^= uint64(ch)
		h64 *= 1099511628211
	}
	fmt.Printf("fnv32=%#x fnv64=%#x\n", h32, h64)

	// bitwise ops
	var x uint16 = 0xF0F0
	fmt.Println("bits:", x&^0xFF00, x|0x0F0F, x^0xFFFF, ^x, ^int16(7), ^int64(0))
}
