package interp

// Models of package syscall: the system calls of the virtual OS (vos.go).
// Operations on sockets, pipes and files are scheduling points (see the
// table of events.go); the standard files are the run's own output and an
// empty input, and are no scheduling points. A system call with no model
// is refused, naming the call and the user's call site.

import (
	"fmt"
	"go/types"
	"path"
	"reflect"
	"slices"
	"strings"
	"syscall"
)

const (
	whyVOS   = "a system call of the virtual OS (vos.go): sockets, pipes and files in the run's world"
	whyProc  = "the virtual OS has one process with fixed identifiers"
	whyEnv   = "the environment is the virtual OS's, a snapshot of the real one changed per execution"
	whyPure  = "a pure function of package syscall, which is loaded without bodies"
	whyNoSpl = "no zero-copy transfers: the caller falls back to reading and writing"
	whyMmap  = "the virtual OS's memory is the program's values, not pages: an anonymous map is a fresh byte slice"

	// The memory declarations (memUse) of the models that take the
	// program's memory but make no access the race detector checks. Go's
	// race detector instruments syscall.Read, Write, Pread and Pwrite on
	// the bytes they transfer; the models of those (and of the other
	// calls that move bytes through a buffer) report the bytes they
	// transfer themselves (readUser, writeUser: ownAccesses).
	whyRawOut      = "fills a struct the caller passes, as a raw system call does, which Go's race detector does not instrument"
	whyRawIn       = "reads an address or times the caller passes, as a raw system call does, which Go's race detector does not instrument"
	whyIgnored     = "accepted and ignored: reads nothing"
	whyUnsupported = "fails at once as unsupported: reads and writes nothing"
	whyRefused     = "refused: runs nothing"
)

