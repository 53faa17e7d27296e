// Program deferorder checks defer: LIFO order, arguments evaluated at the
// defer statement, receivers evaluated at defer time, deferred closures
// seeing later changes, defer in loops, deferred calls modifying named
// results, defer of method values and builtins-wrapping closures, and defers
// running during a panic.
package main

import (
	"fmt"
	"os"
)

type T struct{ name string }

func (t T) Print()   { fmt.Println("value receiver:", t.name) }
func (t *T) PPrint() { fmt.Println("pointer receiver:", t.name) }

func order() {
	for i := 0; i < 4; i++ {
		defer fmt.Println("loop defer", i)
	}
	fmt.Println("order body done")
}

func args() {
	x := 1
	defer fmt.Println("arg evaluated at defer:", x)
	defer func() { fmt.Println("closure sees final:", x) }()
	defer func(v int) { fmt.Println("closure param:", v) }(x * 10)
	x = 2
	t := T{"first"}
	defer t.Print()
	defer t.PPrint()
	t.name = "second"
	x = 3
}

func named() (result int, err error) {
	defer func() {
		result *= 3
		if err == nil {
			err = fmt.Errorf("set by defer (result was %d)", result)
		}
	}()
	return 7, nil
}

func trace(s string) string {
	fmt.Println("entering", s)
	return s
}

func un(s string) { fmt.Println("leaving", s) }

func a() {
	defer un(trace("a"))
	fmt.Println("in a")
	b()
}

func b() {
	defer un(trace("b"))
	fmt.Println("in b")
}

func withPanic() (n int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered", r, "n =", n)
			n = -1
		}
	}()
	defer fmt.Println("deferred print runs during panic")
	n = 5
	var m map[string]int
	m["x"] = n
	return 0
}

func deferNilFunc() {
	defer func() { fmt.Println("recovered:", recover()) }()
	var f func()
	defer f() // panics when the surrounding function returns
	fmt.Println("after defer of nil func")
}

func main() {
	order()
	args()
	fmt.Println(named())
	a()
	fmt.Println(withPanic())
	deferNilFunc()

	// defer inside closures runs at closure return
	for i := range 3 {
		func() {
			defer fmt.Print("d", i, " ")
			fmt.Print("b", i, " ")
		}()
	}
	fmt.Println()
	defer fmt.Println("main deferred last")
	defer os.Stdout.WriteString("main deferred first\n")
}
