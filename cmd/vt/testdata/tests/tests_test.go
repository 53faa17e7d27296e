package tests

import (
	"sync"
	"testing"
)

// TestCounter increments a counter from the test and from a goroutine: it
// passes in every interleaving.
func TestCounter(t *testing.T) {
	var c Counter
	done := make(chan struct{})
	go func() {
		c.Inc()
		close(done)
	}()
	c.Inc()
	<-done
	if got := c.Value(); got != 2 {
		t.Fatalf("count = %d, want 2", got)
	}
}

// TestPairDeadlock deadlocks when Swap and Sum each take their first lock
// before the other takes its second.
func TestPairDeadlock(t *testing.T) {
	p := &Pair{x: 1, y: 2}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		p.Swap()
	}()
	go func() {
		defer wg.Done()
		if s := p.Sum(); s != 3 {
			t.Errorf("sum = %d, want 3", s)
		}
	}()
	wg.Wait()
}