var syscallModels = modelTable{
	// syscall's init would set Stdin, Stdout and Stderr, which os's init
	// reads; the rest of it talks to the operating system.
	"syscall.init": native("sets the standard descriptors only", func(m *machine, _ []value) value {
		sp := m.prog.SSA.ImportedPackage("syscall")
		for fd, name := range []string{"Stdin", "Stdout", "Stderr"} {
			if g := sp.Var(name); g != nil {
				*m.global(m.prog.globalIndex(g)) = intVal(int64(fd))
			}
		}
		return value{}
	}),
	"syscall.runtime_envs": native(noBody, func(m *machine, _ []value) value { return strSlice(m.vos().env) }),

	// The environment.
	"syscall.Getenv": native(whyEnv, func(m *machine, a []value) value {
		v, ok := m.vos().getenv(a[0].str())
		return tuple(strVal(v), boolVal(ok))
	}),
	"syscall.Setenv": native(whyEnv, func(m *machine, a []value) value {
		return m.errnoVal(m.vos().setenv(a[0].str(), a[1].str()))
	}),
	"syscall.Unsetenv": native(whyEnv, func(m *machine, a []value) value {
		m.vos().unsetenv(a[0].str())
		return value{}
	}),
	"syscall.Environ":  native(whyEnv, func(m *machine, _ []value) value { return strSlice(m.vos().env) }),
	"syscall.Clearenv": native(whyEnv, func(m *machine, _ []value) value { m.vos().env = nil; return value{} }),

	// The process.
	"syscall.Getpid": native(whyProc, func(*machine, []value) value { return intVal(vosPid) }),
	// A signal to the process itself whose default action is to be
	// ignored (os/signal is refused, so no handler can be installed)
	// changes nothing; so does signal 0 (a check that the process exists).
	// Anything else is refused.
	"syscall.Kill": control("the virtual OS delivers no signals: only ignored ones to the process itself are accepted", func(fr *frame, a []value, dst int32) *frame {
		m := fr.g.m
		pid, sig := a[0].int(), syscall.Signal(a[1].int())
		if pid == vosPid || pid == 0 {
			switch sig {
			case 0, syscall.SIGCHLD, syscall.SIGURG, syscall.SIGWINCH:
				return fr.done(dst, value{})
			}
			m.refuse(fr, fmt.Sprintf("syscall.Kill of signal %v to the process", sig), "the virtual OS delivers no signals (only ignored ones)")
		}
		m.refuse(fr, fmt.Sprintf("syscall.Kill of signal %v to process %d", sig, pid), "the virtual OS delivers no signals and has no other processes")
		return nil
	}).noMemory("touches none of the program's memory"),
	"syscall.Getppid":     native(whyProc, func(*machine, []value) value { return intVal(1) }),
	"syscall.Getuid":      native(whyProc, func(*machine, []value) value { return intVal(int64(syscall.Getuid())) }),
	"syscall.Geteuid":     native(whyProc, func(*machine, []value) value { return intVal(int64(syscall.Geteuid())) }),
	"syscall.Getgid":      native(whyProc, func(*machine, []value) value { return intVal(int64(syscall.Getgid())) }),
	"syscall.Getegid":     native(whyProc, func(*machine, []value) value { return intVal(int64(syscall.Getegid())) }),
	"syscall.Getpagesize": native(whyProc, func(*machine, []value) value { return intVal(int64(syscall.Getpagesize())) }),
	"syscall.Getgroups": native(whyProc, func(*machine, []value) value {
		gs, _ := syscall.Getgroups()
		es := make([]value, len(gs))
		for i, g := range gs {
			es[i] = intVal(int64(g))
		}
		return tuple(value{r: es}, value{})
	}),
	"syscall.Exit": native("ends the run with the code", func(_ *machine, a []value) value {
		panic(exitError{code: int(a[0].int())})
	}),
	"syscall.Getwd": native(whyVOS, func(m *machine, _ []value) value { return tuple(strVal(m.vos().cwd), value{}) }),
	"syscall.Chdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().chdir(m.vos().cwd, a[0].str()))
	})),
	"syscall.Fchdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		f, e := v.file(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		if f.kind != vfNode {
			return m.errnoVal(syscall.ENOTDIR)
		}
		return m.errnoVal(v.chdir("/", f.path))
	})),
	"syscall.Getrlimit": native(whyProc, func(m *machine, a []value) value {
		var lim syscall.Rlimit
		if err := syscall.Getrlimit(int(a[0].int()), &lim); err != nil {
			return m.errnoVal(err.(syscall.Errno))
		}
		m.storeHost(a[1].ptr(), reflect.ValueOf(lim))
		return value{}
	}).noMemory(whyRawOut),
	"syscall.Setrlimit": native(whyProc, func(*machine, []value) value { return value{} }).noMemory(whyIgnored),

	// Memory maps: an anonymous map is fresh zeroed memory, an ordinary
	// byte slice of the program's memory; there are no pages, so
	// protecting or unmapping them changes nothing (every access is
	// checked against the slice's bounds anyway). Mapping a file is
	// refused.
	"syscall.Mmap": control(whyMmap, func(fr *frame, a []value, dst int32) *frame {
		m := fr.g.m
		n, flags := a[2].int(), a[4].int()
		if flags&syscall.MAP_ANON == 0 {
			m.refuse(fr, "syscall.Mmap of a file", "the virtual OS maps anonymous memory only")
		}
		if n <= 0 {
			return fr.done(dst, tuple(value{}, m.errnoVal(syscall.EINVAL)))
		}
		if n > maxAlloc {
			return fr.done(dst, tuple(value{}, m.errnoVal(syscall.ENOMEM)))
		}
		return fr.done(dst, tuple(value{r: make([]byte, n)}, value{}))
	}).noMemory("allocates fresh memory, which nobody else can reach yet"),
	"syscall.Munmap":   native(whyMmap, func(*machine, []value) value { return value{} }).noMemory(whyIgnored),
	"syscall.Mprotect": native(whyMmap, func(*machine, []value) value { return value{} }).noMemory(whyIgnored),
	"syscall.Umask": native(whyProc, func(m *machine, a []value) value {
		v := m.vos()
		old := v.umask
		v.umask = uint32(a[0].int()) & 0o777
		return intVal(int64(old))
	}),

	// Descriptors.
	"syscall.Read":  control(whyVOS, ioCall(true, 2, sysRead)).ownAccesses(),
	"syscall.Write": control(whyVOS, ioCall(false, 2, sysWrite)).ownAccesses(),
	"syscall.Pread": control(whyVOS, ioCall(true, 2, func(fr *frame, m *machine, f *vfile, a []value) value {
		return m.fileIO(fr, f, a[1], a[2].int(), true, true)
	})).ownAccesses(),
	"syscall.Pwrite": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, f *vfile, a []value) value {
		return m.fileIO(fr, f, a[1], a[2].int(), true, false)
	})).ownAccesses(),
	"syscall.Close": native(whyVOS, func(m *machine, a []value) value {
		return m.errnoVal(m.closeFD(nil, int(a[0].int())))
	}),
	"syscall.Seek": native(whyVOS, func(m *machine, a []value) value {
		f, e := m.vos().file(int(a[0].int()))
		if e != 0 {
			return tuple(intVal(0), m.errnoVal(e))
		}
		off, e := f.seek(a[1].int(), int(a[2].int()))
		return tuple(intVal(off), m.errnoVal(e))
	}),
	"syscall.Dup": native(whyVOS, func(m *machine, a []value) value {
		fd, e := m.vos().dup(int(a[0].int()), -1)
		return tuple(intVal(int64(fd)), m.errnoVal(e))
	}),
	"syscall.Dup2": native(whyVOS, func(m *machine, a []value) value {
		_, e := m.vos().dup(int(a[0].int()), int(a[1].int()))
		return m.errnoVal(e)
	}),
	"syscall.Dup3": native(whyVOS, func(m *machine, a []value) value {
		_, e := m.vos().dup(int(a[0].int()), int(a[1].int()))
		return m.errnoVal(e)
	}),
	"syscall.SetNonblock": native(whyVOS, func(m *machine, a []value) value {
		f, e := m.vos().file(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		if a[1].bool() {
			f.flags |= syscall.O_NONBLOCK
		} else {
			f.flags &^= syscall.O_NONBLOCK
		}
		return value{}
	}),
	"syscall.CloseOnExec": native("no processes are started: nothing to do", func(*machine, []value) value { return value{} }),
	"syscall.Pipe2":       native(whyVOS, sysPipe).writes(0),
	"syscall.Pipe":        native(whyVOS, sysPipe).writes(0),
	"syscall.Fsync":       native(whyVOS, fdCheck),
	"syscall.Fdatasync":   native(whyVOS, fdCheck),
	"syscall.Sendfile":    native(whyNoSpl, func(m *machine, _ []value) value { return tuple(intVal(0), m.errnoVal(syscall.EINVAL)) }).noMemory(whyUnsupported),
	"syscall.Splice":      native(whyNoSpl, func(m *machine, _ []value) value { return tuple(intVal(0), m.errnoVal(syscall.EINVAL)) }).noMemory(whyUnsupported),

	// Files.
	"syscall.Open": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.openAt(-100, a[0].str(), int(a[1].int()), uint32(a[2].int()))
	})),
	"syscall.Fstat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		f, e := m.vos().file(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		m.storeHost(a[1].ptr(), reflect.ValueOf(f.fstat()))
		return value{}
	})).noMemory(whyRawOut),
	"syscall.Stat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.statAt(-100, a[0].str(), a[1].ptr(), true)
	})).noMemory(whyRawOut),
	"syscall.Lstat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.statAt(-100, a[0].str(), a[1].ptr(), false)
	})).noMemory(whyRawOut),
	"syscall.ReadDirent": control(whyVOS, fileCall(sysGetdents)).ownAccesses(),
	"syscall.Getdents":   control(whyVOS, fileCall(sysGetdents)).ownAccesses(),
	"syscall.Mkdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().mkdir(m.vos().cwd, a[0].str(), uint32(a[1].int()), m.clock))
	})),
	"syscall.Rmdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().unlink(m.vos().cwd, a[0].str(), true, m.clock))
	})),
	"syscall.Unlink": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().unlink(m.vos().cwd, a[0].str(), false, m.clock))
	})),
	"syscall.Rename": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().rename(m.vos().cwd, a[0].str(), a[1].str(), m.clock))
	})),
	"syscall.Chmod": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.chmodAt(-100, a[0].str(), uint32(a[1].int()), true))
	})),
	"syscall.Fchmod": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		f, e := m.vos().file(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		if f.kind != vfNode {
			return value{}
		}
		f.node.st.Mode = f.node.st.Mode&syscall.S_IFMT | uint32(a[1].int())&0o7777
		f.node.st.Ctim = syscall.NsecToTimespec(m.clock)
		return value{}
	})),
	"syscall.Chown":  control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value { return m.chownAt(-100, a[0].str(), true, a[1], a[2]) })),
	"syscall.Lchown": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value { return m.chownAt(-100, a[0].str(), false, a[1], a[2]) })),
	"syscall.Fchown": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		_, e := m.vos().file(int(a[0].int()))
		return m.errnoVal(e)
	})),
	"syscall.Ftruncate": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		f, e := m.vos().file(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		if f.kind != vfNode || f.flags&syscall.O_ACCMODE == syscall.O_RDONLY {
			return m.errnoVal(syscall.EINVAL)
		}
		return m.errnoVal(f.node.truncate(a[1].int(), m.clock))
	})),
	"syscall.Truncate": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		f, e := v.open(v.cwd, a[0].str(), syscall.O_WRONLY, 0, m.clock)
		if e != 0 {
			return m.errnoVal(e)
		}
		return m.errnoVal(f.node.truncate(a[1].int(), m.clock))
	})),
	"syscall.Symlink": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().symlink(m.vos().cwd, a[0].str(), a[1].str(), m.clock))
	})),
	"syscall.Readlink": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.readlinkAt(fr, -100, a[0].str(), a[1])
	})).ownAccesses(),
	"syscall.Link": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().link(m.vos().cwd, a[0].str(), m.vos().cwd, a[1].str(), m.clock))
	})),
	"syscall.UtimesNano": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.utimesAt(-100, a[0].str(), a[1], true)
	})).noMemory(whyRawIn),
	"syscall.Access": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		r, e := v.resolve(v.cwd, a[0].str(), true)
		switch {
		case e != 0:
			return m.errnoVal(e)
		case r.node == nil:
			return m.errnoVal(syscall.ENOENT)
		case !access(r.node, uint32(a[1].int())&7):
			return m.errnoVal(syscall.EACCES)
		}
		return value{}
	})),

	// Sockets.
	"syscall.Socket":     native(whyVOS, sysSocket),
	"syscall.Socketpair": native(whyVOS, sysSocketpair),
	"syscall.Bind":       control(whyVOS, sockCall(OpListen, 1, sysBind)).noMemory(whyRawIn),
	"syscall.Listen":     control(whyVOS, sockCall(OpListen, 1, sysListen)),
	"syscall.Accept4":    control(whyVOS, sockCall(OpAccept, 3, sysAccept)),
	"syscall.Accept":     control(whyVOS, sockCall(OpAccept, 3, sysAccept)),
	"syscall.Connect":    control(whyVOS, sockCall(OpDial, 1, sysConnect)).noMemory(whyRawIn),
	"syscall.Shutdown": control(whyVOS, sockCall(OpShutdown, 1, func(fr *frame, m *machine, s *vsock, a []value) value {
		return m.errnoVal(s.shutdown(int(a[1].int())))
	})),
	"syscall.Getsockname": control(whyVOS, sockCall(OpNone, 2, func(fr *frame, m *machine, s *vsock, a []value) value {
		la := s.laddr
		if !s.bound {
			la = sockAddr{family: s.family}
		}
		return tuple(m.sockaddrVal(la), value{})
	})),
	"syscall.Getpeername": control(whyVOS, sockCall(OpNone, 2, func(fr *frame, m *machine, s *vsock, a []value) value {
		if !s.connected {
			return tuple(value{}, m.errnoVal(syscall.ENOTCONN))
		}
		return tuple(m.sockaddrVal(s.raddr), value{})
	})),
	"syscall.GetsockoptInt": control(whyVOS, sockCall(OpNone, 2, func(fr *frame, m *machine, s *vsock, a []value) value {
		level, opt := int(a[1].int()), int(a[2].int())
		switch {
		case level == syscall.SOL_SOCKET && opt == syscall.SO_ERROR:
			e := s.soError
			s.soError = 0
			return tuple(intVal(int64(e)), value{})
		case level == syscall.SOL_SOCKET && opt == syscall.SO_TYPE:
			return tuple(intVal(int64(s.typ)), value{})
		case level == syscall.SOL_SOCKET && (opt == syscall.SO_RCVBUF || opt == syscall.SO_SNDBUF):
			if v, ok := s.opts[[2]int{level, opt}]; ok {
				return tuple(intVal(int64(v)), value{})
			}
			return tuple(intVal(sockBufSize), value{})
		}
		return tuple(intVal(int64(s.opts[[2]int{level, opt}])), value{})
	})),
	"syscall.SetsockoptInt": control(whyVOS, sockCall(OpNone, 1, func(fr *frame, m *machine, s *vsock, a []value) value {
		level, opt, v := int(a[1].int()), int(a[2].int()), int(a[3].int())
		if level == syscall.IPPROTO_IPV6 && opt == syscall.IPV6_V6ONLY {
			if s.bound {
				return m.errnoVal(syscall.EINVAL)
			}
			s.v6only = v != 0
		}
		if s.opts == nil {
			s.opts = map[[2]int]int{}
		}
		s.opts[[2]int{level, opt}] = v
		return value{}
	})),
	"syscall.SetsockoptLinger":    control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptTimeval":   control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptByte":      control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)),
	"syscall.SetsockoptInet4Addr": control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)),
	"syscall.SetsockoptIPMreq":    control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptIPMreqn":   control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptIPv6Mreq":  control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.Recvfrom": control(whyVOS, ioCall(true, 3, func(fr *frame, m *machine, f *vfile, a []value) value {
		n, from, e := m.recvFrom(fr, f, a[1], false)
		if e != 0 {
			return tuple(intVal(0), value{}, m.errnoVal(e))
		}
		return tuple(intVal(int64(n)), m.sockaddrValOrNil(from), value{})
	})).ownAccesses(),
	"syscall.Recvmsg": control(whyVOS, ioCall(true, 5, func(fr *frame, m *machine, f *vfile, a []value) value {
		n, from, e := m.recvFrom(fr, f, a[1], false)
		if e != 0 {
			return tuple(intVal(0), intVal(0), intVal(0), value{}, m.errnoVal(e))
		}
		return tuple(intVal(int64(n)), intVal(0), intVal(0), m.sockaddrValOrNil(from), value{})
	})).ownAccesses(),
	"syscall.Sendto": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, f *vfile, a []value) value {
		_, e := m.sendTo(fr, f, a[1], a[3], false)
		return m.errnoVal(e)
	})).ownAccesses(),
	"syscall.SendmsgN": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, f *vfile, a []value) value {
		n, e := m.sendTo(fr, f, a[1], a[3], false)
		return tuple(intVal(int64(n)), m.errnoVal(e))
	})).ownAccesses(),
	"syscall.Sendmsg": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, f *vfile, a []value) value {
		_, e := m.sendTo(fr, f, a[1], a[3], false)
		return m.errnoVal(e)
	})).ownAccesses(),

	// Errors.
	"(syscall.Errno).Error": native(whyPure, func(_ *machine, a []value) value {
		return strVal(syscall.Errno(a[0].n).Error())
	}),
	"(syscall.Errno).Timeout": native(whyPure, func(_ *machine, a []value) value {
		return boolVal(syscall.Errno(a[0].n).Timeout())
	}),
	"(syscall.Errno).Temporary": native(whyPure, func(_ *machine, a []value) value {
		return boolVal(syscall.Errno(a[0].n).Temporary())
	}),
	"(syscall.Errno).Is": native(whyPure, errnoIs).noMemory("compares the target error with the errors of package os by identity: reads nothing behind it"),
	"(syscall.Signal).String": native(whyPure, func(_ *machine, a []value) value {
		return strVal(syscall.Signal(a[0].n).String())
	}),
	"(syscall.Signal).Signal": native(whyPure, func(*machine, []value) value { return value{} }),

	// Pure helpers.
	"syscall.NsecToTimespec": native(whyPure, func(_ *machine, a []value) value {
		ts := syscall.NsecToTimespec(a[0].int())
		return value{r: []value{intVal(ts.Sec), intVal(ts.Nsec)}}
	}),
	"syscall.NsecToTimeval": native(whyPure, func(_ *machine, a []value) value {
		tv := syscall.NsecToTimeval(a[0].int())
		return value{r: []value{intVal(tv.Sec), intVal(tv.Usec)}}
	}),
	"syscall.TimespecToNsec": native(whyPure, func(_ *machine, a []value) value {
		es := a[0].elems()
		return intVal(es[0].int()*1e9 + es[1].int())
	}),
	"(*syscall.Timespec).Unix": native(whyPure, func(m *machine, a []value) value {
		es := derefElems(a[0])
		m.modelAccessElems(EvRead, es, nil)
		return tuple(es[0], es[1])
	}).ownAccesses(),
	"(*syscall.Timespec).Nano": native(whyPure, func(m *machine, a []value) value {
		es := derefElems(a[0])
		m.modelAccessElems(EvRead, es, nil)
		return intVal(es[0].int()*1e9 + es[1].int())
	}).ownAccesses(),
	"(*syscall.Iovec).SetLen": native(whyPure, func(m *machine, a []value) value {
		es := derefElems(a[0])
		m.modelAccessElems(EvWrite, es[1:2], nil)
		m.set(&es[1], uintVal(uint64(a[1].int())))
		return value{}
	}).ownAccesses(),
	"syscall.ByteSliceFromString": native(whyPure, func(m *machine, a []value) value {
		s := a[0].str()
		if strings.IndexByte(s, 0) >= 0 {
			return tuple(value{}, m.errnoVal(syscall.EINVAL))
		}
		b := make([]byte, len(s)+1)
		copy(b, s)
		return tuple(value{r: b}, value{})
	}),
}

