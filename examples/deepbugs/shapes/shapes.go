// Package shapes is a corpus of deep concurrency bugs: the models of
// examples/deepbugs (Rungta and Mercer's TwoStage, Reorder, Wronglock and
// lock-order Deadlock; Kim, Yavuz-Kahveci and Sanders' list races) each
// written in several shapes, with at least eight goroutines (ten writers
// and one checker, or fewer writers and more checkers where ten writers
// make the bug too deep for every strategy within 10 s). A search heuristic tuned to one shape of a bug
// (the lock events of the TwoStage port, say) should not be the only one
// that finds it: the corpus measures whether a strategy, and the default
// portfolio, find each bug whatever its shape. Every program has a known
// verdict (Programs); MEASURED.md has what each strategy found.
package shapes

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/vtcheck/vt/examples/deepbugs"
)

// Reporter is what a program reports a failed check to: *vt.T and
// *testing.T are Reporters.
type Reporter interface {
	Errorf(format string, args ...any)
}

// Program is one program of the corpus: Name is also its test's name
// without the "Test" prefix (Test), Shape says how it differs from the
// other programs of its Model, Verdict is the first failure vt must report
// ("panic", "assert", "race" or "deadlock").
type Program struct {
	Name, Model, Shape, Verdict string
	Run                         func(r Reporter)
}

// Test is the name of the program's test function in shapes_test.go.
func (p Program) Test() string { return "Test" + p.Name }

// Programs is the corpus, with its parameters (the programs' comments say
// why each bug is deep).
var Programs = []Program{
	{"TwoStageNested", "two-stage", "the port's shape: 10 writers, 1 checker nesting m1 then m2", "panic", func(Reporter) { TwoStageNested(10, 1) }},
	{"TwoStageReversed", "two-stage", "10 writers, 1 checker nesting m2 then m1", "panic", func(Reporter) { TwoStageReversed(10, 1) }},
	{"TwoStageSeq", "two-stage", "3 writers, 5 checkers taking the two locks one after the other", "panic", func(Reporter) { TwoStageSeq(3, 5) }},
	{"TwoStageAtomic", "two-stage", "4 writers, 4 checkers, stages are sync/atomic adds (no locks)", "assert", func(r Reporter) { TwoStageAtomic(r, 4, 4) }},
	{"TwoStageChan", "two-stage", "3 writers, 5 checkers nesting channels of capacity 1 as the locks", "panic", func(Reporter) { TwoStageChan(3, 5) }},
	{"ReorderAtomic", "reorder", "10 setters, sync/atomic (no race)", "panic", func(Reporter) { ReorderAtomic(10, 1) }},
	{"ReorderMutex", "reorder", "10 setters, a mutex around every access", "assert", func(r Reporter) { ReorderMutex(r, 10, 1) }},
	{"ReorderPlain", "reorder", "10 setters, plain variables (data race)", "race", func(Reporter) { ReorderPlain(10, 1) }},
	{"WronglockAtomic", "wrong-lock", "10 right + 1 wrong, atomic load/store pairs, lost update asserted", "assert", func(r Reporter) { WronglockAtomic(r, 1, 10) }},
	{"WronglockChan", "wrong-lock", "10 right + 1 wrong, channel semaphores as the locks, atomics", "assert", func(r Reporter) { WronglockChan(r, 1, 10) }},
	{"WronglockRW", "wrong-lock", "9 writers under Lock + 2 under RLock, plain counter (data race)", "race", func(Reporter) { WronglockRW(2, 9) }},
	{"DeadlockCycle3", "lock-order", "3 mutexes in a cycle among 3 lockers + 9 others", "deadlock", func(Reporter) { DeadlockCycle3(9) }},
	{"DeadlockRW", "lock-order", "2 RWMutexes, read-then-write in opposite orders + 8 readers", "deadlock", func(Reporter) { DeadlockRW(8) }},
	{"DeadlockVector3", "lock-order", "3 vectors compared in a cycle + 9 adders", "deadlock", func(Reporter) { DeadlockVector3(9) }},
	{"DeadlockGated", "lock-order", "lock-order inversion taken only in a window around 6 workers", "deadlock", func(Reporter) { DeadlockGated(6) }},
	{"ListCheckThenAct", "list", "8 inserters, contains-then-insert on a locked list, one duplicate key", "assert", func(r Reporter) { ListCheckThenAct(r, 8) }},
	{"LazyListTail", "list", "lazy list, unlocked append path, atomic links (lost insert)", "assert", func(r Reporter) { LazyListTail(r, 6) }},
	{"LazyListTailPlain", "list", "lazy list, unlocked append path, plain links (data race)", "race", func(Reporter) { LazyListTailPlain(6) }},
}

