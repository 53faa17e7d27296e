// Program poolkeep checks what a sync.Pool gives back to the goroutine
// that put items, pinned to its P as sync's own tests do: the private item
// first, then the others last in first out; a garbage collection moves
// them to the victim cache, the next one drops them.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	_ "unsafe" // linkname
)

//go:linkname procPin sync.runtime_procPin
func procPin() int

//go:linkname procUnpin sync.runtime_procUnpin
func procUnpin()

func main() {
	// One P: a goroutine that resumes after a collection on another P
	// would not find its private item in the victim cache.
	runtime.GOMAXPROCS(1)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var p sync.Pool
	fmt.Println(p.Get())
	procPin()
	p.Put("a")
	p.Put("b")
	p.Put("c")
	p.Put(nil)
	fmt.Println(p.Get(), p.Get(), p.Get(), p.Get())
	procUnpin()

	procPin()
	p.Put("x")
	p.Put("x2")
	procUnpin()
	runtime.GC()
	fmt.Println("after one GC:", p.Get(), p.Get(), p.Get())
	procPin()
	p.Put("y")
	procUnpin()
	runtime.GC()
	runtime.GC()
	fmt.Println("after two GCs:", p.Get())

	n := 0
	q := sync.Pool{New: func() any { n++; return n }}
	fmt.Println(q.Get(), q.Get())
	procPin()
	q.Put(42)
	fmt.Println(q.Get(), q.Get())
	procUnpin()
}
