// Command wordviews views one memory word through pointers of different
// types with the same layout of one scalar word, converted through
// unsafe.Pointer: a scalar and Go's typed atomics (structs of one word), a
// signed and an unsigned integer of one width, a struct of one word and
// its word. A store through one view is seen through every other.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// counter is a struct of one word whose word is not its first field.
type counter struct {
	_ [0]func()
	_ struct{}
	n uint64
}

// word32 is a struct of one 32-bit word.
type word32 struct {
	_ struct{}
	v int32
}

// wrapped nests a struct of one word in another.
type wrapped struct {
	c atomic.Int32
}

func main() {
	// A *uint32 viewed as *atomic.Int32, *atomic.Uint32 and *int32.
	var u uint32
	i32 := (*atomic.Int32)(unsafe.Pointer(&u))
	u32 := (*atomic.Uint32)(unsafe.Pointer(&u))
	s32 := (*int32)(unsafe.Pointer(&u))
	i32.Store(-2)
	fmt.Println("after Int32.Store(-2):", u, u32.Load(), *s32, i32.Load())
	u32.Add(3)
	fmt.Println("after Uint32.Add(3):", u, i32.Load(), *s32)
	*s32 = -7
	fmt.Println("after *int32 = -7:", u, u32.Load(), i32.Load(), u>>16, uint32(*s32)>>16)
	old := i32.Swap(5)
	fmt.Println("Swap:", old, u)
	swapped := u32.CompareAndSwap(5, 1<<31)
	fmt.Println("CAS:", swapped, u, i32.Load())
	oldAnd := i32.And(-1 << 16)
	fmt.Println("And:", oldAnd, u)
	oldOr := u32.Or(0xff)
	fmt.Println("Or:", oldOr, u, i32.Load())
	u = 40
	fmt.Println("plain store:", i32.Load(), u32.Load(), *s32)
	fmt.Println("same address:", unsafe.Pointer(i32) == unsafe.Pointer(&u),
		(*uint32)(unsafe.Pointer(u32)) == &u)

	// The whole struct read and written through a view.
	sv := (*word32)(unsafe.Pointer(&u))
	v := *sv
	fmt.Println("copy of the view:", v.v)
	*sv = word32{v: -9}
	fmt.Println("struct stored through the view:", u, int32(u), i32.Load())

	// 64 bits: *uint64 as *atomic.Int64, *atomic.Uint64; *uintptr as
	// *atomic.Uintptr; int as uint.
	var q uint64
	i64 := (*atomic.Int64)(unsafe.Pointer(&q))
	u64 := (*atomic.Uint64)(unsafe.Pointer(&q))
	i64.Add(-1)
	fmt.Println("Int64.Add(-1):", q, u64.Load(), i64.Load())
	var up uintptr
	ap := (*atomic.Uintptr)(unsafe.Pointer(&up))
	ap.Store(12)
	ap.Add(30)
	fmt.Println("Uintptr:", up, ap.Load())
	var n int
	un := (*uint)(unsafe.Pointer(&n))
	*un = ^uint(0)
	fmt.Println("int as uint:", n, *un)

	// A struct of one word viewed as its word, and the other way.
	var c counter
	cw := (*uint64)(unsafe.Pointer(&c))
	*cw = 11
	c.n++
	fmt.Println("counter:", c.n, *cw, cw == &c.n)
	back := (*counter)(unsafe.Pointer(cw))
	back.n += 100
	fmt.Println("counter through its word:", c.n, *cw)
	var a atomic.Int32
	aw := (*int32)(unsafe.Pointer(&a))
	atomic.AddInt32(aw, 4)
	fmt.Println("atomic.Int32 as *int32:", a.Load(), *aw)
	au := (*atomic.Uint32)(unsafe.Pointer(&a))
	au.Store(1 << 31)
	fmt.Println("atomic.Int32 as *atomic.Uint32:", a.Load(), au.Load())

	// Nested structs of one word.
	var x int32
	wp := (*wrapped)(unsafe.Pointer(&x))
	wp.c.Add(6)
	fmt.Println("nested:", x, wp.c.Load())
	var wr wrapped
	xp := (*int32)(unsafe.Pointer(&wr))
	*xp = 8
	fmt.Println("nested back:", wr.c.Load())

	// An atomic.Pointer over an unsafe.Pointer variable.
	var raw unsafe.Pointer
	pp := (*atomic.Pointer[int])(unsafe.Pointer(&raw))
	k := 17
	pp.Store(&k)
	fmt.Println("Pointer:", *(*int)(raw), *pp.Load(), raw == unsafe.Pointer(&k))

	// Many goroutines adding through different views of one word.
	var word uint32
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				switch g {
				case 0:
					atomic.AddUint32(&word, 1)
				case 1:
					(*atomic.Int32)(unsafe.Pointer(&word)).Add(1)
				case 2:
					(*atomic.Uint32)(unsafe.Pointer(&word)).Add(1)
				default:
					atomic.AddInt32((*int32)(unsafe.Pointer(&word)), 1)
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("four views, 40 adds:", atomic.LoadUint32(&word))
}
