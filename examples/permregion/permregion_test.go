package permregion

import (
	"sync"
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// TestOverlappingWriteRegions deposits from two goroutines without a lock:
// vt finds the interleaving where both write regions are open at once
// (race detection off: see TestRegionsOrderNothing).
func TestOverlappingWriteRegions(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		a := &Account{}
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); Deposit(a, 10) }()
		}
		wg.Wait()
	}, vt.Race(false), vt.Expect("region"))
}

// TestRegionsOrderNothing is TestOverlappingWriteRegions with race
// detection on: annotations are no locks, so the two deposits' accesses to
// the balance are unordered in every schedule, and the first execution
// already has the race.
func TestRegionsOrderNothing(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		a := &Account{}
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); Deposit(a, 10) }()
		}
		wg.Wait()
	}, vt.Expect("race"))
}

// TestLockedWriteRegions serializes the deposits with a mutex: the regions
// never overlap, in any interleaving.
func TestLockedWriteRegions(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		a := &Account{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mu.Lock()
				defer mu.Unlock()
				Deposit(a, 10)
			}()
		}
		wg.Wait()
		if a.Balance != 20 {
			t.Errorf("balance %d, want 20", a.Balance)
		}
	}, vt.Time(3*time.Second)) // every annotation is a scheduling point, which makes the space large: sample it
}
