package interp

// Models of package internal/poll: the runtime's network poller over the
// virtual OS (package vos), the runtime's semaphores, and fdMutex, the
// reference count and read/write locks of a descriptor. The rest of
// internal/poll (FD's Read, Write, Accept, Close, deadlines) runs from
// source over these and the system calls.
//
// fdMutex's operations are atomic operations on its state word in Go
// (they order every operation on a descriptor, as Go's race detector sees
// them): each one is an EvAtomic on that word. They are no scheduling
// points: the system calls they guard are. Closing a descriptor
// (increfAndClose) is one (OpClose).

import (
	"slices"
	"unsafe"

	"github.com/vtcheck/vt/interp/vos"
)

const whyPoller = "the runtime's network poller over the virtual OS: waiting for a descriptor is blocking in the run"

var pollModels = modelTable{
	"internal/poll.runtimeNano":              native(noBody, func(m *machine, _ []value) value { return intVal(m.monotonic()) }),
	"internal/poll.runtime_pollServerInit":   native(noBody, func(*machine, []value) value { return value{} }),
	"internal/poll.runtime_pollWaitCanceled": native(noBody, func(*machine, []value) value { return value{} }),
	"internal/poll.runtime_isPollServerDescriptor": native(noBody, func(*machine, []value) value {
		return boolVal(false)
	}),
	"internal/poll.runtime_pollOpen": native(noBody, func(m *machine, a []value) value {
		id, e := m.vos().PollOpen(int(a[0].n))
		return tuple(uintVal(uint64(id)), intVal(int64(e)))
	}),
	"internal/poll.runtime_pollClose": native(noBody, func(m *machine, a []value) value {
		m.vos().PollClose(vos.PollID(a[0].n))
		return value{}
	}),
	"internal/poll.runtime_pollReset": native(noBody, func(m *machine, a []value) value {
		return intVal(int64(m.vos().PollReset(vos.PollID(a[0].n), int(a[1].int()))))
	}),
	"internal/poll.runtime_pollWait": control(noBody, pollWait),
	"internal/poll.runtime_pollSetDeadline": native(noBody, func(m *machine, a []value) value {
		m.setDeadline(vos.PollID(a[0].n), a[1].int(), int(a[2].int()))
		return value{}
	}),
	"internal/poll.runtime_pollUnblock": native(noBody, func(m *machine, a []value) value {
		m.vos().PollUnblock(vos.PollID(a[0].n))
		return value{}
	}),
	"internal/poll.runtime_Semacquire": control(noBody, semacquire).noMemory("a runtime semaphore: the runtime's own synchronization, which the race detector does not check as an access"),
	"internal/poll.runtime_Semrelease": control(noBody, semrelease).noMemory("a runtime semaphore: the runtime's own synchronization, which the race detector does not check as an access"),

	"(*internal/poll.fdMutex).incref":         control(whyPoller, fdMutexOp(fdIncref)).ownAccesses(),
	"(*internal/poll.fdMutex).increfAndClose": control(whyPoller, fdMutexClose).ownAccesses(),
	"(*internal/poll.fdMutex).decref":         control(whyPoller, fdMutexOp(fdDecref)).ownAccesses(),
	"(*internal/poll.fdMutex).rwlock":         control(whyPoller, fdRWLock).ownAccesses(),
	"(*internal/poll.fdMutex).rwunlock":       control(whyPoller, fdMutexOp(fdRWUnlock)).ownAccesses(),

	"internal/poll.writev": control("the writev system call on the virtual OS", ioCall(false, 2, sysWritev)).ownAccesses(),
}

// pollWait is runtime_pollWait: it returns at once if the descriptor is
// ready for mode, closed or past its deadline; else the goroutine blocks
// until one of these changes, and checks again.
func pollWait(fr *frame, a []value, dst int32) *frame {
	r, reason := fr.g.m.vos().PollWait(vos.PollID(a[0].n), int(a[1].int()), goWaiter{fr.g})
	if reason == vos.WaitNone {
		return fr.done(dst, intVal(int64(r)))
	}
	return fr.block(waitOp(reason), fr.pos())
}

