// Program flatslices checks the slice values the interpreter keeps flat
// (data pointer, length and capacity without a boxed header): nil and
// empty non-nil slices, capacity-0 slices at the end of an array,
// aliasing through appends within capacity, reslicing up to the capacity,
// three-index slices, slices in interfaces, maps and struct fields, and
// reflect and encoding/json on them.
package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

type holder struct {
	name  string
	elems []int
	raw   []byte
	empty struct{}
}

func describe(name string, v any) {
	rv := reflect.ValueOf(v)
	fmt.Printf("%s: %#v nil=%v len=%d cap=%d\n", name, v, rv.IsNil(), rv.Len(), rv.Cap())
}

func main() {
	var nilInts []int
	emptyInts := []int{}
	made := make([]int, 0)
	arr := [4]int{1, 2, 3, 4}
	atEnd := arr[4:]
	atEnd3 := arr[2:2:2]
	describe("nil", nilInts)
	describe("empty", emptyInts)
	describe("made", made)
	describe("atEnd", atEnd)
	describe("atEnd3", atEnd3)
	fmt.Println(nilInts == nil, emptyInts == nil, made == nil, atEnd == nil, atEnd3 == nil)

	var nilBytes []byte
	emptyBytes := []byte("")
	fromString := []byte("hello")
	describe("nilBytes", nilBytes)
	describe("emptyBytes", emptyBytes)
	describe("fromString", fromString)

	// Appends within capacity share the array; beyond it they do not.
	base := make([]int, 3, 5)
	a := append(base, 10)
	b := append(base, 20) // overwrites a's element
	c := append(a, 30, 40)
	a[0] = 99
	fmt.Println(base, a, b, c, len(c), cap(c) >= 6)
	full := base[:cap(base)]
	fmt.Println(full, len(full), cap(full))
	three := base[1:2:3]
	three = append(three, 7)
	three = append(three, 8) // grows: base's array is untouched from here
	three[0] = -1
	fmt.Println(base[:cap(base)], three)

	bs := make([]byte, 2, 8)
	bs1 := append(bs, 'x')
	bs2 := append(bs, 'y')
	fmt.Printf("%q %q %q\n", bs, bs1, bs2)
	fmt.Println(string(bs1[:cap(bs1)][:4]))

	// Slices in interfaces, maps and struct fields.
	var boxed any = nilInts
	var boxedEmpty any = emptyInts
	fmt.Println(boxed == nil, reflect.ValueOf(boxed).IsNil(), reflect.ValueOf(boxedEmpty).IsNil())
	switch v := boxedEmpty.(type) {
	case []int:
		fmt.Println("[]int of len", len(v), v == nil)
	}
	m := map[string][]string{"a": nil, "b": {}, "c": strings.Split("x,y,z", ",")}
	for _, k := range []string{"a", "b", "c"} {
		fmt.Printf("%s: %#v %v\n", k, m[k], m[k] == nil)
	}
	h := holder{name: "h"}
	h2 := holder{name: "h2", elems: []int{}, raw: []byte{}}
	fmt.Printf("%+v %+v %v %v\n", h, h2, h.elems == nil, h2.elems == nil)
	js, err := json.Marshal(struct {
		A []int
		B []int
		C []byte
		D []string
	}{nil, []int{}, []byte("hi"), m["c"]})
	fmt.Println(string(js), err)

	// reflect on slices.
	rv := reflect.ValueOf(&fromString).Elem()
	fmt.Println(string(rv.Bytes()), rv.Slice(1, 3).Len(), rv.Slice3(1, 2, 4).Cap())
	rv.SetBytes([]byte("swapped"))
	fmt.Println(string(fromString))
	iv := reflect.ValueOf([]int{5, 6, 7, 8})
	fmt.Println(iv.Index(2).Int(), iv.Slice(1, 2).Cap(), iv.Slice3(0, 1, 2).Cap())
	grown := reflect.Append(reflect.ValueOf(made), reflect.ValueOf(1), reflect.ValueOf(2))
	fmt.Println(grown.Interface(), grown.Len())
	sv := reflect.MakeSlice(reflect.TypeOf([]string{}), 2, 4)
	sv.Index(1).SetString("set")
	fmt.Printf("%q %d\n", sv.Interface(), sv.Cap())

	swap := []int{1, 2, 3}
	reflect.Swapper(swap)(0, 2)
	swapB := []byte("abc")
	reflect.Swapper(swapB)(0, 1)
	fmt.Println(swap, string(swapB))
	p0, p1 := reflect.ValueOf(swap).Pointer(), reflect.ValueOf(swap[:1]).Pointer()
	p2 := reflect.ValueOf(swap[1:]).Pointer()
	fmt.Println(p0 == p1, p0 == p2, p0 != 0, fmt.Sprintf("%p", swapB) == fmt.Sprintf("%p", swapB[:2]))

	// copy, clear, slices package.
	dst := make([]int, 3)
	n := copy(dst, c[2:])
	fmt.Println(n, dst)
	n = copy(c[1:], c) // overlapping
	fmt.Println(n, c)
	clear(dst[1:])
	fmt.Println(dst, slices.Index(c, 30), slices.Contains(atEnd, 1), slices.Equal(nilInts, emptyInts))
	sorted := slices.Sorted(slices.Values([]string{"b", "c", "a"}))
	fmt.Println(sorted, slices.Compact([]int{1, 1, 2, 2, 2, 3}))
	runes := []rune("héllo")
	fmt.Println(len(runes), cap(runes) >= 5, string(runes[1:3]))
	grid := make([][]int, 3)
	for i := range grid {
		grid[i] = make([]int, i)
		for j := range grid[i] {
			grid[i][j] = i * j
		}
	}
	fmt.Println(grid, len(grid[0]), grid[0] == nil)
}
