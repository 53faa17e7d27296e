package semantics

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"math/rand"
	randv2 "math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// TestDeadlineMidLoop: a worker checks its deadline between steps and gives
// up, without a result, once it has passed; main waits for the result. It
// deadlocks only if the deadline fires while the worker is mid-loop: never
// when time passes only with every goroutine blocked (the worker never
// blocks before it sends). The deadline is short (1ms): a slow machine may
// reach it mid-loop.
func TestDeadlineMidLoop(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		deadline := time.NewTimer(time.Millisecond)
		result := make(chan int)
		go func() {
			sum := 0
			for i := range 3 {
				select {
				case <-deadline.C:
					return // timed out: gives up without a result
				default:
				}
				sum += i
			}
			result <- sum
		}()
		<-result
	})
}

// TestSleepStrictlyAfter: a goroutine woken by a timer sees strictly more
// time passed than it waited for, and a loop that waits until a deadline
// has passed ends.
func TestSleepStrictlyAfter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		start := time.Now()
		time.Sleep(10 * time.Millisecond)
		require.Greater(t, time.Since(start), 10*time.Millisecond)

		deadline := time.Now().Add(20 * time.Millisecond)
		for !time.Now().After(deadline) {
			time.Sleep(time.Until(deadline))
		}
		<-time.After(time.Millisecond)
		require.True(t, time.Now().After(deadline))
	})
}

// TestTimeMonotonic: time.Now never goes back, and a timer that fired has
// its deadline behind the clock, while other goroutines run and wait.
func TestTimeMonotonic(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		start := time.Now()
		timer := time.NewTimer(30 * time.Millisecond)
		done := make(chan time.Time)
		go func() {
			time.Sleep(10 * time.Millisecond)
			done <- time.Now()
		}()
		last := start
		for range 3 {
			select {
			case fired := <-timer.C:
				require.False(t, fired.Before(start.Add(30*time.Millisecond)), "fired at its deadline or later")
				require.False(t, time.Now().Before(fired))
			default:
			}
			now := time.Now()
			require.False(t, now.Before(last), "time.Now is monotonic")
			last = now
		}
		woke := <-done
		require.Greater(t, woke.Sub(start), 10*time.Millisecond)
	})
}

// TestJitterRetry: a client retries a request after a random backoff of 0
// to 3 ticks; before the retry it checks again whether it was stopped,
// except that the longest backoff (3) skips the check. A second goroutine
// stops it: an attempt after stop happens only when the draw is 3 and the
// stop interleaves between the first check and the retry (in native Go
// about 1 run in 8).
func TestJitterRetry(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		stopped, late := false, false
		done := make(chan struct{})
		go func() {
			defer close(done)
			mu.Lock()
			stopped = true
			mu.Unlock()
		}()
		mu.Lock()
		s := stopped
		mu.Unlock()
		if !s {
			backoff := rand.Intn(4)
			mu.Lock()
			if backoff < 3 && stopped {
				mu.Unlock()
				<-done
				return
			}
			late = stopped // the retry: an attempt after stop is a bug
			mu.Unlock()
		}
		<-done
		require.False(t, late, "attempt after stop")
	})
}

// TestMapOrder: processing the jobs of a map in iteration order fails only
// when "commit" comes before "prepare": reachable because each range
// over a map starts at an entry of the explorer's choice.
func TestMapOrder(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		jobs := map[string]int{"prepare": 1, "work": 2, "commit": 3}
		prepared := false
		for name := range jobs {
			switch name {
			case "prepare":
				prepared = true
			case "commit":
				require.True(t, prepared, "commit before prepare")
			}
		}
	})
}

// TestSeededFromClock: a generator seeded from the clock is an input too.
func TestSeededFromClock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		r := rand.New(rand.NewSource(time.Now().UnixNano()))
		require.NotEqual(t, 3, r.Intn(5))
	})
}

// TestSeededConstant: a generator seeded with a constant is deterministic,
// as in Go: the same numbers in every execution.
func TestSeededConstant(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		r := rand.New(rand.NewSource(42))
		want := rand.New(rand.NewSource(42)).Intn(1000)
		require.Equal(t, want, r.Intn(1000))
		r2 := randv2.New(randv2.NewPCG(1, 2))
		require.Equal(t, randv2.New(randv2.NewPCG(1, 2)).IntN(1000), r2.IntN(1000))
	})
}

// TestPermV2: math/rand/v2's Perm is a choice: one of the 6 orders fails.
func TestPermV2(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p := randv2.Perm(3)
		require.NotEqual(t, []int{2, 1, 0}, p)
	})
}

// TestSeededFromCrypto: a PCG seeded from crypto/rand is an input: its
// bounded draws are enumerated.
func TestSeededFromCrypto(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var b [16]byte
		_, err := crand.Read(b[:])
		require.NoError(t, err)
		r := randv2.New(randv2.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])))
		require.NotEqual(t, 2, r.IntN(3))
	})
}

// TestTicking never ends: it takes ticks from a ticker forever, while a
// second goroutine takes ticks from another (verdict steps). The benchmark
// of the cost of a step runs it under growing step bounds.
func TestTicking(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		other := time.NewTicker(3 * time.Millisecond)
		go func() {
			for range other.C {
			}
		}()
		tk := time.NewTicker(time.Millisecond)
		for range tk.C {
		}
	})
}

// TestPollDeadline does steps of work until a deadline's channel says
// stop: the loop ends because time passes while it runs (under the synctest
// clock it never would, and vt would report a livelock).
func TestPollDeadline(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		deadline := time.After(10 * time.Millisecond)
		var mu sync.Mutex
		n := 0
		for {
			select {
			case <-deadline:
				return
			default:
				mu.Lock()
				n++
				mu.Unlock()
			}
		}
	})
}

// A call into the standard library that passes several idle scheduling
// points (context.AfterFunc's loads, its select with a default) is one step
// of the program, not a loop that polls: the hour's timeout set just
// before does not pass in the first schedule.
func TestLibraryCallIsNoPoll(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		parent, cancelParent := context.WithCancel(context.Background())
		defer cancelParent()
		child, stop := context.WithTimeout(parent, time.Hour)
		defer stop()
		stopAfter := context.AfterFunc(parent, func() {})
		defer stopAfter()
		select {
		case <-child.Done():
			t.Fatalf("an hour passed")
		default:
		}
	})
}

// A ticker of 1ns that nobody reads while the program sleeps a second in
// all: its channel is full after the first tick, so the clock jumps from
// sleep to sleep (the ticker's tick waits in its channel).
func TestIdleTickerJumps(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		tk := time.NewTicker(time.Nanosecond)
		defer tk.Stop()
		for range 100 {
			time.Sleep(10 * time.Millisecond)
		}
		<-tk.C
	})
}

// TestTimersStoppedInTime: goroutines each set a 2 s timer, sleep 1 s and
// stop it (time's TestTimerStopStress). On a real clock no timer fires:
// the test goroutine's loop starting them works (it is no poll), and
// takes microseconds, so time does not pass while it runs in the first
// schedule; only a preemption (time passing early) fires one.
func TestTimersStoppedInTime(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var fired atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 40; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				timer := time.AfterFunc(2*time.Second, func() { fired.Add(1) })
				time.Sleep(time.Second)
				timer.Stop()
			}()
		}
		wg.Wait()
		if n := fired.Load(); n != 0 {
			t.Fatalf("%d timers fired", n)
		}
	})
}