// TwoStageNested is deepbugs.TwoStage, the shape of the port (and of
// Rungta and Mercer's TwoStage): each of w writers updates a under m1 and
// then b under m2; each of c checkers takes m1 and then m2, nested, and
// panics when it sees a - b = w, every writer between its two stages. Deep:
// every writer must be preempted between its stages before a checker runs.
func TwoStageNested(w, c int) { deepbugs.TwoStage(w, c) }

// TwoStageSeq: each of w writers updates a pair (a, b) in two critical
// sections, a under m1 and then b under m2; c checkers read a under m1 and
// then, after releasing m1, b under m2, and panic when they read a = w and
// then b = 0: every writer had done its first stage and none its second.
// Deep: every writer must be preempted between its stages while the
// checker's two reads run (w preemptions in the same window).
func TwoStageSeq(w, c int) {
	var (
		m1, m2 sync.Mutex
		a, b   int
		wg     sync.WaitGroup
	)
	wg.Add(w + c)
	for range w {
		go func() {
			defer wg.Done()
			m1.Lock()
			a++
			m1.Unlock()
			m2.Lock()
			b++
			m2.Unlock()
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			m1.Lock()
			x := a
			m1.Unlock()
			m2.Lock()
			y := b
			m2.Unlock()
			if x == w && y == 0 {
				panic(fmt.Sprintf("two-stage update seen half done by all %d writers: a=%d b=%d", w, x, y))
			}
		}()
	}
	wg.Wait()
}

// TwoStageReversed is deepbugs.TwoStage with the checker taking m2 before
// m1 (the writers never hold both, so there is no deadlock): it panics when
// it sees a - b = w, every writer between its two stages. Still deep (all
// w writers must have done their first stage and none its second when the
// checker gets m1), but a checker that takes m2 early holds every writer at
// its second stage, so sampling strategies hit it far more often than the
// port's shape; a heuristic steered by the port's lock order (m1, then m2)
// does not apply.
func TwoStageReversed(w, c int) {
	var (
		m1, m2 sync.Mutex
		a, b   int
		wg     sync.WaitGroup
	)
	wg.Add(w + c)
	for range w {
		go func() {
			defer wg.Done()
			m1.Lock()
			a++
			m1.Unlock()
			m2.Lock()
			b++
			m2.Unlock()
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			m2.Lock()
			m1.Lock()
			if a-b == w {
				panic(fmt.Sprintf("two-stage update seen half done by all %d writers: a=%d b=%d", w, a, b))
			}
			m1.Unlock()
			m2.Unlock()
		}()
	}
	wg.Wait()
}

// TwoStageAtomic: the stages are atomic adds (a.Add(1), then b.Add(1)),
// with no lock at all; the checker loads a and then b and reports (Errorf)
// when it sees a = w and b = 0. No data race: the failure is the assertion.
// Deep: all w writers preempted between their two adds around the
// checker's loads; there is no lock event to guide a search.
func TwoStageAtomic(r Reporter, w, c int) {
	var (
		a, b atomic.Int64
		wg   sync.WaitGroup
	)
	wg.Add(w + c)
	for range w {
		go func() {
			defer wg.Done()
			a.Add(1)
			b.Add(1)
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			x := a.Load()
			y := b.Load()
			if x == int64(w) && y == 0 {
				r.Errorf("two-stage update seen half done by all %d writers: a=%d b=%d", w, x, y)
			}
		}()
	}
	wg.Wait()
}

