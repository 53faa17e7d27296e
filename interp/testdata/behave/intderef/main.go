// Command intderef makes pointers from integers (uintptr to
// unsafe.Pointer): stored, loaded, compared and converted back they are
// their integers; a dereference is refused at its position.
package main

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

func main() {
	var word unsafe.Pointer
	p := unsafe.Pointer(uintptr(0x10002))
	atomic.StorePointer(&word, p)
	q := atomic.LoadPointer(&word)
	fmt.Println(uintptr(q), q == p, q == unsafe.Pointer(uintptr(0x10002)), q == nil)
	x := 5
	fmt.Println(unsafe.Pointer(uintptr(unsafe.Pointer(&x))) == unsafe.Pointer(&x))
	fmt.Println(*(*int)(q)) // @deref
}
