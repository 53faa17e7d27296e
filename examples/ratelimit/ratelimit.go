// Package ratelimit is a token-bucket rate limiter refilled by a
// time.Ticker. Under vt, time is virtual, so a test of a limiter that waits
// for seconds runs in microseconds. By default a tick of the limiter's
// interval (tens of milliseconds and more) comes only when no goroutine can
// run, in deadline order, as on a healthy machine, so a test that asserts
// exact times (which hold only when goroutines are fast compared to the
// ticker) passes; vt.Clock("any") lets a tick come at any point while
// goroutines run, and finds where those times do not hold.
//
// [Limiter] is correct: Wait takes a token or blocks until the ticker adds
// one, Stop stops the ticker and the refill goroutine. vt reports ok, and
// the test checks with time.Since that the limiter really spaces the
// requests out.
//
// The bug: a caller that forgets Stop leaves the refill goroutine running
// after it is done with the limiter, the same leak as the well-known misuse
// of time.Tick. That goroutine is never blocked (the ticker keeps firing),
// so it is no deadlock. vt keeps running the goroutines left after the
// checked function returns; the ticker keeps the refill goroutine busy in
// virtual time until the step bound, and vt reports a leak: the function
// returned while a goroutine kept running, shown in its select. This
// happens in every execution, the first included.
package ratelimit

import (
	"context"
	"sync"
	"time"
)

// A Limiter lets through at most burst events at once and one more every
// interval. Call Stop when done with it.
type Limiter struct {
	tokens chan struct{}
	ticker *time.Ticker
	done   chan struct{}
	wg     sync.WaitGroup
}

// New returns a limiter that starts with a full bucket of burst tokens and
// adds one token every interval, up to burst.
func New(interval time.Duration, burst int) *Limiter {
	l := &Limiter{
		tokens: make(chan struct{}, burst),
		ticker: time.NewTicker(interval),
		done:   make(chan struct{}),
	}
	for range burst {
		l.tokens <- struct{}{}
	}
	l.wg.Add(1)
	go l.refill()
	return l
}

func (l *Limiter) refill() {
	defer l.wg.Done()
	for {
		select {
		case <-l.ticker.C:
			select {
			case l.tokens <- struct{}{}:
			default: // bucket full: drop the token
			}
		case <-l.done:
			return
		}
	}
}

// Wait blocks until the limiter lets an event through or ctx is done.
func (l *Limiter) Wait(ctx context.Context) error {
	select {
	case <-l.tokens:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stop stops the limiter's ticker and refill goroutine. Waits in progress
// keep waiting for their context.
func (l *Limiter) Stop() {
	l.ticker.Stop()
	close(l.done)
	l.wg.Wait()
}
