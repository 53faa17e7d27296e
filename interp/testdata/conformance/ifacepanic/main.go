// Program ifacepanic checks the runtime panics of interfaces with Go's exact
// messages: comparing interfaces holding uncomparable types (slices, maps,
// funcs, structs containing them), failed type assertions to concrete and
// interface types, assertions on nil interfaces, and calling a method on a
// nil interface. Each panic is recovered and printed, also via err.Error().
package main

import (
	"fmt"
	"runtime"
)

type I interface{ M() }
type J interface {
	M()
	N()
}

type T struct{}

func (T) M() {}

type withSlice struct {
	s []int
}

type myInt int

func try(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			_, isRT := err.(runtime.Error)
			fmt.Printf("%s: error %q runtime.Error=%v\n", name, err.Error(), isRT)
			return
		}
		fmt.Printf("%s: %v\n", name, r)
	}()
	f()
	fmt.Println(name, "did not panic")
}

func main() {
	try("slices", func() {
		var a, b any = []int{1}, []int{1}
		fmt.Println(a == b)
	})
	try("maps", func() {
		var a, b any = map[int]int{}, map[int]int{}
		fmt.Println(a == b)
	})
	try("funcs", func() {
		var a, b any = main, main
		fmt.Println(a == b)
	})
	try("struct with slice", func() {
		var a, b any = withSlice{}, withSlice{}
		fmt.Println(a == b)
	})
	try("array of any with slice", func() {
		a := [2]any{1, []int{}}
		b := [2]any{1, []int{}}
		fmt.Println(a == b)
	})
	try("different dynamic types do not panic", func() {
		var a, b any = []int{1}, 1
		fmt.Println(a == b)
	})
	try("concrete assertion", func() {
		var a any = "str"
		fmt.Println(a.(int))
	})
	try("named type assertion", func() {
		var a any = 5
		fmt.Println(a.(myInt))
	})
	try("interface assertion", func() {
		var a any = 5
		fmt.Println(a.(I))
	})
	try("missing method", func() {
		var i I = T{}
		fmt.Println(i.(J))
	})
	try("nil to concrete", func() {
		var a any
		fmt.Println(a.(string))
	})
	try("nil to interface", func() {
		var a any
		fmt.Println(a.(I))
	})
	try("nil I to concrete", func() {
		var i I
		fmt.Println(i.(T))
	})
	try("pointer vs value", func() {
		var i I = &T{}
		fmt.Println(i.(T))
	})
	try("call on nil interface", func() {
		var i I
		i.M()
	})
	try("ok form never panics", func() {
		var a any = "s"
		n, ok := a.(int)
		j, ok2 := a.(J)
		fmt.Println(n, ok, j, ok2)
	})
	try("switch on uncomparable is fine", func() {
		var a any = []int{1}
		switch a.(type) {
		case []int:
			fmt.Println("slice case")
		}
	})
	try("panic with custom value", func() {
		panic(fmt.Sprintf("custom %d", 7))
	})
}
