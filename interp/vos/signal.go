package vos

import "syscall"

// Signals of the one process, as the Go runtime sees them: which signals
// os/signal asked for (wanted), which it ignores, and which arrived and
// wait for os/signal's loop (pending). The only sender is the process
// itself (kill(2) of its own pid): the virtual OS has no other process
// and no terminal. A signal that arrives when wanted is queued, and the
// goroutine waiting in SignalRecv is woken; otherwise the runtime's
// default action applies (Action). Pending signals coalesce, as POSIX
// signals do: one of each number at a time.
type signals struct {
	wanted, ignored, pending uint64 // bit n-1: signal n (1..64)
	// delivering: the receiver took a signal and has not come back for
	// the next (os/signal's loop is sending it to the channels).
	delivering bool
	recv       waitq // the receiver, waiting for a signal
	idle       waitq // waiting until no signal is pending or delivered
}

// Action is what the runtime of a Go program does with a signal it
// receives (the default actions of Go, not of POSIX: see os/signal).
type Action uint8

// The actions.
const (
	SigIgnore    Action = iota // nothing happens (ignored, or caught with no action)
	SigQueued                  // queued for os/signal (Notify asked for it)
	SigTerminate               // the process dies of the signal, silently
	SigThrow                   // the process exits with a stack dump (exit status 2)
	SigStop                    // the process stops (job control): it would hang
)

// sigBit returns the bit of signal n in a mask, or 0 if n is no signal.
func sigBit(n int) uint64 {
	if n < 1 || n > 64 {
		return 0
	}
	return 1 << (n - 1)
}

// sigs returns v's signal state, made on first use.
func (v *Kernel) sigs() *signals {
	if v.signals == nil {
		v.signals = &signals{}
	}
	return v.signals
}

// SignalEnable is the runtime's signal_enable: os/signal wants signal n
// (Notify); it is no longer ignored.
func (v *Kernel) SignalEnable(n int) {
	s := v.sigs()
	s.wanted |= sigBit(n)
	s.ignored &^= sigBit(n)
}

// SignalDisable is signal_disable: os/signal no longer wants signal n
// (Stop, Reset); its default action applies again.
func (v *Kernel) SignalDisable(n int) {
	s := v.sigs()
	s.wanted &^= sigBit(n)
	s.ignored &^= sigBit(n)
}

// SignalIgnore is signal_ignore: signal n is ignored (signal.Ignore).
func (v *Kernel) SignalIgnore(n int) {
	s := v.sigs()
	s.wanted &^= sigBit(n)
	s.ignored |= sigBit(n)
}

// SignalIgnored is signal_ignored: whether signal n is ignored.
func (v *Kernel) SignalIgnored(n int) bool { return v.sigs().ignored&sigBit(n) != 0 }

// Raise delivers signal n, sent by the process to itself, and returns
// what happens: queued for os/signal's loop (waking it), ignored, or the
// runtime's default action, which the caller carries out. Signal 0 checks
// only that the process exists.
func (v *Kernel) Raise(n int) Action {
	s := v.sigs()
	b := sigBit(n)
	switch {
	case n == 0:
		return SigIgnore
	case syscall.Signal(n) == syscall.SIGKILL:
		return SigTerminate // it cannot be caught nor ignored
	case syscall.Signal(n) == syscall.SIGSTOP:
		return SigStop
	case s.wanted&b != 0:
		s.pending |= b
		s.recv.wakeAll()
		return SigQueued
	case s.ignored&b != 0:
		return SigIgnore
	}
	return defaultAction(syscall.Signal(n))
}

// defaultAction is what the Go runtime does with signal sig from a user
// (kill) that os/signal neither wants nor ignores: SIGHUP, SIGINT and
// SIGTERM end the program; SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSTKFLT,
// SIGSYS and the synchronous signals sent by kill (SIGBUS, SIGFPE,
// SIGSEGV) end it with a stack dump; the job-control stops take the
// system's default action (the process stops); every other signal is
// caught and nothing happens.
func defaultAction(sig syscall.Signal) Action {
	switch sig {
	case syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM:
		return SigTerminate
	case syscall.SIGQUIT, syscall.SIGILL, syscall.SIGTRAP, syscall.SIGABRT, syscall.SIGSTKFLT, syscall.SIGSYS,
		syscall.SIGBUS, syscall.SIGFPE, syscall.SIGSEGV:
		return SigThrow
	case syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU:
		return SigStop
	}
	return SigIgnore
}

// SignalRecv is the runtime's signal_recv, for os/signal's loop: it takes
// the lowest pending signal (ok), or queues w, to be woken when one is
// queued (!ok: the caller blocks, then calls again). Coming back for the
// next signal ends the delivery of the last one.
func (v *Kernel) SignalRecv(w Waiter) (n int, ok bool) {
	s := v.sigs()
	if s.delivering {
		s.delivering = false
		if s.pending == 0 {
			s.idle.wakeAll()
		}
	}
	if s.pending == 0 {
		s.recv.add(&wait{w: w})
		return 0, false
	}
	for n = 1; s.pending&sigBit(n) == 0; n++ {
	}
	s.pending &^= sigBit(n)
	s.delivering = true
	return n, true
}

// SignalIdle is the runtime's signalWaitUntilIdle, for signal.Stop: it
// reports whether no signal is pending or being delivered, or queues w,
// to be woken when that may have changed (the caller then asks again).
func (v *Kernel) SignalIdle(w Waiter) bool {
	s := v.sigs()
	if s.pending == 0 && !s.delivering {
		return true
	}
	s.idle.add(&wait{w: w})
	return false
}

// SignalObject is the identity of the process's signal queue, for the
// happens-before edge from a signal's sender to its receiver.
func (v *Kernel) SignalObject() Object { return objectOf(v.sigs()) }

// clone copies s, without its waiters.
func (s *signals) clone() *signals {
	if s == nil {
		return nil
	}
	c := *s
	c.recv, c.idle = nil, nil
	return &c
}
