// Program evalorder checks order of evaluation and assignment details:
// function calls in operands left to right, tuple assignment (all index and
// pointer operands evaluated first, then assigned left to right), op-assign
// on map entries and through pointers, swaps via indexes that change,
// struct and array equality with NaN fields, shadowing, named result
// shadowing in defers, and string comparison ordering.
package main

import (
	"fmt"
	"math"
)

var trace []string

func f(name string, v int) int {
	trace = append(trace, name)
	return v
}

func idx(name string, i int) int {
	trace = append(trace, "idx:"+name)
	return i
}

type pair struct {
	A float64
	B string
}

func counter() (n int) {
	defer func() { n++ }()
	n = 10
	{
		n := 100 // shadows the result
		_ = n
	}
	return n * 2
}

func main() {
	// operands left to right
	r := f("a", 1) + f("b", 2)*f("c", 3) - f("d", 4)
	fmt.Println(r, trace)
	trace = nil
	s := []int{f("x", 1), f("y", 2), f("z", 3)}
	m := map[string]int{"k1": f("m1", 1), "k2": f("m2", 2)}
	fmt.Println(s, len(m), trace)
	trace = nil

	// tuple assignment: index expressions evaluated before assigning
	a := []int{0, 0, 0}
	i := 0
	i, a[i] = 2, 9 // a[0] gets 9: index evaluated before i changes
	fmt.Println(i, a)
	a[idx("l", 1)], a[idx("r", 2)] = f("v1", 5), f("v2", 6)
	fmt.Println(a, trace)
	trace = nil

	// swap through indexes computed from the slice itself
	b := []int{2, 0, 1}
	b[b[0]], b[0] = b[0], 7
	fmt.Println(b)

	// pointer swap
	x, y := 1, 2
	px, py := &x, &y
	*px, *py = *py, *px
	px, py = py, px
	fmt.Println(x, y, *px, *py)

	// op-assign on map entries and struct fields in maps via pointers
	cnt := map[string]int{}
	for _, w := range []string{"a", "b", "a", "c", "a"} {
		cnt[w] += len(w) * 2
		cnt[w]--
	}
	fmt.Println(cnt)
	pm := map[string]*pair{"p": {1, "x"}}
	pm["p"].A *= 3
	pm["p"].B += "y"
	fmt.Println(*pm["p"])

	// equality with NaN
	nan := math.NaN()
	p1, p2 := pair{nan, "s"}, pair{nan, "s"}
	fmt.Println(p1 == p1, p1 == p2, [1]float64{nan} == [1]float64{nan}, any(nan) == any(nan))
	var iface1, iface2 any = p1, p1
	fmt.Println(iface1 == iface2)

	// string ordering, byte-wise
	words := []string{"b", "B", "ab", "a", "", "é", "z", "aa"}
	for i := 0; i < len(words); i++ {
		for j := i + 1; j < len(words); j++ {
			if words[j] < words[i] {
				words[i], words[j] = words[j], words[i]
			}
		}
	}
	fmt.Printf("%q\n", words)
	fmt.Println("abc" < "abd", "ab" < "abc", "Z" < "a", "é" > "z")

	// named result shadowing and defer increment
	fmt.Println(counter())

	// short-circuit evaluation
	trace = nil
	if f("t1", 0) == 1 && f("t2", 1) == 1 {
		fmt.Println("unreachable")
	}
	if f("t3", 1) == 1 || f("t4", 1) == 1 {
		fmt.Println("or short-circuited")
	}
	fmt.Println(trace)

	// range expression evaluated once; modifications to slice length not seen
	nums := []int{1, 2, 3}
	for i, v := range nums {
		if i == 0 {
			nums = append(nums, 4)
			nums[2] = 30
		}
		fmt.Print(v, " ")
	}
	fmt.Println(len(nums))

	// map assignment: key and value evaluated, then map index panics on nil map
	func() {
		defer func() { fmt.Println("recovered:", recover(), trace) }()
		trace = nil
		var nm map[int]int
		nm[f("key", 1)] = f("val", 2)
	}()

	// closures capturing i in a 3-clause loop mutate the per-iteration copy
	var fs []func()
	for i := 0; i < 3; i++ {
		fs = append(fs, func() { i += 10; fmt.Print(i, " ") })
	}
	for _, fn := range fs {
		fn()
		fn()
	}
	fmt.Println()

	// integer constant expression vs runtime
	const big = 1 << 40
	var sh uint = 40
	fmt.Println(big>>38, 1<<sh>>38, int32(big>>20), uint8(big>>33))
}
