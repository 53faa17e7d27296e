package ratelimit

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// serve sends four requests from two clients through a limiter of one
// request per 100ms and returns how long they took.
func serve(t *vt.T, l *Limiter) time.Duration {
	start := time.Now()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				require.NoError(t, l.Wait(context.Background()))
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

// TestForgottenStopLeaks: without Stop, the refill goroutine outlives its
// user and keeps taking ticks forever: a leak, reported when the execution
// exceeds the step bound after the function returned.
func TestForgottenStopLeaks(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		l := New(100*time.Millisecond, 1)
		serve(t, l)
	}, vt.Steps(20000), vt.Expect("leak"))
}

// TestLimiter: the first request goes through at once, the other three wait
// for a tick each, in every interleaving. The upper bound holds only when
// the goroutines take no time compared to the ticker's interval (100ms):
// under the default clock that interval is a long deadline, which never
// passes while a goroutine can still run, and the test passes; under
// vt.Clock("any") vt finds the schedule where a fourth tick comes before
// the last request is served (a machine stalled for 100ms).
func TestLimiter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		l := New(100*time.Millisecond, 1)
		defer l.Stop()
		elapsed := serve(t, l)
		require.GreaterOrEqual(t, elapsed, 300*time.Millisecond)
		require.Less(t, elapsed, 400*time.Millisecond)
	}, vt.Preempt(2), vt.Time(2*time.Second))
}

// TestWaitCancelled: a Wait gives up when its context expires. Under
// vt.Clock("any") vt finds that the ticker's next second can pass before
// the goroutine that cancels the context (context.WithTimeout's AfterFunc)
// runs, and the Wait then gets a token; under the default clock a second
// is a long deadline, which does not pass while that goroutine can run.
func TestWaitCancelled(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		l := New(time.Second, 1)
		defer l.Stop()
		require.NoError(t, l.Wait(context.Background()))
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancel()
		require.ErrorIs(t, l.Wait(ctx), context.DeadlineExceeded)
	}, vt.Preempt(2), vt.Time(2*time.Second))
}
