// Program syncprims checks sync primitives with deterministic results:
// Mutex-protected counters, RWMutex readers and writers, WaitGroup
// (including Go), Once (runs once even with panics in other callers),
// OnceValue/OnceFunc, Cond-based bounded queue with Broadcast, sync.Map,
// and sync.Pool basic use.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type SafeCounter struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *SafeCounter) Inc(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k]++
}

type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
	cap   int
}

func NewQueue(n int) *Queue {
	q := &Queue{cap: n}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(v int) {
	q.mu.Lock()
	for len(q.items) == q.cap {
		q.cond.Wait()
	}
	q.items = append(q.items, v)
	q.cond.Broadcast()
	q.mu.Unlock()
}

func (q *Queue) Get() int {
	q.mu.Lock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.cond.Broadcast()
	q.mu.Unlock()
	return v
}

func main() {
	c := SafeCounter{m: map[string]int{}}
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc([]string{"a", "b", "c"}[i%3])
		}()
	}
	wg.Wait()
	fmt.Println(c.m)

	// RWMutex
	var rw sync.RWMutex
	shared := map[int]int{}
	var wg2 sync.WaitGroup
	for w := 0; w < 5; w++ {
		wg2.Go(func() {
			for i := 0; i < 20; i++ {
				rw.Lock()
				shared[i] += w
				rw.Unlock()
			}
		})
	}
	sums := make([]int, 5)
	for r := 0; r < 5; r++ {
		wg2.Go(func() {
			rw.RLock()
			defer rw.RUnlock()
			for _, v := range shared {
				sums[r] += v * 0 // readers must not change anything
			}
		})
	}
	wg2.Wait()
	total := 0
	for _, v := range shared {
		total += v
	}
	fmt.Println("rw total:", total, sums)
	if rw.TryLock() {
		fmt.Println("TryLock ok")
		fmt.Println("TryRLock while locked:", rw.TryRLock())
		rw.Unlock()
	}

	// Once
	var once sync.Once
	calls := 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() { calls++ })
		}()
	}
	wg.Wait()
	fmt.Println("once calls:", calls)
	var once2 sync.Once
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		once2.Do(func() { panic("once panic") })
	}()
	ran := false
	once2.Do(func() { ran = true })
	fmt.Println("second Do ran after panic:", ran)

	ov := sync.OnceValue(func() int {
		fmt.Println("computing once")
		return 42
	})
	fmt.Println(ov(), ov())
	of := sync.OnceFunc(func() { fmt.Println("OnceFunc body") })
	of()
	of()
	ovs := sync.OnceValues(func() (string, error) { return "v", nil })
	s, err := ovs()
	fmt.Println(s, err)

	// Cond bounded queue: 3 producers, 1 consumer
	q := NewQueue(2)
	var pw sync.WaitGroup
	for p := 0; p < 3; p++ {
		pw.Add(1)
		go func() {
			defer pw.Done()
			for i := 0; i < 5; i++ {
				q.Put(p*100 + i)
			}
		}()
	}
	var got []int
	for i := 0; i < 15; i++ {
		got = append(got, q.Get())
	}
	pw.Wait()
	sort.Ints(got)
	fmt.Println(got)

	// per-producer order is preserved
	q2 := NewQueue(1)
	go func() {
		for i := 0; i < 5; i++ {
			q2.Put(i)
		}
	}()
	for i := 0; i < 5; i++ {
		fmt.Print(q2.Get(), " ")
	}
	fmt.Println()

	// sync.Map
	var sm sync.Map
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sm.Store(i, i*i)
		}()
	}
	wg.Wait()
	v, ok := sm.Load(7)
	fmt.Println(v, ok)
	act, loaded := sm.LoadOrStore(7, -1)
	fmt.Println(act, loaded)
	act, loaded = sm.LoadOrStore(70, -1)
	fmt.Println(act, loaded)
	sm.Delete(3)
	var keys []int
	sm.Range(func(k, v any) bool {
		keys = append(keys, k.(int))
		return true
	})
	sort.Ints(keys)
	fmt.Println(keys)
	old, swapped := sm.Swap(1, 100)
	fmt.Println(old, swapped, sm.CompareAndSwap(1, 100, 101), sm.CompareAndDelete(2, 5))

	// sync.Pool: New is called when empty
	created := 0
	pool := sync.Pool{New: func() any { created++; return new([]byte) }}
	b := pool.Get().(*[]byte)
	*b = append(*b, "x"...)
	fmt.Println(created, len(*b))

	// A nil pool: Put of nil returns at once, other Puts and Gets
	// dereference it.
	var np *sync.Pool
	np.Put(nil)
	for _, f := range []func(){func() { np.Put(1) }, func() { np.Get() }} {
		func() {
			defer func() { fmt.Println("nil pool:", recover()) }()
			f()
		}()
	}
}
