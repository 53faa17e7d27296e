package habanero

import "sync"

// Awaitable is a data-driven future that [Task.AsyncAwait] can wait for;
// every *DDF[V] is one.
type Awaitable interface {
	awaitFull()
	isNil() bool
}

// DDF is a data-driven future: a single-assignment cell. Put fills it once;
// Get reads it once it is full.
type DDF[V any] struct {
	mu   sync.Mutex
	cond *sync.Cond
	full bool
	val  V
}

// NewDDF returns an empty data-driven future.
func NewDDF[V any]() *DDF[V] {
	d := &DDF[V]{}
	d.cond = sync.NewCond(&d.mu)
	return d
}

// Put fills the DDF with v and releases the tasks awaiting it. A second Put
// panics.
func (d *DDF[V]) Put(v V) {
	markDDFPut(d)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.full {
		panic("habanero: second Put on a DDF")
	}
	d.full, d.val = true, v
	d.cond.Broadcast()
}

// Get returns the DDF's value. It never blocks: Get on an empty DDF panics,
// so read a DDF only inside an AsyncAwait that names it (or after a Put that
// happens before the Get).
func (d *DDF[V]) Get() V {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.full {
		panic("habanero: Get on an empty DDF (read a DDF inside an AsyncAwait that names it)")
	}
	return d.val
}

func (d *DDF[V]) isNil() bool { return d == nil }

func (d *DDF[V]) awaitFull() {
	markDDFAwait(d)
	d.mu.Lock()
	defer d.mu.Unlock()
	await(d.cond, func() bool { return d.full })
}

// AsyncAwait starts body as a child task that joins t's immediately
// enclosing finish and runs once every DDF in ddfs is full. The task counts
// for the finish while it waits, so a DDF that is never put makes the finish
// wait forever (a deadlock vt reports).
func (t *Task) AsyncAwait(ddfs []Awaitable, body func(t *Task)) {
	t.checkNotIsolated("AsyncAwait")
	for _, d := range ddfs {
		if d == nil || d.isNil() {
			panic("habanero: AsyncAwait on a nil DDF")
		}
	}
	ds := append([]Awaitable(nil), ddfs...)
	t.fork(nil, func() {
		for _, d := range ds {
			d.awaitFull()
		}
	}, body)
}