// TwoStageChan is the two-stage bug with channels of capacity one as the
// locks (send to take, receive to release); the checker takes both, nested,
// and panics when a - b = w. Deep like TwoStage; the locks are channel
// operations, not sync.Mutex calls.
func TwoStageChan(w, c int) {
	var (
		l1, l2 = make(chan struct{}, 1), make(chan struct{}, 1)
		a, b   int
		wg     sync.WaitGroup
	)
	wg.Add(w + c)
	for range w {
		go func() {
			defer wg.Done()
			l1 <- struct{}{}
			a++
			<-l1
			l2 <- struct{}{}
			b++
			<-l2
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			l1 <- struct{}{}
			l2 <- struct{}{}
			if a-b == w {
				panic(fmt.Sprintf("two-stage update seen half done by all %d writers: a=%d b=%d", w, a, b))
			}
			<-l2
			<-l1
		}()
	}
	wg.Wait()
}

// ReorderAtomic: each of s setters sets a and then b (atomic adds, no data
// race); a checker loads a and then b and panics when it sees none of the
// setters' writes to a but all of their writes to b (a = 0, b = s): the
// writes look reordered. Deep: the checker must read a before any setter
// runs and then be preempted until every setter has finished.
func ReorderAtomic(s, c int) {
	var (
		a, b atomic.Int64
		wg   sync.WaitGroup
	)
	wg.Add(s + c)
	for range s {
		go func() {
			defer wg.Done()
			a.Add(1)
			b.Add(1)
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			x := a.Load()
			y := b.Load()
			if x == 0 && y == int64(s) {
				panic(fmt.Sprintf("reordered writes observed: a=%d b=%d", x, y))
			}
		}()
	}
	wg.Wait()
}

// ReorderMutex is ReorderAtomic with one mutex taken around every single
// access (setters: lock, a++, unlock, lock, b++, unlock; the checker reads
// a and b in two critical sections); it reports (Errorf) a = 0, b = s. No
// race; deep for the same reason.
func ReorderMutex(r Reporter, s, c int) {
	var (
		mu   sync.Mutex
		a, b int
		wg   sync.WaitGroup
	)
	wg.Add(s + c)
	for range s {
		go func() {
			defer wg.Done()
			mu.Lock()
			a++
			mu.Unlock()
			mu.Lock()
			b++
			mu.Unlock()
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			mu.Lock()
			x := a
			mu.Unlock()
			mu.Lock()
			y := b
			mu.Unlock()
			if x == 0 && y == s {
				r.Errorf("reordered writes observed: a=%d b=%d", x, y)
			}
		}()
	}
	wg.Wait()
}

// ReorderPlain: the setters add to a and then b and the checker reads
// them with no synchronization at all: a data race in any schedule that
// has both (the checker's panic, a = 0 and b = s, is deep, but the race is
// what a Go checker must report, and it is not deep).
func ReorderPlain(s, c int) {
	var (
		a, b int
		wg   sync.WaitGroup
	)
	wg.Add(s + c)
	for range s {
		go func() {
			defer wg.Done()
			a++
			b++
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			if a == 0 && b == s {
				panic("reordered writes observed")
			}
		}()
	}
	wg.Wait()
}

// WronglockAtomic: w goroutines increment a counter holding mutex right,
// odd ones holding mutex wrong; the increment is an atomic load followed by
// an atomic store (no data race), so an odd goroutine's increment and a
// right one's can interleave and lose an update, which the test asserts at
// the end. Deep for a search without preemptions inside critical sections:
// a preemption between the load and the store, with the other lock's
// holder running there.
func WronglockAtomic(r Reporter, odd, w int) {
	var (
		right, wrong sync.Mutex
		counter      atomic.Int64
		wg           sync.WaitGroup
	)
	inc := func(mu *sync.Mutex) {
		defer wg.Done()
		mu.Lock()
		v := counter.Load()
		counter.Store(v + 1)
		mu.Unlock()
	}
	wg.Add(odd + w)
	for range w {
		go inc(&right)
	}
	for range odd {
		go inc(&wrong)
	}
	wg.Wait()
	if n := counter.Load(); n != int64(odd+w) {
		r.Errorf("lost update: counter = %d, want %d", n, odd+w)
	}
}

