// Package vos is a simulated kernel for one process: files copy-on-write
// over the real tree, loopback TCP, UDP and unix sockets, pipes and the
// environment, fresh per execution and cloned for snapshots.
//
// It knows nothing of an interpreter: descriptors are ints, results are
// syscall.Errno values, bytes are Go slices, and times are nanoseconds of
// a clock the caller keeps. Blocking follows the non-blocking protocol
// that Go's internal/poll speaks with a real kernel: an operation that
// cannot complete returns EAGAIN, and the caller waits for the descriptor
// (WaitIO, PollWait) with a Waiter, which the kernel wakes when the
// object it waits on changes. Waiter is the kernel's only way to reach a
// scheduler. Deadlines are timers of the caller's clock: SetDeadline says
// which to arm and cancel, and the caller reports their firing
// (DeadlinePassed). Which queued datagram a receive takes, and whether a
// datagram is lost, are the caller's choices (Picker, Loser).
//
// Reads of files fall through to the real file system, read-only; every
// change lives in memory, and nothing reaches the real machine.
package vos

import (
	"os"
	"slices"
	"syscall"
)

// Pid is the process id of the one process of every kernel.
const Pid = 4242

// AtFDCWD is the dirfd of the *at calls that means the current directory.
const AtFDCWD = -100

// Kernel is the state of a virtual OS: the descriptor table, the sockets,
// pipes and the copy-on-write file system, the environment and the
// poller's descriptors. The zero Kernel is not started (Ready reports
// false): New or Init starts one. A Kernel is not safe for concurrent use.
type Kernel struct {
	fds   map[int]*openFile // open descriptors
	cwd   string            // current directory (absolute, clean)
	umask uint32
	env   []string // the environment, KEY=value
	fs    *fileSystem
	net   *network
	polls map[uintptr]*pollDesc // the poller's descriptors, by id
	// nextPoll numbers poller descriptors; nextIno numbers the inodes of
	// the in-memory layer.
	nextPoll uintptr
	nextIno  uint64
	signals  *signals // the process's signals (signal.go), made on first use
	maps     memMaps  // the live anonymous memory maps (mem.go)
}

// fileKind says what an open file description refers to.
type fileKind uint8

const (
	vfStd    fileKind = iota + 1 // standard input, output or error of the run
	vfNode                       // a file or directory of the file system
	vfPipeR                      // the read end of a pipe
	vfPipeW                      // the write end of a pipe
	vfSocket                     // a socket
)

// openFile is an open file description, shared by the descriptors dup makes.
type openFile struct {
	kind   fileKind
	std    int // vfStd: 0, 1 or 2
	flags  int // O_ACCMODE bits, O_APPEND, O_NONBLOCK
	refs   int // descriptors referring to it
	node   *inode
	path   string // vfNode: the absolute path it was opened by
	off    int64
	dir    []dirent // vfNode directories: the entries, read at the first getdents
	dirOff int      // next entry of dir
	pipe   *pipe
	sock   *socket
}

// New returns a kernel started by Init.
func New(env []string, dir string) *Kernel {
	v := &Kernel{}
	v.Init(env, dir)
	return v
}

// Ready reports whether v was started (New, Init).
func (v *Kernel) Ready() bool { return v != nil && v.fds != nil }

// Init starts v afresh: the standard files on descriptors 0, 1 and 2, the
// environment env (nil: the real process's), and the current directory
// dir (empty: the real one).
func (v *Kernel) Init(env []string, dir string) {
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
	*v = Kernel{
		fds:     map[int]*openFile{},
		cwd:     cwd,
		umask:   uint32(um),
		env:     slices.Clone(env),
		fs:      newFileSystem(),
		net:     &network{nextPort: firstEphemeralPort},
		polls:   map[uintptr]*pollDesc{},
		nextIno: 1 << 40,
	}
	for fd := range 3 {
		v.fds[fd] = &openFile{kind: vfStd, std: fd, refs: 1, flags: []int{syscall.O_RDONLY, syscall.O_WRONLY, syscall.O_WRONLY}[fd]}
	}
}

// Clone returns a copy of v that shares nothing either changes:
// descriptors that shared a description share the copy of it, and so on
// for sockets, pipes and the file system's nodes (whose contents are
// copied on their next write). Waiters are not copied: they belong to the
// execution that queued them. The clone of a kernel not started is not
// started.
func (v *Kernel) Clone() *Kernel {
	if !v.Ready() {
		return &Kernel{}
	}
	cl := &copier{files: map[*openFile]*openFile{}, socks: map[*socket]*socket{}, pipes: map[*pipe]*pipe{}, nodes: map[*inode]*inode{}}
	c := *v
	c.env = slices.Clone(v.env)
	c.fs = v.fs.clone(cl)
	c.net = v.net.clone(cl)
	c.fds = make(map[int]*openFile, len(v.fds))
	for fd, f := range v.fds {
		c.fds[fd] = cl.file(f)
	}
	c.signals = v.signals.clone()
	c.maps = v.maps.clone()
	c.polls = make(map[uintptr]*pollDesc, len(v.polls))
	for id, pd := range v.polls {
		cp := *pd
		cp.file = cl.file(pd.file)
		cp.waiters = nil
		c.polls[id] = &cp
	}
	return &c
}

