package interp

// The virtual operating system of a run: a small kernel under package
// syscall, internal/syscall/unix and the runtime's network poller, so that
// os, net, net/http and everything above them run from their real source.
// It holds the descriptor table, the sockets, pipes and the copy-on-write
// file system (vos_net.go, vos_fs.go), the environment and the poller's
// descriptors. It is part of the run's world: a snapshot clones it, so
// every execution starts from the virtual OS as it was at the snapshot and
// nothing of it reaches the real machine (reads of files fall through to
// the real file system, read-only).
//
// Blocking follows the kernel's non-blocking protocol that internal/poll
// speaks: an operation that cannot complete returns EAGAIN, and the poller
// (runtime_pollWait) blocks the goroutine until the descriptor is ready,
// its deadline passes or it is closed.

import (
	"os"
	"slices"
	"syscall"
	"unsafe"
)

// vos is the virtual operating system of a run.
type vos struct {
	fds   map[int]*vfile // open descriptors
	cwd   string         // current directory (absolute, clean)
	umask uint32
	env   []string // the environment, KEY=value
	fs    *vfs
	net   *vnet
	polls map[uintptr]*pollDesc // the poller's descriptors, by context
	// nextPoll numbers poller descriptors; nextIno numbers the inodes of
	// the in-memory layer.
	nextPoll uintptr
	nextIno  uint64
}

// vfileKind says what an open file description refers to.
type vfileKind uint8

const (
	vfStd    vfileKind = iota + 1 // standard input, output or error of the run
	vfNode                        // a file or directory of the file system
	vfPipeR                       // the read end of a pipe
	vfPipeW                       // the write end of a pipe
	vfSocket                      // a socket
)

// vfile is an open file description, shared by the descriptors dup makes.
type vfile struct {
	kind   vfileKind
	std    int // vfStd: 0, 1 or 2
	flags  int // O_ACCMODE bits, O_APPEND, O_NONBLOCK
	refs   int // descriptors referring to it
	node   *vnode
	path   string // vfNode: the absolute path it was opened by
	off    int64
	dir    []dirent // vfNode directories: the entries, read at the first getdents
	dirOff int      // next entry of dir
	pipe   *vpipe
	sock   *vsock
}

// ioWaiter is a goroutine blocked until a kernel object changes. One
// waiter may wait in several queues (an object's and its poll
// descriptor's); the first wake counts.
type ioWaiter struct {
	g     *Goroutine
	woken bool
}

// waitq is the goroutines waiting for a kernel object to change.
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

// newVOS returns the virtual OS of a new machine: the standard files on
// descriptors 0, 1 and 2, the environment env (nil: the real process's),
// and the current directory dir (empty: the real one).
func newVOS(env []string, dir string) *vos {
	if env == nil {
		env = os.Environ()
	}
	cwd, err := dir, error(nil)
	if cwd == "" {
		cwd, err = os.Getwd()
	}
	if err != nil {
		cwd = "/"
	}
	um := syscall.Umask(0)
	syscall.Umask(um)
	v := &vos{
		fds:     map[int]*vfile{},
		cwd:     cwd,
		umask:   uint32(um),
		env:     slices.Clone(env),
		fs:      newVFS(),
		net:     &vnet{nextPort: firstEphemeralPort},
		polls:   map[uintptr]*pollDesc{},
		nextIno: 1 << 40,
	}
	for fd := range 3 {
		v.fds[fd] = &vfile{kind: vfStd, std: fd, refs: 1, flags: []int{syscall.O_RDONLY, syscall.O_WRONLY, syscall.O_WRONLY}[fd]}
	}
	return v
}

// vos returns the run's virtual OS, made on first use.
func (m *machine) vos() *vos {
	if m.osys.fds == nil {
		m.osys = *newVOS(m.opts.Env, m.opts.Dir)
	}
	return &m.osys
}

// clone returns a copy of v that shares nothing a run changes: descriptors
// that shared a description share the copy of it, and so on for sockets,
// pipes and the file system's nodes (whose contents are copied on their
// next write). Waiting goroutines are not copied: they belong to a run.
func (v *vos) clone() vos {
	if v.fds == nil {
		return vos{}
	}
	cl := &vosCopier{files: map[*vfile]*vfile{}, socks: map[*vsock]*vsock{}, pipes: map[*vpipe]*vpipe{}, nodes: map[*vnode]*vnode{}}
	c := *v
	c.env = slices.Clone(v.env)
	c.fs = v.fs.clone(cl)
	c.net = v.net.clone(cl)
	c.fds = make(map[int]*vfile, len(v.fds))
	for fd, f := range v.fds {
		c.fds[fd] = cl.file(f)
	}
	c.polls = make(map[uintptr]*pollDesc, len(v.polls))
	for id, pd := range v.polls {
		cp := *pd
		cp.file = cl.file(pd.file)
		cp.waiters = nil
		c.polls[id] = &cp
	}
	return c
}

// vosCopier copies the objects of a virtual OS once each.
type vosCopier struct {
	files map[*vfile]*vfile
	socks map[*vsock]*vsock
	pipes map[*vpipe]*vpipe
	nodes map[*vnode]*vnode
}

func (cl *vosCopier) file(f *vfile) *vfile {
	if f == nil {
		return nil
	}
	if c, ok := cl.files[f]; ok {
		return c
	}
	c := *f
	cl.files[f] = &c
	c.node = cl.node(f.node)
	c.pipe = cl.pipe(f.pipe)
	c.sock = cl.sock(f.sock)
	return &c
}

