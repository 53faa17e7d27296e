package pick

import (
	"sync"
	"sync/atomic"
	"testing"
)

// swaps starts n goroutines that each swap k values into one word, as
// sync/atomic's TestValueSwapConcurrent does, and checks what they saw.
// They start together: all n are runnable from then on.
func swaps(t *testing.T, n, k int) {
	var v atomic.Int64
	var sum atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			var s int64
			for j := range k {
				s += v.Swap(int64(i*k + j + 1))
			}
			sum.Add(s)
		}()
	}
	close(start)
	wg.Wait()
	total := sum.Load() + v.Load()
	if want := int64(n*k) * int64(n*k+1) / 2; total != want {
		t.Fatalf("swapped values sum to %d, want %d", total, want)
	}
}

func TestSwaps(t *testing.T) { swaps(t, 40, 30) }

// TestLocks: goroutines take a mutex in turn between atomics, so that
// goroutines stop at a Lock of a held mutex (interp.Goroutine.WouldBlock).
func TestLocks(t *testing.T) {
	var mu sync.Mutex
	var n atomic.Int64
	total := 0
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				n.Add(1)
				mu.Lock()
				total++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if total != 80 || n.Load() != 80 {
		t.Fatalf("total %d, n %d", total, n.Load())
	}
}

// TestSpinners: goroutines spin on a CompareAndSwap until the last one
// stores the flag, while others count.
func TestSpinners(t *testing.T) {
	var flag, count atomic.Int32
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for !flag.CompareAndSwap(1, 1) {
			}
		}()
		go func() {
			defer wg.Done()
			for range 20 {
				count.Add(1)
			}
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); flag.Store(1) }()
	wg.Wait()
}

// TestBadSwap has a schedule-dependent failure: a goroutine checks a word
// another may have swapped between two of its loads.
func TestBadSwap(t *testing.T) {
	var v atomic.Int64
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				v.Swap(int64(i))
			}
			if i == 3 && v.Load() != v.Load() {
				t.Error("the word changed between two loads")
			}
		}()
	}
	wg.Wait()
}

// TestRunnable1k and TestRunnable10k: n goroutines stay runnable while
// each of them swaps 40 times in turn (pick_test.go's cost per point).
func TestRunnable1k(t *testing.T)  { swaps(t, 1000, 40) }
func TestRunnable10k(t *testing.T) { swaps(t, 10000, 40) }

// TestHeldLock: one goroutine spins holding a mutex until another, which
// counts, sets a flag, while others stop at the Lock of the held mutex
// (points where a goroutine would block).
func TestHeldLock(t *testing.T) {
	var mu sync.Mutex
	var flag atomic.Bool
	var count atomic.Int32
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		for !flag.Load() {
		}
		mu.Unlock()
	}()
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			count.Add(1)
			mu.Unlock()
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 100 {
			count.Add(1)
		}
		flag.Store(true)
	}()
	wg.Wait()
	if count.Load() != 103 {
		t.Fatalf("count %d", count.Load())
	}
}
