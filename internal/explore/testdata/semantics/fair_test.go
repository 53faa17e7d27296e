package semantics

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSpinGosched: two goroutines spin with runtime.Gosched until a third
// stores a flag. It ends under every fair schedule.
func TestSpinGosched(t *testing.T) {
	var flag atomic.Bool
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !flag.Load() {
				runtime.Gosched()
			}
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); flag.Store(true) }()
	wg.Wait()
}

// TestSpinPoll: two goroutines poll an atomic, without Gosched.
func TestSpinPoll(t *testing.T) {
	var flag atomic.Int32
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for flag.Load() == 0 {
			}
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); flag.Store(1) }()
	wg.Wait()
}

// TestSpinTryLock: two goroutines retry TryLock until the holder unlocks.
func TestSpinTryLock(t *testing.T) {
	var mu sync.Mutex
	mu.Lock()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !mu.TryLock() {
			}
			mu.Unlock()
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); mu.Unlock() }()
	wg.Wait()
}

// TestSpinCAS: two goroutines retry a CompareAndSwap that succeeds only
// once a third has stored 1.
func TestSpinCAS(t *testing.T) {
	var state atomic.Int32
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !state.CompareAndSwap(1, 1) {
			}
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); state.Store(1) }()
	wg.Wait()
}

// TestSpinClosedChannel: two goroutines keep receiving from a closed
// channel until a flag is set.
func TestSpinClosedChannel(t *testing.T) {
	done := make(chan struct{})
	close(done)
	var ready atomic.Bool
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				<-done
				if ready.Load() {
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); ready.Store(true) }()
	wg.Wait()
}

// semaphore is a counting semaphore whose TryAcquire takes a mutex, as
// golang.org/x/sync/semaphore's does.
type semaphore struct {
	mu sync.Mutex
	n  int
}

func (s *semaphore) TryAcquire() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n > 0 {
		s.n--
		return true
	}
	return false
}

func (s *semaphore) Release() {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
}

// TestSpinTryAcquire: two goroutines retry TryAcquire (lock, check,
// unlock: no idle operation) until a third releases.
func TestSpinTryAcquire(t *testing.T) {
	var s semaphore
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !s.TryAcquire() {
			}
			s.Release()
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); s.Release() }()
	wg.Wait()
}

// TestLivelock: each goroutine raises its flag, then waits for the other's
// to drop: no fair schedule ends.
func TestLivelock(t *testing.T) {
	var flags [2]atomic.Bool
	var wg sync.WaitGroup
	for id := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			flags[id].Store(true)
			for flags[1-id].Load() {
			}
			flags[id].Store(false)
		}()
	}
	wg.Wait()
}

// TestStepBound runs long and makes progress all along: the step bound
// stops it, and vt does not call it a livelock.
func TestStepBound(t *testing.T) {
	ch := make(chan int, 1)
	for i := 0; ; i++ {
		ch <- i
		<-ch
	}
}