// WronglockChan is WronglockAtomic with channel semaphores (capacity one)
// as the two locks.
func WronglockChan(r Reporter, odd, w int) {
	var (
		right, wrong = make(chan struct{}, 1), make(chan struct{}, 1)
		counter      atomic.Int64
		wg           sync.WaitGroup
	)
	inc := func(sem chan struct{}) {
		defer wg.Done()
		sem <- struct{}{}
		v := counter.Load()
		counter.Store(v + 1)
		<-sem
	}
	wg.Add(odd + w)
	for range w {
		go inc(right)
	}
	for range odd {
		go inc(wrong)
	}
	wg.Wait()
	if n := counter.Load(); n != int64(odd+w) {
		r.Errorf("lost update: counter = %d, want %d", n, odd+w)
	}
}

// WronglockRW: w goroutines increment a plain counter holding an
// RWMutex's write lock, odd ones holding only its read lock (the wrong
// lock mode). A read lock excludes the write lock, so with one odd
// goroutine there is no bug; with two or more, two odd ones can increment
// together (read locks order nothing between readers): a data race between
// the odd goroutines, unless a writer's Lock comes between them.
func WronglockRW(odd, w int) {
	var (
		mu      sync.RWMutex
		counter int
		wg      sync.WaitGroup
	)
	wg.Add(odd + w)
	for range w {
		go func() {
			defer wg.Done()
			mu.Lock()
			counter++
			mu.Unlock()
		}()
	}
	for range odd {
		go func() {
			defer wg.Done()
			mu.RLock()
			counter++
			mu.RUnlock()
		}()
	}
	wg.Wait()
}

// DeadlockCycle3: three mutexes A, B, C; three goroutines take A then B,
// B then C and C then A; n others each hold one of the locks briefly. It
// deadlocks when each of the three holds its first lock and waits for its
// second: two preemptions, each right after a first lock, among n + 3
// goroutines.
func DeadlockCycle3(n int) {
	var (
		locks [3]sync.Mutex
		count [3]int
		wg    sync.WaitGroup
	)
	wg.Add(n + 3)
	for i := range n {
		go func() {
			defer wg.Done()
			locks[i%3].Lock()
			count[i%3]++
			locks[i%3].Unlock()
		}()
	}
	for i := range 3 {
		go func() {
			defer wg.Done()
			first, second := &locks[i], &locks[(i+1)%3]
			first.Lock()
			second.Lock()
			count[i]++
			count[(i+1)%3]++
			second.Unlock()
			first.Unlock()
		}()
	}
	wg.Wait()
}

// DeadlockRW: two RWMutexes A and B; one goroutine read-locks A and then
// write-locks B, another read-locks B and then write-locks A; n readers
// read-lock A and then B. It deadlocks when each of the two holds its read
// lock and waits for the other's write lock (a pending writer also blocks
// the readers' new read locks, so they can join the cycle).
func DeadlockRW(n int) {
	var (
		a, b sync.RWMutex
		x, y int
		wg   sync.WaitGroup
	)
	wg.Add(n + 2)
	for range n {
		go func() {
			defer wg.Done()
			a.RLock()
			b.RLock()
			_ = x + y
			b.RUnlock()
			a.RUnlock()
		}()
	}
	go func() {
		defer wg.Done()
		a.RLock()
		b.Lock()
		y = x + 1
		b.Unlock()
		a.RUnlock()
	}()
	go func() {
		defer wg.Done()
		b.RLock()
		a.Lock()
		x = y + 1
		a.Unlock()
		b.RUnlock()
	}()
	wg.Wait()
}