// copier copies the objects of a kernel once each.
type copier struct {
	files map[*openFile]*openFile
	socks map[*socket]*socket
	pipes map[*pipe]*pipe
	nodes map[*inode]*inode
}

func (cl *copier) file(f *openFile) *openFile {
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

func (cl *copier) pipe(p *pipe) *pipe {
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
func (v *Kernel) alloc(f *openFile) int {
	fd := 0
	for v.fds[fd] != nil {
		fd++
	}
	v.fds[fd] = f
	return fd
}

// file returns the description of descriptor fd, or EBADF.
func (v *Kernel) file(fd int) (*openFile, syscall.Errno) {
	f := v.fds[fd]
	if f == nil {
		return nil, syscall.EBADF
	}
	return f, 0
}

// Close closes descriptor fd; the description is released with its last
// descriptor: a pipe's reader or writer sees the end closed, a socket's
// address is free again and its peer sees the end of the stream (a reset
// if it left bytes unread).
func (v *Kernel) Close(fd int) syscall.Errno {
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
		v.closeSocket(f.sock)
	}
	return 0
}

// Kind says what a descriptor refers to.
type Kind uint8

// The kinds of descriptors.
const (
	KindStd       = Kind(vfStd)    // standard input, output or error
	KindFile      = Kind(vfNode)   // a file or directory
	KindPipeRead  = Kind(vfPipeR)  // the read end of a pipe
	KindPipeWrite = Kind(vfPipeW)  // the write end of a pipe
	KindSocket    = Kind(vfSocket) // a socket
)

// Description is what a descriptor refers to, as Describe returns it.
type Description struct {
	Kind  Kind
	Std   int // KindStd: 0, 1 or 2
	Flags int // O_ACCMODE bits, O_APPEND, O_NONBLOCK
}

// Describe returns what fd refers to, or EBADF.
func (v *Kernel) Describe(fd int) (Description, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return Description{}, e
	}
	return Description{Kind: Kind(f.kind), Std: f.std, Flags: f.flags}, 0
}

// Check returns EBADF if fd is not open (fsync, fdatasync, fchown: they
// change nothing here).
func (v *Kernel) Check(fd int) syscall.Errno {
	_, e := v.file(fd)
	return e
}

// Dup makes another descriptor for the description of fd: the lowest free
// one if to < 0, else to (whose description loses a reference).
func (v *Kernel) Dup(fd, to int) (int, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return -1, e
	}
	if to < 0 {
		f.refs++
		return v.alloc(f), 0
	}
	if to == fd {
		return to, 0
	}
	if old := v.fds[to]; old != nil {
		old.refs-- // released without the effects of Close: rare
	}
	f.refs++
	v.fds[to] = f
	return to, 0
}

// Fcntl is fcntl(2) with F_GETFL, F_SETFL (O_NONBLOCK and O_APPEND),
// F_GETFD and F_SETFD (no effect: no process is started), F_DUPFD and
// F_DUPFD_CLOEXEC; other commands fail with EINVAL.
func (v *Kernel) Fcntl(fd, cmd, arg int) (int, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return -1, e
	}
	switch cmd {
	case syscall.F_GETFL:
		return f.flags, 0
	case syscall.F_SETFL:
		const settable = syscall.O_NONBLOCK | syscall.O_APPEND
		f.flags = f.flags&^settable | arg&settable
		return 0, 0
	case syscall.F_GETFD, syscall.F_SETFD:
		return 0, 0
	case syscall.F_DUPFD, syscall.F_DUPFD_CLOEXEC:
		nfd := max(arg, 0)
		for v.fds[nfd] != nil {
			nfd++
		}
		f.refs++
		v.fds[nfd] = f
		return nfd, 0
	}
	return -1, syscall.EINVAL
}

// SetNonblock sets or clears O_NONBLOCK on fd's description.
func (v *Kernel) SetNonblock(fd int, nonblocking bool) syscall.Errno {
	f, e := v.file(fd)
	if e != 0 {
		return e
	}
	if nonblocking {
		f.flags |= syscall.O_NONBLOCK
	} else {
		f.flags &^= syscall.O_NONBLOCK
	}
	return 0
}

// Pipe makes a pipe and returns its read and write descriptors; flags may
// hold O_NONBLOCK.
func (v *Kernel) Pipe(flags int) (r, w int) {
	flags &= syscall.O_NONBLOCK
	v.nextIno++
	p := &pipe{readers: 1, writers: 1, ino: v.nextIno}
	r = v.alloc(&openFile{kind: vfPipeR, pipe: p, refs: 1, flags: syscall.O_RDONLY | flags})
	w = v.alloc(&openFile{kind: vfPipeW, pipe: p, refs: 1, flags: syscall.O_WRONLY | flags})
	return r, w
}

// Umask sets the file mode creation mask and returns the previous one.
func (v *Kernel) Umask(mask uint32) uint32 {
	old := v.umask
	v.umask = mask & 0o777
	return old
}
