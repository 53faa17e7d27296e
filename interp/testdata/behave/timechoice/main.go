// Command timechoice sleeps in main while a worker runs: whether the worker
// sees main awake depends on whether time passes while it runs (a choice
// of the scheduler) or only when every goroutine is blocked. A timer nobody
// watches is pending too: its firing is observable by no goroutine.
package main

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
)

func main() {
	unwatched := time.NewTimer(time.Millisecond)
	var awake atomic.Bool
	done := make(chan bool)
	go func() {
		seen := false
		for range 5 {
			runtime.Gosched()
			seen = seen || awake.Load()
		}
		done <- seen
	}()
	start := time.Now()
	time.Sleep(time.Second)
	awake.Store(true)
	fmt.Println("worker saw main awake:", <-done)
	fmt.Println("slept more than a second:", time.Since(start) > time.Second)
	fired := false
	select {
	case <-unwatched.C: // (Stop would drain the value and report true)
		fired = true
	default:
	}
	fmt.Println("unwatched timer fired:", fired)
}
