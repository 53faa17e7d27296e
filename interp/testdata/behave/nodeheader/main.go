// Command nodeheader keeps nodes of two kinds behind a pointer to their
// common first field, a header, and converts it back to the node through
// unsafe.Pointer (as internal/sync's HashTrieMap does). The interpreter's
// pointer to a field does not lead back to its struct: it refuses the
// conversion, where the header's own field (same layout on both sides of
// a conversion between identical shapes) still reads right.
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
	back := (*leaf)(unsafe.Pointer(h)) // @header
	fmt.Println(back.key, back.value)
}
