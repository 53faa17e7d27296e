// Program leaves calls every function of math and math/bits that
// mathmodel models, directly and through function values, on ordinary and
// edge inputs, and prints the results: interpreted, they must be the
// compiled program's.
package main

import (
	"fmt"
	"math"
	"math/bits"
)

var floats = []float64{0, math.Copysign(0, -1), 0.5, -0.75, 1, 2, 3.25, -7.5, 100, 1e-310, 1e300, math.Inf(1), math.Inf(-1), math.NaN()}

var f1 = []struct {
	name string
	f    func(float64) float64
}{
	{"Abs", math.Abs}, {"Acos", math.Acos}, {"Acosh", math.Acosh}, {"Asin", math.Asin},
	{"Asinh", math.Asinh}, {"Atan", math.Atan}, {"Atanh", math.Atanh}, {"Cbrt", math.Cbrt},
	{"Ceil", math.Ceil}, {"Cos", math.Cos}, {"Cosh", math.Cosh}, {"Erf", math.Erf},
	{"Erfc", math.Erfc}, {"Erfinv", math.Erfinv}, {"Erfcinv", math.Erfcinv}, {"Exp", math.Exp},
	{"Exp2", math.Exp2}, {"Expm1", math.Expm1}, {"Floor", math.Floor}, {"Gamma", math.Gamma},
	{"J0", math.J0}, {"J1", math.J1}, {"Log", math.Log}, {"Log10", math.Log10},
	{"Log1p", math.Log1p}, {"Log2", math.Log2}, {"Logb", math.Logb}, {"Round", math.Round},
	{"RoundToEven", math.RoundToEven}, {"Sin", math.Sin}, {"Sinh", math.Sinh}, {"Sqrt", math.Sqrt},
	{"Tan", math.Tan}, {"Tanh", math.Tanh}, {"Trunc", math.Trunc}, {"Y0", math.Y0}, {"Y1", math.Y1},
}

var f2 = []struct {
	name string
	f    func(float64, float64) float64
}{
	{"Atan2", math.Atan2}, {"Copysign", math.Copysign}, {"Dim", math.Dim}, {"Hypot", math.Hypot},
	{"Max", math.Max}, {"Min", math.Min}, {"Mod", math.Mod}, {"Nextafter", math.Nextafter},
	{"Pow", math.Pow}, {"Remainder", math.Remainder},
}

