// Package lazyinit computes a value on first use, once, for concurrent
// callers: the job of sync.Once, and of the hand-rolled double-checked
// locking that people write to avoid it.
//
// [Once] wraps sync.Once and is correct: every caller of Get sees the
// finished value and init runs exactly once; vt reports ok.
//
// The bug: [DoubleChecked] has a lock-free fast path on an atomic "done"
// flag, but the slow path sets the flag before it has computed the value.
// A second caller that arrives while init is still running sees done, takes
// the fast path and returns the zero value, a nil *Config. The caller then
// dereferences it. This needs the second caller to run exactly while the
// first is inside init. Under the Go memory model that is a data race: the
// value is written after the flag was released, so the fast path's atomic
// load does not order the write before its read. vt reports the race (and,
// with race detection off, vt.Race(false), the nil pointer dereference it
// leads to). Setting the flag after the value (or just using sync.Once)
// fixes it.
package lazyinit

import (
	"sync"
	"sync/atomic"
)

// Once is a lazily computed value built on sync.Once.
type Once[T any] struct {
	once  sync.Once
	init  func() T
	value T
}

// NewOnce returns a lazy value computed by init on the first Get.
func NewOnce[T any](init func() T) *Once[T] {
	return &Once[T]{init: init}
}

// Get returns the value, computing it on the first call. Concurrent callers
// wait for the first computation to finish.
func (o *Once[T]) Get() T {
	o.once.Do(func() { o.value = o.init() })
	return o.value
}

// DoubleChecked is a lazily computed value with a lock-free fast path. It is
// broken: it can return the zero value.
type DoubleChecked[T any] struct {
	done  atomic.Bool
	mu    sync.Mutex
	init  func() T
	value T
}

// NewDoubleChecked returns a lazy value computed by init on the first Get.
func NewDoubleChecked[T any](init func() T) *DoubleChecked[T] {
	return &DoubleChecked[T]{init: init}
}

// Get returns the value, computing it on the first call.
func (d *DoubleChecked[T]) Get() T {
	if d.done.Load() { // fast path: no lock once initialized
		return d.value
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.done.Load() {
		d.done.Store(true) // BUG: published before the value is computed
		d.value = d.init()
	}
	return d.value
}

// Config is an example of an expensive value to compute lazily.
type Config struct {
	Addr    string
	Retries int
}
