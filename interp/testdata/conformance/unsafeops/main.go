// Command unsafeops exercises the unsafe package's functions on the
// interpreter's memory, the runtime panics of make with sizes out of range,
// syscall.Getpagesize, and defer inside the body of a range-over-func loop.
package main

import (
	"fmt"
	"iter"
	"syscall"
	"unsafe"
)

type pair struct {
	a, b int64
}

func seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer fmt.Println("seq done")
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func deferInRangeFunc() (out []int) {
	defer func() { fmt.Println("deferred in function:", out) }()
	for i := range seq(4) {
		defer func() { out = append(out, i) }()
		if i == 2 {
			break
		}
	}
	return nil
}

func makePanics(n int) {
	defer func() { fmt.Println("recovered:", recover()) }()
	s := make([]byte, n)
	fmt.Println(len(s))
}

func makeHuge64(n int) {
	defer func() { fmt.Println("recovered:", recover()) }()
	s := make([]int64, n)
	fmt.Println(len(s))
}

func makeMapChan(n int) {
	defer func() { fmt.Println("recovered:", recover()) }()
	c := make(chan int, n)
	fmt.Println(cap(c))
}

func main() {
	arr := [5]int32{10, 20, 30, 40, 50}
	p := unsafe.Pointer(&arr[0])
	third := (*int32)(unsafe.Add(p, 2*unsafe.Sizeof(arr[0])))
	fmt.Println("unsafe.Add:", *third)
	back := (*int32)(unsafe.Add(unsafe.Pointer(third), -int(unsafe.Sizeof(arr[0]))))
	fmt.Println("unsafe.Add back:", *back)

	s := unsafe.Slice(&arr[1], 3)
	s[0] = 21
	fmt.Println("unsafe.Slice:", s, arr, len(s), cap(s))

	str := "hello, world"
	data := unsafe.StringData(str)
	fmt.Println("StringData:", string(unsafe.Slice(data, 5)))
	same := str
	fmt.Println("StringData same string:", unsafe.StringData(same) == data)
	sub := str[7:]
	fmt.Println("StringData substring:", unsafe.StringData(sub) == (*byte)(unsafe.Add(unsafe.Pointer(data), 7)))
	other := string([]byte(str))
	fmt.Println("StringData copy:", unsafe.StringData(other) == data)
	b := []byte("bytes here")
	fmt.Println("unsafe.String:", unsafe.String(&b[0], 5))
	fmt.Println("SliceData:", *unsafe.SliceData(b) == 'b')

	ps := []pair{{1, 2}, {3, 4}}
	second := (*pair)(unsafe.Add(unsafe.Pointer(&ps[0]), unsafe.Sizeof(ps[0])))
	fmt.Println("struct Add:", second.a, second.b)
	fb := (*int64)(unsafe.Add(unsafe.Pointer(&ps[0]), unsafe.Offsetof(ps[0].b)))
	fmt.Println("field Add:", *fb)

	fmt.Println("pagesize:", syscall.Getpagesize())

	makePanics(-1)
	makeHuge64(1 << 62)
	makePanics(1 << 62)
	makeMapChan(-1)

	fmt.Println(deferInRangeFunc())
}
