// Command panicstack reads debug.Stack in deferred calls run by panics:
// the frames between where the value was panicked and the frame whose
// deferred call runs are still on the stack (sync.OnceFunc's test of its
// traceback), also for a panic raised again in a deferred call.
package main

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
)

// show prints which of the functions named appear in the stack, in the
// order they appear.
func show(label string, stack []byte, names ...string) {
	s := string(stack)
	var order []string
	last := -1
	for _, n := range names {
		i := strings.Index(s, "main."+n+"(")
		switch {
		case i < 0:
			order = append(order, n+":absent")
		case i < last:
			order = append(order, n+":out-of-order")
		default:
			order = append(order, n)
			last = i
		}
	}
	fmt.Println(label, strings.Join(order, " "))
}

func origin() {
	panic("x")
}

func middle() {
	origin()
}

func simple() {
	defer func() {
		fmt.Println("recovered:", recover())
		show("simple:", debug.Stack(), "simple.func1", "origin", "middle", "simple", "main")
	}()
	middle()
}

func onceFuncPanic() {
	panic("once")
}

func onceFunc() {
	f := sync.OnceFunc(onceFuncPanic)
	defer func() {
		fmt.Println("recovered:", recover())
		show("oncefunc:", debug.Stack(), "onceFunc.func1", "onceFuncPanic", "onceFunc", "main")
	}()
	f()
}

func repanic() {
	defer func() {
		fmt.Println("recovered:", recover())
		show("repanic:", debug.Stack(), "repanic.func1", "inner.func1", "origin", "middle", "inner", "repanic", "main")
	}()
	inner()
}

func inner() {
	defer func() {
		p := recover()
		panic(fmt.Sprint("again: ", p))
	}()
	middle()
}

func helper() {}

func noPanic() {
	defer func() {
		show("no panic:", debug.Stack(), "noPanic.func1", "helper", "noPanic", "main")
	}()
	helper()
}

func afterReturn() {
	func() {
		defer func() { recover() }()
		middle()
	}()
	show("after recovery:", debug.Stack(), "origin", "afterReturn", "main")
}

func main() {
	simple()
	onceFunc()
	repanic()
	noPanic()
	afterReturn()
}
