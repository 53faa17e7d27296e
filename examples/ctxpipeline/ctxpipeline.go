// Package ctxpipeline is a channel pipeline whose stages stop when a
// context is cancelled, in the style of the Go blog's "Pipelines and
// cancellation".
//
// The bug: [MapCheckErr] checks ctx.Err() before each send and then sends
// with a plain `out <- v`. If the consumer cancels the context and stops
// reading after the check but before the send, the stage blocks on the send
// forever: a goroutine leak on every early return of the consumer. The
// window is small and needs the cancellation to land between the check and
// the send; vt finds that interleaving and reports a leak with the stage
// blocked on chan send.
//
// The fix: [Map] sends in a select with <-ctx.Done(), so a cancellation
// releases a blocked send at any moment; vt reports ok.
package ctxpipeline

import "context"

// Generate sends nums on the returned channel, then closes it. It stops
// early when ctx is cancelled.
func Generate(ctx context.Context, nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			select {
			case out <- n:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// Map sends f(v) for every v received from in, until in is closed or ctx is
// cancelled.
func Map(ctx context.Context, in <-chan int, f func(int) int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for v := range in {
			select {
			case out <- f(v):
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// MapCheckErr is Map with the cancellation checked before the send instead
// of during it. It leaks its goroutine when ctx is cancelled in between.
func MapCheckErr(ctx context.Context, in <-chan int, f func(int) int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for v := range in {
			if ctx.Err() != nil {
				return
			}
			out <- f(v) // BUG: blocks forever if the consumer has gone
		}
	}()
	return out
}

// A Stage is Map or MapCheckErr.
type Stage func(ctx context.Context, in <-chan int, f func(int) int) <-chan int

// FirstSquareOver returns the first square of nums that exceeds limit,
// computed by a generator and a squaring stage. It cancels the pipeline when
// it returns, so the stages stop.
func FirstSquareOver(ctx context.Context, stage Stage, limit int, nums ...int) (int, bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	squares := stage(ctx, Generate(ctx, nums...), func(v int) int { return v * v })
	for sq := range squares {
		if sq > limit {
			return sq, true
		}
	}
	return 0, false
}
