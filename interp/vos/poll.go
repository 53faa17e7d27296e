package vos

import "syscall"

// The poller: descriptors registered with the runtime's network poller
// (internal/poll's pollDesc.runtimeCtx is a PollID), their deadlines, and
// waiting for them.

// PollID names a descriptor registered with the poller (PollOpen).
type PollID uintptr

// PollResult is the poller's answer, as the runtime's poll functions
// return it to internal/poll (fd_poll_runtime.go).
type PollResult int

// The poller's answers.
const (
	PollReady   PollResult = 0 // the operation may be retried
	PollClosing PollResult = 1 // the descriptor is closing (or unknown)
	PollTimeout PollResult = 2 // the deadline of the mode has passed
)

// pollDesc is a descriptor registered with the poller.
type pollDesc struct {
	id      uintptr
	file    *openFile
	closing bool
	// Deadlines on the caller's clock: 0 none, -1 passed, else the time.
	rd, wd int64
	// rgen and wgen number the deadlines set, so that the timer of a
	// replaced deadline does nothing when it fires.
	rgen, wgen int64
	waiters    waitq
}

// DeadlineKey names one deadline of one poll descriptor: the caller's
// timer for it reports DeadlinePassed(key) when it fires. A replaced
// deadline's key no longer matches, and its firing does nothing.
type DeadlineKey struct {
	Poll PollID
	Mode int // 'r' or 'w'
	Gen  int64
}

// DeadlineTimer is a change SetDeadline asks of the caller's timers:
// cancel the timer of Cancel (if there is one), and if When > 0 arm a
// timer at When that reports DeadlinePassed(Arm).
type DeadlineTimer struct {
	Cancel DeadlineKey
	Arm    DeadlineKey
	When   int64
}

// expired reports whether mode's deadline has passed.
func (pd *pollDesc) expired(mode int) bool {
	if mode == 'r' {
		return pd.rd < 0
	}
	return pd.wd < 0
}

// check returns the poller's answer for mode now, or false if the caller
// must wait.
func (pd *pollDesc) check(mode int) (PollResult, bool) {
	switch {
	case pd.closing:
		return PollClosing, true
	case pd.expired(mode):
		return PollTimeout, true
	case pd.file.ready(mode):
		return PollReady, true
	}
	return 0, false
}

// PollOpen registers fd with the poller. Like epoll, it refuses regular
// files, directories and the standard streams (EPERM).
func (v *Kernel) PollOpen(fd int) (PollID, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, e
	}
	if f.kind != vfSocket && f.kind != vfPipeR && f.kind != vfPipeW {
		return 0, syscall.EPERM
	}
	v.nextPoll++
	v.polls[v.nextPoll] = &pollDesc{id: v.nextPoll, file: f}
	return PollID(v.nextPoll), 0
}

// PollClose unregisters id.
func (v *Kernel) PollClose(id PollID) { delete(v.polls, uintptr(id)) }

// PollReset is the check before an operation of mode: PollClosing if id
// is closing or unknown, PollTimeout past mode's deadline, else PollReady.
func (v *Kernel) PollReset(id PollID, mode int) PollResult {
	pd := v.polls[uintptr(id)]
	switch {
	case pd == nil || pd.closing:
		return PollClosing
	case pd.expired(mode):
		return PollTimeout
	}
	return PollReady
}

// PollWait returns the poller's answer for mode at once if id is ready
// for it, closing or past its deadline. Otherwise it queues w on id and on
// the object behind it and returns why w waits; w is woken when one of
// these changes, and the caller asks again.
func (v *Kernel) PollWait(id PollID, mode int, w Waiter) (PollResult, Reason) {
	pd := v.polls[uintptr(id)]
	if pd == nil {
		return PollClosing, WaitNone
	}
	if r, ok := pd.check(mode); ok {
		return r, WaitNone
	}
	wt := &wait{w: w}
	pd.waiters.add(wt)
	if q := pd.file.waitq(); q != nil {
		q.add(wt)
	}
	return 0, pd.file.reason(mode)
}

// PollUnblock marks id as closing and wakes its waiters.
func (v *Kernel) PollUnblock(id PollID) {
	if pd := v.polls[uintptr(id)]; pd != nil {
		pd.closing = true
		pd.waiters.wakeAll()
	}
}

// SetDeadline sets the deadline of mode ('r', 'w' or 'r'+'w') of id to
// when on the caller's clock (-1: passed; 0: none), as the runtime's
// poll_runtime_pollSetDeadline, and wakes the waiters if a deadline has
// passed. It returns the changes to the caller's timers, in order: one
// per mode set. An unknown id changes nothing.
func (v *Kernel) SetDeadline(id PollID, mode int, when int64) []DeadlineTimer {
	pd := v.polls[uintptr(id)]
	if pd == nil {
		return nil
	}
	var timers []DeadlineTimer
	for _, md := range []int{'r', 'w'} {
		if mode != md && mode != 'r'+'w' {
			continue
		}
		gen := &pd.rgen
		dl := &pd.rd
		if md == 'w' {
			gen, dl = &pd.wgen, &pd.wd
		}
		t := DeadlineTimer{Cancel: DeadlineKey{id, md, *gen}}
		*gen++
		*dl = when
		if when > 0 {
			t.Arm, t.When = DeadlineKey{id, md, *gen}, when
		}
		timers = append(timers, t)
	}
	if pd.rd < 0 || pd.wd < 0 {
		pd.waiters.wakeAll()
	}
	return timers
}

// DeadlinePassed is the firing of a deadline's timer: if key is still the
// deadline of its descriptor, the deadline has passed and the waiters wake
// up (and time out).
func (v *Kernel) DeadlinePassed(key DeadlineKey) {
	pd := v.polls[uintptr(key.Poll)]
	if pd == nil {
		return
	}
	if key.Mode == 'r' && pd.rgen == key.Gen {
		pd.rd = -1
	} else if key.Mode == 'w' && pd.wgen == key.Gen {
		pd.wd = -1
	} else {
		return
	}
	pd.waiters.wakeAll()
}
