// Command recoverwrappers recovers panics in functions deferred directly,
// also when the deferred call goes through a wrapper the compiler makes: a
// method value's, a method expression's, an interface method's (value
// receiver through a pointer), a func type's method. recover in a function
// that the deferred function calls does not stop the panic.
package main

import "fmt"

func helper() {
	if r := recover(); r != nil {
		fmt.Println("helper recovered", r)
	}
}

type T struct{ name string }

func (t T) Rec()   { report(t.name, recover()) }
func (t *T) PRec() { report(t.name, recover()) }

func report(name string, r any) { fmt.Println(name, "recovered", r) }

type R interface{ Rec() }

func generic[X any]() {
	if r := recover(); r != nil {
		fmt.Println("generic recovered", r)
	}
}

type F func()

func (f F) Call() {
	if r := recover(); r != nil {
		fmt.Println("func type recovered", r)
	}
}

func withArg(x int) {
	if r := recover(); r != nil {
		fmt.Println("withArg", x, "recovered", r)
	}
}

// try runs f, which panics, and says whether the panic reached try.
func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "not recovered by its deferred call; try got", r)
		}
	}()
	f()
}

func main() {
	try("direct", func() { defer helper(); panic(1) })
	try("value method", func() { t := T{"value method"}; defer t.Rec(); panic(2) })
	try("pointer method", func() { t := &T{"pointer method"}; defer t.PRec(); panic(3) })
	try("value method through a pointer", func() { t := &T{"through a pointer"}; defer t.Rec(); panic(4) })
	try("interface", func() { var r R = T{"interface"}; defer r.Rec(); panic(5) })
	try("interface holding a pointer", func() { var r R = &T{"interface holding a pointer"}; defer r.Rec(); panic(6) })
	try("method value", func() { t := T{"method value"}; f := t.Rec; defer f(); panic(7) })
	try("method expression", func() { t := T{"method expression"}; defer T.Rec(t); panic(8) })
	try("generic", func() { defer generic[int](); panic(9) })
	try("func value", func() { h := helper; defer h(); panic(10) })
	try("func type method", func() { f := F(nil); defer f.Call(); panic(11) })
	try("func type method value", func() { f := F(nil); c := f.Call; defer c(); panic(12) })
	try("arguments", func() { defer withArg(7); panic(13) })
	try("interface method value", func() { var r R = T{"interface method value"}; c := r.Rec; defer c(); panic(14) })
	try("called by the deferred function", func() { defer func() { helper() }(); panic(15) })
	try("method called by the deferred function", func() { t := T{"nested"}; defer func() { t.Rec() }(); panic(16) })
}
