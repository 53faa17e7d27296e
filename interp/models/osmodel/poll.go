package osmodel

// Models of package internal/poll: the runtime's network poller over the
// virtual OS, the runtime's semaphores, and fdMutex, the reference count
// and read/write locks of a descriptor. The rest of internal/poll (FD's
// Read, Write, Accept, Close, deadlines) runs from source over these and
// the system calls.
//
// fdMutex's operations are atomic operations on its state word in Go
// (they order every operation on a descriptor, as Go's race detector sees
// them): each one is an atomic event on that word. They are no scheduling
// points: the system calls they guard are. Closing a descriptor
// (increfAndClose) is one (OpClose).

import (
	"github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

const (
	whyPoller = "the runtime's network poller over the virtual OS: waiting for a descriptor is blocking in the run"
	whySema   = "a runtime semaphore: the runtime's own synchronization, which the race detector does not check as an access"
)

var pollFuncs = map[string]model.Func{
	"internal/poll.runtimeNano": native(model.NoBody, func(m M, _ []V) V {
		start, now := m.Clock()
		return mkInt(now - start + 1000)
	}),
	"internal/poll.runtime_pollServerInit":   native(model.NoBody, func(M, []V) V { return nothing }),
	"internal/poll.runtime_pollWaitCanceled": native(model.NoBody, func(M, []V) V { return nothing }),
	"internal/poll.runtime_isPollServerDescriptor": native(model.NoBody, func(M, []V) V {
		return mkBool(false)
	}),
	"internal/poll.runtime_pollOpen": native(model.NoBody, func(m M, a []V) V {
		id, e := m.OS().PollOpen(int(a[0].Uint()))
		return m.MakeTuple(mkUint(uint64(id)), mkInt(int64(e)))
	}),
	"internal/poll.runtime_pollClose": native(model.NoBody, func(m M, a []V) V {
		m.OS().PollClose(vos.PollID(a[0].Uint()))
		return nothing
	}),
	"internal/poll.runtime_pollReset": native(model.NoBody, func(m M, a []V) V {
		return mkInt(int64(m.OS().PollReset(vos.PollID(a[0].Uint()), int(a[1].Int()))))
	}),
	"internal/poll.runtime_pollWait": control(model.NoBody, pollWait),
	"internal/poll.runtime_pollSetDeadline": native(model.NoBody, func(m M, a []V) V {
		setDeadline(m, vos.PollID(a[0].Uint()), a[1].Int(), int(a[2].Int()))
		return nothing
	}),
	"internal/poll.runtime_pollUnblock": native(model.NoBody, func(m M, a []V) V {
		m.OS().PollUnblock(vos.PollID(a[0].Uint()))
		return nothing
	}),
	"internal/poll.runtime_Semacquire": none(control(model.NoBody, semacquire), whySema),
	"internal/poll.runtime_Semrelease": none(control(model.NoBody, semrelease), whySema),

	"(*internal/poll.fdMutex).incref":         own(control(whyPoller, fdMutexOp(fdIncref))),
	"(*internal/poll.fdMutex).increfAndClose": own(control(whyPoller, fdMutexClose)),
	"(*internal/poll.fdMutex).decref":         own(control(whyPoller, fdMutexOp(fdDecref))),
	"(*internal/poll.fdMutex).rwlock":         own(control(whyPoller, fdRWLock)),
	"(*internal/poll.fdMutex).rwunlock":       own(control(whyPoller, fdMutexOp(fdRWUnlock))),

	"internal/poll.writev": own(control("the writev system call on the virtual OS", ioCall(false, 2, sysWritev))),
}

// pollWait is runtime_pollWait: it returns at once if the descriptor is
// ready for mode, closed or past its deadline; else the goroutine blocks
// until one of these changes, and checks again.
func pollWait(m M, a []V) model.Next {
	r, reason := m.OS().PollWait(vos.PollID(a[0].Uint()), int(a[1].Int()), m.Waker())
	if reason == vos.WaitNone {
		return done(mkInt(int64(r)))
	}
	return model.Next{Block: waitOp(reason)}
}

// setDeadline sets the deadline of mode ('r', 'w' or both) of the poll
// descriptor id to d nanoseconds from now (d < 0: passed; 0: none), as
// the runtime's poll_runtime_pollSetDeadline: a timer on the virtual
// clock reports the deadline to the kernel when it passes.
func setDeadline(m M, id vos.PollID, d int64, mode int) {
	when := int64(0)
	switch {
	case d < 0:
		when = -1
	case d > 0:
		when = satAdd(clock(m), d)
	}
	for _, t := range m.OS().SetDeadline(id, mode, when) {
		m.CancelTimer(t.Cancel)
		if t.When > 0 {
			key := t.Arm
			m.Timer(t.When, key, func(m M) { m.OS().DeadlinePassed(key) })
		}
	}
}

// satAdd returns a+b, saturated at the largest int64.
func satAdd(a, b int64) int64 {
	if s := a + b; s >= a {
		return s
	}
	return 1<<63 - 1
}

// waits is the run's state of the package's waits: the goroutines
// waiting on each semaphore (runtime_Semacquire) and on the locks of each
// fdMutex, by the variable's cell. A snapshot keeps the objects with no
// waiters (nobody waits at a snapshot); a state that has any is one the
// state hash cannot represent, as the machine's own waits of the runtime,
// while the program can reach the object.
type waits struct {
	sema map[model.Cell]*vos.WaitQueue
	fd   map[model.Cell]*fdMutexWait
}

// fdMutexWait is the goroutines waiting for an fdMutex's read or write
// lock.
type fdMutexWait struct{ r, w vos.WaitQueue }

var waitsKey = &model.StateKey{Name: "internal/poll", New: func() model.State { return &waits{} }}

func (s *waits) Clone() model.State {
	c := &waits{}
	if s.sema != nil {
		c.sema = map[model.Cell]*vos.WaitQueue{}
		for k := range s.sema {
			c.sema[k] = &vos.WaitQueue{}
		}
	}
	if s.fd != nil {
		c.fd = map[model.Cell]*fdMutexWait{}
		for k := range s.fd {
			c.fd[k] = &fdMutexWait{}
		}
	}
	return c
}

// Hash refuses a state in which the program can still reach a semaphore
// or an fdMutex that has a wait queue.
func (s *waits) Hash(h model.Hasher) {
	for c := range s.sema {
		if _, ok := h.Cell(c); ok {
			h.Refuse("the state of a runtime semaphore of internal/poll")
			return
		}
	}
	for c := range s.fd {
		if _, ok := h.Cell(c); ok {
			h.Refuse("the state of a descriptor's lock (internal/poll.fdMutex)")
			return
		}
	}
}

func runWaits(m M) *waits { return m.State(waitsKey).(*waits) }

// semaWaiters returns the waiters of the semaphore p points to.
func semaWaiters(m M, p V) *vos.WaitQueue {
	s := runWaits(m)
	if s.sema == nil {
		s.sema = map[model.Cell]*vos.WaitQueue{}
	}
	q := s.sema[p.Cell()]
	if q == nil {
		q = &vos.WaitQueue{}
		s.sema[p.Cell()] = q
	}
	return q
}

// fdWaiters returns the waiters of the fdMutex whose state word p points
// to, made if mk.
func fdWaiters(m M, p V, mk bool) *fdMutexWait {
	s := runWaits(m)
	w := s.fd[p.Cell()]
	if w == nil && mk {
		if s.fd == nil {
			s.fd = map[model.Cell]*fdMutexWait{}
		}
		w = &fdMutexWait{}
		s.fd[p.Cell()] = w
	}
	return w
}

// semacquire waits until the semaphore at a[0] is positive and decrements
// it.
func semacquire(m M, a []V) model.Next {
	p := a[0]
	if p.IsNil() {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	if n := m.Load(p).Uint(); n > 0 {
		m.Store(p, mkUint(uint64(uint32(n-1))), m.TypeOf(typUint32))
		return done(nothing)
	}
	semaWaiters(m, p).Add(m.Waker())
	return model.Next{Block: model.OpSemacquire}
}

// semrelease increments the semaphore at a[0] and wakes its waiters.
func semrelease(m M, a []V) model.Next {
	p := a[0]
	if p.IsNil() {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	m.Store(p, mkUint(uint64(uint32(m.Load(p).Uint()+1))), m.TypeOf(typUint32))
	semaWaiters(m, p).WakeAll()
	return done(nothing)
}

// The bits of fdMutex.state (internal/poll/fd_mutex.go). The waiter counts
// stay zero here: waiting goroutines are in the run's state (waits).
const (
	fdmClosed  = 1 << 0
	fdmRLock   = 1 << 1
	fdmWLock   = 1 << 2
	fdmRef     = 1 << 3
	fdmRefMask = (1<<20 - 1) << 3
)

// fdState returns a pointer to the state word of the fdMutex a[0]
// points to and its value, reporting the operation as an atomic one on
// it.
func fdState(m M, a []V) (V, uint64) {
	if a[0].IsNil() {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	p := m.Field(a[0], 0)
	m.Atomic(p)
	return p, m.Load(p).Uint()
}

// setState stores n to the state word p points to.
func setState(m M, p V, n uint64) { m.Store(p, mkUint(n), m.TypeOf(typUint64)) }

// fdMutexOp models an fdMutex method that does not block.
func fdMutexOp(f func(m M, p V, n uint64, a []V) bool) model.ControlFunc {
	return func(m M, a []V) model.Next {
		p, n := fdState(m, a)
		return done(mkBool(f(m, p, n, a)))
	}
}

func fdIncref(m M, p V, n uint64, _ []V) bool {
	if n&fdmClosed != 0 {
		return false
	}
	setState(m, p, n+fdmRef)
	return true
}

func fdDecref(m M, p V, n uint64, _ []V) bool {
	if n&fdmRefMask == 0 {
		m.Panic("inconsistent poll.fdMutex")
	}
	n -= fdmRef
	setState(m, p, n)
	return n&(fdmClosed|fdmRefMask) == fdmClosed
}

// fdMutexClose is increfAndClose: a scheduling point (closing a
// descriptor); the goroutines waiting for its locks wake up and fail.
func fdMutexClose(m M, a []V) model.Next {
	if m.Point(model.OpClose) {
		return stop
	}
	p, n := fdState(m, a)
	if n&fdmClosed != 0 {
		return done(mkBool(false))
	}
	setState(m, p, (n|fdmClosed)+fdmRef)
	if w := fdWaiters(m, p, false); w != nil {
		w.r.WakeAll()
		w.w.WakeAll()
	}
	return done(mkBool(true))
}

// fdRWLock is rwlock(read): it waits while another goroutine holds the
// lock.
func fdRWLock(m M, a []V) model.Next {
	p, n := fdState(m, a)
	if n&fdmClosed != 0 {
		return done(mkBool(false))
	}
	bit := uint64(fdmWLock)
	if a[1].Bool() {
		bit = fdmRLock
	}
	if n&bit == 0 {
		setState(m, p, (n|bit)+fdmRef)
		return done(mkBool(true))
	}
	w := fdWaiters(m, p, true)
	q := &w.w
	if a[1].Bool() {
		q = &w.r
	}
	q.Add(m.Waker())
	return model.Next{Block: model.OpSemacquire}
}

func fdRWUnlock(m M, p V, n uint64, a []V) bool {
	bit := uint64(fdmWLock)
	if a[1].Bool() {
		bit = fdmRLock
	}
	if n&bit == 0 || n&fdmRefMask == 0 {
		m.Panic("inconsistent poll.fdMutex")
	}
	n = n&^bit - fdmRef
	setState(m, p, n)
	if w := fdWaiters(m, p, false); w != nil {
		if a[1].Bool() {
			w.r.WakeAll()
		} else {
			w.w.WakeAll()
		}
	}
	return n&(fdmClosed|fdmRefMask) == fdmClosed
}

// sysWritev is writev(2): the chunks the iovecs a[1] point to, in order.
// The bytes written are reported as reads chunk by chunk (each chunk is
// its own range of cells), not as one range of the gathered copy.
func sysWritev(m M, fd int, a []V) V {
	var data []byte
	var chunks [][]byte
	for _, iov := range m.Elems(a[1]) {
		fs := m.Elems(iov)
		c := m.BytesAt(fs[0], int(fs[1].Uint()))
		if len(c) == 0 {
			continue
		}
		chunks = append(chunks, c)
		data = append(data, c...)
	}
	res := writeBytes(m, fd, data, func(int) {})
	vs := m.Elems(res)
	for n, i := int(vs[0].Int()), 0; n > 0 && i < len(chunks); i++ {
		k := min(n, len(chunks[i]))
		m.AccessBytes(false, chunks[i][:k])
		n -= k
	}
	return m.MakeTuple(mkUint(vs[0].Uint()), vs[1])
}
