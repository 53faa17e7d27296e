// Package longfail has a test whose failure comes after a long schedule
// among many goroutines: vt test -json must report it in a bounded event.
package longfail

import (
	"sync"
	"testing"
)

// TestLongThenDeadlock counts under a lock in 12 goroutines (thousands of
// scheduling points), leaves 60 goroutines blocked on a channel nobody
// sends on, and then blocks itself: a deadlock after a long schedule.
func TestLongThenDeadlock(t *testing.T) {
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	for g := 0; g < 12; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	ch := make(chan int)
	for g := 0; g < 60; g++ {
		go func() { <-ch }()
	}
	if n != 12*200 {
		t.Errorf("n = %d", n)
	}
	<-ch
}