// vosPid is the process id of every run.
const vosPid = 4242

// --- values ---

// errnoVal returns the error value of e (nil for 0).
func (m *machine) errnoVal(e syscall.Errno) value {
	if e == 0 {
		return value{}
	}
	return value{r: &iface{t: m.prog.namedType("syscall", "Errno"), v: uintVal(uint64(e))}}
}

// namedType returns the rtype of the named type name of package path.
func (p *Program) namedType(path, name string) *rtype {
	pkg := p.SSA.ImportedPackage(path)
	if pkg == nil {
		panic(fmt.Sprintf("interp: package %s not loaded (need %s.%s)", path, path, name))
	}
	return p.typeOf(pkg.Pkg.Scope().Lookup(name).Type())
}

func strSlice(ss []string) value {
	es := make([]value, len(ss))
	for i, s := range ss {
		es[i] = strVal(s)
	}
	return value{r: es}
}

func derefElems(v value) []value {
	p := v.ptr()
	if p == nil {
		panic(nilDeref)
	}
	return p.elems()
}

// storeHost stores the host struct hv into the interpreted struct of the
// same type at p (the field layouts are the same: the interpreter loads
// the host's own syscall package).
func (m *machine) storeHost(p *value, hv reflect.Value) {
	if p == nil {
		panic(nilDeref)
	}
	switch hv.Kind() {
	case reflect.Array:
		if b, ok := p.unflat().([]byte); ok {
			for i := range b {
				e := hv.Index(i)
				if e.CanInt() {
					m.setByte(&b[i], byte(e.Int()))
				} else {
					m.setByte(&b[i], byte(e.Uint()))
				}
			}
			return
		}
		fallthrough
	case reflect.Struct:
		es := p.elems()
		for i := range es {
			if hv.Kind() == reflect.Struct {
				m.storeHost(&es[i], hv.Field(i))
			} else {
				m.storeHost(&es[i], hv.Index(i))
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		m.set(p, intVal(hv.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		m.set(p, uintVal(hv.Uint()))
	}
}

// readUser returns the bytes of the []byte b, reporting the read of n of
// them (all if n < 0).
func (m *machine) readUser(fr *frame, b value, n int) []byte {
	src := b.bytes()
	if n < 0 || n > len(src) {
		n = len(src)
	}
	if n > 0 && m.watchMem {
		m.emit(fr, Event{Kind: EvRead, Op: OpModel, Addr: addrOfByte(&src[0]), N: n, Pos: fr.pos(), Func: m.callee})
	}
	return append([]byte(nil), src[:n]...)
}

// writeUser writes data into the []byte b (which is long enough),
// reporting and logging the write.
func (m *machine) writeUser(fr *frame, b value, data []byte) {
	if len(data) == 0 {
		return
	}
	dst := b.bytes()
	if m.watchMem {
		m.emit(fr, Event{Kind: EvWrite, Op: OpModel, Addr: addrOfByte(&dst[0]), N: len(data), Pos: fr.pos(), Func: m.callee})
	}
	m.setBytes(dst, data)
}

// errnoIs is Errno.Is: the errors of package os (internal/oserror) that
// an errno stands for.
func errnoIs(m *machine, a []value) value {
	e := syscall.Errno(a[0].n)
	target := a[1]
	is := func(pkg, name string) bool {
		p := m.prog.SSA.ImportedPackage(pkg)
		if p == nil || p.Var(name) == nil {
			return false
		}
		return ifaceEqual(target, *m.global(m.prog.globalIndex(p.Var(name))))
	}
	switch {
	case is("internal/oserror", "ErrPermission"):
		return boolVal(e == syscall.EACCES || e == syscall.EPERM)
	case is("internal/oserror", "ErrExist"):
		return boolVal(e == syscall.EEXIST || e == syscall.ENOTEMPTY)
	case is("internal/oserror", "ErrNotExist"):
		return boolVal(e == syscall.ENOENT)
	case is("errors", "ErrUnsupported"):
		return boolVal(e == syscall.ENOSYS || e == syscall.ENOTSUP || e == syscall.EOPNOTSUPP)
	}
	return boolVal(false)
}

// --- the shapes of system calls ---

// syscallRefusal stops the run: the virtual OS does not offer what call
// asks for (a non-loopback address, a process, ...).
func (m *machine) refuse(fr *frame, call, why string) {
	panic(&UnsupportedError{Call: call, What: why, Pos: m.prog.position(fr.userPos(fr.pos()))})
}

// pointOnce stops fr at a scheduling point op unless its goroutine was
// just picked there: it reports whether the model must return now.
func pointOnce(fr *frame, op Op) bool {
	if fr.g.resumed {
		fr.g.resumed = false
		return false
	}
	return op != OpNone && fr.point(op, fr.pos())
}

// fileCall models a file-system call: a scheduling point (OpFileOp), then
// f.
func fileCall(f func(fr *frame, m *machine, a []value) value) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		if pointOnce(fr, OpFileOp) {
			return nil
		}
		return fr.done(dst, f(fr, fr.g.m, a))
	}
}

// ioCall models a read (read) or write on descriptor a[0]: a scheduling
// point by what the descriptor refers to (none for the standard files),
// then f. An operation on a descriptor in blocking mode that would block
// (f returns an EAGAIN error) blocks until the descriptor is ready.
func ioCall(read bool, nres int, f func(fr *frame, m *machine, f *vfile, a []value) value) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		m := fr.g.m
		vf, e := m.vos().file(int(a[0].int()))
		op := OpNone
		if e == 0 {
			op = vf.ioOp(read)
		}
		if pointOnce(fr, op) {
			return nil
		}
		if e != 0 {
			return fr.done(dst, errResult(nres, m.errnoVal(e)))
		}
		res := f(fr, m, vf, a)
		if vf.flags&syscall.O_NONBLOCK == 0 && vf.kind != vfNode && vf.kind != vfStd && isErrno(lastResult(res), syscall.EAGAIN) {
			mode := 'w'
			if read {
				mode = 'r'
			}
			w := &ioWaiter{g: fr.g}
			vf.waitq().add(w)
			return fr.block(vf.waitOp(int(mode)), fr.pos())
		}
		return fr.done(dst, res)
	}
}

