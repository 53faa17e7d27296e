// Program complexnum checks complex64 and complex128 arithmetic, real/imag,
// complex(), equality, division (including by zero), Inf/NaN parts and
// printing, plus math/cmplx functions.
package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func main() {
	a := complex(3, 4)
	b := 1 - 2i
	fmt.Println(a, b, a+b, a-b, a*b, a/b)
	fmt.Println(real(a), imag(a), cmplx.Abs(a), cmplx.Conj(a), a == 3+4i, a != b)

	var c64 complex64 = complex(float32(1)/3, float32(2)/3)
	fmt.Println(c64, c64*c64, complex128(c64), real(c64)*3)
	fmt.Printf("%v %.2f %8.3f %T %T\n", a, a, b, c64, a)

	// powers of i
	z := complex(0, 1)
	p := complex(1, 0)
	for i := 0; i < 5; i++ {
		fmt.Print(p, " ")
		p *= z
	}
	fmt.Println()

	// division by zero
	var zero complex128
	fmt.Println("a/0:", a/zero)
	fmt.Println("0/0:", zero/zero)
	inf := complex(math.Inf(1), 0)
	fmt.Println("inf:", inf, inf*2, cmplx.IsInf(inf), cmplx.IsNaN(zero/zero))

	// cmplx functions
	fmt.Printf("%.6f\n", cmplx.Sqrt(-1))
	fmt.Printf("%.6f\n", cmplx.Exp(complex(0, math.Pi)))
	fmt.Printf("%.6f\n", cmplx.Pow(a, 2))
	r, theta := cmplx.Polar(a)
	fmt.Printf("polar %.6f %.6f rect %.6f\n", r, theta, cmplx.Rect(r, theta))

	// mandelbrot membership via complex iteration
	for y := 1.0; y >= -1.0; y -= 0.25 {
		for x := -2.0; x <= 0.5; x += 0.125 {
			c := complex(x, y)
			w := complex(0, 0)
			n := 0
			for ; n < 50 && cmplx.Abs(w) <= 2; n++ {
				w = w*w + c
			}
			if n == 50 {
				fmt.Print("#")
			} else {
				fmt.Print(".")
			}
		}
		fmt.Println()
	}

	// comparison in maps and arrays
	m := map[complex128]string{1i: "i", -1i: "-i", 1: "one"}
	fmt.Println(m[1i], m[complex(0, -1)], m[1+0i], len(m))
	arr := [2]complex64{1 + 1i, 2}
	arr2 := arr
	arr2[1] += 1i
	fmt.Println(arr == arr2, arr, arr2)
}
