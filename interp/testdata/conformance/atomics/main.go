// Program atomics checks sync/atomic: AddInt64/LoadInt64/StoreInt32/
// CompareAndSwap/Swap functions, typed atomics (atomic.Int32, Int64,
// Uint32, Uint64, Bool, Value, Pointer[T]) used from many goroutines, and
// a CAS-based lock-free stack. Only final, schedule-independent values are
// printed.
package main

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name    string
	Version int
}

type node struct {
	val  int
	next *node
}

type Stack struct{ head atomic.Pointer[node] }

func (s *Stack) Push(v int) {
	n := &node{val: v}
	for {
		old := s.head.Load()
		n.next = old
		if s.head.CompareAndSwap(old, n) {
			return
		}
	}
}

func (s *Stack) Pop() (int, bool) {
	for {
		old := s.head.Load()
		if old == nil {
			return 0, false
		}
		if s.head.CompareAndSwap(old, old.next) {
			return old.val, true
		}
	}
}

func main() {
	var n64 int64
	var n32 int32
	var u32 uint32
	var wg sync.WaitGroup
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.AddInt64(&n64, 2)
			atomic.AddInt32(&n32, -1)
			atomic.AddUint32(&u32, ^uint32(0)) // subtract 1
		}()
	}
	wg.Wait()
	fmt.Println(atomic.LoadInt64(&n64), atomic.LoadInt32(&n32), atomic.LoadUint32(&u32))
	atomic.StoreInt32(&n32, 5)
	fmt.Println(atomic.CompareAndSwapInt32(&n32, 4, 9), atomic.CompareAndSwapInt32(&n32, 5, 9), n32)
	fmt.Println(atomic.SwapInt64(&n64, 1), n64)

	// typed atomics
	var ai atomic.Int64
	var au atomic.Uint64
	var a32 atomic.Int32
	var flag atomic.Bool
	var hits atomic.Uint32
	for i := 1; i <= 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ai.Add(int64(i))
			au.Add(uint64(i * i))
			a32.Add(-1)
			if flag.CompareAndSwap(false, true) {
				hits.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Println(ai.Load(), au.Load(), a32.Load(), flag.Load(), hits.Load())
	fmt.Println(ai.Swap(-5), ai.Load(), ai.CompareAndSwap(-5, 7), ai.Load())
	au.Store(0)
	fmt.Println(au.Add(^uint64(0)), au.And(0xff), au.Load(), au.Or(0x100), au.Load())

	// atomic.Value
	var cfg atomic.Value
	fmt.Println(cfg.Load() == nil)
	cfg.Store(Config{"initial", 1})
	for i := 2; i <= 5; i++ {
		cur := cfg.Load().(Config)
		cfg.Store(Config{cur.Name, i})
	}
	fmt.Printf("%+v\n", cfg.Load())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		cfg.Store("a string")
	}()
	old := cfg.Swap(Config{"swapped", 9})
	fmt.Println(old, cfg.Load())

	// atomic.Pointer
	var p atomic.Pointer[Config]
	fmt.Println(p.Load() == nil)
	c1 := &Config{"one", 1}
	p.Store(c1)
	c2 := &Config{"two", 2}
	fmt.Println(p.CompareAndSwap(c2, c1), p.CompareAndSwap(c1, c2), p.Load().Name, p.Swap(nil).Version, p.Load())

	// lock-free stack from many goroutines
	var st Stack
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st.Push(i)
		}()
	}
	wg.Wait()
	var popped []int
	for {
		v, ok := st.Pop()
		if !ok {
			break
		}
		popped = append(popped, v)
	}
	sort.Ints(popped)
	sum := 0
	for _, v := range popped {
		sum += v
	}
	fmt.Println(len(popped), sum, popped[:5], popped[95:])

	// wait for a flag set by another goroutine, yielding with Gosched
	var ready atomic.Bool
	var payload int
	go func() {
		payload = 123
		ready.Store(true)
	}()
	for !ready.Load() {
		runtime.Gosched() // let the writer run
	}
	fmt.Println("payload", payload)
}
