package osmodel

// Signals: package os/signal runs from source over the runtime's half of
// it, modeled here on the virtual OS's signal state (vos/signal.go). The
// only sender is the program itself: syscall.Kill of its own pid (or of
// its process group, 0), which os.Process.Signal of os.FindProcess(
// os.Getpid()) reaches too. A signal os/signal wants is queued and wakes
// os/signal's loop goroutine, which sends it to the channels of
// signal.Notify as in Go (a non-blocking channel send: the delivery is a
// scheduling point of its own); a signal it does not want takes the Go
// runtime's default action. The loop goroutine, blocked until a signal
// arrives, is no leak (it outlives every test in go test too); with no
// other sender than the program, a run in which every goroutine waits,
// the loop included, is a deadlock.

import (
	"fmt"
	"syscall"

	"github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

const whyKillSelf = "a signal the program sends itself is delivered by the virtual OS (os/signal, or Go's default action); other processes do not exist"

var signalFuncs = map[string]model.Func{
	"os/signal.signal_enable": native(model.NoBody, func(m M, a []V) V {
		m.OS().SignalEnable(int(a[0].Int()))
		return nothing
	}),
	"os/signal.signal_disable": native(model.NoBody, func(m M, a []V) V {
		m.OS().SignalDisable(int(a[0].Int()))
		return nothing
	}),
	"os/signal.signal_ignore": native(model.NoBody, func(m M, a []V) V {
		m.OS().SignalIgnore(int(a[0].Int()))
		return nothing
	}),
	"os/signal.signal_ignored": native(model.NoBody, func(m M, a []V) V {
		return mkBool(m.OS().SignalIgnored(int(a[0].Int())))
	}),
	"os/signal.signal_recv":         control(model.NoBody, signalRecv),
	"os/signal.signalWaitUntilIdle": control(model.NoBody, signalWaitUntilIdle),
}

// signalRecv is signal_recv: the next pending signal, or the loop blocks
// until one is queued. The loop is a daemon (no leak).
func signalRecv(m M, _ []V) model.Next {
	m.Daemon()
	k := m.OS()
	n, ok := k.SignalRecv(m.Waker())
	if !ok {
		return model.Next{Block: model.OpSignalRecv, On: k.SignalObject()}
	}
	m.Acquire(k.SignalObject())
	return done(mkUint(uint64(n)))
}

// signalWaitUntilIdle is the runtime's signalWaitUntilIdle (signal.Stop):
// it returns once no signal is pending or being delivered.
func signalWaitUntilIdle(m M, _ []V) model.Next {
	if !m.OS().SignalIdle(m.Waker()) {
		return model.Next{Block: model.OpSignalIdle}
	}
	return done(nothing)
}

// sysKill is syscall.Kill(pid, sig): to the process itself (its pid, or
// 0: its process group, which holds only it), a scheduling point, then
// the signal's delivery or its default action; to any other process,
// refused.
func sysKill(m M, a []V) model.Next {
	pid, sig := a[0].Int(), syscall.Signal(a[1].Int())
	if pid != vos.Pid && pid != 0 {
		m.Refuse(fmt.Sprintf("syscall.Kill of signal %v to process %d", sig, pid), "the virtual OS has one process: signals reach only the program itself")
	}
	if sig < 0 || sig > 64 {
		return done(errnoVal(m, syscall.EINVAL))
	}
	if sig != 0 && m.Point(model.OpKill) {
		return stop
	}
	k := m.OS()
	switch k.Raise(int(sig)) {
	case vos.SigQueued:
		m.Release(k.SignalObject())
	case vos.SigTerminate:
		m.Signaled(int(sig), false)
		return stop
	case vos.SigThrow:
		m.Signaled(int(sig), true)
		return stop
	case vos.SigStop:
		m.Refuse(fmt.Sprintf("syscall.Kill of signal %v to the process", sig), "it would stop the process (job control), which nothing could continue under vt")
	}
	return done(nothing)
}
