package timers

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// sum is work that never waits for time.
func sum(n int) int {
	s := 0
	for i := range n {
		s += i
	}
	return s
}

// TestSafetyAfter: a worker computes and sends; the test fails if it
// takes two seconds.
func TestSafetyAfter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		done := make(chan int)
		go func() { done <- sum(1000) }()
		select {
		case s := <-done:
			require.Equal(t, 499500, s)
		case <-time.After(2 * time.Second):
			t.Fatal("worker timed out")
		}
	})
}

// TestSafetyContext: fetchers that only send, collected under a context
// with a 5 s timeout.
func TestSafetyContext(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		results := make(chan int, 3)
		for i := range 3 {
			go func() { results <- sum(10 * (i + 1)) }()
		}
		total := 0
		for range 3 {
			select {
			case r := <-results:
				total += r
			case <-ctx.Done():
				t.Fatalf("fetch: %v", ctx.Err())
			}
		}
		require.Equal(t, 45+190+435, total)
	})
}

// TestSafetyContextPoll: a worker polls its context between steps of
// work; the 100 ms timeout never fires before the steps are done.
func TestSafetyContextPoll(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		var mu sync.Mutex
		n := 0
		done := make(chan error)
		go func() {
			for range 5 {
				if err := ctx.Err(); err != nil {
					done <- err
					return
				}
				mu.Lock()
				n++
				mu.Unlock()
			}
			done <- nil
		}()
		require.NoError(t, <-done)
		mu.Lock()
		require.Equal(t, 5, n)
		mu.Unlock()
	})
}

// TestPollFlag: the test polls a flag every 10 ms up to a 1 s deadline,
// while a worker sets it after its work.
func TestPollFlag(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var ready atomic.Bool
		go func() {
			sum(100)
			ready.Store(true)
		}()
		deadline := time.Now().Add(time.Second)
		for !ready.Load() {
			if time.Now().After(deadline) {
				t.Fatal("never ready")
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// TestPollFlagSpin: as TestPollFlag, spinning with runtime.Gosched-free
// polls of a select on a 1 s timer between loads.
func TestPollFlagSpin(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var ready atomic.Bool
		go func() {
			sum(100)
			ready.Store(true)
		}()
		timeout := time.After(time.Second)
		for !ready.Load() {
			select {
			case <-timeout:
				t.Fatal("never ready")
			default:
			}
		}
	})
}

// TestHeartbeat: a ticker beats every 10 ms; a monitor counts three beats
// and stops it; a 1 s safety net guards the test.
func TestHeartbeat(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		tk := time.NewTicker(10 * time.Millisecond)
		defer tk.Stop()
		beats := make(chan int)
		go func() {
			for i := 1; i <= 3; i++ {
				<-tk.C
				beats <- i
			}
			close(beats)
		}()
		got := 0
		safety := time.After(time.Second)
		for {
			select {
			case _, ok := <-beats:
				if !ok {
					require.Equal(t, 3, got)
					return
				}
				got++
			case <-safety:
				t.Fatal("heartbeat stopped")
			}
		}
	})
}

// TestBackoff: an operation that fails twice is retried after 1, then
// 2 ms; the elapsed time is what the back-off waited, to the millisecond,
// while another goroutine works alongside.
func TestBackoff(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		other := 0
		go func() {
			mu.Lock()
			other = sum(10)
			mu.Unlock()
		}()
		attempts := 0
		op := func() error {
			attempts++
			if attempts < 3 {
				return errors.New("busy")
			}
			return nil
		}
		start := time.Now()
		backoff := time.Millisecond
		for op() != nil {
			time.Sleep(backoff)
			backoff *= 2
		}
		elapsed := time.Since(start)
		require.Equal(t, 3, attempts)
		require.GreaterOrEqual(t, elapsed, 3*time.Millisecond)
		require.Less(t, elapsed, 4*time.Millisecond)
		mu.Lock()
		_ = other
		mu.Unlock()
	})
}

// TestTimeoutLeaksWorker: the worker takes 20 ms; the caller gives up
// after 10 ms and returns, and the worker's send blocks for ever: a leak,
// in the first execution (deadline order, no early firing needed).
func TestTimeoutLeaksWorker(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		res := make(chan int)
		go func() {
			time.Sleep(20 * time.Millisecond)
			res <- 1
		}()
		select {
		case <-res:
		case <-time.After(10 * time.Millisecond):
		}
	})
}

// TestBlockedTicker: the goroutine that reads a 1 ns ticker blocks on a
// mutex the test never unlocks, and the test waits for it: every
// goroutine is blocked while the ticker keeps firing into its full
// channel. A deadlock.
func TestBlockedTicker(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		tk := time.NewTicker(time.Nanosecond)
		defer tk.Stop()
		var mu sync.Mutex
		done := make(chan struct{})
		mu.Lock()
		go func() {
			defer close(done)
			<-tk.C
			mu.Lock() // the test forgot mu.Unlock
			mu.Unlock()
		}()
		<-done
	})
}

// TestMutexFairness (after sync's own): a goroutine that sleeps 100 µs
// holding a mutex and takes it again at once cannot starve another
// waiting in Lock: after a millisecond of waiting the mutex is handed to
// the waiter (the runtime's starvation mode), well within the 1 s net.
func TestMutexFairness(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		stop := make(chan bool)
		defer close(stop)
		go func() {
			for {
				mu.Lock()
				time.Sleep(100 * time.Microsecond)
				mu.Unlock()
				select {
				case <-stop:
					return
				default:
				}
			}
		}()
		done := make(chan bool, 1)
		go func() {
			for range 3 {
				time.Sleep(100 * time.Microsecond)
				mu.Lock()
				mu.Unlock()
			}
			done <- true
		}()
		select {
		case <-done:
		case <-time.After(time.Second):
			t.Fatal("can't acquire Mutex in a second")
		}
	})
}