// ioWaiter is a goroutine blocked until a runtime semaphore or an
// fdMutex lock changes.
type ioWaiter struct {
	g     *Goroutine
	woken bool
}

// waitq is the goroutines waiting for a semaphore or a lock.
type waitq []*ioWaiter

// add enqueues w, dropping waiters woken already.
func (q *waitq) add(w *ioWaiter) {
	*q = slices.DeleteFunc(*q, func(x *ioWaiter) bool { return x.woken })
	*q = append(*q, w)
}

// wakeAll makes every waiter runnable: they retry their operation.
func (q *waitq) wakeAll() {
	ws := *q
	*q = nil
	for _, w := range ws {
		if !w.woken {
			w.woken = true
			w.g.wake()
		}
	}
}

// semaWait is the goroutines waiting in runtime_Semacquire on a cell.
type semaWait struct{ q waitq }

func (s *semaWait) clone() any { return &semaWait{} }

func (m *machine) semaWaiters(p *value) *semaWait {
	return m.syncState(p, func() any { return &semaWait{} }).(*semaWait)
}

// semacquire waits until the semaphore at a[0] is positive and decrements
// it.
func semacquire(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	p := a[0].ptr()
	if p == nil {
		panic(nilDeref)
	}
	if p.n > 0 {
		m.set(p, uintVal(uint64(uint32(p.n-1))))
		return fr.done(dst, value{})
	}
	m.semaWaiters(p).q.add(&ioWaiter{g: fr.g})
	return fr.block(OpSemacquire, fr.pos())
}

// semrelease increments the semaphore at a[0] and wakes its waiters.
func semrelease(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	p := a[0].ptr()
	if p == nil {
		panic(nilDeref)
	}
	m.set(p, uintVal(uint64(uint32(p.n+1))))
	m.semaWaiters(p).q.wakeAll()
	return fr.done(dst, value{})
}

// The bits of fdMutex.state (internal/poll/fd_mutex.go). The waiter counts
// stay zero here: waiting goroutines are in the side table.
const (
	fdmClosed  = 1 << 0
	fdmRLock   = 1 << 1
	fdmWLock   = 1 << 2
	fdmRef     = 1 << 3
	fdmRefMask = (1<<20 - 1) << 3
)

// fdMutexWait is the goroutines waiting for an fdMutex's read or write
// lock.
type fdMutexWait struct{ r, w waitq }

func (s *fdMutexWait) clone() any { return &fdMutexWait{} }

// fdState returns the state cell of the fdMutex a[0] points to, reporting
// the operation as an atomic one on it.
func fdState(fr *frame, a []value) *value {
	mu := a[0].ptr()
	if mu == nil {
		panic(nilDeref)
	}
	p := &mu.elems()[0]
	fr.g.m.emit(fr, Event{Kind: EvAtomic, Addr: addrOf(p), N: 1, Pos: fr.pos()})
	return p
}

// fdMutexOp models an fdMutex method that does not block.
func fdMutexOp(f func(fr *frame, p *value, a []value) bool) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		return fr.done(dst, boolVal(f(fr, fdState(fr, a), a)))
	}
}

func fdIncref(fr *frame, p *value, _ []value) bool {
	if p.n&fdmClosed != 0 {
		return false
	}
	fr.g.m.set(p, uintVal(p.n+fdmRef))
	return true
}

func fdDecref(fr *frame, p *value, _ []value) bool {
	if p.n&fdmRefMask == 0 {
		panic(fr.g.m.goPanicString("inconsistent poll.fdMutex"))
	}
	n := p.n - fdmRef
	fr.g.m.set(p, uintVal(n))
	return n&(fdmClosed|fdmRefMask) == fdmClosed
}

