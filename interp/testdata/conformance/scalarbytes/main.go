// Command scalarbytes reads the bytes of scalar variables through
// unsafe.Slice and unsafe.String, the idiom that detects the machine's byte
// order (encoding/binary's NativeEndian test).
package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"
)

func u32() {
	i := uint32(0x12345678)
	s := unsafe.Slice((*byte)(unsafe.Pointer(&i)), unsafe.Sizeof(i))
	fmt.Printf("uint32 bytes: %x native=%#x\n", s, binary.NativeEndian.Uint32(s))
	s[0] = 0xff // only the view sees it: i is not used again
	fmt.Printf("after write: %x\n", s)
}

func i16(v int16) {
	x := v
	s := unsafe.Slice((*byte)(unsafe.Pointer(&x)), 2)
	fmt.Printf("int16 %d: %x\n", v, s)
}

func f32() {
	f := float32(1.5)
	s := unsafe.Slice((*byte)(unsafe.Pointer(&f)), 4)
	fmt.Printf("float32: %x %v\n", s, math.Float32frombits(binary.NativeEndian.Uint32(s)))
}

func f64() {
	f := -2.25
	str := unsafe.String((*byte)(unsafe.Pointer(&f)), 8)
	fmt.Printf("float64: %x\n", str)
}

func partial() {
	u := uint64(0x0102030405060708)
	s := unsafe.Slice((*byte)(unsafe.Pointer(&u)), 3)
	fmt.Printf("first 3 bytes of a uint64: %x\n", s)
}

func main() {
	u32()
	i16(-2)
	i16(0x0102)
	f32()
	f64()
	partial()
	b := true
	fmt.Printf("bool: %x\n", unsafe.Slice((*byte)(unsafe.Pointer(&b)), 1))
	var i8 int8 = -1
	fmt.Println("int8:", unsafe.Slice((*int8)(unsafe.Pointer(&i8)), 1))
}
