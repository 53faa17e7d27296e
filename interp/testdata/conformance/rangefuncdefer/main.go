// Command rangefuncdefer defers calls in the bodies of range-over-func
// loops (Go 1.23 iterators): they run when the enclosing function returns,
// after the iterator's own deferred calls, whether the loop ends, breaks,
// continues, returns or panics, also for iterators of the standard library
// and of sync.Map, and in methods, generic functions and closures.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"sync"
)

func seq(yield func(int) bool) {
	defer fmt.Println("seq's own deferred call")
	for i := range 3 {
		if !yield(i) {
			return
		}
	}
}

func gen[T any](xs ...T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
		}
	}
}

func breaks() {
	for i := range seq {
		defer fmt.Println("breaks: deferred", i)
		if i == 1 {
			break
		}
	}
	fmt.Println("breaks: after the loop")
}

func returns() int {
	for i := range seq {
		defer fmt.Println("returns: deferred", i)
		if i == 1 {
			return 10
		}
	}
	return 0
}

func nested() {
	for i := range seq {
		for s := range gen("a", "b") {
			defer fmt.Println("nested: deferred", i, s)
		}
	}
	fmt.Println("nested: after the loops")
}

func library() {
	for v := range slices.Values([]int{1, 2}) {
		defer fmt.Println("library: slices.Values", v)
	}
	for k := range maps.Keys(map[string]int{"k": 1}) {
		defer fmt.Println("library: maps.Keys", k)
	}
	var m sync.Map
	m.Store("key", "value")
	for k, v := range m.Range {
		defer fmt.Println("library: sync.Map.Range", k, v)
	}
	fmt.Println("library: after the loops")
}

func results() (r int) {
	defer func() { fmt.Println("results: sees", r) }()
	for x := range gen(1, 2, 3) {
		defer func() { r += x }()
	}
	return 100
}

func panics() {
	defer func() { fmt.Println("panics: recovered", recover()) }()
	for x := range gen("a", "b") {
		defer fmt.Println("panics: deferred", x)
		if x == "b" {
			panic("boom")
		}
	}
}

func generic[T any](xs ...T) {
	for x := range gen(xs...) {
		defer fmt.Println("generic: deferred", x)
		if fmt.Sprint(x) == "1" {
			continue
		}
		fmt.Println("generic: body", x)
	}
	fmt.Println("generic: after the loop")
}

type S struct{}

func (S) method() {
	for x := range gen(1, 2) {
		defer fmt.Println("method: deferred", x)
	}
	fmt.Println("method: after the loop")
}

func inClosure() {
	func() {
		for x := range gen(1, 2) {
			defer fmt.Println("closure: deferred", x)
		}
		fmt.Println("closure: after the loop")
	}()
	fmt.Println("closure: returned")
}

func main() {
	breaks()
	fmt.Println("returns:", returns())
	nested()
	library()
	fmt.Println("results:", results())
	panics()
	generic(1, 2, 3)
	S{}.method()
	f := S{}.method
	f()
	inClosure()
}