// fdMutexClose is increfAndClose: a scheduling point (closing a
// descriptor); the goroutines waiting for its locks wake up and fail.
func fdMutexClose(fr *frame, a []value, dst int32) *frame {
	if pointOnce(fr, OpClose) {
		return nil
	}
	p := fdState(fr, a)
	if p.n&fdmClosed != 0 {
		return fr.done(dst, boolVal(false))
	}
	m := fr.g.m
	m.set(p, uintVal((p.n|fdmClosed)+fdmRef))
	if w, ok := m.syncObjs[p].(*fdMutexWait); ok {
		w.r.wakeAll()
		w.w.wakeAll()
	}
	return fr.done(dst, boolVal(true))
}

// fdRWLock is rwlock(read): it waits while another goroutine holds the
// lock.
func fdRWLock(fr *frame, a []value, dst int32) *frame {
	p := fdState(fr, a)
	if p.n&fdmClosed != 0 {
		return fr.done(dst, boolVal(false))
	}
	m := fr.g.m
	bit := uint64(fdmWLock)
	if a[1].bool() {
		bit = fdmRLock
	}
	if p.n&bit == 0 {
		m.set(p, uintVal((p.n|bit)+fdmRef))
		return fr.done(dst, boolVal(true))
	}
	w := m.syncState(p, func() any { return &fdMutexWait{} }).(*fdMutexWait)
	q := &w.w
	if a[1].bool() {
		q = &w.r
	}
	q.add(&ioWaiter{g: fr.g})
	return fr.block(OpSemacquire, fr.pos())
}

func fdRWUnlock(fr *frame, p *value, a []value) bool {
	bit := uint64(fdmWLock)
	if a[1].bool() {
		bit = fdmRLock
	}
	m := fr.g.m
	if p.n&bit == 0 || p.n&fdmRefMask == 0 {
		panic(m.goPanicString("inconsistent poll.fdMutex"))
	}
	n := p.n&^bit - fdmRef
	m.set(p, uintVal(n))
	if w, ok := m.syncObjs[p].(*fdMutexWait); ok {
		if a[1].bool() {
			w.r.wakeAll()
		} else {
			w.w.wakeAll()
		}
	}
	return n&(fdmClosed|fdmRefMask) == fdmClosed
}

// goPanicString returns a Go panic carrying the string s.
func (m *machine) goPanicString(s string) *panicValue {
	return &panicValue{v: m.anyString(s)}
}

// sysWritev is writev(2): the chunks the iovecs a[1] point to, in order.
// The bytes written are reported as reads chunk by chunk (each chunk is
// its own range of cells), not as one range of the gathered copy.
func sysWritev(fr *frame, m *machine, fd int, a []value) value {
	var data []byte
	var chunks [][]byte
	for _, iov := range a[1].elems() {
		fs := iov.elems()
		base, _ := fs[0].r.(*byte)
		n := int(fs[1].n)
		if base == nil || n == 0 {
			continue
		}
		// The base points at the first byte of a chunk: the chunk's
		// bytes are the cells that follow it in its backing array.
		c := unsafe.Slice(base, n)
		chunks = append(chunks, c)
		data = append(data, c...)
	}
	watch := m.watchMem
	m.watchMem = false
	res := func() value {
		defer func() { m.watchMem = watch }()
		return sysWrite(fr, m, fd, []value{a[0], {r: data}})
	}()
	vs := res.elems()
	if watch {
		for n, i := int(vs[0].n), 0; n > 0 && i < len(chunks); i++ {
			k := min(n, len(chunks[i]))
			m.emit(fr, Event{Kind: EvRead, Op: OpModel, Addr: addrOfByte(&chunks[i][0]), N: k, Pos: fr.pos(), Func: m.callee})
			n -= k
		}
	}
	return tuple(uintVal(vs[0].n), vs[1])
}
