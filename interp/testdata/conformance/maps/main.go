// Program maps checks map insert/update/delete/lookup, comma-ok, zero values
// for missing keys, maps of structs (copy on read), maps of slices, nil map
// reads/len/delete/range, nil map write panic (recovered), clear, struct and
// interface keys, unhashable interface key panic, and printing with %v which
// sorts keys. Only sorted keys are printed.
package main

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

type Person struct {
	Name string
	Age  int
}

func main() {
	m := map[string]int{"one": 1, "two": 2, "three": 3}
	m["four"] = 4
	m["one"] = 11
	delete(m, "two")
	delete(m, "absent")
	v, ok := m["three"]
	fmt.Println(v, ok)
	v, ok = m["two"]
	fmt.Println(v, ok, m["nope"], len(m))
	fmt.Println(m)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(keys)

	// word count
	text := "the cat and the dog and the bird"
	counts := map[string]int{}
	for _, w := range strings.Fields(text) {
		counts[w]++
	}
	fmt.Println(counts)
	ws := slices.Sorted(maps.Keys(counts))
	sort.SliceStable(ws, func(i, j int) bool { return counts[ws[i]] > counts[ws[j]] })
	fmt.Println(ws)

	// map of structs: values are copies
	people := map[int]Person{1: {"Ann", 30}, 2: {"Bob", 25}}
	p := people[1]
	p.Age++
	fmt.Println(people[1], p)
	people[1] = p
	fmt.Printf("%v %+v\n", people, people[1])
	// map of pointers
	pp := map[string]*Person{"c": {"Cid", 40}}
	pp["c"].Age = 41
	fmt.Println(*pp["c"])

	// map of slices
	groups := map[bool][]int{}
	for i := range 10 {
		groups[i%2 == 0] = append(groups[i%2 == 0], i)
	}
	fmt.Println(groups)

	// nil map
	var nm map[string]int
	fmt.Println(nm == nil, len(nm), nm["x"])
	delete(nm, "x")
	for range nm {
		fmt.Println("never")
	}
	func() {
		defer func() {
			r := recover()
			fmt.Println("recovered:", r)
			if err, ok := r.(error); ok {
				fmt.Println("error:", err.Error())
			}
		}()
		nm["x"] = 1
	}()

	// clear
	c := map[int]int{1: 1, 2: 4, 3: 9}
	alias := c
	clear(c)
	fmt.Println(len(c), len(alias), c)
	c[5] = 25
	fmt.Println(alias)

	// struct and array keys, interface keys
	type pt struct{ x, y int }
	grid := map[pt]string{{0, 0}: "origin", {1, 2}: "a"}
	grid[pt{1, 2}] += "b"
	fmt.Println(grid)
	im := map[any]string{1: "int", "1": "string", 1.0: "float", pt{1, 1}: "pt", [2]int{1, 1}: "arr", true: "bool"}
	fmt.Println(len(im), im[1], im["1"], im[1.0], im[pt{1, 1}], im[[2]int{1, 1}], im[int64(1)] == "")
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		im[[]int{1}] = "slice"
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = im[map[int]int{}]
	}()

	// deleting during range is allowed; count what remains
	big := map[int]bool{}
	for i := range 100 {
		big[i] = true
	}
	for k := range big {
		if k%3 != 0 {
			delete(big, k)
		}
	}
	fmt.Println(len(big))

	// maps package
	m1 := map[string]int{"a": 1, "b": 2}
	m2 := maps.Clone(m1)
	m2["c"] = 3
	fmt.Println(maps.Equal(m1, m2), len(m1), len(m2))
	maps.DeleteFunc(m2, func(k string, v int) bool { return v%2 == 1 })
	fmt.Println(m2)
	maps.Copy(m1, map[string]int{"z": 26})
	fmt.Printf("%v %d\n", m1, len(m1))

	// nested maps
	nested := map[string]map[string]int{}
	for _, pair := range [][2]string{{"x", "a"}, {"x", "b"}, {"y", "a"}} {
		inner, ok := nested[pair[0]]
		if !ok {
			inner = map[string]int{}
			nested[pair[0]] = inner
		}
		inner[pair[1]]++
	}
	fmt.Println(nested)
	fmt.Printf("%#v\n", map[string]bool{"b": true, "a": false})
}
