package interp

// The interpreter's side of the virtual OS (package vos, a simulated
// kernel under package syscall, internal/syscall/unix and the runtime's
// network poller, so that os, net, net/http and everything above them run
// from their real source). The kernel is part of the run's world: a
// snapshot clones it, so every execution starts from the virtual OS as it
// was at the snapshot. The models (models_syscall.go, models_unix.go,
// models_poll.go, ...) translate between the program's values and the
// kernel's API; this file holds what connects the kernel to the machine:
// blocked goroutines as the kernel's waiters, the scheduling points of
// waits, the deadlines' timers on the virtual clock, and the identity of
// kernel objects in events.

import (
	"github.com/vtcheck/vt/interp/vos"
)

// vos returns the run's virtual OS, made on first use.
func (m *machine) vos() *vos.Kernel {
	m.materializeOS()
	if !m.osys.Ready() {
		m.osys.Init(m.opts.Env, m.opts.Dir)
	}
	return &m.osys
}

// materializeOS makes the run's copy of the snapshot's virtual OS, if
// the run started from one and has not used it yet (runState.osysFrom).
func (m *machine) materializeOS() {
	if m.osysFrom != nil {
		m.osys, m.osysFrom = *m.osysFrom.Clone(), nil
	}
}

// goWaiter is a goroutine blocked in the virtual OS: the kernel wakes it
// when the object it waits on changes, and it retries its operation.
type goWaiter struct{ g *Goroutine }

// Wake makes the goroutine runnable.
func (w goWaiter) Wake() { w.g.wake() }

// waitOp is the operation a goroutine waiting in the kernel for reason is
// blocked in.
func waitOp(reason vos.Reason) Op {
	switch reason {
	case vos.WaitPipeRead:
		return OpPipeRead
	case vos.WaitPipeWrite:
		return OpPipeWrite
	case vos.WaitAccept:
		return OpAccept
	case vos.WaitConnect:
		return OpDial
	case vos.WaitSend:
		return OpNetWrite
	}
	return OpNetRead
}

// kernelAddr is the identity of a kernel object in events.
func kernelAddr(o vos.Object) Addr { return Addr{p: o.Pointer()} }

// setDeadline sets the deadline of mode ('r', 'w' or both) of the poll
// descriptor id to d nanoseconds from now (d < 0: passed; 0: none), as
// the runtime's poll_runtime_pollSetDeadline: a timer on the virtual
// clock reports the deadline to the kernel when it passes.
func (m *machine) setDeadline(id vos.PollID, d int64, mode int) {
	when := int64(0)
	switch {
	case d < 0:
		when = -1
	case d > 0:
		when = satAdd(m.clock, d)
	}
	for _, t := range m.vos().SetDeadline(id, mode, when) {
		m.cancelDeadline(t.Cancel)
		if t.When > 0 {
			key := t.Arm
			m.addTimer(&timer{when: t.When, id: key, fire: func(m *machine, _ *timer) { m.vos().DeadlinePassed(key) }})
		}
	}
}

// cancelDeadline removes the timer of a deadline that is replaced.
func (m *machine) cancelDeadline(key vos.DeadlineKey) {
	for _, t := range m.timers {
		if k, ok := t.id.(vos.DeadlineKey); ok && k == key {
			m.delTimer(t)
			return
		}
	}
}
