// Program slicegrowth checks append growth observed through len and cap for
// []int, []byte, []string, []struct and []int32 (Go's growslice policy and
// size-class rounding), appending several elements at once, appending a
// string to []byte, and make with explicit capacity.
package main

import "fmt"

type point struct{ X, Y, Z int64 }

type small struct {
	A byte
	B int16
}

// sink makes traced slices escape to the heap. The compiler gives a
// non-escaping slice a 32-byte stack buffer on its first growth (Go 1.25+),
// which depends on escape analysis and is not modeled by the interpreter.
var sink any

func trace[T any](name string, zero T, n int) {
	var s []T
	defer func() { sink = s }()
	last := -1
	fmt.Printf("%s:", name)
	for i := 0; i < n; i++ {
		s = append(s, zero)
		if cap(s) != last {
			fmt.Printf(" %d/%d", len(s), cap(s))
			last = cap(s)
		}
	}
	fmt.Println()
}

func main() {
	trace("int", 0, 2000)
	trace("byte", byte(0), 5000)
	trace("string", "", 1500)
	trace("point", point{}, 1000)
	trace("small", small{}, 1000)
	trace("int32", int32(0), 1000)
	trace("bool", false, 100)
	trace("[3]byte", [3]byte{}, 300)
	trace("*int", (*int)(nil), 600)

	// appending many at once
	s := []int{1, 2, 3}
	s = append(s, 4, 5, 6, 7)
	fmt.Println(len(s), cap(s), s)
	s = append(s, make([]int, 20)...)
	fmt.Println(len(s), cap(s))
	b := []byte("hi")
	fmt.Println(len(b), cap(b))
	b = append(b, " there, world"...)
	fmt.Println(string(b), len(b), cap(b))
	var nilb []byte
	nilb = append(nilb, "x"...)
	fmt.Println(len(nilb), cap(nilb), nilb)
	e := append([]int(nil))
	fmt.Println(e == nil, len(e))
	e = append(e, []int{}...)
	fmt.Println(e == nil, len(e))

	m := make([]string, 3, 10)
	m2 := append(m, "a")
	fmt.Println(len(m), cap(m), len(m2), cap(m2), m2[3])
	m3 := append(m[:10], "b")
	fmt.Println(len(m3), cap(m3), m3[3] == "a")

	// growth from a non-empty starting capacity
	g := make([]int, 0, 5)
	caps := []int{}
	for i := 0; i < 100; i++ {
		g = append(g, i)
		if len(caps) == 0 || caps[len(caps)-1] != cap(g) {
			caps = append(caps, cap(g))
		}
	}
	fmt.Println(caps)
	// big append over doubling
	h := append([]int{1}, make([]int, 13)...)
	fmt.Println(len(h), cap(h))
	k := append(make([]byte, 3), make([]byte, 40)...)
	fmt.Println(len(k), cap(k))
}
