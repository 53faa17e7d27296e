// Command genericoffsetof prints unsafe.Offsetof, Sizeof and Alignof in
// generic code, where they are no constants (the layout depends on a type
// parameter), as caches generated for each value shape (otter) use them:
// a field after one of a type parameter's type, a field promoted through
// an embedded struct, an explicit selector of a nested struct, and the
// pointer and addressable forms.
package main

import (
	"fmt"
	"unsafe"
)

type inner[V any] struct {
	flag bool
	val  V
}

type header struct {
	a    byte
	hash uint64
}

type node[K comparable, V any] struct {
	header
	key   K
	small byte
	value V
	in    inner[V]
	next  *node[K, V]
}

func offsets[K comparable, V any]() []uintptr {
	var n node[K, V]
	p := &n
	return []uintptr{
		unsafe.Offsetof(node[K, V]{}.key),
		unsafe.Offsetof(node[K, V]{}.small),
		unsafe.Offsetof(node[K, V]{}.value),
		unsafe.Offsetof(node[K, V]{}.hash), // promoted through header
		unsafe.Offsetof(node[K, V]{}.in.val),
		unsafe.Offsetof((node[K, V]{}).next),
		unsafe.Offsetof(p.value),
		unsafe.Offsetof(p.hash),
		unsafe.Offsetof(n.in),
		unsafe.Offsetof(n.header.hash),
		unsafe.Sizeof(n), unsafe.Alignof(n.value),
	}
}

func main() {
	fmt.Println(offsets[int, string]())
	fmt.Println(offsets[byte, byte]())
	fmt.Println(offsets[string, [3]int32]())
	fmt.Println(offsets[int16, struct {
		x byte
		y complex128
	}]())
	fmt.Println(offsets[[5]byte, any]())
}
