// Package boundedbuffer is a correct bounded FIFO queue built on a
// sync.Mutex and two sync.Cond variables, the textbook monitor solution to
// the producer-consumer problem.
//
// Put blocks while the buffer is full and Get blocks while it is empty;
// Close wakes every waiter. Each wait sits in a loop that rechecks its
// condition, because a goroutine woken by Signal may find the condition
// false again by the time it reacquires the lock (another goroutine got
// there first). vt explores the interleavings of producers and consumers
// and reports ok: every item is delivered exactly once, in order per
// producer, and no goroutine is left blocked. (Replace the `for` around
// Put's Wait with an `if` and vt, run with -vt.strategy=pct, finds the
// interleaving in which a woken producer overwrites an item that no one has
// consumed yet, and reports the failed assertion.)
package boundedbuffer

import (
	"errors"
	"sync"
)

// ErrClosed is returned by Put on a closed buffer.
var ErrClosed = errors.New("boundedbuffer: put on closed buffer")

// A Buffer is a FIFO queue of at most a fixed number of items, safe for
// concurrent use.
type Buffer[T any] struct {
	mu       sync.Mutex
	notFull  sync.Cond // signalled when an item is removed
	notEmpty sync.Cond // signalled when an item is added
	items    []T       // ring buffer
	head, n  int
	closed   bool
}

// New returns an empty buffer that holds at most capacity items.
func New[T any](capacity int) *Buffer[T] {
	if capacity <= 0 {
		panic("boundedbuffer: capacity must be positive")
	}
	b := &Buffer[T]{items: make([]T, capacity)}
	b.notFull.L = &b.mu
	b.notEmpty.L = &b.mu
	return b
}

// Put appends v, waiting while the buffer is full. It returns ErrClosed if
// the buffer is closed.
func (b *Buffer[T]) Put(v T) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.n == len(b.items) && !b.closed {
		b.notFull.Wait()
	}
	if b.closed {
		return ErrClosed
	}
	b.items[(b.head+b.n)%len(b.items)] = v
	b.n++
	b.notEmpty.Signal()
	return nil
}

// Get removes and returns the oldest item, waiting while the buffer is
// empty. Once the buffer is closed and drained it returns false.
func (b *Buffer[T]) Get() (T, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.n == 0 && !b.closed {
		b.notEmpty.Wait()
	}
	var zero T
	if b.n == 0 {
		return zero, false
	}
	v := b.items[b.head]
	b.items[b.head] = zero
	b.head = (b.head + 1) % len(b.items)
	b.n--
	b.notFull.Signal()
	return v, true
}

// Close marks the buffer closed: later Puts fail, and Gets drain the
// remaining items and then return false. It wakes every waiting goroutine.
func (b *Buffer[T]) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	b.notFull.Broadcast()
	b.notEmpty.Broadcast()
}

// Len returns the number of items in the buffer.
func (b *Buffer[T]) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
}
