// Command wordrefuse views a uint64 as a struct of two 32-bit words through
// unsafe.Pointer: not one scalar word on both sides, so the interpreter
// refuses it at the conversion (a *uint64 viewed as *atomic.Uint64 is one
// word and runs).
package main

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

type halves struct{ lo, hi uint32 }

func main() {
	var w uint64
	(*atomic.Uint64)(unsafe.Pointer(&w)).Store(1<<32 | 2)
	fmt.Println(w)
	h := (*halves)(unsafe.Pointer(&w)) // @pun
	fmt.Println(h.lo, h.hi)
}
