// Package workerpool processes a batch of jobs with a fixed number of worker
// goroutines and collects their results.
//
// The bug: [Map] returns as soon as it receives the first error. The
// results channel is unbuffered, so the workers still holding results block
// forever on their send, and the feeder blocks forever handing out the
// remaining jobs: goroutines leak on the error path, one batch at a time,
// until the service runs out of memory. Nothing deadlocks (the caller got
// its error and moved on), which is why such leaks survive ordinary tests.
// If the failing job happens to be the last one collected, nothing leaks, so
// the bug needs an interleaving where the error arrives early; vt finds one
// and reports a leak, listing the goroutines left blocked on chan send.
//
// The fix: [MapCancel] closes a done channel when it returns, and the feeder
// and the workers select on it, so every goroutine exits; vt reports ok.
package workerpool

import (
	"fmt"
	"sync"
)

type result[R any] struct {
	index int
	value R
	err   error
}

// Map calls fn on every job using the given number of workers and returns
// the results in the order of jobs, or the first error any call returned.
// On an error it leaks goroutines.
func Map[J, R any](jobs []J, workers int, fn func(J) (R, error)) ([]R, error) {
	indexes := make(chan int)
	results := make(chan result[R])

	go func() { // feeder
		for i := range jobs {
			indexes <- i
		}
		close(indexes)
	}()
	for range workers {
		go func() {
			for i := range indexes {
				v, err := fn(jobs[i])
				results <- result[R]{i, v, err}
			}
		}()
	}

	out := make([]R, len(jobs))
	for range jobs {
		r := <-results
		if r.err != nil {
			return nil, fmt.Errorf("job %d: %w", r.index, r.err)
		}
		out[r.index] = r.value
	}
	return out, nil
}

// MapCancel is Map without the leak: when it returns, it closes done, which
// releases every goroutine still trying to send, and it waits for all of
// them to exit.
func MapCancel[J, R any](jobs []J, workers int, fn func(J) (R, error)) ([]R, error) {
	indexes := make(chan int)
	results := make(chan result[R])
	done := make(chan struct{})
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(done)

	wg.Add(1)
	go func() { // feeder
		defer wg.Done()
		defer close(indexes)
		for i := range jobs {
			select {
			case indexes <- i:
			case <-done:
				return
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range indexes {
				v, err := fn(jobs[i])
				select {
				case results <- result[R]{i, v, err}:
				case <-done:
					return
				}
			}
		}()
	}

	out := make([]R, len(jobs))
	for range jobs {
		r := <-results
		if r.err != nil {
			return nil, fmt.Errorf("job %d: %w", r.index, r.err)
		}
		out[r.index] = r.value
	}
	return out, nil
}