// ioOp is the scheduling point of a read (read) or write on f.
func (f *vfile) ioOp(read bool) Op {
	switch f.kind {
	case vfStd:
		return OpNone
	case vfNode:
		if read {
			return OpFileRead
		}
		return OpFileWrite
	case vfPipeR, vfPipeW:
		if read {
			return OpPipeRead
		}
		return OpPipeWrite
	}
	if read {
		return OpNetRead
	}
	return OpNetWrite
}

// sockCall models a call on the socket a[0]: a scheduling point op (none
// for OpNone), then f.
func sockCall(op Op, nres int, f func(fr *frame, m *machine, s *vsock, a []value) value) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		if pointOnce(fr, op) {
			return nil
		}
		m := fr.g.m
		vf, e := m.vos().file(int(a[0].int()))
		if e == 0 && vf.kind != vfSocket {
			e = syscall.ENOTSOCK
		}
		if e != 0 {
			return fr.done(dst, errResult(nres, m.errnoVal(e)))
		}
		res := f(fr, m, vf.sock, a)
		if op == OpAccept && vf.flags&syscall.O_NONBLOCK == 0 && isErrno(lastResult(res), syscall.EAGAIN) {
			vf.waitq().add(&ioWaiter{g: fr.g})
			return fr.block(OpAccept, fr.pos())
		}
		return fr.done(dst, res)
	}
}

