// Package linqueue holds concurrent data structures for vt.Linearizable:
// a correct queue under a mutex, Treiber's lock-free stack, and two
// classic broken structures whose every memory access is synchronized (so
// vt finds no data race in them) but whose operations are not atomic: a
// ring-buffer queue whose indices are read and written back as separate
// atomic operations (a lost update), and a counter map that increments
// with check-then-act; a name registry over the standard library's
// sync.Map, correct with LoadOrStore and broken with Load then Store; a
// register that is sequentially consistent but not linearizable; and a
// queue with a data race.
package linqueue

import (
	"sync"
	"sync/atomic"
)

// Queue is a FIFO queue of ints under a mutex: linearizable.
type Queue struct {
	mu    sync.Mutex
	items []int
}

// Push appends x.
func (q *Queue) Push(x int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, x)
}

// Pop removes and returns the oldest item; ok is false if the queue is
// empty.
func (q *Queue) Pop() (x int, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		return 0, false
	}
	x = q.items[0]
	q.items = q.items[1:]
	return x, true
}

// RingQueue is a bounded FIFO queue over a ring of atomic slots. Each
// access is atomic, but Push and Pop read an index and write it back in
// two steps: two concurrent Pushes can take the same slot, and one item is
// lost. Not linearizable.
type RingQueue struct {
	head, tail atomic.Int64
	slots      [8]atomic.Int64
}

// Push appends x (the queue holds at most 8 items).
func (q *RingQueue) Push(x int) {
	t := q.tail.Load()
	q.slots[t%8].Store(int64(x))
	q.tail.Store(t + 1)
}

// Pop removes and returns the oldest item; ok is false if the queue is
// empty.
func (q *RingQueue) Pop() (x int, ok bool) {
	h := q.head.Load()
	if h == q.tail.Load() {
		return 0, false
	}
	x = int(q.slots[h%8].Load())
	q.head.Store(h + 1)
	return x, true
}

// Counters counts events by key. Each map access holds the mutex, but Inc
// reads the count and writes it back under two separate lock holds
// (check-then-act): two concurrent Incs of one key can count once. Not
// linearizable.
type Counters struct {
	mu sync.Mutex
	m  map[string]int
}

// NewCounters returns empty counters.
func NewCounters() *Counters { return &Counters{m: map[string]int{}} }

// Inc adds one to the count of key.
func (c *Counters) Inc(key string) {
	c.mu.Lock()
	n := c.m[key]
	c.mu.Unlock()
	c.mu.Lock()
	c.m[key] = n + 1
	c.mu.Unlock()
}

// Get returns the count of key.
func (c *Counters) Get(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

// RacyQueue is Queue with a length kept outside the mutex: Push and Len
// race on it (a data race, which vt reports before any history).
type RacyQueue struct {
	Queue
	n int
}

// Push appends x.
func (q *RacyQueue) Push(x int) {
	q.Queue.Push(x)
	q.n++
}

// Len returns the number of items pushed.
func (q *RacyQueue) Len() int { return q.n }

// Stack is Treiber's lock-free stack: a linked list whose head moves by
// compare-and-swap. Linearizable (Go's garbage collector keeps a node
// alive while a goroutine holds it, so its address is never reused under
// a pending CompareAndSwap).
type Stack struct {
	head atomic.Pointer[node]
}

type node struct {
	x    int
	next *node
}

// Push pushes x.
func (s *Stack) Push(x int) {
	n := &node{x: x}
	for {
		old := s.head.Load()
		n.next = old
		if s.head.CompareAndSwap(old, n) {
			return
		}
	}
}

// Pop pops the top item; ok is false if the stack is empty.
func (s *Stack) Pop() (x int, ok bool) {
	for {
		old := s.head.Load()
		if old == nil {
			return 0, false
		}
		if s.head.CompareAndSwap(old, old.next) {
			return old.x, true
		}
	}
}

// BlindRegister is a register whose reads never see a write: writes go
// to one cell, reads read another. Race-free; with one operation per
// goroutine it is sequentially consistent (the reads go before the
// writes), but not linearizable: a read that starts after a write
// returned does not see it.
type BlindRegister struct {
	w, r atomic.Int64
}

// Write writes x.
func (b *BlindRegister) Write(x int) { b.w.Store(int64(x)) }

// Read reads the register.
func (b *BlindRegister) Read() int { return int(b.r.Load()) }

// Registry maps names to ids with the standard library's sync.Map: the
// first Register of a name wins, later ones get the first id.
// Linearizable: LoadOrStore is one atomic step.
type Registry struct {
	m sync.Map
}

// Register records id for name unless name has one, and returns the id
// name has.
func (r *Registry) Register(name string, id int) int {
	v, _ := r.m.LoadOrStore(name, id)
	return v.(int)
}

// RacyRegistry is Registry written with Load, then Store
// (check-then-act): two Registers of one name can both store, and both
// return their own id. Not linearizable, though race-free.
type RacyRegistry struct {
	m sync.Map
}

// Register records id for name unless name has one, and returns the id
// name has.
func (r *RacyRegistry) Register(name string, id int) int {
	if v, ok := r.m.Load(name); ok {
		return v.(int)
	}
	r.m.Store(name, id)
	return id
}
