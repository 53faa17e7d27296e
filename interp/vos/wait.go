package vos

import (
	"slices"
	"syscall"
)

// Waiter is a caller blocked until a kernel object changes: a goroutine
// of the program, for an interpreter. It is the kernel's one way to reach
// a scheduler. The kernel calls Wake at most once per wait (WaitIO,
// PollWait), when the object waited on changes in a way that may let the
// operation complete (data arrives, room frees up, a connection queues, a
// peer or the descriptor closes, a deadline passes); the caller then
// retries its operation, which may block again.
type Waiter interface {
	Wake()
}

// Reason is what a blocked caller waits for, as WaitIO and PollWait
// report it, so that the caller can name the operation it is blocked in.
type Reason uint8

// The reasons for waiting.
const (
	WaitNone      Reason = iota // the caller does not wait
	WaitPipeRead                // data in a pipe, or its last writer closing
	WaitPipeWrite               // room in a pipe, or its last reader closing
	WaitAccept                  // a connection to accept
	WaitConnect                 // a connection to complete
	WaitRecv                    // data on a socket
	WaitSend                    // room in a socket's peer
)

// wait is one wait of a Waiter, which may sit in several queues (an
// object's and its poll descriptor's): the first wake counts.
type wait struct {
	w     Waiter
	woken bool
}

// waitq is the waits queued on a kernel object.
type waitq []*wait

// A WaitQueue is the goroutines waiting for something outside the kernel
// (a runtime semaphore, a descriptor's lock) that wake together when it
// changes, to retry their operation. Its zero value is empty.
type WaitQueue struct{ q waitq }

// Add enqueues w.
func (q *WaitQueue) Add(w Waiter) { q.q.add(&wait{w: w}) }

// WakeAll wakes every waiter, in the order they queued, and empties q.
func (q *WaitQueue) WakeAll() { q.q.wakeAll() }

// Len returns the number of waits queued (some may be woken already).
func (q *WaitQueue) Len() int { return len(q.q) }

// add enqueues w, dropping waits woken already.
func (q *waitq) add(w *wait) {
	*q = slices.DeleteFunc(*q, func(x *wait) bool { return x.woken })
	*q = append(*q, w)
}

// wakeAll wakes every waiter, in the order they queued: they retry their
// operation.
func (q *waitq) wakeAll() {
	ws := *q
	*q = nil
	for _, w := range ws {
		if !w.woken {
			w.woken = true
			w.w.Wake()
		}
	}
}

// WaitIO queues w on the object behind fd, for an operation of mode ('r'
// or 'w') that returned EAGAIN, if fd is a pipe or socket in blocking mode
// (no O_NONBLOCK). It reports why w waits, or WaitNone (and queues
// nothing) when the caller must return the EAGAIN instead.
func (v *Kernel) WaitIO(fd, mode int, w Waiter) Reason {
	f := v.fds[fd]
	if f == nil || f.flags&syscall.O_NONBLOCK != 0 {
		return WaitNone
	}
	q := f.waitq()
	if q == nil {
		return WaitNone
	}
	q.add(&wait{w: w})
	return f.reason(mode)
}

// ready reports whether an operation of mode ('r' or 'w') on f would not
// return EAGAIN.
func (f *openFile) ready(mode int) bool {
	switch f.kind {
	case vfPipeR:
		return mode == 'r' && (len(f.pipe.buf) > 0 || f.pipe.writers == 0)
	case vfPipeW:
		return mode == 'w' && (f.pipe.readers == 0 || len(f.pipe.buf) < pipeCapacity)
	case vfSocket:
		return f.sock.ready(mode)
	}
	return true
}

// waitq returns the wait queue of the kernel object behind f (nil for
// files and the standard streams, which never block).
func (f *openFile) waitq() *waitq {
	switch f.kind {
	case vfPipeR, vfPipeW:
		return &f.pipe.waiters
	case vfSocket:
		return &f.sock.waiters
	}
	return nil
}

// reason is what a caller waiting for f in mode waits for.
func (f *openFile) reason(mode int) Reason {
	switch {
	case f.kind == vfPipeR:
		return WaitPipeRead
	case f.kind == vfPipeW:
		return WaitPipeWrite
	case f.kind == vfSocket && f.sock.listening:
		return WaitAccept
	case f.kind == vfSocket && f.sock.connecting:
		return WaitConnect
	case mode == 'w':
		return WaitSend
	}
	return WaitRecv
}
