// Program iterators checks range-over-func: iter.Seq and iter.Seq2 producers,
// early break (yield returns false), continue, return from inside the loop
// body, defers inside iterator functions and inside loop bodies, nested
// iterators, iter.Pull, slices.All/Values/Backward/Collect/Sorted,
// maps.Keys, and panics propagating through iterators.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer fmt.Println("  Count cleanup", n)
		for i := 0; i < n; i++ {
			if !yield(i) {
				fmt.Println("  Count stopped at", i)
				return
			}
		}
	}
}

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Filter[T any](seq iter.Seq[T], f func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if f(v) && !yield(v) {
				return
			}
		}
	}
}

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

type Tree struct {
	Left, Right *Tree
	Val         int
}

func (t *Tree) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		t.push(yield)
	}
}

func (t *Tree) push(yield func(int) bool) bool {
	if t == nil {
		return true
	}
	return t.Left.push(yield) && yield(t.Val) && t.Right.push(yield)
}

func findFirst(seq iter.Seq[int], pred func(int) bool) (int, bool) {
	for v := range seq {
		if pred(v) {
			return v, true // return from inside the loop
		}
	}
	return 0, false
}

func main() {
	fmt.Println("full:")
	for i := range Count(3) {
		fmt.Println(" got", i)
	}
	fmt.Println("break:")
	for i := range Count(10) {
		if i == 2 {
			break
		}
		fmt.Println(" got", i)
	}
	fmt.Println("continue:")
	for i := range Count(5) {
		if i%2 == 1 {
			continue
		}
		fmt.Println(" even", i)
	}
	fmt.Println("defer in body:")
	func() {
		for i := range Count(2) {
			defer fmt.Println("  body defer", i)
		}
		fmt.Println("  loop done")
	}()

	for i, s := range Enumerate([]string{"a", "b", "c"}) {
		fmt.Print(i, s, " ")
	}
	fmt.Println()

	var fibs []int
	for f := range Fib() {
		if f > 100 {
			break
		}
		fibs = append(fibs, f)
	}
	fmt.Println(fibs)
	fmt.Println(slices.Collect(Filter(Count(10), func(i int) bool { return i%3 == 0 })))
	fmt.Println(findFirst(Fib(), func(i int) bool { return i > 50 }))

	// labeled break out of nested range-over-func
outer:
	for i := range Count(3) {
		for j := range Count(3) {
			if i+j == 3 {
				fmt.Println(" breaking outer at", i, j)
				break outer
			}
		}
	}

	t := &Tree{Val: 5, Left: &Tree{Val: 2, Right: &Tree{Val: 3}}, Right: &Tree{Val: 8, Left: &Tree{Val: 7}}}
	for v := range t.All() {
		fmt.Print(v, " ")
		if v == 7 {
			break
		}
	}
	fmt.Println()

	// standard iterators
	s := []string{"x", "y", "z"}
	for i, v := range slices.Backward(s) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)), slices.Sorted(maps.Values(m)))
	fmt.Println(slices.Collect(slices.Values(s)), strings.Join(slices.Collect(strings.SplitSeq("a,b,c", ",")), "|"))
	for i, w := range slices.All([]string{"p", "q"}) {
		fmt.Print(i, "=", w, ";")
	}
	fmt.Println()
	for part := range strings.FieldsSeq("  one two   three ") {
		fmt.Print("[", part, "]")
	}
	fmt.Println()

	// iter.Pull
	next, stop := iter.Pull(Count(4))
	a, ok1 := next()
	b, ok2 := next()
	fmt.Println(a, ok1, b, ok2)
	stop()
	c, ok3 := next()
	fmt.Println(c, ok3)

	// range over int and func types
	var total int
	for i := range 5 {
		total += i
	}
	fmt.Println(total)

	// panic inside loop body propagates through the iterator and its defers
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for i := range Count(5) {
			if i == 1 {
				panic("body panic")
			}
		}
	}()
}