func main() {
	for _, c := range f1 {
		fmt.Print(c.name)
		for _, x := range floats {
			fmt.Print(" ", c.f(x))
		}
		fmt.Println()
	}
	for _, c := range f2 {
		fmt.Print(c.name)
		for _, x := range floats {
			for _, y := range floats[:9] {
				fmt.Print(" ", c.f(x, y))
			}
		}
		fmt.Println()
	}
	for _, x := range floats {
		fr, e := math.Frexp(x)
		i, f := math.Modf(x)
		fmt.Println("Frexp", fr, e, "Modf", i, f, "Ldexp", math.Ldexp(x, 3), math.Ldexp(x, -1080),
			"FMA", math.FMA(x, 3, 0.25), "IsNaN", math.IsNaN(x), "IsInf", math.IsInf(x, 0), math.IsInf(x, -1),
			"Signbit", math.Signbit(x), "bits", math.Float64bits(x), math.Float32bits(float32(x)),
			math.Float64frombits(math.Float64bits(x)+1), math.Float32frombits(math.Float32bits(float32(x))+1))
	}
	fmt.Println("Inf NaN", math.Inf(1), math.Inf(-1), math.Inf(0), math.NaN(), math.Sqrt(2), math.Pow(2, 0.5))

	words := []uint64{0, 1, 2, 0x80, 0xff, 0x8000, 0xffff, 1 << 31, 0xdeadbeef, 1 << 63, 0x9e3779b97f4a7c15, math.MaxUint64}
	for _, x := range words {
		fmt.Println(x, bits.LeadingZeros(uint(x)), bits.LeadingZeros8(uint8(x)), bits.LeadingZeros16(uint16(x)),
			bits.LeadingZeros32(uint32(x)), bits.LeadingZeros64(x),
			bits.TrailingZeros(uint(x)), bits.TrailingZeros8(uint8(x)), bits.TrailingZeros16(uint16(x)),
			bits.TrailingZeros32(uint32(x)), bits.TrailingZeros64(x),
			bits.OnesCount(uint(x)), bits.OnesCount8(uint8(x)), bits.OnesCount16(uint16(x)),
			bits.OnesCount32(uint32(x)), bits.OnesCount64(x),
			bits.Len(uint(x)), bits.Len8(uint8(x)), bits.Len16(uint16(x)), bits.Len32(uint32(x)), bits.Len64(x))
		for _, k := range []int{-65, -9, -1, 0, 1, 7, 13, 64, 100} {
			fmt.Println(" rot", k, bits.RotateLeft(uint(x), k), bits.RotateLeft8(uint8(x), k), bits.RotateLeft16(uint16(x), k),
				bits.RotateLeft32(uint32(x), k), bits.RotateLeft64(x, k))
		}
		fmt.Println(" rev", bits.Reverse(uint(x)), bits.Reverse8(uint8(x)), bits.Reverse16(uint16(x)),
			bits.Reverse32(uint32(x)), bits.Reverse64(x),
			bits.ReverseBytes(uint(x)), bits.ReverseBytes16(uint16(x)), bits.ReverseBytes32(uint32(x)), bits.ReverseBytes64(x))
		for _, y := range words {
			for _, c := range []uint64{0, 1} {
				s, co := bits.Add(uint(x), uint(y), uint(c))
				s32, co32 := bits.Add32(uint32(x), uint32(y), uint32(c))
				s64, co64 := bits.Add64(x, y, c)
				d, bo := bits.Sub(uint(x), uint(y), uint(c))
				d32, bo32 := bits.Sub32(uint32(x), uint32(y), uint32(c))
				d64, bo64 := bits.Sub64(x, y, c)
				fmt.Println(" addsub", s, co, s32, co32, s64, co64, d, bo, d32, bo32, d64, bo64)
			}
			hi, lo := bits.Mul(uint(x), uint(y))
			hi32, lo32 := bits.Mul32(uint32(x), uint32(y))
			hi64, lo64 := bits.Mul64(x, y)
			fmt.Println(" mul", hi, lo, hi32, lo32, hi64, lo64)
			for _, hi := range []uint64{0, 1, x} {
				fmt.Println(" div", div(hi, x, y), rem(hi, x, y))
			}
		}
	}
	// Through function values: the models' calls from reflect, go and
	// defer take the same path.
	add64, mul64, lz := bits.Add64, bits.Mul64, bits.LeadingZeros64
	s, c := add64(math.MaxUint64, 1, 0)
	h, l := mul64(1<<40, 1<<40)
	fmt.Println("values", s, c, h, l, lz(1))
}

// div and rem return the quotients and remainders of Div, Div32, Div64,
// Rem, Rem32 and Rem64, or the panics they raise (divide by zero,
// overflow).
func div(hi, lo, y uint64) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out += fmt.Sprint(" panic: ", r)
		}
	}()
	q64, r64 := bits.Div64(hi, lo, y)
	out = fmt.Sprint(q64, r64)
	q32, r32 := bits.Div32(uint32(hi), uint32(lo), uint32(y))
	out += fmt.Sprint(" ", q32, r32)
	q, r := bits.Div(uint(hi), uint(lo), uint(y))
	return out + fmt.Sprint(" ", q, r)
}

func rem(hi, lo, y uint64) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out += fmt.Sprint(" panic: ", r)
		}
	}()
	out = fmt.Sprint(bits.Rem64(hi, lo, y))
	out += fmt.Sprint(" ", bits.Rem32(uint32(hi), uint32(lo), uint32(y)))
	return out + fmt.Sprint(" ", bits.Rem(uint(hi), uint(lo), uint(y)))
}
