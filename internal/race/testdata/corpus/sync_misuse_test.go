package corpus

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// Misuse of package sync that Go's race detector or runtime reports.
// TestMisuse... programs fail with the runtime's panic or fatal error in
// every execution (their expected verdicts are in misuse_test.go of
// package race); TestRace... and TestNoRace... are labeled as in the rest
// of the corpus.

// WaitGroup.Add from zero in a goroutine while Wait blocks: -race reports
// it as a race on the WaitGroup (Add reads its semaphore word, the first
// Wait to block writes it). Natively the sleeps make Wait block while the
// worker's Add is done and its Done is not; under vt the schedule in which
// Add comes first is one of many.
func TestRaceWaitGroupAddConcurrentWithWait(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		go func() {
			wg.Add(1)
			time.Sleep(200 * time.Millisecond)
			wg.Done()
		}()
		time.Sleep(20 * time.Millisecond)
		wg.Wait()
	})
}

// A WaitGroup reused for a second round by a goroutine that is not
// ordered after the first Wait: the second Add (from zero) races with the
// first Wait (which blocked). Natively the sleep makes Wait block before
// the worker's Done and Add.
func TestRaceWaitGroupReuseUnordered(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		done := make(chan bool)
		go func() {
			wg.Wait()
			done <- true
		}()
		go func() {
			time.Sleep(20 * time.Millisecond)
			wg.Done()
			wg.Add(1)
			wg.Done()
		}()
		<-done
	})
}

// A worker adds more work while the counter is positive: Add is not from
// zero, so it need not be ordered with Wait.
func TestNoRaceWaitGroupAddWhilePositive(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		results := make([]int, 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[0] = 1
			wg.Add(1)
			go func() { defer wg.Done(); results[1] = 2 }()
		}()
		wg.Wait()
		_ = results[0] + results[1]
	})
}

// One WaitGroup for several rounds, each Add ordered after the previous
// Wait.
func TestNoRaceWaitGroupRounds(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		sum := 0
		for round := range 2 {
			part := 0
			wg.Add(1)
			go func() { defer wg.Done(); part = round + 1 }()
			wg.Wait()
			sum += part
		}
		_ = sum
	})
}

// WaitGroup.Go adds before starting the goroutine and is done after it.
func TestNoRaceWaitGroupGo(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		out := make([]int, 2)
		for i := range out {
			wg.Go(func() { out[i] = i * i })
		}
		wg.Wait()
		_ = out[1]
	})
}

// Done without Add: the runtime panics "sync: negative WaitGroup counter".
func TestMisuseWaitGroupNegative(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		wg.Done()
		wg.Done()
	})
}

// The negative counter is an ordinary panic: recover catches it.
func TestMisuseWaitGroupNegativeRecovered(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		defer func() {
			if r := recover(); r != "sync: negative WaitGroup counter" {
				t.Errorf("recovered %v", r)
			}
		}()
		wg.Add(-1)
	})
}

// Unlock of an unlocked Mutex is a fatal error: recover cannot catch it.
func TestMisuseUnlockOfUnlockedMutex(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		defer func() { recover() }()
		mu.Lock()
		mu.Unlock()
		mu.Unlock()
	})
}

// Two goroutines unlock a mutex locked once: one of them fails fatally,
// whichever comes second.
func TestMisuseDoubleUnlockTwoGoroutines(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		mu.Lock()
		done := make(chan bool)
		go func() { mu.Unlock(); done <- true }()
		mu.Unlock()
		<-done
	})
}

// Unlock of an RWMutex that is not write-locked (only read-locked).
func TestMisuseRWMutexUnlockOfUnlocked(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.RWMutex
		defer func() { recover() }()
		mu.RLock()
		mu.Unlock()
	})
}

// RUnlock of an RWMutex that is not read-locked.
func TestMisuseRWMutexRUnlockOfUnlocked(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.RWMutex
		defer func() { recover() }()
		mu.Lock()
		mu.Unlock()
		mu.RUnlock()
	})
}

// A write under a lock and a read after taking and releasing the same lock,
// outside it: ordered when the writer took the lock first, a race when the
// reader did. Natively the Gosched makes the writer run first in most
// runs, and -race reports the race only in the others; vt explores both
// orders. With one execution (-vt.execs=1, the writer first) the lockset
// detector warns of the pair: it was ordered only by lock order, and no
// lock is held at both accesses.
func TestRaceLockOrderOnly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		x := 0
		go func() {
			mu.Lock()
			x++
			mu.Unlock()
		}()
		runtime.Gosched()
		mu.Lock()
		mu.Unlock()
		_ = x
	})
}