// vector is a synchronized list like deepbugs.Vector: equal holds its own
// lock and then the other's, in the order of the call.
type vector struct {
	mu    sync.Mutex
	elems []int
}

func (v *vector) add(x int) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.elems = append(v.elems, x)
}

func (v *vector) equal(o *vector) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(v.elems) != len(o.elems) {
		return false
	}
	for i := range v.elems {
		if v.elems[i] != o.elems[i] {
			return false
		}
	}
	return true
}

// DeadlockVector3: n goroutines add to three synchronized vectors and
// three compare them in a cycle (v1 with v2, v2 with v3, v3 with v1): it
// deadlocks when each comparer holds its own vector's lock and waits for
// the next one's, which the adders' many lock operations push apart.
func DeadlockVector3(n int) {
	vs := [3]*vector{{}, {}, {}}
	var wg sync.WaitGroup
	wg.Add(n + 3)
	for i := range n {
		go func() {
			defer wg.Done()
			for _, v := range vs {
				v.add(i)
			}
		}()
	}
	for i := range 3 {
		go func() {
			defer wg.Done()
			vs[i].equal(vs[(i+1)%3])
		}()
	}
	wg.Wait()
}

// DeadlockGated: n workers each add one to an atomic counter; goroutine P
// holds lock A and takes B too only if it sees every worker done, and Q
// holds B and takes A too only if it sees none done. They deadlock (A then
// B against B then A) only when Q reads the counter before any worker and P
// after all of them, with Q preempted between its read and its second lock
// all that while: a lock-order inversion that no single ordering of whole
// goroutines shows.
func DeadlockGated(n int) {
	var (
		a, b sync.Mutex
		done atomic.Int64
		wg   sync.WaitGroup
	)
	wg.Add(n + 2)
	for range n {
		go func() {
			defer wg.Done()
			done.Add(1)
		}()
	}
	go func() { // P
		defer wg.Done()
		a.Lock()
		if done.Load() == int64(n) {
			b.Lock()
			b.Unlock()
		}
		a.Unlock()
	}()
	go func() { // Q
		defer wg.Done()
		b.Lock()
		if done.Load() == 0 {
			a.Lock()
			a.Unlock()
		}
		b.Unlock()
	}()
	wg.Wait()
}

// sortedList is a sorted singly linked list under one mutex, whose
// contains and insert are each atomic but not together.
type sortedList struct {
	mu   sync.Mutex
	head *listNode
}

type listNode struct {
	key  int
	next *listNode
}

func (l *sortedList) contains(k int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for n := l.head; n != nil && n.key <= k; n = n.next {
		if n.key == k {
			return true
		}
	}
	return false
}

func (l *sortedList) insert(k int) { // no duplicate check: the callers check
	l.mu.Lock()
	defer l.mu.Unlock()
	p := &l.head
	for *p != nil && (*p).key < k {
		p = &(*p).next
	}
	*p = &listNode{key: k, next: *p}
}

// ListCheckThenAct: n goroutines each insert a key into a locked sorted
// list unless it is there (contains, then insert: check-then-act); the
// keys are distinct except that the first and the last goroutine share
// one. The set gets a duplicate, asserted at the end, only when those two
// both check before either inserts: one preemption of one of them between
// its two critical sections, with the other's whole insertion there, among
// n goroutines that all take the same lock.
func ListCheckThenAct(r Reporter, n int) {
	var (
		l  sortedList
		wg sync.WaitGroup
	)
	wg.Add(n)
	for i := range n {
		k := i
		if i == n-1 {
			k = 0
		}
		go func() {
			defer wg.Done()
			if !l.contains(k) {
				l.insert(k)
			}
		}()
	}
	wg.Wait()
	for p := l.head; p != nil && p.next != nil; p = p.next {
		if p.key == p.next.key {
			r.Errorf("duplicate key %d in the set", p.key)
		}
	}
}

// lazyNode is a node of a lazy list (Heller et al.; Herlihy and Shavit
// 9.7) with atomic links.
type lazyNode struct {
	key    int
	mu     sync.Mutex
	marked atomic.Bool
	next   atomic.Pointer[lazyNode]
}

