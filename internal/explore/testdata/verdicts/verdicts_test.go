package verdicts

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// TestOK is correct: two goroutines increment under a mutex.
func TestOK(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		n := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); mu.Lock(); n++; mu.Unlock() }()
		}
		wg.Wait()
		require.Equal(t, 2, n)
	})
}

// TestDeadlock takes two locks in opposite orders.
func TestDeadlock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a, b sync.Mutex
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); a.Lock(); b.Lock(); b.Unlock(); a.Unlock() }()
		go func() { defer wg.Done(); b.Lock(); a.Lock(); a.Unlock(); b.Unlock() }()
		wg.Wait()
	})
}

// TestLeak leaves a sender blocked when it runs before the flag is set.
func TestLeak(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		ready := false
		ch := make(chan int)
		go func() {
			mu.Lock()
			r := ready
			mu.Unlock()
			if !r {
				ch <- 1 // nobody receives
			}
		}()
		mu.Lock()
		ready = true
		mu.Unlock()
	})
}

// TestPanic pops from a shared stack after checking its length in a
// separate critical section.
func TestPanic(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		items := []int{1}
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mu.Lock()
				n := len(items)
				mu.Unlock()
				if n > 0 {
					mu.Lock()
					_ = items[len(items)-1] // index out of range if the other popped
					items = items[:len(items)-1]
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	})
}

// TestAssert withdraws twice with a check-then-act race on the balance.
func TestAssert(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		balance := 100
		withdraw := func(amount int) {
			mu.Lock()
			ok := balance >= amount
			mu.Unlock()
			if ok {
				mu.Lock()
				balance -= amount
				mu.Unlock()
			}
		}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); withdraw(60) }()
		go func() { defer wg.Done(); withdraw(60) }()
		wg.Wait()
		if balance < 0 {
			t.Errorf("balance went negative: %d", balance)
		}
	})
}

// TestSteps spins forever when the other goroutine ran first.
func TestSteps(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a atomic.Int32
		go func() { a.Store(1) }()
		if a.Load() == 1 {
			for a.Load() != 2 {
				runtime.Gosched()
			}
		}
	})
}

// TestSpinOK waits for a flag by spinning, with and without
// runtime.Gosched: correct under Go's fair scheduler, so not a livelock.
func TestSpinOK(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a, b atomic.Bool
		go func() { a.Store(true) }()
		go func() { b.Store(true) }()
		for !a.Load() {
			runtime.Gosched()
		}
		for !b.Load() {
		}
	})
}

// TestTable is table-driven: each subtest's vt.Check captures its case.
func TestTable(t *testing.T) {
	for _, tc := range []struct {
		name     string
		reversed bool
	}{{"same order", false}, {"reversed order", true}} {
		t.Run(tc.name, func(t *testing.T) {
			vt.Check(t, func(t *vt.T) { twoLocks(tc.reversed) })
		})
	}
}

// twoLocks takes two locks in two goroutines, in opposite orders when
// reversed (a deadlock).
func twoLocks(reversed bool) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Lock(); b.Lock(); b.Unlock(); a.Unlock() }()
	go func() {
		defer wg.Done()
		first, second := &a, &b
		if reversed {
			first, second = &b, &a
		}
		first.Lock()
		second.Lock()
		second.Unlock()
		first.Unlock()
	}()
	wg.Wait()
}

// TestTwoChecks calls vt.Check twice: the first function is correct, the
// second deadlocks.
func TestTwoChecks(t *testing.T) {
	vt.Check(t, func(t *vt.T) { twoLocks(false) })
	vt.Check(t, func(t *vt.T) { twoLocks(true) })
}

// TestHelper calls vt.Check from a helper function.
func TestHelper(t *testing.T) {
	checkLocks(t, true)
}

func checkLocks(t *testing.T, reversed bool) {
	t.Helper()
	vt.Check(t, func(t *vt.T) { twoLocks(reversed) })
}

// TestTestifyTrace fails a testify assertion in its function.
func TestTestifyTrace(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		require.Equal(t, 1, 2, "one is not two")
	})
}

// TestLeakRunning leaves a goroutine spinning forever after the function
// returned, when the goroutine runs before the flag is set.
func TestLeakRunning(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var ready atomic.Bool
		go func() {
			if !ready.Load() {
				for {
					runtime.Gosched()
				}
			}
		}()
		ready.Store(true)
	})
}
