// Command memclrlinkname clears byte slices through the runtime's
// memclrNoHeapPointers, reached by linkname as ristretto's z.Memclr and
// other fast buffers do: all of a slice, a part in its middle, and the
// part of a larger array a slice of it covers.
package main

import (
	"fmt"
	"unsafe"
)

//go:linkname memclrNoHeapPointers runtime.memclrNoHeapPointers
func memclrNoHeapPointers(p unsafe.Pointer, n uintptr)

// memclr clears b as ristretto's z.Memclr does.
func memclr(b []byte) {
	if len(b) == 0 {
		return
	}
	memclrNoHeapPointers(unsafe.Pointer(&b[0]), uintptr(len(b)))
}

func main() {
	b := []byte("hello, world")
	memclr(b[7:])
	fmt.Printf("%q\n", b)
	memclr(b[2:4])
	fmt.Printf("%q\n", b)
	var arr [16]byte
	for i := range arr {
		arr[i] = byte('a' + i)
	}
	memclr(arr[3:9])
	fmt.Printf("%q\n", arr)
	memclr(nil)
	big := make([]byte, 1<<12)
	for i := range big {
		big[i] = 0xff
	}
	memclr(big[:len(big)-1])
	fmt.Println(big[0], big[len(big)-2], big[len(big)-1])
}