func (cl *vosCopier) pipe(p *vpipe) *vpipe {
	if p == nil {
		return nil
	}
	if c, ok := cl.pipes[p]; ok {
		return c
	}
	c := *p
	c.buf = slices.Clone(p.buf)
	c.waiters = nil
	cl.pipes[p] = &c
	return &c
}

// alloc returns the lowest free descriptor, as POSIX requires.
func (v *vos) alloc(f *vfile) int {
	fd := 0
	for v.fds[fd] != nil {
		fd++
	}
	v.fds[fd] = f
	return fd
}

// file returns the description of descriptor fd, or EBADF.
func (v *vos) file(fd int) (*vfile, syscall.Errno) {
	f := v.fds[fd]
	if f == nil {
		return nil, syscall.EBADF
	}
	return f, 0
}

// closeFD closes descriptor fd; the description is released with its last
// descriptor.
func (m *machine) closeFD(fr *frame, fd int) syscall.Errno {
	v := m.vos()
	f, e := v.file(fd)
	if e != 0 {
		return e
	}
	delete(v.fds, fd)
	f.refs--
	if f.refs > 0 {
		return 0
	}
	switch f.kind {
	case vfPipeR:
		f.pipe.readers--
		f.pipe.waiters.wakeAll()
	case vfPipeW:
		f.pipe.writers--
		f.pipe.waiters.wakeAll()
	case vfSocket:
		m.closeSocket(f.sock)
	}
	return 0
}

// kernelAddr is the identity of a kernel object in events.
func kernelAddr[T any](p *T) Addr { return Addr{p: unsafe.Pointer(p)} }

// --- the poller ---

// pollDesc is a descriptor registered with the runtime's network poller
// (internal/poll's pollDesc.runtimeCtx is its id).
type pollDesc struct {
	id      uintptr
	file    *vfile
	closing bool
	// Deadlines on the virtual clock: 0 none, -1 passed, else the time.
	rd, wd int64
	// rgen and wgen number the deadlines set, so that the timer of a
	// replaced deadline does nothing when it fires.
	rgen, wgen int64
	waiters    waitq
}

// deadlineTimer is the id of the virtual-clock timer of a deadline.
type deadlineTimer struct {
	pd   uintptr
	mode int
	gen  int64
}

// Results of the runtime's poll functions (internal/poll/fd_poll_runtime.go).
const (
	pollNoError    = 0
	pollErrClosing = 1
	pollErrTimeout = 2
)

// expired reports whether mode's deadline has passed.
func (pd *pollDesc) expired(mode int) bool {
	if mode == 'r' {
		return pd.rd < 0
	}
	return pd.wd < 0
}

// check returns the poller's answer for mode now, or -1 if the goroutine
// must wait.
func (pd *pollDesc) check(mode int) int {
	switch {
	case pd.closing:
		return pollErrClosing
	case pd.expired(mode):
		return pollErrTimeout
	case pd.file.ready(mode):
		return pollNoError
	}
	return -1
}

// ready reports whether an operation of mode ('r' or 'w') on f would not
// return EAGAIN.
func (f *vfile) ready(mode int) bool {
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

// object returns the wait queue of the kernel object behind f.
func (f *vfile) waitq() *waitq {
	switch f.kind {
	case vfPipeR, vfPipeW:
		return &f.pipe.waiters
	case vfSocket:
		return &f.sock.waiters
	}
	return nil
}

// waitOp is the operation a goroutine waiting in the poller for f is
// blocked in.
func (f *vfile) waitOp(mode int) Op {
	switch {
	case f.kind == vfPipeR:
		return OpPipeRead
	case f.kind == vfPipeW:
		return OpPipeWrite
	case f.kind == vfSocket && f.sock.listening:
		return OpAccept
	case f.kind == vfSocket && f.sock.connecting:
		return OpDial
	case mode == 'w':
		return OpNetWrite
	}
	return OpNetRead
}

// setDeadline sets the deadline of mode ('r', 'w' or both) of pd to d
// nanoseconds from now (d < 0: passed; 0: none), as the runtime's
// poll_runtime_pollSetDeadline.
func (m *machine) setDeadline(pd *pollDesc, d int64, mode int) {
	when := int64(0)
	switch {
	case d < 0:
		when = -1
	case d > 0:
		when = satAdd(m.clock, d)
	}
	for _, md := range []int{'r', 'w'} {
		if mode != md && mode != 'r'+'w' {
			continue
		}
		gen := &pd.rgen
		dl := &pd.rd
		if md == 'w' {
			gen, dl = &pd.wgen, &pd.wd
		}
		m.cancelDeadline(deadlineTimer{pd.id, md, *gen})
		*gen++
		*dl = when
		if when > 0 {
			key := deadlineTimer{pd.id, md, *gen}
			m.addTimer(&timer{when: when, id: key, fire: func(m *machine, _ *timer) { m.deadlinePassed(key) }})
		}
	}
	if pd.rd < 0 || pd.wd < 0 {
		pd.waiters.wakeAll()
	}
}

// cancelDeadline removes the timer of a deadline that is replaced.
func (m *machine) cancelDeadline(key deadlineTimer) {
	for _, t := range m.timers {
		if k, ok := t.id.(deadlineTimer); ok && k == key {
			m.delTimer(t)
			return
		}
	}
}

// deadlinePassed is the firing of a deadline's timer: the goroutines
// waiting on the descriptor wake up and time out.
func (m *machine) deadlinePassed(key deadlineTimer) {
	pd := m.vos().polls[key.pd]
	if pd == nil {
		return
	}
	if key.mode == 'r' && pd.rgen == key.gen {
		pd.rd = -1
	} else if key.mode == 'w' && pd.wgen == key.gen {
		pd.wd = -1
	} else {
		return
	}
	pd.waiters.wakeAll()
}
