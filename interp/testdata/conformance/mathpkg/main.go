// Program mathpkg checks math functions and constants: Sqrt, Pow, Exp, Log
// variants, trig, Floor/Ceil/Trunc/Round, Mod/Remainder, Abs, Hypot, Inf,
// NaN, MaxInt64/MinInt64/MaxUint32/SmallestNonzeroFloat64, Float64bits,
// math/bits (LeadingZeros, OnesCount, RotateLeft, Mul64, Add64), and
// big-ish integer algorithms (gcd, modpow, isqrt).
package main

import (
	"fmt"
	"math"
	"math/bits"
)

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func modpow(b, e, m uint64) uint64 {
	r := uint64(1)
	b %= m
	for e > 0 {
		if e&1 == 1 {
			hi, lo := bits.Mul64(r, b)
			_, r = bits.Div64(hi, lo, m)
		}
		hi, lo := bits.Mul64(b, b)
		_, b = bits.Div64(hi, lo, m)
		e >>= 1
	}
	return r
}

func main() {
	fmt.Println(math.Sqrt(2), math.Sqrt(-1), math.Cbrt(27), math.Pow(2, 10), math.Pow(2, 0.5), math.Pow(0, -1))
	fmt.Println(math.Exp(1), math.Log(math.E), math.Log2(1024), math.Log10(0.001), math.Log1p(1e-10), math.Log(0))
	fmt.Printf("%.10f %.10f %.10f %.10f\n", math.Sin(math.Pi/6), math.Cos(math.Pi/3), math.Tan(math.Pi/4), math.Atan2(1, -1))
	fmt.Println(math.Floor(-1.5), math.Ceil(-1.5), math.Trunc(-1.5), math.Round(-1.5), math.Round(0.49999999999999994), math.RoundToEven(-2.5))
	fmt.Println(math.Mod(7, -3), math.Mod(-7, 3), math.Remainder(7, 3), math.Abs(-0.0), math.Abs(-3), math.Hypot(3, 4))
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxUint32, math.MaxInt8, math.MaxUint16)
	fmt.Println(math.SmallestNonzeroFloat64, math.MaxFloat32, math.SmallestNonzeroFloat64/2)
	fmt.Println(math.Inf(1) > math.MaxFloat64, math.IsInf(math.Inf(-1), -1), math.IsNaN(math.Sqrt(-1)), math.Signbit(-0.0*-1))
	fr, exp := math.Frexp(8)
	ip, frac := math.Modf(-3.75)
	fmt.Println(fr, exp, math.Ldexp(0.5, 4), ip, frac, math.Nextafter(1, 2)-1)
	fmt.Println(math.Max(3, math.NaN()), math.Min(-0.0, 0), math.Dim(5, 3), math.Dim(3, 5), math.Copysign(3, -1))
	fmt.Printf("%#016x %#x %v\n", math.Float64bits(1.0), math.Float32bits(-2.5), math.Float32frombits(0x40490fdb))

	// math/bits
	fmt.Println(bits.LeadingZeros64(1), bits.TrailingZeros32(8), bits.OnesCount(255), bits.Len(1023), bits.Reverse8(1), bits.ReverseBytes16(0x1234) == 0x3412)
	fmt.Println(bits.RotateLeft32(0x80000001, 1), bits.RotateLeft8(1, -1), bits.UintSize)
	hi, lo := bits.Mul64(math.MaxUint64, math.MaxUint64)
	sum, carry := bits.Add64(math.MaxUint64, 1, 0)
	diff, borrow := bits.Sub64(0, 1, 0)
	fmt.Println(hi, lo, sum, carry, diff, borrow)

	// integer algorithms
	fmt.Println(gcd(1071, 462), gcd(17, 5), modpow(2, 100, 1000000007), modpow(3, 1<<40, 998244353))
	isqrt := func(n uint64) uint64 {
		x := uint64(math.Sqrt(float64(n)))
		for x*x > n {
			x--
		}
		for (x+1)*(x+1) <= n {
			x++
		}
		return x
	}
	fmt.Println(isqrt(1<<62), isqrt(999999999999), isqrt(15))

	// numerical integration and series
	n := 1000
	h := math.Pi / float64(n)
	integral := 0.0
	for i := 0; i < n; i++ {
		x := (float64(i) + 0.5) * h
		integral += math.Sin(x) * h
	}
	fmt.Printf("%.12f\n", integral)
	pi := 0.0
	for k := 0; k < 100000; k++ {
		term := 4.0 / float64(2*k+1)
		if k%2 == 1 {
			term = -term
		}
		pi += term
	}
	fmt.Printf("%.12f %.3e\n", pi, math.Abs(pi-math.Pi))
	var f32sum float32
	for i := 1; i <= 10000; i++ {
		f32sum += 1 / float32(i)
	}
	fmt.Println(f32sum, float32(math.Log(10000)+0.5772156649))
}
