// Command punning views a uint32 as bytes through unsafe and then writes
// the variable, which the view must see: the interpreter refuses it instead
// of reading memory that is not there (a view of a variable nothing uses
// afterwards is a copy of its bytes: conformance scalarbytes).
package main

import (
	"fmt"
	"unsafe"
)

func main() {
	arr := [4]int{1, 2, 3, 4}
	fmt.Println(unsafe.Slice((*int)(unsafe.Pointer(&arr)), 4))
	i := uint32(0x12345678)
	s := unsafe.Slice((*byte)(unsafe.Pointer(&i)), unsafe.Sizeof(i)) // @pun
	i = 7
	fmt.Println(s, i)
}