// errResult returns the result of n values of a call that fails with err:
// zero values, then err.
func errResult(n int, err value) value {
	if n <= 1 {
		return err
	}
	vs := make([]value, n)
	vs[n-1] = err
	return value{r: vs}
}

// lastResult returns the last value of a (possibly multiple) result.
func lastResult(v value) value {
	if vs, ok := v.cells(); ok && len(vs) > 0 {
		return vs[len(vs)-1]
	}
	return v
}

// isErrno reports whether err is the error value of e.
func isErrno(err value, e syscall.Errno) bool {
	i := err.iface()
	return i != nil && i.t.kind == kUintptr && syscall.Errno(i.v.n) == e
}

func sockOptIgnored(_ *frame, _ *machine, _ *vsock, _ []value) value { return value{} }

func fdCheck(m *machine, a []value) value {
	_, e := m.vos().file(int(a[0].int()))
	return m.errnoVal(e)
}

// --- descriptors ---

// sysRead is read(2) on any descriptor.
func sysRead(fr *frame, m *machine, f *vfile, a []value) value {
	switch f.kind {
	case vfStd:
		if f.std != 0 {
			return tuple(intVal(0), m.errnoVal(syscall.EBADF))
		}
		return tuple(intVal(0), value{}) // standard input is empty
	case vfNode:
		return m.fileIO(fr, f, a[1], 0, false, true)
	case vfPipeR:
		p := f.pipe
		if len(p.buf) == 0 {
			if p.writers > 0 {
				return tuple(intVal(0), m.errnoVal(syscall.EAGAIN))
			}
			m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(p), Pos: fr.pos()})
			return tuple(intVal(0), value{})
		}
		n := min(len(a[1].bytes()), len(p.buf))
		m.writeUser(fr, a[1], p.buf[:n])
		p.buf = p.buf[n:]
		p.waiters.wakeAll()
		m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(p), Pos: fr.pos()})
		return tuple(intVal(int64(n)), value{})
	case vfPipeW:
		return tuple(intVal(0), m.errnoVal(syscall.EBADF))
	}
	s := f.sock
	if !s.stream() {
		n, _, e := m.recvFrom(fr, f, a[1], true)
		return tuple(intVal(int64(n)), m.errnoVal(e))
	}
	buf := make([]byte, len(a[1].bytes()))
	n, e := s.readStream(buf)
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	m.writeUser(fr, a[1], buf[:n])
	m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(s), Pos: fr.pos()})
	return tuple(intVal(int64(n)), value{})
}

// sysWrite is write(2) on any descriptor.
func sysWrite(fr *frame, m *machine, f *vfile, a []value) value {
	switch f.kind {
	case vfStd:
		data := m.readUser(fr, a[1], -1)
		switch f.std {
		case 1:
			m.stdout.Write(data)
		case 2:
			m.stdout.Flush()
			m.stderr.Write(data)
		default:
			return tuple(intVal(0), m.errnoVal(syscall.EBADF))
		}
		return tuple(intVal(int64(len(data))), value{})
	case vfNode:
		return m.fileIO(fr, f, a[1], 0, false, false)
	case vfPipeR:
		return tuple(intVal(0), m.errnoVal(syscall.EBADF))
	case vfPipeW:
		p := f.pipe
		if p.readers == 0 {
			return tuple(intVal(0), m.errnoVal(syscall.EPIPE))
		}
		room := pipeCapacity - len(p.buf)
		if room == 0 {
			return tuple(intVal(0), m.errnoVal(syscall.EAGAIN))
		}
		data := m.readUser(fr, a[1], room)
		m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(p), Pos: fr.pos()})
		p.buf = append(p.buf, data...)
		p.waiters.wakeAll()
		return tuple(intVal(int64(len(data))), value{})
	}
	s := f.sock
	if !s.stream() {
		n, e := m.sendTo(fr, f, a[1], value{}, true)
		return tuple(intVal(int64(n)), m.errnoVal(e))
	}
	room := len(a[1].bytes())
	if s.peer != nil {
		room = min(room, max(sockBufSize-len(s.peer.rbuf), 0))
	}
	data := m.readUser(fr, a[1], room)
	peer := s.peer
	if peer != nil {
		m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(peer), Pos: fr.pos()})
	}
	n, e := s.writeStream(data)
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	return tuple(intVal(int64(n)), value{})
}

// fileIO reads or writes the file f at its offset (or at off, with at).
func (m *machine) fileIO(fr *frame, f *vfile, b value, off int64, at, read bool) value {
	if f.kind != vfNode {
		return tuple(intVal(0), m.errnoVal(syscall.ESPIPE))
	}
	if at && off < 0 {
		return tuple(intVal(0), m.errnoVal(syscall.EINVAL))
	}
	if read {
		buf := make([]byte, len(b.bytes()))
		n, e := f.readFile(buf, off, at)
		if e != 0 {
			return tuple(intVal(0), m.errnoVal(e))
		}
		m.writeUser(fr, b, buf[:n])
		m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(f.node), Pos: fr.pos()})
		return tuple(intVal(int64(n)), value{})
	}
	if f.flags&syscall.O_ACCMODE == syscall.O_RDONLY {
		return tuple(intVal(0), m.errnoVal(syscall.EBADF))
	}
	data := m.readUser(fr, b, -1)
	m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(f.node), Pos: fr.pos()})
	n, e := f.writeFile(data, off, at, m.clock)
	return tuple(intVal(int64(n)), m.errnoVal(e))
}

