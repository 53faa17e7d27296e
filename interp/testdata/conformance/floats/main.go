// Program floats checks float32 versus float64 rounding (each float32
// operation rounds to float32), NaN and ±Inf comparisons and propagation,
// negative zero, float-to-int conversion of in-range values, and printing
// with %v, %g, %e, %f and strconv.
package main

import (
	"fmt"
	"math"
	"strconv"
)

func main() {
	var a32, b32 float32 = 0.1, 0.2
	var a64, b64 float64 = 0.1, 0.2
	fmt.Println("0.1+0.2:", a32+b32, a64+b64, a32+b32 == 0.3, a64+b64 == 0.3)
	fmt.Println("float64(float32(0.1)):", float64(a32), float64(a32) == a64)

	// accumulate: float32 loses precision much faster
	var s32 float32
	var s64 float64
	for i := 0; i < 1000000; i++ {
		s32 += 0.1
		s64 += 0.1
	}
	fmt.Println("sum 1e6 x 0.1:", s32, s64)

	// float32 large integers
	var f float32 = 16777216
	fmt.Println("f32 2^24+1:", f+1, f+1 == f, float64(f)+1)
	x32 := float32(1) / 3
	x64 := float64(1) / 3
	fmt.Println("1/3:", x32, x64, float64(x32)-x64)
	fmt.Printf("%.20f %.20f\n", x32, x64)
	fmt.Printf("%e %E %g %G %.3g %8.2f|%-8.2f|\n", x64, x64*1e30, 1e21, 1e-7, math.Pi, math.E, -math.E)

	// NaN
	nan := math.NaN()
	fmt.Println("nan:", nan, nan == nan, nan != nan, nan < 1, nan > 1, nan <= nan, math.IsNaN(nan+1))
	var nan32 = float32(nan)
	fmt.Println("nan32:", nan32 == nan32, nan32 != nan32)
	// Inf
	inf := math.Inf(1)
	ninf := math.Inf(-1)
	fmt.Println("inf:", inf, ninf, inf > math.MaxFloat64, ninf < -math.MaxFloat64, inf == inf, inf-inf, inf*0, -inf)
	mf32, mf64 := float32(math.MaxFloat32), math.MaxFloat64
	fmt.Println("overflow to inf:", mf32*2, mf64*2 == inf, -mf64*1.5, mf32+mf32/1e7)
	var big64 = 1e300
	fmt.Println("float32(1e300):", float32(big64), float32(-big64))
	// min/max with NaN
	fmt.Println("min/max:", min(1.5, nan), max(nan, 2.0), min(0.0, math.Copysign(0, -1)), max(-1.0, 3, 2.5))

	// negative zero
	nz := math.Copysign(0, -1)
	fmt.Println("negzero:", nz, nz == 0, 1/nz, math.Signbit(nz), fmt.Sprintf("%+.1f", nz))

	// NaN as map key: every NaN is a distinct key
	m := map[float64]int{}
	m[nan] = 1
	m[nan] = 2
	m[1.0] = 3
	m[1.0] = 4
	fmt.Println("map with NaN keys len:", len(m), "lookup nan:", m[nan])

	// conversions
	for _, v := range []float64{2.5, -2.5, 2.9999, -0.5, 1e10, 123456.789} {
		fmt.Print(int64(v), " ", int32(v/1e3), " ", uint8(int(v)&0xff), " | ")
	}
	fmt.Println()
	fmt.Println("round:", math.Round(2.5), math.Round(-2.5), math.RoundToEven(2.5), math.Trunc(-2.7), math.Floor(-2.5), math.Ceil(-2.5))

	// strconv formatting of floats
	fmt.Println(strconv.FormatFloat(1.0/3, 'f', -1, 64), strconv.FormatFloat(1.0/3, 'f', -1, 32),
		strconv.FormatFloat(1e21, 'g', -1, 64), strconv.FormatFloat(123.456, 'e', 3, 64))
	p, err := strconv.ParseFloat("3.4028235e39", 32)
	fmt.Println("parse overflow:", p, err)
	p, err = strconv.ParseFloat("0x1p-2", 64)
	fmt.Println("parse hex:", p, err)

	// float comparison and ordering
	vals := []float64{3, -1, inf, ninf, 0, nz, 2.5}
	lt := 0
	for _, x := range vals {
		for _, y := range vals {
			if x < y {
				lt++
			}
		}
	}
	fmt.Println("pairs x<y:", lt)

	// float32 arithmetic rounding per operation
	var h float32 = 1e8
	var one float32 = 1
	fmt.Println("1e8+1-1e8 (f32):", h+one-h, "(f64):", float64(h)+1-float64(h))
	fmt.Println(float32(0.1)*3, 0.1*3, float32(1)/float32(49)*49)
	fmt.Println(math.Float32bits(1.5), math.Float64bits(-2), math.Float64frombits(0x4000000000000001))
}
