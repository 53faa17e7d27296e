package deepbugs

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// The programs below are the race-directed search paper's subjects from
// Herlihy and Shavit's book and from the Java Grande suite, each written
// in Go with the same synchronization mistake the paper found: a plain
// (non-atomic) field that Java code read as if it were volatile.

// lazyNode is a node of LazyList.
type lazyNode struct {
	mu     sync.Mutex
	key    int
	marked bool // plain: Contains reads it without the node's lock
	next   *lazyNode
}

// LazyList is Herlihy and Shavit's lazy list: Add and Remove lock two
// nodes and validate; Contains is wait-free. Here the marked and next
// fields are plain, so Contains races with Remove (the book makes them
// volatile).
type LazyList struct{ head *lazyNode }

// NewLazyList returns an empty list with sentinels.
func NewLazyList() *LazyList {
	tail := &lazyNode{key: 1 << 30}
	return &LazyList{head: &lazyNode{key: -1 << 30, next: tail}}
}

func (l *LazyList) locate(key int) (pred, curr *lazyNode) {
	for {
		pred = l.head
		curr = pred.next
		for curr.key < key {
			pred, curr = curr, curr.next
		}
		pred.mu.Lock()
		curr.mu.Lock()
		if !pred.marked && !curr.marked && pred.next == curr {
			return pred, curr
		}
		curr.mu.Unlock()
		pred.mu.Unlock()
	}
}

// Add inserts key; it reports whether it was absent.
func (l *LazyList) Add(key int) bool {
	pred, curr := l.locate(key)
	defer pred.mu.Unlock()
	defer curr.mu.Unlock()
	if curr.key == key {
		return false
	}
	pred.next = &lazyNode{key: key, next: curr}
	return true
}

// Remove deletes key; it reports whether it was present.
func (l *LazyList) Remove(key int) bool {
	pred, curr := l.locate(key)
	defer pred.mu.Unlock()
	defer curr.mu.Unlock()
	if curr.key != key {
		return false
	}
	curr.marked = true
	pred.next = curr.next
	return true
}

// Contains reports whether key is in the list, without locks.
func (l *LazyList) Contains(key int) bool {
	curr := l.head
	for curr.key < key {
		curr = curr.next
	}
	return curr.key == key && !curr.marked
}

// LazyListRun runs g goroutines that each add, look up and remove n keys of
// their own on one LazyList (the paper's LazyList(threads, iterations)).
func LazyListRun(g, n int) {
	l := NewLazyList()
	var wg sync.WaitGroup
	wg.Add(g)
	for i := range g {
		go func() {
			defer wg.Done()
			for k := range n {
				key := i*n + k
				l.Add(key)
				l.Contains(key)
				l.Remove(key)
			}
		}()
	}
	wg.Wait()
}

// Bakery is Lamport's bakery lock for n goroutines as in the book, with
// plain arrays for flag and label: every access is a race in Go (the book's
// Java declares them as arrays of plain fields as well, which JRF reported).
type Bakery struct {
	flag  []bool
	label []int
}

// NewBakery returns an unlocked bakery lock for n goroutines.
func NewBakery(n int) *Bakery { return &Bakery{flag: make([]bool, n), label: make([]int, n)} }

// Lock acquires the lock for goroutine i.
func (b *Bakery) Lock(i int) {
	b.flag[i] = true
	m := 0
	for _, l := range b.label {
		m = max(m, l)
	}
	b.label[i] = m + 1
	for k := range b.flag {
		for k != i && b.flag[k] && (b.label[k] < b.label[i] || b.label[k] == b.label[i] && k < i) {
			runtime.Gosched()
		}
	}
}

// Unlock releases the lock for goroutine i.
func (b *Bakery) Unlock(i int) { b.flag[i] = false }

// BakeryRun runs g goroutines that each take the bakery lock n times around
// an increment.
func BakeryRun(g, n int) {
	b := NewBakery(g)
	count := 0
	var wg sync.WaitGroup
	wg.Add(g)
	for i := range g {
		go func() {
			defer wg.Done()
			for range n {
				b.Lock(i)
				count++
				b.Unlock(i)
			}
		}()
	}
	wg.Wait()
}

// clhNode is a CLH queue node; locked is plain, the mistake ported.
type clhNode struct{ locked bool }

// CLHLock is the CLH queue lock: the tail is an atomic pointer, each
// waiter spins on its predecessor's node. The node's locked flag is a
// plain field here, so the spin races with the predecessor's release.
type CLHLock struct{ tail atomic.Pointer[clhNode] }

// NewCLHLock returns an unlocked CLH lock.
func NewCLHLock() *CLHLock {
	l := &CLHLock{}
	l.tail.Store(&clhNode{})
	return l
}

// Lock acquires the lock and returns the node to release it with.
func (l *CLHLock) Lock() *clhNode {
	n := &clhNode{locked: true}
	pred := l.tail.Swap(n)
	for pred.locked {
		runtime.Gosched()
	}
	return n
}

// Unlock releases the lock held with node n.
func (l *CLHLock) Unlock(n *clhNode) { n.locked = false }

// CLHRun runs g goroutines that each take the CLH lock n times.
func CLHRun(g, n int) {
	l := NewCLHLock()
	var wg sync.WaitGroup
	wg.Add(g)
	for range g {
		go func() {
			defer wg.Done()
			for range n {
				l.Unlock(l.Lock())
			}
		}()
	}
	wg.Wait()
}

// SenseBarrier is a sense-reversing barrier (the book's, the paper's
// barrier subjects): the count is atomic, but the sense is a plain field,
// so the waiters' spin races with the last arrival's flip.
type SenseBarrier struct {
	n     int32
	count atomic.Int32
	sense bool
}

// Await waits for all n goroutines; mySense is the caller's sense, flipped.
func (b *SenseBarrier) Await(mySense *bool) {
	s := !*mySense
	*mySense = s
	if b.count.Add(1) == b.n {
		b.count.Store(0)
		b.sense = s
		return
	}
	for b.sense != s {
		runtime.Gosched()
	}
}

// BarrierRun runs g goroutines through n phases of a SenseBarrier.
func BarrierRun(g, n int) {
	b := &SenseBarrier{n: int32(g)}
	var wg sync.WaitGroup
	wg.Add(g)
	for range g {
		go func() {
			defer wg.Done()
			sense := false
			for range n {
				b.Await(&sense)
			}
		}()
	}
	wg.Wait()
}

// SOR is a small successive over-relaxation kernel in the style of Java
// Grande's sor: g goroutines each relax a band of rows of a grid for n
// iterations, synchronizing with a barrier between iterations; the band
// borders read the neighbours' rows. The barrier is the correct
// sync.WaitGroup-per-phase here, but the band boundaries are off by one,
// so neighbouring goroutines write the same row: a write-write race in
// the same phase.
func SOR(g, n int) {
	rows := 2*g + 2
	grid := make([][]float64, rows)
	for i := range grid {
		grid[i] = make([]float64, 4)
		grid[i][0] = float64(i)
	}
	for range n {
		var wg sync.WaitGroup
		wg.Add(g)
		for p := range g {
			go func() {
				defer wg.Done()
				lo, hi := 1+2*p, 1+2*p+2 // hi is inclusive: one row too many
				for i := lo; i <= hi && i < rows-1; i++ {
					for j := 1; j < 3; j++ {
						grid[i][j] = 0.25 * (grid[i-1][j] + grid[i+1][j] + grid[i][j-1] + grid[i][j+1])
					}
				}
			}()
		}
		wg.Wait()
	}
}