func sysPipe(m *machine, a []value) value {
	es := a[0].elems()
	if len(es) != 2 {
		return m.errnoVal(syscall.EINVAL)
	}
	v := m.vos()
	flags := 0
	if len(a) > 1 {
		flags = int(a[1].int()) & syscall.O_NONBLOCK
	}
	v.nextIno++
	p := &vpipe{readers: 1, writers: 1, ino: v.nextIno}
	r := v.alloc(&vfile{kind: vfPipeR, pipe: p, refs: 1, flags: syscall.O_RDONLY | flags})
	w := v.alloc(&vfile{kind: vfPipeW, pipe: p, refs: 1, flags: syscall.O_WRONLY | flags})
	m.set(&es[0], intVal(int64(r)))
	m.set(&es[1], intVal(int64(w)))
	return value{}
}

// dup makes another descriptor for the description of fd: the lowest free
// one, or to (closing what to referred to).
func (v *vos) dup(fd, to int) (int, syscall.Errno) {
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
		old.refs-- // released without the effects of closeFD: rare
	}
	f.refs++
	v.fds[to] = f
	return to, 0
}

// --- files ---

// dirOf returns the directory a path relative to dirfd starts from.
func (v *vos) dirOf(dirfd int) (string, syscall.Errno) {
	if dirfd == -100 { // AT_FDCWD
		return v.cwd, 0
	}
	f, e := v.file(dirfd)
	if e != 0 {
		return "", e
	}
	if f.kind != vfNode || !f.node.isDir() {
		return "", syscall.ENOTDIR
	}
	return f.path, 0
}

// openAt is openat(2): it returns (fd, error).
func (m *machine) openAt(dirfd int, p string, flags int, perm uint32) value {
	v := m.vos()
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	f, e := v.open(dir, p, flags, perm, m.clock)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	return tuple(intVal(int64(v.alloc(f))), value{})
}

// statAt is fstatat(2) into the Stat_t at st.
func (m *machine) statAt(dirfd int, p string, st *value, follow bool) value {
	v := m.vos()
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return m.errnoVal(e)
	}
	r, e := v.resolve(dir, p, follow)
	if e != 0 {
		return m.errnoVal(e)
	}
	if r.node == nil {
		return m.errnoVal(syscall.ENOENT)
	}
	m.storeHost(st, reflect.ValueOf(r.node.stat()))
	return value{}
}

// chmodAt sets the permissions of p.
func (m *machine) chmodAt(dirfd int, p string, mode uint32, follow bool) syscall.Errno {
	v := m.vos()
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return e
	}
	r, e := v.resolve(dir, p, follow)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	case r.node.st.Uid != uint32(syscall.Geteuid()) && syscall.Geteuid() != 0:
		return syscall.EPERM
	}
	n := r.node
	if r.parent != nil && n != v.fs.root {
		n = r.parent.adopt(r.name, n)
	}
	n.st.Mode = n.st.Mode&syscall.S_IFMT | mode&0o7777
	n.st.Ctim = syscall.NsecToTimespec(m.clock)
	return 0
}

// chownAt changes nothing: files keep the run's user; only root may give
// them to another.
func (m *machine) chownAt(dirfd int, p string, follow bool, uid, gid value) value {
	v := m.vos()
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return m.errnoVal(e)
	}
	r, e := v.resolve(dir, p, follow)
	switch {
	case e != 0:
		return m.errnoVal(e)
	case r.node == nil:
		return m.errnoVal(syscall.ENOENT)
	}
	if u := int(uid.int()); u != -1 && u != syscall.Geteuid() && syscall.Geteuid() != 0 {
		return m.errnoVal(syscall.EPERM)
	}
	return value{}
}

// readlinkAt is readlinkat(2) into buf.
func (m *machine) readlinkAt(fr *frame, dirfd int, p string, buf value) value {
	v := m.vos()
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	r, e := v.resolve(dir, p, false)
	switch {
	case e != 0:
		return tuple(intVal(-1), m.errnoVal(e))
	case r.node == nil:
		return tuple(intVal(-1), m.errnoVal(syscall.ENOENT))
	case !r.node.isSymlink():
		return tuple(intVal(-1), m.errnoVal(syscall.EINVAL))
	}
	t := []byte(r.node.target)
	n := min(len(t), len(buf.bytes()))
	m.writeUser(fr, buf, t[:n])
	return tuple(intVal(int64(n)), value{})
}

// utimesAt sets the access and modification times of p from ts (a
// []Timespec of two).
func (m *machine) utimesAt(dirfd int, p string, ts value, follow bool) value {
	v := m.vos()
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return m.errnoVal(e)
	}
	r, e := v.resolve(dir, p, follow)
	switch {
	case e != 0:
		return m.errnoVal(e)
	case r.node == nil:
		return m.errnoVal(syscall.ENOENT)
	}
	n := r.node
	if r.parent != nil && n != v.fs.root {
		n = r.parent.adopt(r.name, n)
	}
	es := ts.elems()
	if len(es) != 2 {
		return m.errnoVal(syscall.EINVAL)
	}
	get := func(t value) (syscall.Timespec, bool) {
		f := t.elems()
		const utimeOmit = (1 << 30) - 2
		if f[1].int() == utimeOmit {
			return syscall.Timespec{}, false
		}
		return syscall.Timespec{Sec: f[0].int(), Nsec: f[1].int()}, true
	}
	if t, ok := get(es[0]); ok {
		n.st.Atim = t
	}
	if t, ok := get(es[1]); ok {
		n.st.Mtim = t
	}
	return value{}
}

// chdir changes the current directory to p.
func (v *vos) chdir(dir, p string) syscall.Errno {
	r, e := v.resolve(dir, p, true)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	case !r.node.isDir():
		return syscall.ENOTDIR
	}
	v.cwd = path.Clean(r.path)
	return 0
}

// symlink makes the symbolic link p to target.
func (v *vos) symlink(dir, target, p string, now int64) syscall.Errno {
	r, e := v.resolve(dir, p, false)
	switch {
	case e != 0:
		return e
	case r.node != nil:
		return syscall.EEXIST
	}
	n := v.newNode(syscall.S_IFLNK|0o777, now)
	n.target = target
	n.st.Size = int64(len(target))
	r.parent.kids[r.name] = n
	r.parent.touch(now)
	return 0
}

