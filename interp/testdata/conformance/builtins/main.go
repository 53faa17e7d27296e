// Program builtins checks range over int (including typed ints and zero or
// negative counts), min and max on ints, floats and strings, clear on slices
// and maps, len/cap on various kinds, new, copy, append, and complex builtins.
package main

import (
	"fmt"
	"math"
)

type Weekday int

func main() {
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	for range 2 {
		fmt.Print("x")
	}
	fmt.Println()
	var n int8 = 4
	for i := range n {
		fmt.Printf("%T%d ", i, i)
	}
	fmt.Println()
	for i := range Weekday(3) {
		fmt.Printf("%T(%d) ", i, i)
	}
	fmt.Println()
	neg := -5
	for i := range neg {
		fmt.Println("never", i)
	}
	cnt := 0
	for i := range 1000 {
		if i%7 == 0 {
			cnt++
		}
	}
	fmt.Println("multiples of 7:", cnt)

	// min/max
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max("apple", "pear", "banana"), min("b", "a"))
	x, y := 10, -20
	fmt.Println(min(x, y), max(x, y), min(x), max(uint8(200), 100))
	fmt.Println(min(math.Inf(1), 5), max(math.Inf(-1), -5), min(-0.0, 0.0))
	var f32 float32 = 1.5
	fmt.Printf("%T %v\n", max(f32, 2), max(f32, 2))

	// clear
	s := []int{1, 2, 3, 4}
	sub := s[1:3]
	clear(sub)
	fmt.Println(s, len(sub))
	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	fmt.Println(m, len(m))
	ps := []*int{new(int), new(int)}
	clear(ps)
	fmt.Println(ps[0] == nil, ps[1] == nil)
	type st struct {
		a int
		b string
	}
	ss := []st{{1, "x"}, {2, "y"}}
	clear(ss)
	fmt.Printf("%+v\n", ss)

	// len and cap
	arr := [5]int{}
	ch := make(chan int, 3)
	ch <- 1
	str := "héllo"
	fmt.Println(len(arr), cap(arr), len(ch), cap(ch), len(str), len(m), cap(make([]int, 2, 9)), len(&arr))
	var nilch chan int
	fmt.Println(len(nilch), cap(nilch))
	const cl = len([3]int{})
	fmt.Println(cl)

	// new
	p := new(int)
	*p = 42
	q := new([3]string)
	q[1] = "mid"
	r := new(st)
	r.b = "new"
	fmt.Println(*p, *q, *r)

	// complex builtins
	c := complex(1.5, -2)
	fmt.Println(real(c), imag(c), c)
	var c64 = complex(float32(1), float32(2))
	fmt.Printf("%T %v\n", c64, c64)

	// append and copy return values
	dst := make([]int, 2)
	fmt.Println(copy(dst, []int{7, 8, 9}), dst)
	fmt.Println(append([]byte("ab"), 'c'), string(append([]byte(nil), "xyz"...)))

	// print/println go to stderr
	println("println to stderr", 42, true, 'a')
	print("print to stderr\n")
}
