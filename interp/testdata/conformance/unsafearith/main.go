// Command unsafearith moves pointers within one allocation, as bit arrays,
// hash functions and intrusive structures do: unsafe.Add and
// unsafe.Pointer(uintptr(p) + off) over arrays, slices and struct fields
// (unsafe.Offsetof), reads of words at byte offsets of a []byte, arrays
// viewed over slices, and pointers compared after the arithmetic.
package main

import (
	"fmt"
	"unsafe"
)

// bitset keeps its bits in words and reads and writes them by byte.
type bitset struct{ words []uint64 }

func (b *bitset) set(i int) {
	p := (*byte)(unsafe.Add(unsafe.Pointer(&b.words[0]), i/8))
	*p |= 1 << (i % 8)
}

func (b *bitset) has(i int) bool {
	p := (*byte)(unsafe.Pointer(uintptr(unsafe.Pointer(&b.words[0])) + uintptr(i/8)))
	return *p&(1<<(i%8)) != 0
}

// sum64 reads little-endian words at byte offsets, as xxhash and murmur do.
func sum64(b []byte) uint64 {
	var h uint64
	p := unsafe.Pointer(unsafe.SliceData(b))
	for i := 0; i+8 <= len(b); i += 8 {
		h = h*31 + *(*uint64)(unsafe.Add(p, i))
	}
	for i := len(b) &^ 7; i < len(b); i++ {
		h = h*31 + uint64(*(*byte)(unsafe.Add(p, i)))
	}
	return h
}

// load32 reads an unaligned word as the runtime's readUnaligned32.
func load32(b []byte, i int) uint32 {
	return *(*uint32)(unsafe.Pointer(&b[i]))
}

type node struct {
	key   int32
	flags uint16
	name  string
	next  *node
}

func main() {
	var bs bitset
	bs.words = make([]uint64, 2)
	for _, i := range []int{0, 3, 9, 64, 100, 127} {
		bs.set(i)
	}
	fmt.Printf("words %#x %#x\n", bs.words[0], bs.words[1])
	fmt.Println(bs.has(3), bs.has(4), bs.has(100), bs.has(126))

	data := []byte("the quick brown fox jumps over the lazy dog")
	fmt.Printf("sum64 %#x\n", sum64(data))
	fmt.Printf("load32 %#x %#x\n", load32(data, 0), load32(data, 5))

	// Struct fields by offset.
	n := node{key: 7, flags: 3, name: "seven"}
	base := unsafe.Pointer(&n)
	fmt.Println(*(*int32)(unsafe.Add(base, unsafe.Offsetof(n.key))),
		*(*uint16)(unsafe.Add(base, unsafe.Offsetof(n.flags))),
		*(*string)(unsafe.Add(base, unsafe.Offsetof(n.name))))
	*(*uint16)(unsafe.Pointer(uintptr(base) + unsafe.Offsetof(n.flags))) = 9
	next := (**node)(unsafe.Add(base, unsafe.Offsetof(n.next)))
	*next = &node{key: 8}
	fmt.Println(n.flags, n.next.key)
	fmt.Println("same field:", unsafe.Add(base, unsafe.Offsetof(n.name)) == unsafe.Pointer(&n.name))

	// Elements of an array of structs, forth and back.
	nodes := []node{{key: 1}, {key: 2}, {key: 3}}
	third := (*node)(unsafe.Add(unsafe.Pointer(&nodes[0]), 2*unsafe.Sizeof(nodes[0])))
	fmt.Println("third:", third.key, third == &nodes[2])
	first := (*node)(unsafe.Add(unsafe.Pointer(third), -2*int(unsafe.Sizeof(nodes[0]))))
	fmt.Println("back to the first:", first.key, first == &nodes[0])
	keyOfSecond := (*int32)(unsafe.Pointer(uintptr(unsafe.Pointer(&nodes[0])) + unsafe.Sizeof(nodes[0]) + unsafe.Offsetof(nodes[0].key)))
	*keyOfSecond = 20
	fmt.Println("second:", nodes[1].key)

	// An array over a slice's elements, and a large array type over a
	// buffer, sliced back to its length.
	ints := []int{10, 20, 30, 40, 50}
	a4 := (*[4]int)(unsafe.Pointer(&ints[1]))
	a4[0]++
	fmt.Println(*a4, ints)
	buf := []byte("buffer")
	big := (*[1 << 20]byte)(unsafe.Pointer(&buf[0]))[:len(buf):len(buf)]
	big[0] = 'B'
	fmt.Println(string(big), string(buf), len(big), cap(big))
	fmt.Println("same array:", (*[4]int)(unsafe.Pointer(&ints[1])) == a4)

	// A uintptr round trip, and arithmetic in two statements as the
	// unsafe rules allow for a pointer still referenced.
	x := 42
	u := uintptr(unsafe.Pointer(&x))
	fmt.Println("round trip:", *(*int)(unsafe.Pointer(u)), unsafe.Pointer(u) == unsafe.Pointer(&x))
	arr := [4]uint16{1, 2, 3, 4}
	end := unsafe.Add(unsafe.Pointer(&arr), unsafe.Sizeof(arr))
	fmt.Println("one past the end:", end == unsafe.Add(unsafe.Pointer(&arr[3]), 2))
	last := (*uint16)(unsafe.Add(end, -2))
	fmt.Println("last:", *last)

	// unsafe.Slice and unsafe.String from a moved pointer.
	fmt.Println(unsafe.Slice((*uint16)(unsafe.Add(unsafe.Pointer(&arr[0]), 2)), 3))
	fmt.Println(unsafe.String((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData("hello, world")), 7)), 5))
}