// link makes the hard link to of the file from.
func (v *vos) link(fromDir, from, toDir, to string, now int64) syscall.Errno {
	a, e := v.resolve(fromDir, from, false)
	if e != 0 {
		return e
	}
	if a.node == nil {
		return syscall.ENOENT
	}
	if a.node.isDir() {
		return syscall.EPERM
	}
	b, e := v.resolve(toDir, to, false)
	switch {
	case e != 0:
		return e
	case b.node != nil:
		return syscall.EEXIST
	}
	n := a.parent.adopt(a.name, a.node)
	n.contents()
	n.st.Nlink++
	b.parent.kids[b.name] = n
	b.parent.touch(now)
	return 0
}

func sysGetdents(fr *frame, m *machine, a []value) value {
	f, e := m.vos().file(int(a[0].int()))
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	buf := make([]byte, len(a[1].bytes()))
	n, e := f.getdents(buf)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	m.writeUser(fr, a[1], buf[:n])
	return tuple(intVal(int64(n)), value{})
}

// --- the environment ---

func (v *vos) getenv(k string) (string, bool) {
	for _, kv := range v.env {
		if key, val, ok := strings.Cut(kv, "="); ok && key == k {
			return val, true
		}
	}
	return "", false
}

func (v *vos) setenv(k, val string) syscall.Errno {
	if k == "" || strings.ContainsAny(k, "=\x00") || strings.IndexByte(val, 0) >= 0 {
		return syscall.EINVAL
	}
	v.unsetenv(k)
	v.env = append(v.env, k+"="+val)
	return 0
}

func (v *vos) unsetenv(k string) {
	v.env = slices.DeleteFunc(v.env, func(kv string) bool {
		key, _, _ := strings.Cut(kv, "=")
		return key == k
	})
}

// --- sockets ---

func sysSocket(m *machine, a []value) value {
	domain, typ := int(a[0].int()), int(a[1].int())
	s, flags, e := newSocket(domain, typ)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	fd := m.vos().alloc(&vfile{kind: vfSocket, sock: s, refs: 1, flags: syscall.O_RDWR | flags})
	return tuple(intVal(int64(fd)), value{})
}

// newSocket makes a socket of domain and typ (with SOCK_NONBLOCK and
// SOCK_CLOEXEC); it returns the O_NONBLOCK flag of its description.
func newSocket(domain, typ int) (*vsock, int, syscall.Errno) {
	flags := 0
	if typ&syscall.SOCK_NONBLOCK != 0 {
		flags = syscall.O_NONBLOCK
	}
	typ &^= syscall.SOCK_NONBLOCK | syscall.SOCK_CLOEXEC
	switch domain {
	case syscall.AF_INET, syscall.AF_INET6, syscall.AF_UNIX:
	default:
		return nil, 0, syscall.EAFNOSUPPORT
	}
	if typ != syscall.SOCK_STREAM && typ != syscall.SOCK_DGRAM {
		return nil, 0, syscall.EPROTONOSUPPORT
	}
	return &vsock{family: domain, typ: typ}, flags, 0
}

func sysSocketpair(m *machine, a []value) value {
	domain, typ := int(a[0].int()), int(a[1].int())
	if domain != syscall.AF_UNIX {
		return tuple(value{r: []value{{}, {}}}, m.errnoVal(syscall.EOPNOTSUPP))
	}
	s1, flags, e := newSocket(domain, typ)
	if e != 0 {
		return tuple(value{r: []value{{}, {}}}, m.errnoVal(e))
	}
	s2 := &vsock{family: domain, typ: s1.typ}
	s1.connected, s2.connected = true, true
	s1.bound, s2.bound = true, true
	s1.laddr = sockAddr{family: syscall.AF_UNIX}
	s2.laddr, s1.raddr, s2.raddr = s1.laddr, s1.laddr, s1.laddr
	if s1.stream() {
		s1.peer, s2.peer = s2, s1
	}
	v := m.vos()
	fd1 := v.alloc(&vfile{kind: vfSocket, sock: s1, refs: 1, flags: syscall.O_RDWR | flags})
	fd2 := v.alloc(&vfile{kind: vfSocket, sock: s2, refs: 1, flags: syscall.O_RDWR | flags})
	return tuple(value{r: []value{intVal(int64(fd1)), intVal(int64(fd2))}}, value{})
}

func sysBind(fr *frame, m *machine, s *vsock, a []value) value {
	sa, ok := m.sockaddrOf(a[1])
	if !ok {
		return m.errnoVal(syscall.EINVAL)
	}
	e := m.vos().bind(s, sa)
	if e == errNotLoopback {
		m.refuse(fr, "listen on "+sa.String(), "only loopback addresses exist under vt")
	}
	return m.errnoVal(e)
}

func sysListen(fr *frame, m *machine, s *vsock, a []value) value {
	if !s.stream() {
		return m.errnoVal(syscall.EOPNOTSUPP)
	}
	if !s.bound {
		if s.family == syscall.AF_UNIX {
			return m.errnoVal(syscall.EINVAL)
		}
		zero := sockAddr{family: s.family}
		if s.family == syscall.AF_INET {
			zero.ip = v4addr(0, 0, 0, 0)
		}
		if e := m.vos().bind(s, zero); e != 0 {
			return m.errnoVal(e)
		}
	}
	s.listening = true
	return value{}
}

func sysAccept(fr *frame, m *machine, s *vsock, a []value) value {
	c, e := m.vos().accept(s)
	if e != 0 {
		return tuple(intVal(-1), value{}, m.errnoVal(e))
	}
	flags := 0
	if len(a) > 1 && a[1].int()&syscall.SOCK_NONBLOCK != 0 {
		flags = syscall.O_NONBLOCK
	}
	fd := m.vos().alloc(&vfile{kind: vfSocket, sock: c, refs: 1, flags: syscall.O_RDWR | flags})
	return tuple(intVal(int64(fd)), m.sockaddrVal(c.raddr), value{})
}

func sysConnect(fr *frame, m *machine, s *vsock, a []value) value {
	sa, ok := m.sockaddrOf(a[1])
	if !ok {
		return m.errnoVal(syscall.EINVAL)
	}
	e := m.vos().connect(s, sa)
	if e == errNotLoopback {
		m.refuse(fr, "dial "+sa.String(), "only loopback addresses exist under vt")
	}
	return m.errnoVal(e)
}

// recvFrom receives from the socket f into b. With edge (read(2)), a
// successful receive acquires from the socket (EvIORead); recvfrom(2) and
// recvmsg(2) do not, as Go's race detector instruments syscall.Read but
// not syscall.Recvfrom and Recvmsg.
func (m *machine) recvFrom(fr *frame, f *vfile, b value, edge bool) (int, sockAddr, syscall.Errno) {
	if f.kind != vfSocket {
		return 0, sockAddr{}, syscall.ENOTSOCK
	}
	s := f.sock
	if s.stream() {
		buf := make([]byte, len(b.bytes()))
		n, e := s.readStream(buf)
		if e != 0 {
			return 0, sockAddr{}, e
		}
		m.writeUser(fr, b, buf[:n])
		if edge {
			m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(s), Pos: fr.pos()})
		}
		return n, s.raddr, 0
	}
	buf := make([]byte, len(b.bytes()))
	n, from, e := m.recvDgram(fr, s, buf)
	if e != 0 {
		return 0, sockAddr{}, e
	}
	m.writeUser(fr, b, buf[:n])
	if edge {
		m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(s), Pos: fr.pos()})
	}
	return n, from, 0
}

