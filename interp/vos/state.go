package vos

import "slices"

// State is the part of a kernel's state that a state hash can represent:
// the current directory, the umask, the environment, and the standard
// streams' descriptors and poll descriptors.
type State struct {
	Cwd   string
	Umask uint32
	Env   []string
	Polls []PollState // by id
	FDs   []FDState   // by descriptor
	// Signals wanted, ignored and pending (bit n-1: signal n), and
	// whether one is being delivered.
	SigWanted, SigIgnored, SigPending uint64
	SigDelivering                     bool
}

// PollState is a poll descriptor of a standard stream.
type PollState struct {
	ID         PollID
	Std        int
	Closing    bool
	RD, WD     int64 // deadlines: 0 none, -1 passed, else the time
	RGen, WGen int64
}

// FDState is a descriptor of a standard stream.
type FDState struct {
	FD, Std, Flags, Refs int
}

// HashState returns v's state for a state hash, or the reason it cannot
// (the first of: sockets, pollers of files or sockets or with waiters,
// open files, files written). The state of a kernel not started is the
// zero State.
func (v *Kernel) HashState() (State, string) {
	if !v.Ready() {
		return State{}, ""
	}
	st := State{Cwd: v.cwd, Umask: v.umask, Env: v.env}
	if s := v.signals; s != nil {
		st.SigWanted, st.SigIgnored, st.SigPending, st.SigDelivering = s.wanted, s.ignored, s.pending, s.delivering
		if len(s.recv) > 0 || len(s.idle) > 0 {
			return st, "a goroutine waits for a signal"
		}
	}
	if len(v.maps) > 0 {
		return st, "the virtual OS has memory maps"
	}
	if v.net != nil && (len(v.net.binds) > 0 || len(v.net.abstract) > 0) {
		return st, "the virtual OS has sockets"
	}
	ids := make([]uintptr, 0, len(v.polls))
	for id, pd := range v.polls {
		if pd.file == nil || pd.file.kind != vfStd || len(pd.waiters) > 0 {
			return st, "the virtual OS has pollers of files or sockets"
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		pd := v.polls[id]
		st.Polls = append(st.Polls, PollState{ID: PollID(id), Std: pd.file.std, Closing: pd.closing,
			RD: pd.rd, WD: pd.wd, RGen: pd.rgen, WGen: pd.wgen})
	}
	fds := make([]int, 0, len(v.fds))
	for fd, f := range v.fds {
		if f.kind != vfStd {
			return st, "the virtual OS has open files"
		}
		fds = append(fds, fd)
	}
	slices.Sort(fds)
	for _, fd := range fds {
		f := v.fds[fd]
		st.FDs = append(st.FDs, FDState{FD: fd, Std: f.std, Flags: f.flags, Refs: f.refs})
	}
	if v.fs != nil && v.fs.root != nil && len(v.fs.root.kids) > 0 {
		return st, "the program wrote to the virtual file system"
	}
	return st, ""
}
