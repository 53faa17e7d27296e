package corpus

import (
	"sort"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vtcheck/vt/internal/race/testdata/corpus/lib"
	"github.com/vtcheck/vt/vt"
)

// A done flag without atomics.
func TestRaceDoneFlag(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		done := false
		data := 0
		go func() {
			data = 1
			done = true
		}()
		if done {
			_ = data
		}
	})
}

// A race only in a rare interleaving of three goroutines: g3 reads x only
// after both g1 and g2 incremented n, and g1 writes x outside the lock.
func TestRaceThreeGoroutinesRare(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		n, x := 0, 0
		var wg sync.WaitGroup
		wg.Add(3)
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
			x = 1
		}()
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
		}()
		go func() {
			defer wg.Done()
			mu.Lock()
			c := n
			mu.Unlock()
			if c == 2 {
				_ = x
			}
		}()
		wg.Wait()
	})
}

// Concurrent writes to a map.
func TestRaceMap(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[int]int{}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); m[1] = 1 }()
		go func() { defer wg.Done(); m[2] = 2 }()
		wg.Wait()
	})
}

// A map read concurrently with a write.
func TestRaceMapReadWrite(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[int]int{1: 1}
		done := make(chan bool)
		go func() { _ = m[1]; done <- true }()
		m[2] = 2
		<-done
	})
}

// Concurrent appends to a shared slice.
func TestRaceAppend(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var s []int
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); s = append(s, 1) }()
		go func() { defer wg.Done(); s = append(s, 2) }()
		wg.Wait()
	})
}

// WaitGroup.Add inside the goroutine: Wait may return before it. (Natively
// -race misses it when the goroutine runs to its end before Wait, in about
// one run of five.)
func TestRaceWaitGroupAddInGoroutine(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		x := 0
		go func() {
			wg.Add(1)
			x = 1
			wg.Done()
		}()
		wg.Wait()
		_ = x
	})
}

// A race only on the second iteration: the worker's read of buf (after
// receive #0) is not ordered before main's second write.
func TestRaceSecondIteration(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := 0
		ch := make(chan bool)
		done := make(chan bool)
		go func() {
			<-ch
			_ = buf
			<-ch
			done <- true
		}()
		for i := range 2 {
			buf = i
			ch <- true
		}
		<-done
	})
}

// A read followed by an unordered write (a read-write race).
func TestRaceReadWrite(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		done := make(chan bool)
		go func() {
			_ = x
			done <- true
		}()
		x = 1
		<-done
	})
}

// A write under a lock, a read without it.
func TestRaceUnlockedRead(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		n := 0
		done := make(chan bool)
		go func() { mu.Lock(); n++; mu.Unlock(); done <- true }()
		_ = n
		<-done
	})
}

// A semaphore of capacity 2 does not exclude two goroutines. (Natively the
// first goroutine is usually done before the second starts, and the
// buffered channel then orders them: -race sees the race only when they
// overlap.)
func TestRaceSemaphoreCapacity2(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		sem := make(chan struct{}, 2)
		n := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				n++
				<-sem
			}()
		}
		wg.Wait()
	})
}

// Two goroutines write the same field.
func TestRaceSameField(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var p struct{ x, y int }
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); p.x = 1 }()
		go func() { defer wg.Done(); p.x = 2 }()
		wg.Wait()
	})
}

// Two goroutines write the same slice element.
func TestRaceSameElement(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 2)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); s[1] = 1 }()
		go func() { defer wg.Done(); s[1] = 2 }()
		wg.Wait()
	})
}

// Writes under RLock: readers do not exclude each other.
func TestRaceWriteUnderRLock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.RWMutex
		n := 0
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); mu.RLock(); n++; mu.RUnlock() }()
		go func() { defer wg.Done(); mu.RLock(); n++; mu.RUnlock() }()
		wg.Wait()
	})
}

// The data is written after the atomic flag is set. (Natively the function
// usually returns before the goroutine runs, so the load sees false: -race
// sees the race only when the goroutine stores the flag first.)
func TestRaceAtomicFlagTooEarly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var ready atomic.Bool
		data := 0
		go func() {
			ready.Store(true)
			data = 42
		}()
		if ready.Load() {
			_ = data
		}
	})
}

// The sender writes after the send.
func TestRaceWriteAfterSend(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p := &struct{ x int }{}
		ch := make(chan bool, 1)
		go func() { <-ch; _ = p.x }()
		ch <- true
		p.x = 1
	})
}

// The closer writes after close.
func TestRaceWriteAfterClose(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		done := make(chan struct{})
		go func() { <-done; _ = x }()
		close(done)
		x = 1
	})
}

// One goroutine initializes through Once, the other reads without it.
func TestRaceOnceBypassed(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var once sync.Once
		cfg := 0
		go func() { once.Do(func() { cfg = 1 }) }()
		_ = cfg
	})
}

// Sorting a shared slice in two goroutines: the race is inside package
// sort, reported at the user's calls.
func TestRaceInLibrary(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{3, 1, 2}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); sort.Ints(s) }()
		go func() { defer wg.Done(); sort.Ints(s) }()
		wg.Wait()
	})
}

// The parent writes after the go statement.
func TestRaceAfterGoStatement(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		go func() { _ = x }()
		x = 1
	})
}

// A buffered channel's message does not order the receiver's later write
// before the sender's next access (no rendezvous).
func TestRaceBufferedNoAck(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		ch := make(chan bool, 1)
		go func() { <-ch; x = 1 }()
		ch <- true
		_ = x
	})
}

// Done before the write: Wait does not cover it.
func TestRaceDoneBeforeWrite(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		x := 0
		wg.Add(1)
		go func() {
			wg.Done()
			x = 1
		}()
		wg.Wait()
		_ = x
	})
}

// The same unsynchronized library counter as TestNoRaceTrustedPackage, not
// trusted: the race is inside package lib, reported at the user's calls.
func TestRaceUntrustedPackage(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		n := 0
		done := make(chan bool)
		go func() { lib.Inc(&n); done <- true }()
		lib.Inc(&n)
		<-done
	})
}
