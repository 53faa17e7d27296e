package osmodel

// The shapes of system calls: scheduling points, and the waits of
// blocking descriptors.

import (
	"syscall"

	"github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

// A callFunc computes a system call's result.
type callFunc func(m M, a []V) V

// An fdFunc computes the result of a system call on the descriptor fd.
type fdFunc func(m M, fd int, a []V) V

// fileCall models a file-system call: a scheduling point (OpFileOp), then
// f.
func fileCall(f callFunc) model.ControlFunc {
	return func(m M, a []V) model.Next {
		if m.Point(model.OpFileOp) {
			return stop
		}
		return done(f(m, a))
	}
}

// lastResult returns the last value of a result of nres values.
func lastResult(m M, res V, nres int) V {
	if nres <= 1 {
		return res
	}
	es := m.Elems(res)
	return es[len(es)-1]
}

// ioCall models a read (read) or write on descriptor a[0], of nres
// results: a scheduling point by what the descriptor refers to (none for
// the standard files), then f. An operation on a pipe or socket in
// blocking mode that would block (f returns an EAGAIN error) blocks until
// the kernel wakes it (vos.Kernel.WaitIO), and then runs again.
func ioCall(read bool, nres int, f fdFunc) model.ControlFunc {
	return func(m M, a []V) model.Next {
		fd := int(a[0].Int())
		d, e := m.OS().Describe(fd)
		op := model.OpNone
		if e == 0 {
			op = ioOp(d.Kind, read)
		}
		if m.Point(op) {
			return stop
		}
		if e != 0 {
			return done(tupleErr(m, nres, errnoVal(m, e)))
		}
		res := f(m, fd, a)
		if isErrno(m, lastResult(m, res, nres), syscall.EAGAIN) {
			mode := 'w'
			if read {
				mode = 'r'
			}
			if reason := m.OS().WaitIO(fd, int(mode), m.Waker()); reason != vos.WaitNone {
				return model.Next{Block: waitOp(reason)}
			}
		}
		return done(res)
	}
}

// ioOp is the scheduling point of a read (read) or write on a descriptor
// of kind k.
func ioOp(k vos.Kind, read bool) model.Op {
	switch k {
	case vos.KindStd:
		return model.OpNone
	case vos.KindFile:
		if read {
			return model.OpFileRead
		}
		return model.OpFileWrite
	case vos.KindPipeRead, vos.KindPipeWrite:
		if read {
			return model.OpPipeRead
		}
		return model.OpPipeWrite
	}
	if read {
		return model.OpNetRead
	}
	return model.OpNetWrite
}

// waitOp is the operation a goroutine waiting in the kernel for reason is
// blocked in.
func waitOp(reason vos.Reason) model.Op {
	switch reason {
	case vos.WaitPipeRead:
		return model.OpPipeRead
	case vos.WaitPipeWrite:
		return model.OpPipeWrite
	case vos.WaitAccept:
		return model.OpAccept
	case vos.WaitConnect:
		return model.OpDial
	case vos.WaitSend:
		return model.OpNetWrite
	}
	return model.OpNetRead
}

// sockCall models a call on the socket a[0], of nres results: a
// scheduling point op (none for OpNone), then f. An accept in blocking
// mode with no connection waiting blocks until the kernel wakes it, and
// then runs again.
func sockCall(op model.Op, nres int, f fdFunc) model.ControlFunc {
	return func(m M, a []V) model.Next {
		if m.Point(op) {
			return stop
		}
		fd := int(a[0].Int())
		if e := m.OS().CheckSocket(fd); e != 0 {
			return done(tupleErr(m, nres, errnoVal(m, e)))
		}
		res := f(m, fd, a)
		if op == model.OpAccept && isErrno(m, lastResult(m, res, nres), syscall.EAGAIN) {
			if m.OS().WaitIO(fd, 'r', m.Waker()) != vos.WaitNone {
				return model.Next{Block: model.OpAccept}
			}
		}
		return done(res)
	}
}

// pickDatagram returns the choice of the datagram a receive takes, among
// the queued ones: a choice of the scheduler.
func pickDatagram(m M) vos.Picker {
	return func(n int) int { return m.Choose(model.ChooseDatagram, n) }
}

// datagramLoss returns whether a datagram sent is lost: a choice of the
// scheduler with the run's datagram loss, else never.
func datagramLoss(m M) vos.Loser {
	if !m.DatagramLoss() {
		return nil
	}
	return func() bool { return m.Choose(model.ChooseDatagramLoss, 2) == 1 }
}

// clock returns the virtual clock's time now.
func clock(m M) int64 {
	_, now := m.Clock()
	return now
}
