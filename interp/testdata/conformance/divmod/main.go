// Program divmod checks integer division and modulo with negative operands
// (truncation toward zero), MinInt/-1 and MinInt%-1 for every signed size,
// division by a zero variable (runtime panic, recovered and printed), and
// unsigned division.
package main

import (
	"fmt"
	"math"
)

func divide(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func modulo(a, b int64) (r int64, err error) {
	defer func() {
		if x := recover(); x != nil {
			e := x.(error)
			err = e
		}
	}()
	return a % b, nil
}

func main() {
	pairs := [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 5}, {1, 3}, {-1, 3}, {100, 7}, {-100, 7}, {math.MaxInt, -1}}
	for _, p := range pairs {
		fmt.Printf("%d / %d = %d, %d %% %d = %d\n", p[0], p[1], p[0]/p[1], p[0], p[1], p[0]%p[1])
	}

	var m8 int8 = math.MinInt8
	var m16 int16 = math.MinInt16
	var m32 int32 = math.MinInt32
	var m64 int64 = math.MinInt64
	var mi int = math.MinInt
	one := -1
	fmt.Println("min/-1:", m8/int8(one), m16/int16(one), m32/int32(one), m64/int64(one), mi/one)
	fmt.Println("min%-1:", m8%int8(one), m16%int16(one), m32%int32(one), m64%int64(one), mi%one)

	var u uint32 = 4000000000
	fmt.Println("unsigned:", u/3, u%7, uint8(250)/uint8(7), uint64(math.MaxUint64)/10, uint64(math.MaxUint64)%10)

	// compound assignments
	x := -17
	x /= 4
	fmt.Println("x /= 4:", x)
	x %= 3
	fmt.Println("x %= 3:", x)

	// division by zero
	q, err := divide(10, 0)
	fmt.Println("divide(10,0):", q, err)
	q, err = divide(10, 3)
	fmt.Println("divide(10,3):", q, err)
	r, err := modulo(10, 0)
	fmt.Println("modulo(10,0):", r, err)
	r, err = modulo(-10, 3)
	fmt.Println("modulo(-10,3):", r, err)

	func() {
		defer func() { fmt.Println("uint8 div zero:", recover()) }()
		var z uint8
		fmt.Println(uint8(9) / z)
	}()

	// float division by zero does not panic
	var fz float64
	fmt.Println("float:", 1/fz, -1/fz, fz/fz == fz/fz)

	// Euclidean modulo helper
	emod := func(a, b int) int {
		m := a % b
		if m < 0 {
			m += b
		}
		return m
	}
	for i := -5; i <= 5; i++ {
		fmt.Print(emod(i, 3), " ")
	}
	fmt.Println()
}
