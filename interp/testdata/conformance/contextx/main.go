// Program contextx checks context: WithCancel (cancel propagates to children
// and to a goroutine waiting on Done), WithTimeout and WithDeadline
// (DeadlineExceeded), WithValue lookups through the chain, context.Cause
// with WithCancelCause, AfterFunc, WithoutCancel, and Err values before
// and after cancellation. Only deterministic facts are printed.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type ctxKey string

func worker(ctx context.Context, id int, out chan<- string) {
	<-ctx.Done()
	out <- fmt.Sprintf("worker %d stopped: %v", id, ctx.Err())
}

func slowOp(ctx context.Context, d time.Duration) error {
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func main() {
	bg := context.Background()
	fmt.Println(bg, context.TODO(), bg.Err(), bg.Done() == nil)

	ctx, cancel := context.WithCancel(bg)
	child, childCancel := context.WithCancel(ctx)
	defer childCancel()
	fmt.Println("before cancel:", ctx.Err(), child.Err())
	out := make(chan string)
	go worker(child, 1, out)
	cancel()
	fmt.Println(<-out)
	fmt.Println("after cancel:", ctx.Err(), child.Err(), errors.Is(child.Err(), context.Canceled))
	cancel() // idempotent

	// timeout
	tctx, tcancel := context.WithTimeout(bg, 20*time.Millisecond)
	defer tcancel()
	_, hasDeadline := tctx.Deadline()
	err := slowOp(tctx, time.Hour)
	fmt.Println("slowOp:", err, errors.Is(err, context.DeadlineExceeded), hasDeadline)
	var te interface{ Timeout() bool }
	fmt.Println(errors.As(err, &te) && te.Timeout())

	// fast op finishes before timeout
	fctx, fcancel := context.WithTimeout(bg, time.Hour)
	fmt.Println("fast op:", slowOp(fctx, time.Millisecond))
	fcancel()
	fmt.Println("after cancel of timeout ctx:", fctx.Err())

	// deadline in the past
	dctx, dcancel := context.WithDeadline(bg, time.Now().Add(-time.Second))
	defer dcancel()
	<-dctx.Done()
	fmt.Println("past deadline:", dctx.Err())

	// values
	vctx := context.WithValue(bg, ctxKey("user"), "alice")
	vctx = context.WithValue(vctx, ctxKey("role"), "admin")
	vctx2, vcancel := context.WithCancel(vctx)
	defer vcancel()
	fmt.Println(vctx2.Value(ctxKey("user")), vctx2.Value(ctxKey("role")), vctx2.Value(ctxKey("none")), vctx2.Value("user"))

	// cause
	cctx, ccancel := context.WithCancelCause(bg)
	ccancel(errors.New("shutdown requested"))
	fmt.Println(cctx.Err(), context.Cause(cctx))

	// AfterFunc runs after cancellation
	actx, acancel := context.WithCancel(bg)
	ran := make(chan string)
	stop := context.AfterFunc(actx, func() { ran <- "afterfunc ran" })
	acancel()
	fmt.Println(<-ran, stop())

	// WithoutCancel
	wctx, wcancel := context.WithCancel(vctx)
	nc := context.WithoutCancel(wctx)
	wcancel()
	fmt.Println(wctx.Err(), nc.Err(), nc.Value(ctxKey("user")))

	// many workers stopped by one cancel, results counted
	mctx, mcancel := context.WithCancel(bg)
	res := make(chan string, 5)
	for i := range 5 {
		go worker(mctx, i, res)
	}
	mcancel()
	stopped := 0
	for range 5 {
		<-res
		stopped++
	}
	fmt.Println("stopped workers:", stopped)

	// timeout cause
	tc, tcc := context.WithTimeoutCause(bg, time.Millisecond, errors.New("too slow"))
	defer tcc()
	<-tc.Done()
	fmt.Println(tc.Err(), context.Cause(tc))
}
