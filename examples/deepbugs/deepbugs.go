// Package deepbugs holds Go ports of the benchmark programs of two papers on
// finding concurrency bugs that need one particular long interleaving:
// Rungta and Mercer's meta heuristic (TwoStage, Reorder, Wronglock and the
// lock-order deadlock of Vector/Hashtable-like containers) and Kim,
// Yavuz-Kahveci and Sanders' race-directed heuristics (lists and locks of
// Herlihy and Shavit's book, a small Java Grande kernel). They were written
// from the papers' one-line descriptions, not from their code; each has
// parameters like the papers' (number of goroutines of each kind) and an
// expected verdict, asserted by the tests. BENCHMARKS.md has their tables.
package deepbugs

import (
	"fmt"
	"sync"
)

// TwoStage is the two-stage access bug (Farchi et al.'s pattern, the
// TwoStage of Rungta and Mercer): each of w writers updates a pair (a, b) in
// two critical sections under two different mutexes, a in the first and b in
// the second, although the pair is meant to change as one. Each of c
// checkers takes both mutexes once and panics when it sees every writer
// between its two stages (a = w, b = 0): the invariant a - b < w holds in
// every schedule but those where the last writer to finish its first stage
// runs before any writer's second stage, and the checker runs exactly then.
// With ten writers neither depth-first search (which runs one goroutine as
// long as it can) nor a random walk (which must preempt every writer at the
// same place) finds it in a practical budget.
func TwoStage(w, c int) {
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
			a++ // stage one
			m1.Unlock()
			m2.Lock()
			b++ // stage two
			m2.Unlock()
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			m1.Lock()
			m2.Lock()
			if a-b == w { // checker
				panic(fmt.Sprintf("two-stage update seen half done by all %d writers: a=%d b=%d", w, a, b))
			}
			m2.Unlock()
			m1.Unlock()
		}()
	}
	wg.Wait()
}

// Reorder is the reordering bug of Rungta and Mercer's Reorder: s setters
// set a = 1 and then b = -1 without synchronization, and c checkers read a
// and b and fail when they see b set but not a. In Go the setters' and the
// checkers' unsynchronized accesses are a data race, which vt reports in the
// first schedule that has both, whatever the order: under the Go memory
// model the checker's failure is undefined behaviour already.
func Reorder(s, c int) {
	var (
		a, b int
		wg   sync.WaitGroup
	)
	wg.Add(s + c)
	for range s {
		go func() {
			defer wg.Done()
			a = 1
			b = -1
		}()
	}
	for range c {
		go func() {
			defer wg.Done()
			if a == 0 && b == -1 {
				panic("reordered writes observed")
			}
		}()
	}
	wg.Wait()
}

// Wronglock is Rungta and Mercer's Wronglock: w goroutines update a shared
// counter holding one mutex, and one goroutine updates it holding another
// (the wrong lock): a data race between the odd goroutine and each of the
// others.
func Wronglock(odd, w int) {
	var (
		right, wrong sync.Mutex
		counter      int
		wg           sync.WaitGroup
	)
	wg.Add(odd + w)
	for range w {
		go func() {
			defer wg.Done()
			right.Lock()
			counter++
			right.Unlock()
		}()
	}
	for range odd {
		go func() {
			defer wg.Done()
			wrong.Lock()
			counter++
			wrong.Unlock()
		}()
	}
	wg.Wait()
}

// Vector is a synchronized growable list (Java's Vector): every method
// holds the list's own mutex. Its Equal holds its own mutex and then takes
// the other list's, as Vector.equals did, which is the circular dependency
// behind Rungta and Mercer's Deadlock subject.
type Vector struct {
	mu    sync.Mutex
	elems []int
}

// Add appends x.
func (v *Vector) Add(x int) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.elems = append(v.elems, x)
}

// Equal reports whether v and o hold the same elements, holding both locks.
func (v *Vector) Equal(o *Vector) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	o.mu.Lock() // the second lock: taken in the order of the call
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

// Deadlock is Rungta and Mercer's Deadlock subject: n goroutines add to two
// shared vectors, and one pair compares them in opposite orders (l1.Equal(l2)
// and l2.Equal(l1)); it deadlocks when each of the pair holds its own
// vector's lock and waits for the other's. The adders make the space large.
func Deadlock(pairs, n int) {
	l1, l2 := &Vector{}, &Vector{}
	var wg sync.WaitGroup
	wg.Add(n + 2*pairs)
	for i := range n {
		go func() {
			defer wg.Done()
			l1.Add(i)
			l2.Add(i)
		}()
	}
	for range pairs {
		go func() {
			defer wg.Done()
			l1.Equal(l2)
		}()
		go func() {
			defer wg.Done()
			l2.Equal(l1)
		}()
	}
	wg.Wait()
}