type lazyList struct{ head, tail *lazyNode }

func newLazyList(keys ...int) *lazyList {
	l := &lazyList{head: &lazyNode{key: math.MinInt}, tail: &lazyNode{key: math.MaxInt}}
	l.head.next.Store(l.tail)
	for _, k := range keys {
		l.add(k)
	}
	return l
}

// add inserts k. Its locked path is the lazy list's (lock pred and curr,
// validate, link); its bug is a fast path for appending at the end that
// links the new node after pred with neither lock nor validation.
func (l *lazyList) add(k int) bool {
	for {
		pred := l.head
		curr := pred.next.Load()
		for curr.key < k {
			pred, curr = curr, curr.next.Load()
		}
		if curr == l.tail { // the unlocked path
			n := &lazyNode{key: k}
			n.next.Store(curr)
			pred.next.Store(n)
			return true
		}
		pred.mu.Lock()
		curr.mu.Lock()
		ok := !pred.marked.Load() && !curr.marked.Load() && pred.next.Load() == curr
		if ok && curr.key != k {
			n := &lazyNode{key: k}
			n.next.Store(curr)
			pred.next.Store(n)
		}
		curr.mu.Unlock()
		pred.mu.Unlock()
		if ok {
			return curr.key != k
		}
	}
}

func (l *lazyList) contains(k int) bool {
	curr := l.head
	for curr.key < k {
		curr = curr.next.Load()
	}
	return curr.key == k && !curr.marked.Load()
}

// LazyListTail: a lazy list holds 50; n goroutines add keys below it (the
// locked path) and two add 60 and 70 (the unlocked append path). An insert
// is lost, which the test asserts at the end, only when both appenders
// find 50's successor is the tail before either links its node: one
// preemption of an appender between its traversal and its link, with the
// other appender's whole add there.
func LazyListTail(r Reporter, n int) {
	l := newLazyList(50)
	keys := []int{60, 70}
	for i := range n {
		keys = append(keys, i+1)
	}
	var wg sync.WaitGroup
	wg.Add(len(keys))
	for _, k := range keys {
		go func() {
			defer wg.Done()
			l.add(k)
		}()
	}
	wg.Wait()
	for _, k := range keys {
		if !l.contains(k) {
			r.Errorf("lost insert: %d not in the list", k)
		}
	}
}

// plainNode and plainLazyList are lazyNode and lazyList with plain links.
type plainNode struct {
	key    int
	mu     sync.Mutex
	marked bool
	next   *plainNode
}

type plainLazyList struct{ head, tail *plainNode }

func (l *plainLazyList) add(k int) bool {
	for {
		pred := l.head
		curr := pred.next
		for curr.key < k {
			pred, curr = curr, curr.next
		}
		if curr == l.tail { // the unlocked path
			pred.next = &plainNode{key: k, next: curr}
			return true
		}
		pred.mu.Lock()
		curr.mu.Lock()
		ok := !pred.marked && !curr.marked && pred.next == curr
		if ok && curr.key != k {
			pred.next = &plainNode{key: k, next: curr}
		}
		curr.mu.Unlock()
		pred.mu.Unlock()
		if ok {
			return curr.key != k
		}
	}
}

// LazyListTailPlain is LazyListTail with plain (non-atomic) links: the
// unlocked append path writes a link that other adders read with no
// happens-before order, a data race (the lazy list's wait-free traversal
// needs atomic or volatile links).
func LazyListTailPlain(n int) {
	l := &plainLazyList{head: &plainNode{key: math.MinInt}, tail: &plainNode{key: math.MaxInt}}
	l.head.next = l.tail
	l.add(50)
	keys := []int{60, 70}
	for i := range n {
		keys = append(keys, i+1)
	}
	var wg sync.WaitGroup
	wg.Add(len(keys))
	for _, k := range keys {
		go func() {
			defer wg.Done()
			l.add(k)
		}()
	}
	wg.Wait()
}
