// Program slicealias checks slice aliasing: subslices share backing arrays,
// append writes into spare capacity visible through other slices, append
// beyond capacity copies, 3-index slices limit capacity, copy with
// overlapping ranges (both directions), copy from a string, nil vs empty
// slices, and slices of slices.
package main

import (
	"fmt"
	"slices"
)

func modify(s []int) {
	s[0] = 99
	s = append(s, 100)
	s[1] = 98
}

func main() {
	base := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	a := base[2:5]
	fmt.Println(a, len(a), cap(a))
	a = append(a, 50)
	fmt.Println("base after append into spare cap:", base)
	b := base[2:5:5]
	fmt.Println(b, len(b), cap(b))
	b = append(b, 60)
	b[0] = -2
	fmt.Println("base after append with 3-index:", base, "b:", b)

	c := base[8:]
	c = append(c, 10, 11)
	c[0] = 88
	fmt.Println("base:", base, "c:", c)

	// function receiving a slice
	d := make([]int, 2, 4)
	modify(d)
	fmt.Println("d:", d, d[:3])
	e := []int{1, 2}
	modify(e)
	fmt.Println("e:", e)

	// copy overlap
	o := []int{1, 2, 3, 4, 5, 6, 7, 8}
	n := copy(o[2:], o)
	fmt.Println("copy forward:", n, o)
	o = []int{1, 2, 3, 4, 5, 6, 7, 8}
	n = copy(o, o[3:])
	fmt.Println("copy backward:", n, o)
	bs := make([]byte, 5)
	n = copy(bs, "héllo world")
	fmt.Println("copy from string:", n, bs, string(bs))
	fmt.Println("copy to empty:", copy([]int{}, o), copy(o, []int(nil)))

	// nil vs empty
	var ns []int
	es := []int{}
	fmt.Println(ns == nil, es == nil, len(ns), cap(ns), fmt.Sprintf("%v %v %#v %#v", ns, es, ns, es))
	ns = ns[:0]
	fmt.Println(ns == nil, es[:0] == nil, ns[0:0:0] == nil)

	// slices of slices sharing rows
	grid := make([][]int, 3)
	row := make([]int, 9)
	for i := range grid {
		grid[i] = row[i*3 : i*3+3]
	}
	grid[1][2] = 5
	grid[0] = append(grid[0], 7) // overwrites grid[1][0]
	fmt.Println(grid, row)

	// re-slicing up to capacity
	s := make([]int, 3, 8)
	s2 := s[:cap(s)]
	s2[7] = 7
	fmt.Println(len(s2), s[:8], s[5:8:8], cap(s[5:8:8]), cap(s[1:2:3]))

	// strings slicing shares nothing mutable but indexes bytes
	str := "hello, world"
	fmt.Println(str[7:], str[:5], str[3:3] == "", len(str[2:9]))

	// append aliasing puzzle
	x := make([]int, 0, 4)
	x = append(x, 1, 2, 3)
	y := append(x, 4)
	z := append(x, 5)
	fmt.Println(x, y, z)

	// slices package helpers that shift memory
	p := []int{1, 2, 3, 4, 5}
	p = slices.Insert(p, 2, 10, 11)
	fmt.Println(p, len(p))
	p = slices.Delete(p, 1, 3)
	fmt.Println(p, len(p))
	q := slices.Clone(p[:2])
	q = append(q, 0)
	fmt.Println(p, q)
	fmt.Println(slices.Compact([]int{1, 1, 2, 2, 2, 3, 1}), slices.Equal(p, p[:]))

	// swap via multiple assignment and index evaluation order
	arr := []int{10, 20, 30}
	i := 0
	i, arr[i] = 1, 99
	fmt.Println(i, arr)
	arr[0], arr[2] = arr[2], arr[0]
	fmt.Println(arr)
}
