// Command unsafeiface views interfaces as their two words, type and data,
// as internal/abi.EmptyInterface does: equal dynamic types have equal type
// words, the data word points to the value (or is the pointer), and an
// interface stored into two pointer words (sync's poolDequeue) reads back.
package main

import (
	"errors"
	"fmt"
	"unsafe"
)

// emptyInterface is internal/abi.EmptyInterface's layout.
type emptyInterface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

func typeWord(a any) unsafe.Pointer { return (*emptyInterface)(unsafe.Pointer(&a)).typ }

func dataWord(a any) unsafe.Pointer { return (*emptyInterface)(unsafe.Pointer(&a)).data }

type point struct{ x, y int }

// slot is a poolDequeue's slot: an interface kept in two words.
type slot struct{ typ, val unsafe.Pointer }

func (s *slot) store(v any) { *(*any)(unsafe.Pointer(s)) = v }

func (s *slot) load() any { return *(*any)(unsafe.Pointer(s)) }

func main() {
	fmt.Println("same type:", typeWord(1) == typeWord(2), typeWord(1) == typeWord("1"), typeWord(point{}) == typeWord(point{1, 2}))
	fmt.Println("nil:", typeWord(nil) == nil, dataWord(nil) == nil)
	fmt.Println("int data:", *(*int)(dataWord(42)))
	fmt.Println("string data:", *(*string)(dataWord("in an interface")))
	fmt.Println("struct data:", *(*point)(dataWord(point{3, 4})))
	x := 5
	fmt.Println("pointer data:", dataWord(&x) == unsafe.Pointer(&x))
	*(*int)(dataWord(&x)) = 6
	fmt.Println("written through the data word:", x)

	var s slot
	fmt.Println("empty slot:", s.load() == nil)
	s.store(7)
	fmt.Println("slot:", s.load(), s.typ == typeWord(0))
	s.store("text")
	fmt.Println("slot:", s.load())
	s.store(point{5, 6})
	fmt.Println("slot:", s.load().(point).y)
	s.store(&x)
	fmt.Println("slot:", *s.load().(*int), s.val == unsafe.Pointer(&x))
	s.store(nil)
	fmt.Println("slot after nil:", s.load() == nil, s.typ == nil)

	// An interface copied through its words into another interface.
	var a, b any = 1.5, nil
	*(*emptyInterface)(unsafe.Pointer(&b)) = *(*emptyInterface)(unsafe.Pointer(&a))
	fmt.Println("copied:", b, b == a)

	// The words of a non-empty interface copied as they are.
	var e1, e2 error = errors.New("boom"), nil
	*(*[2]unsafe.Pointer)(unsafe.Pointer(&e2)) = *(*[2]unsafe.Pointer)(unsafe.Pointer(&e1))
	fmt.Println("error copied:", e2, e2 == e1)
}
