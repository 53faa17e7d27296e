// Program arrays checks arrays as values: assignment and passing copy,
// comparison with == (including arrays of structs and arrays of arrays),
// arrays as map keys, ranging over an array copies it, pointers to arrays,
// len of array pointer, and multi-dimensional arrays.
package main

import "fmt"

type Vec [3]float64

func (v Vec) Scaled(k float64) Vec {
	for i := range v {
		v[i] *= k
	}
	return v
}

func (v *Vec) Scale(k float64) {
	for i := range v {
		v[i] *= k
	}
}

type cell struct {
	R, C int
	Tag  string
}

func fill(a [4]int) [4]int {
	for i := range a {
		a[i] = i * i
	}
	return a
}

func main() {
	a := [4]int{1, 2, 3, 4}
	b := a
	b[0] = 100
	fmt.Println(a, b, a == b, a != b)
	c := fill(a)
	fmt.Println(a, c)

	v := Vec{1, 2, 3}
	w := v.Scaled(2)
	fmt.Println(v, w)
	v.Scale(10)
	fmt.Println(v)
	pv := &v
	pv.Scale(0.5)
	fmt.Println(*pv, len(pv), pv[2])

	// arrays of arrays
	var m [3][3]int
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m[i][j] = i*3 + j
		}
	}
	row := m[1]
	row[0] = -1
	fmt.Println(m, row)
	m2 := m
	m2[2][2] = 0
	fmt.Println(m == m2, m[2], m2[2])
	// transpose
	var t [3][3]int
	for i, r := range m {
		for j, x := range r {
			t[j][i] = x
		}
	}
	fmt.Println(t)

	// range over array copies it
	arr := [3]int{1, 2, 3}
	for i, x := range arr {
		arr[2] = 100
		fmt.Print(i, ":", x, " ")
	}
	fmt.Println(arr)
	arr = [3]int{1, 2, 3}
	for i, x := range &arr {
		arr[2] = 100
		fmt.Print(i, ":", x, " ")
	}
	fmt.Println()

	// structs in arrays and comparisons
	cells := [2]cell{{1, 2, "a"}, {3, 4, "b"}}
	cells2 := cells
	fmt.Println(cells == cells2)
	cells2[1].Tag = "B"
	fmt.Println(cells == cells2, cells, cells2)

	// arrays as map keys
	seen := map[[2]int]string{}
	seen[[2]int{1, 2}] = "one-two"
	seen[[2]int{2, 1}] = "two-one"
	k := [2]int{1, 2}
	fmt.Println(seen[k], len(seen), seen)
	type key struct {
		a [2]string
		n int
	}
	km := map[key]int{{[2]string{"x", "y"}, 1}: 10}
	km[key{[2]string{"x", "y"}, 1}]++
	fmt.Println(km)

	// array literal forms
	sparse := [...]string{2: "two", 5: "five", "six"}
	fmt.Println(len(sparse), fmt.Sprintf("%q", sparse))
	var zero [0]int
	fmt.Println(len(zero), zero == [0]int{})
	bytesArr := [5]byte{'h', 'e', 'l', 'l', 'o'}
	fmt.Println(string(bytesArr[:]), bytesArr[1:3])

	// array of arrays in a struct, copied by value
	type board struct{ sq [2][2]rune }
	b1 := board{[2][2]rune{{'a', 'b'}, {'c', 'd'}}}
	b2 := b1
	b2.sq[0][0] = 'z'
	fmt.Println(string(b1.sq[0][0]), string(b2.sq[0][0]), b1 == b2)

	// pointers into arrays
	p := &a[2]
	*p = 33
	fmt.Println(a)
	ptrs := []*int{}
	for i := range a {
		ptrs = append(ptrs, &a[i])
	}
	for _, q := range ptrs {
		*q *= 2
	}
	fmt.Println(a)

	// index out of range on array through variable
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		i := 7
		fmt.Println(a[i%len(a)], a[i])
	}()
}
