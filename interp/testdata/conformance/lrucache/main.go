// Program lrucache is a realistic generic program: an LRU cache
// Cache[K comparable, V any] built on a hand-written generic doubly linked
// list, with eviction callbacks, Get/Put/Delete/Len, an iterator over
// entries from most to least recently used (iter.Seq2), a concurrent-safe
// wrapper with a mutex used from goroutines, and hit/miss statistics.
package main

import (
	"fmt"
	"iter"
	"sort"
	"strings"
	"sync"
)

type entry[K comparable, V any] struct {
	key        K
	val        V
	prev, next *entry[K, V]
}

type Cache[K comparable, V any] struct {
	cap        int
	items      map[K]*entry[K, V]
	head, tail *entry[K, V] // head = most recent
	onEvict    func(K, V)
	hits, miss int
}

func New[K comparable, V any](capacity int, onEvict func(K, V)) *Cache[K, V] {
	return &Cache[K, V]{cap: capacity, items: make(map[K]*entry[K, V]), onEvict: onEvict}
}

func (c *Cache[K, V]) unlink(e *entry[K, V]) {
	if e.prev != nil {
		e.prev.next = e.next
	} else {
		c.head = e.next
	}
	if e.next != nil {
		e.next.prev = e.prev
	} else {
		c.tail = e.prev
	}
	e.prev, e.next = nil, nil
}

func (c *Cache[K, V]) pushFront(e *entry[K, V]) {
	e.next = c.head
	if c.head != nil {
		c.head.prev = e
	}
	c.head = e
	if c.tail == nil {
		c.tail = e
	}
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	e, ok := c.items[k]
	if !ok {
		c.miss++
		var zero V
		return zero, false
	}
	c.hits++
	c.unlink(e)
	c.pushFront(e)
	return e.val, true
}

func (c *Cache[K, V]) Put(k K, v V) {
	if e, ok := c.items[k]; ok {
		e.val = v
		c.unlink(e)
		c.pushFront(e)
		return
	}
	e := &entry[K, V]{key: k, val: v}
	c.items[k] = e
	c.pushFront(e)
	if len(c.items) > c.cap {
		old := c.tail
		c.unlink(old)
		delete(c.items, old.key)
		if c.onEvict != nil {
			c.onEvict(old.key, old.val)
		}
	}
}

func (c *Cache[K, V]) Delete(k K) bool {
	e, ok := c.items[k]
	if ok {
		c.unlink(e)
		delete(c.items, k)
	}
	return ok
}

func (c *Cache[K, V]) Len() int { return len(c.items) }

func (c *Cache[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for e := c.head; e != nil; e = e.next {
			if !yield(e.key, e.val) {
				return
			}
		}
	}
}

func (c *Cache[K, V]) String() string {
	var parts []string
	for k, v := range c.All() {
		parts = append(parts, fmt.Sprintf("%v:%v", k, v))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

type SyncCache[K comparable, V any] struct {
	mu sync.Mutex
	c  *Cache[K, V]
}

func (s *SyncCache[K, V]) GetOrCompute(k K, f func(K) V) V {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.c.Get(k); ok {
		return v
	}
	v := f(k)
	s.c.Put(k, v)
	return v
}

type point struct{ x, y int }

func main() {
	var evicted []string
	c := New(3, func(k string, v int) { evicted = append(evicted, fmt.Sprintf("%s=%d", k, v)) })
	c.Put("a", 1)
	c.Put("b", 2)
	c.Put("c", 3)
	fmt.Println(c, c.Len())
	v, ok := c.Get("a")
	fmt.Println(v, ok, c)
	c.Put("d", 4) // evicts b
	fmt.Println(c, evicted)
	c.Put("c", 30) // update moves to front
	c.Put("e", 5)  // evicts a
	fmt.Println(c, evicted)
	_, ok = c.Get("b")
	fmt.Println("b present:", ok, "delete c:", c.Delete("c"), "delete c again:", c.Delete("c"), c)
	for k, v := range c.All() {
		fmt.Print(k, "=", v, " ")
		break
	}
	fmt.Println()
	fmt.Println("hits", c.hits, "misses", c.miss)

	// other instantiations
	pc := New[point, []string](2, nil)
	pc.Put(point{1, 2}, []string{"x"})
	pc.Put(point{3, 4}, nil)
	pc.Put(point{1, 2}, append([]string{"y"}, "z"))
	pc.Put(point{5, 6}, []string{"w"})
	fmt.Println(pc, pc.Len())
	ic := New[int, *point](1, func(k int, p *point) { fmt.Println("evict", k, *p) })
	ic.Put(1, &point{1, 1})
	ic.Put(2, &point{2, 2})
	fmt.Println(ic.Len())

	// memoized fibonacci via the cache
	memo := New[int, uint64](100, nil)
	var fib func(int) uint64
	fib = func(n int) uint64 {
		if n < 2 {
			return uint64(n)
		}
		if v, ok := memo.Get(n); ok {
			return v
		}
		r := fib(n-1) + fib(n-2)
		memo.Put(n, r)
		return r
	}
	fmt.Println(fib(90), memo.Len(), memo.hits, memo.miss)

	// concurrent use through the synchronized wrapper
	sc := &SyncCache[int, int]{c: New[int, int](1000, nil)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	computed := map[int]int{}
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				k := (g*13 + i) % 40
				sc.GetOrCompute(k, func(k int) int {
					mu.Lock()
					computed[k]++
					mu.Unlock()
					return k * k
				})
			}
		}()
	}
	wg.Wait()
	keys := make([]int, 0)
	for k, n := range computed {
		if n != 1 {
			fmt.Println("computed twice:", k)
		}
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Println(len(keys), keys[0], keys[len(keys)-1], sc.c.Len(), sc.c.hits+sc.c.miss)
}
