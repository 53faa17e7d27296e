// Command nodeheader keeps nodes behind a pointer to their first field, a
// header, and converts it back to the node through unsafe.Pointer (as
// internal/sync's HashTrieMap does); a conversion between structs of the
// same layout reads the same fields.
package main

import (
	"fmt"
	"unsafe"
)

type header struct{ isLeaf bool }

type leaf struct {
	header
	key   string
	value int
}

// sameLayout has the fields of leaf under other names: the same cells.
type sameLayout struct {
	h header
	k string
	v int
}

func main() {
	l := &leaf{header: header{isLeaf: true}, key: "a", value: 1}
	s := (*sameLayout)(unsafe.Pointer(l))
	fmt.Println(s.h.isLeaf, s.k, s.v)
	var h *header = &l.header
	fmt.Println(h.isLeaf)
	back := (*leaf)(unsafe.Pointer(h))
	fmt.Println(back.key, back.value)
	fmt.Println(back == l)
}
