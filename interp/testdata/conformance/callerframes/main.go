// Command callerframes prints the frames runtime.Callers and
// runtime.Caller report through calls that go through wrappers the
// compiler makes (method values and method expressions of a func type and
// of a struct, interface methods, generic methods), in a goroutine, in a
// deferred call and through the standard library: their number, their
// functions, runtime.Callers itself at skip 0, runtime.main and
// runtime.goexit at the bottom.
package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
)

type F func()

func (f F) Call() { f() }

type G[T any] func(T)

func (g G[T]) Call(v T) { g(v) }

type S struct{}

func (S) M()   { show("struct value method") }
func (*S) PM() { show("struct pointer method") }

type E struct{ F }

var label string

func show(what string) {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(0, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var names []string
	for {
		f, more := frames.Next()
		names = append(names, f.Function)
		if !more {
			break
		}
	}
	fmt.Println(what, n, names)
}

func run(fn func()) { fn() }

func main() {
	f := F(func() { show(label) })
	label = "method value"
	call := f.Call
	call()
	label = "method value as an argument"
	run(f.Call)
	label = "method expression"
	F.Call(f)
	label = "interface"
	var i interface{ Call() } = f
	i.Call()
	label = "interface method value"
	run(i.Call)
	label = "pointer to a func type"
	var ip interface{ Call() } = &f
	ip.Call()
	label = "promoted"
	run(E{f}.Call)
	G[int](func(int) { show("generic method value") }).Call(1)
	run(S{}.M)
	run((&S{}).PM)
	label = "sync.Once"
	var once sync.Once
	once.Do(f.Call)
	label = "sort"
	shown := false
	sort.Slice([]int{2, 1}, func(i, j int) bool {
		if !shown {
			shown = true
			show("sort.Slice's less")
		}
		return i < j
	})
	label = "goroutine"
	done := make(chan bool)
	go func() { f.Call(); done <- true }()
	<-done
	label = "goroutine of a method value"
	go F(func() { show(label); done <- true }).Call()
	<-done
	label = "deferred"
	func() { defer f.Call() }()
	for skip := 0; ; skip++ {
		pc, file, line, ok := runtime.Caller(skip)
		if !ok {
			fmt.Println("runtime.Caller: frames", skip)
			break
		}
		fmt.Println("runtime.Caller", skip, runtime.FuncForPC(pc).Name(), filepath.Base(file), line)
	}
}
