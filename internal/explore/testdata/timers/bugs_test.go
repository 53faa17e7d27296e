package timers

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// Timer bugs in the shapes real Go projects had them: each needs a timer
// of at most a millisecond (or a zero period) to fire while other code
// runs, which a slow or loaded machine does. Each test's comment says the
// failure vt reports.

// TestAfterFuncRace: a 1 ns AfterFunc updates a counter the caller goes on
// updating without the lock (a data race).
func TestAfterFuncRace(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		n := 0
		fired := make(chan struct{})
		time.AfterFunc(time.Nanosecond, func() {
			mu.Lock()
			n++
			mu.Unlock()
			close(fired)
		})
		n++ // the caller forgot the lock
		<-fired
	})
}

// TestZeroPeriodRetry: a retry loop whose period defaults to zero; after
// stop is closed, select may still take the ready zero timer and run one
// more attempt, which the caller does not expect (an assertion).
func TestZeroPeriodRetry(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var period time.Duration // the configuration left it unset
		var mu sync.Mutex
		attempts := 0
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				select {
				case <-stop:
					return
				case <-time.After(period):
					mu.Lock()
					attempts++
					mu.Unlock()
				}
			}
		}()
		mu.Lock()
		seen := attempts
		close(stop)
		mu.Unlock()
		<-done
		mu.Lock()
		defer mu.Unlock()
		require.Equal(t, seen, attempts, "an attempt after stop")
	})
}

// TestTickerReadsConfig: a 1 ns ticker's loop reads the configuration the
// caller replaces without synchronization (a data race).
func TestTickerReadsConfig(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		cfg := map[string]int{"limit": 1}
		tk := time.NewTicker(time.Nanosecond)
		quit := make(chan struct{})
		done := make(chan struct{})
		running := make(chan struct{})
		go func() {
			defer close(done)
			close(running)
			for {
				select {
				case <-tk.C:
					_ = cfg["limit"]
				case <-quit:
					return
				}
			}
		}()
		<-running
		cfg["limit"] = 2 // unsynchronized with the ticker's loop
		tk.Stop()
		close(quit)
		<-done
	})
}

// TestTimeoutOverwrite: on a 500 µs timeout the caller writes the default
// result, while the worker it gave up on writes its own to the same
// variable (a data race).
func TestTimeoutOverwrite(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		result := ""
		done := make(chan struct{}, 1)
		go func() {
			result = "fetched"
			done <- struct{}{}
		}()
		select {
		case <-done:
		case <-time.After(500 * time.Microsecond):
			result = "default"
		}
		_ = result
	})
}

// TestTimeoutLeak: the caller gives up after 100 µs and returns; the
// worker's send on the unbuffered channel blocks for ever (a leak).
func TestTimeoutLeak(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		res := make(chan int)
		go func() { res <- sum(10) }()
		select {
		case <-res:
		case <-time.After(100 * time.Microsecond):
		}
	})
}

// TestStopWaitsUnderLock: the caller holds the lock while it stops a 1 µs
// AfterFunc and, when Stop says the callback has started, waits for it;
// the callback needs the lock (a deadlock).
func TestStopWaitsUnderLock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		state := 0
		done := make(chan struct{})
		tm := time.AfterFunc(time.Microsecond, func() {
			mu.Lock()
			state = 1
			mu.Unlock()
			close(done)
		})
		mu.Lock()
		if !tm.Stop() {
			<-done // the callback started: wait for it, holding mu
		}
		mu.Unlock()
		_ = state
	})
}

// TestContextDeadlineCache: a 1 ms context deadline; on expiry the caller
// reads the cache the still-running loader fills without the lock (a data
// race).
func TestContextDeadlineCache(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		cache := make([]int, 4)
		loaded := make(chan struct{})
		go func() {
			for i := range cache {
				cache[i] = i * i
			}
			close(loaded)
		}()
		select {
		case <-loaded:
		case <-ctx.Done():
			_ = cache[3] // the loader may still be writing
		}
		<-loaded
	})
}

// TestResetRearms: a timer reset to 1 ns in a loop fires between the
// reset and the update that completes the pair it guards; its callback
// then sees the pair torn (an assertion).
func TestResetRearms(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		a, b, torn := 0, 0, false
		tm := time.AfterFunc(time.Hour, func() {
			mu.Lock()
			torn = torn || a != b
			mu.Unlock()
		})
		for i := 1; i <= 2; i++ {
			mu.Lock()
			a = i
			mu.Unlock()
			tm.Reset(time.Nanosecond) // re-armed before the pair is consistent
			mu.Lock()
			b = i
			mu.Unlock()
		}
		tm.Stop()
		mu.Lock()
		defer mu.Unlock()
		require.False(t, torn, "the callback saw a torn pair")
	})
}

// TestWatchdogDoubleClose: a 1 ms watchdog closes the quit channel on
// expiry; the worker closes it too when it finishes, ignoring what Stop
// said (a panic: close of closed channel).
func TestWatchdogDoubleClose(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		quit := make(chan struct{})
		done := make(chan struct{})
		wd := time.AfterFunc(time.Millisecond, func() { close(quit) })
		go func() {
			defer close(done)
			sum(10)
			wd.Stop() // its result says whether the watchdog fired
			close(quit)
		}()
		<-done
	})
}
