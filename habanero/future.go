package habanero

import (
	"fmt"
	"sync"
)

// Fut is the handle of a future task started by [Future].
type Fut[V any] struct {
	mu       sync.Mutex
	cond     *sync.Cond
	done     bool
	val      V
	panicked bool
	pv       any
}

// Future starts body as a child task of t that joins t's immediately
// enclosing finish, like [Task.Async], and returns a handle to the value body
// returns. It panics inside an isolated section.
func Future[V any](t *Task, body func(t *Task) V) *Fut[V] {
	t.checkNotIsolated("Future")
	f := &Fut[V]{}
	f.cond = sync.NewCond(&f.mu)
	t.fork(nil, nil, func(c *Task) {
		defer func() {
			if v := recover(); v != nil {
				f.mu.Lock()
				f.done, f.panicked, f.pv = true, true, v
				f.cond.Broadcast()
				f.mu.Unlock()
				panic(v) // the enclosing finish collects it too
			}
		}()
		v := body(c)
		f.mu.Lock()
		f.done, f.val = true, v
		f.cond.Broadcast()
		f.mu.Unlock()
	})
	return f
}

// Get blocks the calling task t until the future's value is ready and
// returns it. If the future's task panicked, Get panics too. Get panics
// inside an isolated section.
func (f *Fut[V]) Get(t *Task) V {
	if t != nil {
		t.checkNotIsolated("Get")
	}
	markFutureGet(f)
	f.mu.Lock()
	defer f.mu.Unlock()
	await(f.cond, func() bool { return f.done })
	if f.panicked {
		panic(fmt.Sprintf("habanero: Get on a future whose task panicked: %v", f.pv))
	}
	return f.val
}
