package interp

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
	"strings"
	"syscall"

	"github.com/vtcheck/vt/interp/vos"
)

const (
	whySignal   = "the runtime's signal state, on the virtual OS: the program is its only sender"
	whyKillSelf = "a signal the program sends itself is delivered by the virtual OS (os/signal, or Go's default action); other processes do not exist"
)

var signalModels = modelTable{
	"os/signal.signal_enable": native(noBody, func(m *machine, a []value) value {
		m.vos().SignalEnable(int(a[0].int()))
		return value{}
	}),
	"os/signal.signal_disable": native(noBody, func(m *machine, a []value) value {
		m.vos().SignalDisable(int(a[0].int()))
		return value{}
	}),
	"os/signal.signal_ignore": native(noBody, func(m *machine, a []value) value {
		m.vos().SignalIgnore(int(a[0].int()))
		return value{}
	}),
	"os/signal.signal_ignored": native(noBody, func(m *machine, a []value) value {
		return boolVal(m.vos().SignalIgnored(int(a[0].int())))
	}),
	"os/signal.signal_recv":         control(noBody, signalRecv),
	"os/signal.signalWaitUntilIdle": control(noBody, signalWaitUntilIdle),
}

// signalRecv is signal_recv: the next pending signal, or the loop blocks
// until one is queued. The loop is a daemon (no leak).
func signalRecv(fr *frame, _ []value, dst int32) *frame {
	m, g := fr.g.m, fr.g
	if !g.daemon && g != m.main {
		g.daemon = true
		m.daemons++
	}
	k := m.vos()
	n, ok := k.SignalRecv(goWaiter{g})
	if !ok {
		return fr.blockOn(OpSignalRecv, fr.pos(), kernelAddr(k.SignalObject()))
	}
	m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(k.SignalObject()), Pos: fr.pos()})
	return fr.done(dst, uintVal(uint64(n)))
}

// signalWaitUntilIdle is the runtime's signalWaitUntilIdle (signal.Stop):
// it returns once no signal is pending or being delivered.
func signalWaitUntilIdle(fr *frame, _ []value, dst int32) *frame {
	if !fr.g.m.vos().SignalIdle(goWaiter{fr.g}) {
		return fr.block(OpSignalIdle, fr.pos())
	}
	return fr.done(dst, value{})
}

// sysKill is syscall.Kill(pid, sig): to the process itself (its pid, or
// 0: its process group, which holds only it), a scheduling point, then
// the signal's delivery or its default action; to any other process,
// refused.
func sysKill(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	pid, sig := a[0].int(), syscall.Signal(a[1].int())
	if pid != vos.Pid && pid != 0 {
		m.refuse(fr, fmt.Sprintf("syscall.Kill of signal %v to process %d", sig, pid), "the virtual OS has one process: signals reach only the program itself")
	}
	if sig < 0 || sig > 64 {
		return fr.done(dst, m.errnoVal(syscall.EINVAL))
	}
	if sig != 0 && pointOnce(fr, OpKill) {
		return nil
	}
	k := m.vos()
	switch k.Raise(int(sig)) {
	case vos.SigQueued:
		m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(k.SignalObject()), Pos: fr.pos()})
	case vos.SigTerminate:
		return m.killedBy(fr, sig)
	case vos.SigThrow:
		return m.signalThrow(fr, sig)
	case vos.SigStop:
		m.refuse(fr, fmt.Sprintf("syscall.Kill of signal %v to the process", sig), "it would stop the process (job control), which nothing could continue under vt")
	}
	return fr.done(dst, value{})
}

// killedBy ends the run: the process died of signal sig, silently, as a
// Go program does of SIGTERM, SIGINT or SIGHUP that it does not handle.
// The exit code is -1, as os.ProcessState.ExitCode reports for a process
// a signal ended.
func (m *machine) killedBy(fr *frame, sig syscall.Signal) *frame {
	m.stdout.Flush()
	msg := fmt.Sprintf("killed by signal %s (%v), which the program sent itself and did not handle", signalName(sig), sig)
	m.outcome = Outcome{Kind: Fatal, ExitCode: -1, Message: msg, Goroutines: []GoroutineInfo{fr.g.info(OpRunning)}}
	m.exit(-1)
	return nil
}

// signalThrow ends the run as the Go runtime does on SIGQUIT, SIGABRT and
// the others it dumps the stacks for: the signal's line, then the
// goroutines, exit status 2.
func (m *machine) signalThrow(fr *frame, sig syscall.Signal) *frame {
	m.stdout.Flush()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %v\nPC=0x0 m=0 sigcode=0\n\n", signalName(sig), sig)
	fr.g.top = fr
	m.writeTraceback(&sb, fr.g)
	m.stderr.Write([]byte(sb.String()))
	m.outcome = Outcome{Kind: Fatal, ExitCode: 2, Message: fmt.Sprintf("%s: %v (the program sent it to itself)", signalName(sig), sig), Goroutines: []GoroutineInfo{fr.g.info(OpRunning)}}
	m.exit(2)
	return nil
}

// signalName returns the name of sig as the Go runtime prints it
// ("SIGTERM"), or "signal N".
func signalName(sig syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGHUP: "SIGHUP", syscall.SIGINT: "SIGINT", syscall.SIGQUIT: "SIGQUIT", syscall.SIGILL: "SIGILL",
		syscall.SIGTRAP: "SIGTRAP", syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE",
		syscall.SIGKILL: "SIGKILL", syscall.SIGSEGV: "SIGSEGV", syscall.SIGTERM: "SIGTERM", syscall.SIGSTKFLT: "SIGSTKFLT",
		syscall.SIGSYS: "SIGSYS",
	}
	if n, ok := names[sig]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(sig))
}
