// Package reports holds racy tests that vt explores whole (no vt.Check):
// the goroutines of their races are created by t.Run, iter.Pull, generic
// functions, methods and timers, after calls into fmt, so that the race
// reports' stacks and creation sites exercise every way vt records them.
// TestReportFrames in package race checks every frame of their reports
// against the source.
package reports

import (
	"fmt"
	"iter"
	"sync"
	"testing"
	"time"
)

// A race between two subtests' goroutines (created by t.Run) after fmt.
func TestRaceSubtests(t *testing.T) {
	shared := 0
	_ = fmt.Sprintf("%d %v", 1, []int{2})
	done := make(chan bool, 2)
	t.Run(fmt.Sprint("a"), func(t *testing.T) {
		go func() { shared = 1; done <- true }()
	})
	t.Run(fmt.Sprint("b"), func(t *testing.T) {
		_ = fmt.Sprint(shared)
		<-done
	})
}

type pool[T any] struct {
	items []T
}

// spawn starts a goroutine from a method of a generic type.
func (p *pool[T]) spawn(v T, wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		p.items = append(p.items, v)
	}()
}

// run starts goroutines from a generic function.
func run[T any](p *pool[T], vs ...T) {
	var wg sync.WaitGroup
	for _, v := range vs {
		p.spawn(v, &wg)
	}
	wg.Wait()
}

// Goroutines created in a generic method race on a slice header.
func TestRaceGeneric(t *testing.T) {
	p := &pool[string]{}
	_ = fmt.Sprintf("%q", "x")
	run(p, "a", "b")
}

// The coroutine of iter.Pull writes what another goroutine reads.
func TestRaceIterPull(t *testing.T) {
	x := 0
	next, stop := iter.Pull(func(yield func(int) bool) {
		x++
		yield(x)
	})
	defer stop()
	done := make(chan bool)
	go func() { _ = x; done <- true }()
	_ = fmt.Sprint(next())
	<-done
}

// A timer's function reads what the goroutine that set the timer writes
// after it fired.
func TestRaceTimer(t *testing.T) {
	x := false
	done := make(chan bool)
	time.AfterFunc(time.Millisecond, func() { _ = x; done <- true })
	time.Sleep(10 * time.Millisecond)
	x = fmt.Sprint(1)[0:0]+"x" == "x"
	<-done
}
