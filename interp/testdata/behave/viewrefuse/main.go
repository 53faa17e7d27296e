// Command viewrefuse does, by its argument, one thing through
// unsafe.Pointer that gc's layout does not define or that the interpreter
// cannot model; each is refused at the marked line, naming the construct.
package main

import (
	"fmt"
	"os"
	"sync/atomic"
	"unsafe"
)

type padded struct {
	a byte
	b int32
}

func main() {
	fmt.Println("before")
	var x int64
	switch os.Args[1] {
	case "add":
		// Arithmetic that leaves the variable.
		_ = unsafe.Add(unsafe.Pointer(&x), 16) // @add
	case "end":
		// A pointer one past the end may be made, not read.
		end := (*int64)(unsafe.Add(unsafe.Pointer(&x), 8))
		fmt.Println(*end) // @end
	case "padding":
		p := padded{a: 1, b: 2}
		fmt.Println(*(*uint64)(unsafe.Pointer(&p))) // @padding
	case "ptrpart":
		p := &x
		fmt.Println(*(*uint32)(unsafe.Pointer(&p))) // @ptrpart
	case "strlen":
		s := "short"
		(*[2]int)(unsafe.Pointer(&s))[1] = 100 // @strlen
		fmt.Println(s)
	case "slicecap":
		b := make([]byte, 2, 4)
		(*[3]int)(unsafe.Pointer(&b))[2] = 100 // @slicecap
		fmt.Println(cap(b))
	case "share":
		i := uint32(0x12345678)
		s := unsafe.Slice((*byte)(unsafe.Pointer(&i)), 4) // @share
		i = 7
		fmt.Println(s, i)
	case "atomic":
		var w uint64
		atomic.AddUint32((*uint32)(unsafe.Add(unsafe.Pointer(&w), 4)), 1) // @atomic
	case "container":
		var h struct{ a, b int64 }
		p := &h.a
		type big struct{ a, b, c int64 }
		fmt.Println((*big)(unsafe.Pointer(p)).c) // @container
	}
	fmt.Println("after")
}
