// Command punning views a uint32 as bytes through unsafe (as
// encoding/binary's test of NativeEndian does): the interpreter refuses it
// instead of reading memory that is not there.
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
	fmt.Println(s)
}