// sendTo sends b from the socket f to the address to (a syscall.Sockaddr;
// nil: the connected peer). With edge (write(2)), the send releases into
// the receiving socket (EvIOWrite); sendto(2) and sendmsg(2) do not, as
// Go's race detector instruments syscall.Write but not syscall.Sendto and
// Sendmsg.
func (m *machine) sendTo(fr *frame, f *vfile, b value, to value, edge bool) (int, syscall.Errno) {
	if f.kind != vfSocket {
		return 0, syscall.ENOTSOCK
	}
	s := f.sock
	var sa sockAddr
	hasAddr := to.r != nil && !isNilSockaddr(to)
	if hasAddr {
		var ok bool
		if sa, ok = m.sockaddrOf(to); !ok {
			return 0, syscall.EINVAL
		}
	}
	if s.stream() {
		room := len(b.bytes())
		if s.peer != nil {
			room = min(room, max(sockBufSize-len(s.peer.rbuf), 0))
		}
		data := m.readUser(fr, b, room)
		if s.peer != nil && edge {
			m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(s.peer), Pos: fr.pos()})
		}
		return s.writeStream(data)
	}
	data := m.readUser(fr, b, -1)
	d, e := m.sendDgram(fr, s, data, sa, hasAddr)
	if e == errNotLoopback {
		m.refuse(fr, "send to "+sa.String(), "only loopback addresses exist under vt")
	}
	if e != 0 {
		return 0, e
	}
	if d != nil && edge {
		m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(d), Pos: fr.pos()})
	}
	return len(data), 0
}

// isNilSockaddr reports whether v is a syscall.Sockaddr holding a nil
// pointer.
func isNilSockaddr(v value) bool {
	i := v.iface()
	return i == nil || i.t.kind == kPointer && i.v.r == nil
}

// String formats a as the net package does: "127.0.0.1:80", "[::1]:80",
// or the path of a unix socket.
func (a sockAddr) String() string {
	if a.family == syscall.AF_UNIX {
		return a.path
	}
	if a.isV4() {
		return fmt.Sprintf("%d.%d.%d.%d:%d", a.ip[12], a.ip[13], a.ip[14], a.ip[15], a.port)
	}
	var sb strings.Builder
	for i := 0; i < 16; i += 2 {
		if i > 0 {
			sb.WriteByte(':')
		}
		fmt.Fprintf(&sb, "%x", int(a.ip[i])<<8|int(a.ip[i+1]))
	}
	return fmt.Sprintf("[%s]:%d", compactV6(sb.String()), a.port)
}

// compactV6 shortens the longest run of zero groups of an IPv6 address.
func compactV6(s string) string {
	groups := strings.Split(s, ":")
	best, bestLen := -1, 0
	for i := 0; i < len(groups); {
		if groups[i] != "0" {
			i++
			continue
		}
		j := i
		for j < len(groups) && groups[j] == "0" {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	if bestLen < 2 {
		return s
	}
	return strings.Join(groups[:best], ":") + "::" + strings.Join(groups[best+bestLen:], ":")
}

// sockaddrOf converts a syscall.Sockaddr value.
func (m *machine) sockaddrOf(v value) (sockAddr, bool) {
	i := v.iface()
	if i == nil || i.t.kind != kPointer || i.v.ptr() == nil {
		return sockAddr{}, false
	}
	return m.sockaddrFields(i.t.elem, i.v.ptr().elems())
}

// sockaddrFields reads a syscall.SockaddrInet4, SockaddrInet6 or
// SockaddrUnix (t) from its fields.
func (m *machine) sockaddrFields(t *rtype, fs []value) (sockAddr, bool) {
	switch sockTypeName(t) {
	case "syscall.SockaddrInet4":
		a := sockAddr{family: syscall.AF_INET, port: int(fs[fieldIndex(t.t, "Port")].int())}
		b := fs[fieldIndex(t.t, "Addr")].bytes()
		a.ip = v4addr(b[0], b[1], b[2], b[3])
		return a, true
	case "syscall.SockaddrInet6":
		a := sockAddr{family: syscall.AF_INET6, port: int(fs[fieldIndex(t.t, "Port")].int()), zone: uint32(fs[fieldIndex(t.t, "ZoneId")].n)}
		copy(a.ip[:], fs[fieldIndex(t.t, "Addr")].bytes())
		return a, true
	case "syscall.SockaddrUnix":
		name := fs[fieldIndex(t.t, "Name")].str()
		if name != "" && name[0] == 0 {
			name = "@" + name[1:]
		}
		return sockAddr{family: syscall.AF_UNIX, path: name}, true
	}
	return sockAddr{}, false
}

// sockTypeName returns "pkg.Name" of a named type.
func sockTypeName(t *rtype) string { return t.t.String() }

// sockaddrVal returns a as a syscall.Sockaddr value.
func (m *machine) sockaddrVal(a sockAddr) value {
	var name string
	switch a.family {
	case syscall.AF_INET:
		name = "SockaddrInet4"
	case syscall.AF_INET6:
		name = "SockaddrInet6"
	default:
		name = "SockaddrUnix"
	}
	t := m.prog.namedType("syscall", name)
	cell := zero(t)
	m.fillSockaddr(t, cell.elems(), a)
	pt := m.prog.typeOf(types.NewPointer(t.t))
	return value{r: &iface{t: pt, v: value{r: &cell}}}
}

// sockaddrValOrNil is sockaddrVal, or nil for the zero address.
func (m *machine) sockaddrValOrNil(a sockAddr) value {
	if a.family == 0 {
		return value{}
	}
	return m.sockaddrVal(a)
}

// fillSockaddr stores a into the fields fs of a Sockaddr struct of type t.
func (m *machine) fillSockaddr(t *rtype, fs []value, a sockAddr) {
	switch sockTypeName(t) {
	case "syscall.SockaddrInet4":
		m.set(&fs[fieldIndex(t.t, "Port")], intVal(int64(a.port)))
		m.setBytes(fs[fieldIndex(t.t, "Addr")].bytes(), a.ip[12:16])
	case "syscall.SockaddrInet6":
		m.set(&fs[fieldIndex(t.t, "Port")], intVal(int64(a.port)))
		m.set(&fs[fieldIndex(t.t, "ZoneId")], uintVal(uint64(a.zone)))
		m.setBytes(fs[fieldIndex(t.t, "Addr")].bytes(), a.ip[:16])
	case "syscall.SockaddrUnix":
		name := a.path
		if name != "" && name[0] == '@' {
			name = "\x00" + name[1:]
		}
		m.set(&fs[fieldIndex(t.t, "Name")], strVal(name))
	}
}
