// Command zeroslices uses slices and arrays of zero-size elements far
// longer than any memory (Go allocates nothing for their elements): make,
// len, cap, indexing, addresses of elements, slicing, append, copy, clear,
// range, conversions to arrays, and their panics.
package main

import (
	"fmt"
	"math"
	"slices"
)

type void struct{}

type pair struct {
	a [0]int
	b struct{}
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
	fmt.Printf("%s: ok\n", name)
}

func lc[T any](name string, s []T) {
	fmt.Printf("%s: len %d cap %d nil %v\n", name, len(s), cap(s), s == nil)
}

func main() {
	n := math.MaxInt
	s := make([]struct{}, n)
	lc("make", s)
	lc("make cap", make([]void, 3, n))
	lc("make small", make([]void, 5))
	fmt.Println(s[0], s[n-1], s[1<<62])
	p := &s[n-2]
	*p = struct{}{}
	fmt.Println(*p == s[7])

	lc("s[1:]", s[1:])
	lc("s[:5]", s[:5])
	lc("s[5:10:20]", s[5:10:20])
	lc("s[n-3:]", s[n-3:])
	lc("s[:0]", s[:0])
	u := uint64(n - 4)
	lc("s[u:]", s[u:])
	t := s[:3]
	for i, v := range t {
		fmt.Println("range", i, v)
	}
	for i := range s[n-2:] {
		fmt.Println("range index", i)
	}

	// append
	lc("append one", append(s[:10], struct{}{}))
	lc("append to full", append(s, s[:0]...))
	lc("append many", append([]struct{}{{}, {}}, s[:n-2]...))
	lc("append nil", append([]struct{}(nil), make([]struct{}, 1<<40)...))
	g := slices.Grow[[]void](nil, n)
	lc("grow", g)
	g = append(g, make([]void, n-1)...)
	g = append(g, void{})
	lc("grown", g)
	try("append overflow", func() { _ = append(g, void{}) })
	try("append overflow 2", func() { _ = append(s[:2], s...) })
	lc("small append", append(make([]void, 2), make([]void, 3)...))

	// copy
	fmt.Println("copy", copy(s, s[5:]), copy(make([]struct{}, 7), s), copy(s[:4], make([]struct{}, 9)))

	// clear
	clear(s)
	lc("cleared", s)

	// struct elements and pointers
	ps := make([]pair, n/2)
	ps[n/2-1].b = struct{}{}
	q := &ps[12345678]
	fmt.Println(len(ps), *q == pair{}, ps[n/3] == ps[5])

	// arrays
	var big [1 << 62]void
	fmt.Println(len(big), big[1<<61], len(big[10:]), cap(big[:7]))
	arr := big
	fmt.Println(arr == big)
	ap := &big
	fmt.Println(len(ap[3:]), ap[4])
	type wrap struct {
		x int
		a [1 << 40]pair
	}
	w := wrap{x: 3}
	w2 := w
	w2.x++
	fmt.Println(w.x, w2.x, w.a == w2.a, len(w.a[1:]))
	m := map[[1 << 50]void]int{}
	m[big2()]++
	m[big2()]++
	fmt.Println(len(m), m[[1 << 50]void{}])
	a4 := [4]struct{}(s)
	fmt.Println(len(a4))
	pa := (*[1 << 30]struct{})(s)
	fmt.Println(len(pa))
	ssa := [1 << 30]struct{}(s[5:])
	fmt.Println(len(ssa))

	// panics
	try("index", func() { _ = s[:10][10] })
	try("index negative", func() { i := -1; _ = s[i] })
	try("slice high", func() { _ = s[:5][:6] })
	try("slice cap", func() { _ = s[:5:5][:6] })
	try("slice low", func() { lo := 7; _ = s[lo:6] })
	try("slice max", func() { mx := 9; _ = s[:10:mx] })
	try("slice unsigned", func() { h := uint64(math.MaxUint64); _ = s[:h] })
	try("array ptr", func() { _ = (*[8]struct{})(s[:7]) })
	try("make negative", func() { k := -1; _ = make([]void, k) })
	try("make len > cap", func() { k := n; _ = make([]void, k, 5) })
	try("make int len > cap", func() { k := 7; _ = make([]int, k, 5) })
	try("make int negative", func() { k := -1; _ = make([]int, k, 5) })
	try("make int huge", func() { k := uint(1 << 63); _ = make([]int, k, 5) })
	try("nil array ptr", func() { var np *[1 << 62]void; _ = np[3:] })
}

func big2() [1 << 50]void { return [1 << 50]void{} }
