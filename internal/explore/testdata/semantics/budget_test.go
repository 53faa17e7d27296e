package semantics

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// TestLeakBlocked returns while a goroutine waits on a channel nobody will
// use, and a ticker nobody reads is left running: a leak, reported at once
// (the run used to fire the ticker forever, not even counting steps).
func TestLeakBlocked(t *testing.T) {
	time.NewTicker(time.Second)
	ch := make(chan int)
	go func() { <-ch }()
}

// TestLeakInSubtest leaks a goroutine from the second of two subtests,
// through a helper goroutine: the report names that subtest.
func TestLeakInSubtest(t *testing.T) {
	t.Run("clean", func(t *testing.T) {
		done := make(chan int)
		go func() { close(done) }()
		<-done
	})
	t.Run("leaky one", func(t *testing.T) {
		ch := make(chan int)
		started := make(chan int)
		go func() {
			go func() { <-ch }()
			close(started)
		}()
		<-started
	})
}

// TestLeakTicker returns while a goroutine ranges over a ticker nobody
// stops: it waits only for timers, a leak reported at once (it used to
// tick until the step bound, for seconds).
func TestLeakTicker(t *testing.T) {
	tk := time.NewTicker(time.Millisecond)
	go func() {
		for range tk.C {
		}
	}()
}

// TestLeakSleepLoop returns while a goroutine sleeps in a loop forever.
func TestLeakSleepLoop(t *testing.T) {
	go func() {
		for {
			time.Sleep(time.Millisecond)
		}
	}()
}

// TestLeakRunning returns while a goroutine computes forever: it runs
// until the step bound.
func TestLeakRunning(t *testing.T) {
	go func() {
		for i := 0; i >= 0; i = (i + 1) & 0xffff {
		}
	}()
}

// TestEndless never returns and never reaches a scheduling point.
func TestEndless(t *testing.T) {
	for {
	}
}

// TestEndlessCompute computes forever between scheduling points.
func TestEndlessCompute(t *testing.T) {
	ch := make(chan int, 1)
	for i := 0; ; i++ {
		ch <- i
		for j := 0; j >= 0; j = (j + 1) & 0xffff {
		}
		<-ch
	}
}

// TestGraceSleepEnds returns while goroutines sleep a second and end, as
// time's TestAfterFunc does: within the grace period, no leak.
func TestGraceSleepEnds(t *testing.T) {
	var stop atomic.Bool
	go func() {
		for !stop.Load() {
			time.Sleep(time.Nanosecond)
		}
	}()
	for range 3 {
		go time.Sleep(time.Second)
	}
	stop.Store(true)
}

// TestGraceSleepTooLong returns while a goroutine sleeps beyond the grace
// period: it leaks.
func TestGraceSleepTooLong(t *testing.T) {
	go time.Sleep(time.Minute)
}

// TestSlowSetup computes for a while before its vt.Check call (as a test
// that builds a large fixture does): that set-up is not charged to the
// exploration's time budget, which explores the function to its end.
func TestSlowSetup(t *testing.T) {
	sum := 0
	for i := range 4_000_000 {
		sum += i % 7
	}
	vt.Check(t, func(t *vt.T) {
		if sum != 11_999_994 {
			t.Fatalf("sum %d", sum)
		}
	})
}
