package peterson

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// contend runs two goroutines that each enter the critical section rounds
// times, and fails t if both are ever inside at once.
func contend(t *vt.T, l Locker, rounds int) {
	var inside atomic.Int32 // goroutines in the critical section
	entries := 0            // protected by l
	var wg sync.WaitGroup
	for id := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				l.Lock(id)
				if n := inside.Add(1); n == 2 {
					t.Errorf("mutual exclusion violated: goroutine %d entered while the other was inside", id)
				}
				entries++
				inside.Add(-1)
				l.Unlock(id)
			}
		}()
	}
	wg.Wait()
	if entries != 2*rounds {
		t.Errorf("entries = %d, want %d", entries, 2*rounds)
	}
}

// TestFlagsOnlyLivelocks: both goroutines raise their flags, then spin
// waiting for each other forever.
func TestFlagsOnlyLivelocks(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		contend(t, new(FlagsOnly), 1)
	}, vt.Strategy("random"), vt.Seed(1), vt.Steps(10000), vt.Expect("steps"))
}

// TestCheckThenSetBreaksExclusion: both goroutines see the other's flag
// down, then both enter and race on the counter of the critical section.
func TestCheckThenSetBreaksExclusion(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		contend(t, new(CheckThenSet), 1)
	}, vt.Strategy("random"), vt.Seed(1), vt.Expect("race"))
}

// TestPeterson: mutual exclusion holds and both goroutines finish in every
// interleaving.
func TestPeterson(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		contend(t, new(Peterson), 2)
	}, vt.Strategy("random"), vt.Seed(1), vt.Time(1500*time.Millisecond))
}
