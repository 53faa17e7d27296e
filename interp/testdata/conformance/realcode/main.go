// Small programs from the standard library's tests and popular libraries
// that the interpreter once got wrong or refused (issue 13): math/bits's
// division panics, panic(nil), unsafe in generic code, binary.NativeEndian,
// defer in a range-over-func loop, strings.Repeat's overflow panic,
// strconv.FormatInt's illegal base, atomic.Value.CompareAndSwap's panics,
// runtime/debug's settings.
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"
)

type S struct {
	a byte
	b int64
	c [3]int16
}

func sizes[E any]() (uintptr, uintptr) {
	var e E
	return unsafe.Sizeof(e), unsafe.Alignof(e)
}

func try(name string, f func()) {
	defer func() {
		r := recover()
		var pe *runtime.PanicNilError
		if e, ok := r.(error); ok && errors.As(e, &pe) {
			fmt.Println(name, "PanicNilError:", pe.Error())
			return
		}
		if e, ok := r.(runtime.Error); ok {
			fmt.Println(name, "runtime.Error:", e.Error())
			return
		}
		fmt.Println(name, "recovered:", r)
	}()
	f()
}

func seq(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		if !yield(i) {
			return
		}
	}
}

func rangeDefer() {
	for i := range seq {
		defer fmt.Println("deferred", i)
		if i == 1 {
			break
		}
	}
	fmt.Println("loop done")
}

func main() {
	try("native", func() {
		b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
		fmt.Println(binary.NativeEndian.Uint32(b), binary.NativeEndian.Uint64(b), binary.NativeEndian.Uint16(b))
		binary.NativeEndian.PutUint32(b, 0xdeadbeef)
		fmt.Println(b)
	})
	try("div0", func() { fmt.Println(bits.Div64(0, 1, 0)) })
	try("divoverflow", func() { fmt.Println(bits.Div64(5, 1, 3)) })
	try("div32", func() { fmt.Println(bits.Div32(5, 1, 3)) })
	try("rem0", func() { fmt.Println(bits.Rem64(1, 2, 0)) })
	try("div", func() { fmt.Println(bits.Div64(1, 2, 3)) })
	try("panicnil", func() { panic(nil) })
	try("sizeof", func() {
		fmt.Println(sizes[int32]())
		fmt.Println(sizes[S]())
		fmt.Println(sizes[string]())
		var s S
		fmt.Println(unsafe.Sizeof(s), unsafe.Alignof(s.b), unsafe.Offsetof(s.b), unsafe.Offsetof(s.c))
		fmt.Println(slices.Insert([]int{1, 2, 3}, 1, 9, 8))
	})
	try("unsafe", func() {
		arr := []int{10, 20, 30, 40}
		sl := unsafe.Slice(&arr[1], 2)
		fmt.Println(sl, len(sl), cap(sl))
		bs := []byte("hello")
		fmt.Println(unsafe.String(&bs[0], 3))
		fmt.Println(*unsafe.StringData("world"))
		fmt.Println(string(unsafe.Slice(unsafe.StringData("abc"), 3)))
	})
	try("repeat", func() { fmt.Println(len(strings.Repeat("ab", 1<<62))) })
	try("base", func() { fmt.Println(strconv.FormatInt(5, 1)) })
	try("ubase", func() { fmt.Println(strconv.FormatUint(5, 37)) })
	fmt.Println(strconv.FormatInt(-255, 16), strconv.FormatUint(255, 2))
	for i, c := range []struct{ init, old, new any }{
		{nil, nil, 1}, {nil, 1, 2}, {1, 1, 2}, {1, 2, 3}, {1, "a", 2}, {1, 1, "b"}, {1, nil, nil}, {"x", nil, "y"},
	} {
		try("cas"+strconv.Itoa(i), func() {
			var v atomic.Value
			if c.init != nil {
				v.Store(c.init)
			}
			fmt.Println(v.CompareAndSwap(c.old, c.new), v.Load())
		})
	}
	fmt.Println(debug.SetGCPercent(50), debug.SetGCPercent(100))
	rangeDefer()
}
