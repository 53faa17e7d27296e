package interp

// Models of package syscall: the system calls of the virtual OS (package
// vos), translated between the program's values and the kernel's API.
// Operations on sockets, pipes and files are scheduling points (see the
// table of events.go); the standard files are the run's own output and an
// empty input, and are no scheduling points. A system call with no model
// is refused, naming the call and the user's call site.

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"
	"syscall"

	"github.com/vtcheck/vt/interp/vos"
)

const (
	whyVOS   = "a system call of the virtual OS (package vos): sockets, pipes and files in the run's world"
	whyProc  = "the virtual OS has one process with fixed identifiers"
	whyEnv   = "the environment is the virtual OS's, a snapshot of the real one changed per execution"
	whyPure  = "a pure function of package syscall, which is loaded without bodies"
	whyNoSpl = "no zero-copy transfers: the caller falls back to reading and writing"
	whyMmap  = "the virtual OS's memory is the program's values, not pages: an anonymous map is a fresh byte slice"
	whyUname = "the virtual OS's identity: the real system's, with a fixed host name (vos.Hostname)"
	// whyMunmap: munmap reads only the slice's bounds.
	whyMunmap = "removes the map from the virtual OS's table: reads only the slice's address and length"

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
		sp := m.pkg("syscall")
		for fd, name := range []string{"Stdin", "Stdout", "Stderr"} {
			if g := sp.Var(name); g != nil {
				*m.global(m.prog.globalIndex(g)) = intVal(int64(fd))
			}
		}
		return value{}
	}),
	"syscall.runtime_envs": native(noBody, func(m *machine, _ []value) value { return strSlice(m.vos().Environ()) }),

	// The environment.
	"syscall.Getenv": native(whyEnv, func(m *machine, a []value) value {
		v, ok := m.vos().Getenv(a[0].str())
		return tuple(strVal(v), boolVal(ok))
	}),
	"syscall.Setenv": native(whyEnv, func(m *machine, a []value) value {
		return m.errnoVal(m.vos().Setenv(a[0].str(), a[1].str()))
	}),
	"syscall.Unsetenv": native(whyEnv, func(m *machine, a []value) value {
		m.vos().Unsetenv(a[0].str())
		return value{}
	}),
	"syscall.Environ":  native(whyEnv, func(m *machine, _ []value) value { return strSlice(m.vos().Environ()) }),
	"syscall.Clearenv": native(whyEnv, func(m *machine, _ []value) value { m.vos().Clearenv(); return value{} }),

	// The process.
	"syscall.Getpid":      native(whyProc, func(*machine, []value) value { return intVal(vos.Pid) }),
	"syscall.Kill":        control(whyKillSelf, sysKill).noMemory("touches none of the program's memory"),
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
	"syscall.Getwd": native(whyVOS, func(m *machine, _ []value) value { return tuple(strVal(m.vos().Cwd()), value{}) }),
	"syscall.Chdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Chdir(a[0].str()))
	})),
	"syscall.Fchdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Fchdir(int(a[0].int())))
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

	// Memory maps (mmapModel): an anonymous map is fresh zeroed memory,
	// an ordinary byte slice of the program's memory; protecting,
	// locking or syncing pages changes nothing, MADV_DONTNEED zeroes
	// them. Mapping a file is refused.
	"syscall.Mmap":       control(whyMmap, mmapModel("syscall.Mmap")).noMemory("allocates fresh memory, which nobody else can reach yet"),
	"syscall.Munmap":     native(whyMmap, munmapModel).noMemory(whyMunmap),
	"syscall.Mprotect":   native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	"syscall.Madvise":    control(whyMmap, madviseModel).ownAccesses(),
	"syscall.Mlock":      native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	"syscall.Munlock":    native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	"syscall.Mlockall":   native(whyMmap, pagesIgnored),
	"syscall.Munlockall": native(whyMmap, pagesIgnored),
	"syscall.Uname": native(whyUname, func(m *machine, a []value) value {
		m.storeHost(a[0].ptr(), reflect.ValueOf(vos.Uname()))
		return value{}
	}).noMemory(whyRawOut),
	"syscall.Umask": native(whyProc, func(m *machine, a []value) value {
		return intVal(int64(m.vos().Umask(uint32(a[0].int()))))
	}),

	// Descriptors.
	"syscall.Read":   control(whyVOS, ioCall(true, 2, sysRead)).ownAccesses(),
	"syscall.Write":  control(whyVOS, ioCall(false, 2, sysWrite)).ownAccesses(),
	"syscall.Pread":  control(whyVOS, ioCall(true, 2, sysPread)).ownAccesses(),
	"syscall.Pwrite": control(whyVOS, ioCall(false, 2, sysPwrite)).ownAccesses(),
	"syscall.Close": native(whyVOS, func(m *machine, a []value) value {
		return m.errnoVal(m.vos().Close(int(a[0].int())))
	}),
	"syscall.Seek": native(whyVOS, func(m *machine, a []value) value {
		off, e := m.vos().Seek(int(a[0].int()), a[1].int(), int(a[2].int()))
		return tuple(intVal(off), m.errnoVal(e))
	}),
	"syscall.Dup": native(whyVOS, func(m *machine, a []value) value {
		fd, e := m.vos().Dup(int(a[0].int()), -1)
		return tuple(intVal(int64(fd)), m.errnoVal(e))
	}),
	"syscall.Dup2": native(whyVOS, func(m *machine, a []value) value {
		_, e := m.vos().Dup(int(a[0].int()), int(a[1].int()))
		return m.errnoVal(e)
	}),
	"syscall.Dup3": native(whyVOS, func(m *machine, a []value) value {
		_, e := m.vos().Dup(int(a[0].int()), int(a[1].int()))
		return m.errnoVal(e)
	}),
	"syscall.SetNonblock": native(whyVOS, func(m *machine, a []value) value {
		return m.errnoVal(m.vos().SetNonblock(int(a[0].int()), a[1].bool()))
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
		return m.openAt(vos.AtFDCWD, a[0].str(), int(a[1].int()), uint32(a[2].int()))
	})),
	"syscall.Fstat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		st, e := m.vos().Fstat(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		m.storeHost(a[1].ptr(), reflect.ValueOf(st))
		return value{}
	})).noMemory(whyRawOut),
	"syscall.Stat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.statAt(vos.AtFDCWD, a[0].str(), a[1].ptr(), true)
	})).noMemory(whyRawOut),
	"syscall.Lstat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.statAt(vos.AtFDCWD, a[0].str(), a[1].ptr(), false)
	})).noMemory(whyRawOut),
	"syscall.ReadDirent": control(whyVOS, fileCall(sysGetdents)).ownAccesses(),
	"syscall.Getdents":   control(whyVOS, fileCall(sysGetdents)).ownAccesses(),
	"syscall.Mkdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Mkdirat(vos.AtFDCWD, a[0].str(), uint32(a[1].int()), m.clock))
	})),
	"syscall.Rmdir": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Unlinkat(vos.AtFDCWD, a[0].str(), true, m.clock))
	})),
	"syscall.Unlink": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Unlinkat(vos.AtFDCWD, a[0].str(), false, m.clock))
	})),
	"syscall.Rename": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Rename(a[0].str(), a[1].str(), m.clock))
	})),
	"syscall.Chmod": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Chmodat(vos.AtFDCWD, a[0].str(), uint32(a[1].int()), true, m.clock))
	})),
	"syscall.Fchmod": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Fchmod(int(a[0].int()), uint32(a[1].int()), m.clock))
	})),
	"syscall.Chown": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.chownAt(vos.AtFDCWD, a[0].str(), true, a[1], a[2])
	})),
	"syscall.Lchown": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.chownAt(vos.AtFDCWD, a[0].str(), false, a[1], a[2])
	})),
	"syscall.Fchown": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Check(int(a[0].int())))
	})),
	"syscall.Ftruncate": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Ftruncate(int(a[0].int()), a[1].int(), m.clock))
	})),
	"syscall.Truncate": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Truncate(a[0].str(), a[1].int(), m.clock))
	})),
	"syscall.Symlink": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Symlinkat(a[0].str(), vos.AtFDCWD, a[1].str(), m.clock))
	})),
	"syscall.Readlink": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.readlinkAt(fr, vos.AtFDCWD, a[0].str(), a[1])
	})).ownAccesses(),
	"syscall.Link": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Linkat(vos.AtFDCWD, a[0].str(), vos.AtFDCWD, a[1].str(), m.clock))
	})),
	"syscall.UtimesNano": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.utimesAt(vos.AtFDCWD, a[0].str(), a[1], true)
	})).noMemory(whyRawIn),
	"syscall.Access": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Access(a[0].str(), uint32(a[1].int())))
	})),

	// Sockets.
	"syscall.Socket":     native(whyVOS, sysSocket),
	"syscall.Socketpair": native(whyVOS, sysSocketpair),
	"syscall.Bind":       control(whyVOS, sockCall(OpListen, 1, sysBind)).noMemory(whyRawIn),
	"syscall.Listen":     control(whyVOS, sockCall(OpListen, 1, sysListen)),
	"syscall.Accept4":    control(whyVOS, sockCall(OpAccept, 3, sysAccept)),
	"syscall.Accept":     control(whyVOS, sockCall(OpAccept, 3, sysAccept)),
	"syscall.Connect":    control(whyVOS, sockCall(OpDial, 1, sysConnect)).noMemory(whyRawIn),
	"syscall.Shutdown": control(whyVOS, sockCall(OpShutdown, 1, func(fr *frame, m *machine, fd int, a []value) value {
		return m.errnoVal(m.vos().Shutdown(fd, int(a[1].int())))
	})),
	"syscall.Getsockname": control(whyVOS, sockCall(OpNone, 2, func(fr *frame, m *machine, fd int, a []value) value {
		la, e := m.vos().Getsockname(fd)
		if e != 0 {
			return tuple(value{}, m.errnoVal(e))
		}
		return tuple(m.sockaddrVal(la), value{})
	})),
	"syscall.Getpeername": control(whyVOS, sockCall(OpNone, 2, func(fr *frame, m *machine, fd int, a []value) value {
		ra, e := m.vos().Getpeername(fd)
		if e != 0 {
			return tuple(value{}, m.errnoVal(e))
		}
		return tuple(m.sockaddrVal(ra), value{})
	})),
	"syscall.GetsockoptInt": control(whyVOS, sockCall(OpNone, 2, func(fr *frame, m *machine, fd int, a []value) value {
		v, e := m.vos().GetsockoptInt(fd, int(a[1].int()), int(a[2].int()))
		if e != 0 {
			return tuple(intVal(0), m.errnoVal(e))
		}
		return tuple(intVal(int64(v)), value{})
	})),
	"syscall.SetsockoptInt": control(whyVOS, sockCall(OpNone, 1, func(fr *frame, m *machine, fd int, a []value) value {
		return m.errnoVal(m.vos().SetsockoptInt(fd, int(a[1].int()), int(a[2].int()), int(a[3].int())))
	})),
	"syscall.SetsockoptLinger":    control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptTimeval":   control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptByte":      control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)),
	"syscall.SetsockoptInet4Addr": control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)),
	"syscall.SetsockoptIPMreq":    control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptIPMreqn":   control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.SetsockoptIPv6Mreq":  control(whyVOS, sockCall(OpNone, 1, sockOptIgnored)).noMemory(whyIgnored),
	"syscall.Recvfrom": control(whyVOS, ioCall(true, 3, func(fr *frame, m *machine, fd int, a []value) value {
		n, from, e := m.recvFrom(fr, fd, a[1])
		if e != 0 {
			return tuple(intVal(0), value{}, m.errnoVal(e))
		}
		return tuple(intVal(int64(n)), m.sockaddrValOrNil(from), value{})
	})).ownAccesses(),
	"syscall.Recvmsg": control(whyVOS, ioCall(true, 5, func(fr *frame, m *machine, fd int, a []value) value {
		n, from, e := m.recvFrom(fr, fd, a[1])
		if e != 0 {
			return tuple(intVal(0), intVal(0), intVal(0), value{}, m.errnoVal(e))
		}
		return tuple(intVal(int64(n)), intVal(0), intVal(0), m.sockaddrValOrNil(from), value{})
	})).ownAccesses(),
	"syscall.Sendto": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, fd int, a []value) value {
		_, e := m.sendTo(fr, fd, a[1], a[3])
		return m.errnoVal(e)
	})).ownAccesses(),
	"syscall.SendmsgN": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, fd int, a []value) value {
		n, e := m.sendTo(fr, fd, a[1], a[3])
		return tuple(intVal(int64(n)), m.errnoVal(e))
	})).ownAccesses(),
	"syscall.Sendmsg": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, fd int, a []value) value {
		_, e := m.sendTo(fr, fd, a[1], a[3])
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

// --- values ---

// errnoVal returns the error value of e (nil for 0).
func (m *machine) errnoVal(e syscall.Errno) value {
	if e == 0 {
		return value{}
	}
	return value{r: &iface{t: m.namedType("syscall", "Errno"), v: uintVal(uint64(e))}}
}

// namedType returns the rtype of the named type name of package path, of
// the binary the machine runs (pkgscope.go).
func (m *machine) namedType(path, name string) *rtype {
	pkg := m.pkg(path)
	if pkg == nil {
		panic(fmt.Sprintf("interp: package %s not loaded (need %s.%s)", path, path, name))
	}
	return m.prog.typeOf(pkg.Pkg.Scope().Lookup(name).Type())
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
		p := m.pkg(pkg)
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
// then f. An operation on a pipe or socket in blocking mode that would
// block (f returns an EAGAIN error) blocks until the kernel wakes it
// (vos.Kernel.WaitIO), and then runs again.
func ioCall(read bool, nres int, f func(fr *frame, m *machine, fd int, a []value) value) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		m := fr.g.m
		fd := int(a[0].int())
		d, e := m.vos().Describe(fd)
		op := OpNone
		if e == 0 {
			op = ioOp(d.Kind, read)
		}
		if pointOnce(fr, op) {
			return nil
		}
		if e != 0 {
			return fr.done(dst, errResult(nres, m.errnoVal(e)))
		}
		res := f(fr, m, fd, a)
		if isErrno(lastResult(res), syscall.EAGAIN) {
			mode := 'w'
			if read {
				mode = 'r'
			}
			if reason := m.vos().WaitIO(fd, int(mode), goWaiter{fr.g}); reason != vos.WaitNone {
				return fr.block(waitOp(reason), fr.pos())
			}
		}
		return fr.done(dst, res)
	}
}

// ioOp is the scheduling point of a read (read) or write on a descriptor
// of kind k.
func ioOp(k vos.Kind, read bool) Op {
	switch k {
	case vos.KindStd:
		return OpNone
	case vos.KindFile:
		if read {
			return OpFileRead
		}
		return OpFileWrite
	case vos.KindPipeRead, vos.KindPipeWrite:
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
// for OpNone), then f. An accept in blocking mode with no connection
// waiting blocks until the kernel wakes it, and then runs again.
func sockCall(op Op, nres int, f func(fr *frame, m *machine, fd int, a []value) value) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		if pointOnce(fr, op) {
			return nil
		}
		m := fr.g.m
		fd := int(a[0].int())
		if e := m.vos().CheckSocket(fd); e != 0 {
			return fr.done(dst, errResult(nres, m.errnoVal(e)))
		}
		res := f(fr, m, fd, a)
		if op == OpAccept && isErrno(lastResult(res), syscall.EAGAIN) {
			if m.vos().WaitIO(fd, 'r', goWaiter{fr.g}) != vos.WaitNone {
				return fr.block(OpAccept, fr.pos())
			}
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

func sockOptIgnored(_ *frame, _ *machine, _ int, _ []value) value { return value{} }

func fdCheck(m *machine, a []value) value {
	return m.errnoVal(m.vos().Check(int(a[0].int())))
}

// pickDatagram returns the choice of the datagram a receive of fr's
// goroutine takes, among the queued ones: a choice of the scheduler.
func (m *machine) pickDatagram(fr *frame) vos.Picker {
	return func(n int) int { return m.sched.Choose(fr.g, ChooseDatagram, n) }
}

// datagramLoss returns whether a datagram fr's goroutine sends is lost: a
// choice of the scheduler with RunOptions.DatagramLoss, else never.
func (m *machine) datagramLoss(fr *frame) vos.Loser {
	if !m.opts.DatagramLoss {
		return nil
	}
	return func() bool { return m.sched.Choose(fr.g, ChooseDatagramLoss, 2) == 1 }
}

// --- descriptors ---

// sysRead is read(2) on any descriptor: the bytes read are written into
// the buffer a[1], and a read from a kernel object acquires from it
// (EvIORead).
func sysRead(fr *frame, m *machine, fd int, a []value) value {
	buf := make([]byte, len(a[1].bytes()))
	n, obj, e := m.vos().Read(fd, buf, m.pickDatagram(fr))
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	m.writeUser(fr, a[1], buf[:n])
	if !obj.IsNil() {
		m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(obj), Pos: fr.pos()})
	}
	return tuple(intVal(int64(n)), value{})
}

// sysWrite is write(2) on any descriptor: the standard output and error
// are the run's; elsewhere the bytes the kernel takes are read from the
// buffer a[1], and the write releases into the kernel object that
// receives them (EvIOWrite).
func sysWrite(fr *frame, m *machine, fd int, a []value) value {
	k := m.vos()
	if d, e := k.Describe(fd); e == 0 && d.Kind == vos.KindStd {
		data := m.readUser(fr, a[1], -1)
		switch d.Std {
		case 1:
			m.stdout.Write(data)
		case 2:
			m.stdout.Flush()
			m.stderr.Write(data)
		default:
			return tuple(intVal(0), m.errnoVal(syscall.EBADF))
		}
		return tuple(intVal(int64(len(data))), value{})
	}
	room, to, e := k.WriteRoom(fd, len(a[1].bytes()))
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	data := m.readUser(fr, a[1], room)
	if !to.IsNil() {
		m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(to), Pos: fr.pos()})
	}
	n, dst, e := k.Write(fd, data, m.clock, m.datagramLoss(fr))
	if e == vos.ErrNotLoopback {
		m.refuse(fr, "send to "+vos.SockAddr{}.String(), "only loopback addresses exist under vt")
	}
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	if !dst.IsNil() {
		m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(dst), Pos: fr.pos()})
	}
	return tuple(intVal(int64(n)), value{})
}

// sysPread is pread(2): as sysRead, at the offset a[2].
func sysPread(fr *frame, m *machine, fd int, a []value) value {
	buf := make([]byte, len(a[1].bytes()))
	n, obj, e := m.vos().Pread(fd, buf, a[2].int())
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	m.writeUser(fr, a[1], buf[:n])
	m.emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(obj), Pos: fr.pos()})
	return tuple(intVal(int64(n)), value{})
}

// sysPwrite is pwrite(2): as sysWrite, at the offset a[2].
func sysPwrite(fr *frame, m *machine, fd int, a []value) value {
	off := a[2].int()
	to, e := m.vos().PwriteRoom(fd, off)
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	data := m.readUser(fr, a[1], -1)
	m.emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(to), Pos: fr.pos()})
	n, e := m.vos().Pwrite(fd, data, off, m.clock)
	return tuple(intVal(int64(n)), m.errnoVal(e))
}

func sysPipe(m *machine, a []value) value {
	es := a[0].elems()
	if len(es) != 2 {
		return m.errnoVal(syscall.EINVAL)
	}
	flags := 0
	if len(a) > 1 {
		flags = int(a[1].int())
	}
	r, w := m.vos().Pipe(flags)
	m.set(&es[0], intVal(int64(r)))
	m.set(&es[1], intVal(int64(w)))
	return value{}
}

// --- files ---

// openAt is openat(2): it returns (fd, error).
func (m *machine) openAt(dirfd int, p string, flags int, perm uint32) value {
	fd, e := m.vos().Openat(dirfd, p, flags, perm, m.clock)
	return tuple(intVal(int64(fd)), m.errnoVal(e))
}

// statAt is fstatat(2) into the Stat_t at st.
func (m *machine) statAt(dirfd int, p string, st *value, follow bool) value {
	s, e := m.vos().Fstatat(dirfd, p, follow)
	if e != 0 {
		return m.errnoVal(e)
	}
	m.storeHost(st, reflect.ValueOf(s))
	return value{}
}

// chownAt is fchownat(2): it changes nothing (vos.Kernel.Chownat).
func (m *machine) chownAt(dirfd int, p string, follow bool, uid, _ value) value {
	return m.errnoVal(m.vos().Chownat(dirfd, p, follow, int(uid.int())))
}

// readlinkAt is readlinkat(2) into buf.
func (m *machine) readlinkAt(fr *frame, dirfd int, p string, buf value) value {
	target, e := m.vos().Readlinkat(dirfd, p)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	t := []byte(target)
	n := min(len(t), len(buf.bytes()))
	m.writeUser(fr, buf, t[:n])
	return tuple(intVal(int64(n)), value{})
}

// utimesAt sets the access and modification times of p from ts (a
// []Timespec of two).
func (m *machine) utimesAt(dirfd int, p string, ts value, follow bool) value {
	es := ts.elems()
	times := make([]syscall.Timespec, len(es))
	for i, t := range es {
		f := t.elems()
		times[i] = syscall.Timespec{Sec: f[0].int(), Nsec: f[1].int()}
	}
	return m.errnoVal(m.vos().Utimesat(dirfd, p, times, follow))
}

func sysGetdents(fr *frame, m *machine, a []value) value {
	buf := make([]byte, len(a[1].bytes()))
	n, e := m.vos().Getdents(int(a[0].int()), buf)
	if e != 0 {
		return tuple(intVal(-1), m.errnoVal(e))
	}
	m.writeUser(fr, a[1], buf[:n])
	return tuple(intVal(int64(n)), value{})
}

// --- sockets ---

func sysSocket(m *machine, a []value) value {
	fd, e := m.vos().Socket(int(a[0].int()), int(a[1].int()))
	return tuple(intVal(int64(fd)), m.errnoVal(e))
}

func sysSocketpair(m *machine, a []value) value {
	fds, e := m.vos().Socketpair(int(a[0].int()), int(a[1].int()))
	if e != 0 {
		return tuple(value{r: []value{{}, {}}}, m.errnoVal(e))
	}
	return tuple(value{r: []value{intVal(int64(fds[0])), intVal(int64(fds[1]))}}, value{})
}

func sysBind(fr *frame, m *machine, fd int, a []value) value {
	sa, ok := m.sockaddrOf(a[1])
	if !ok {
		return m.errnoVal(syscall.EINVAL)
	}
	e := m.vos().Bind(fd, sa)
	if e == vos.ErrNotLoopback {
		m.refuse(fr, "listen on "+sa.String(), "only loopback addresses exist under vt")
	}
	return m.errnoVal(e)
}

func sysListen(fr *frame, m *machine, fd int, a []value) value {
	return m.errnoVal(m.vos().Listen(fd))
}

func sysAccept(fr *frame, m *machine, fd int, a []value) value {
	flags := 0
	if len(a) > 1 {
		flags = int(a[1].int())
	}
	nfd, ra, e := m.vos().Accept(fd, flags)
	if e != 0 {
		return tuple(intVal(-1), value{}, m.errnoVal(e))
	}
	return tuple(intVal(int64(nfd)), m.sockaddrVal(ra), value{})
}

func sysConnect(fr *frame, m *machine, fd int, a []value) value {
	sa, ok := m.sockaddrOf(a[1])
	if !ok {
		return m.errnoVal(syscall.EINVAL)
	}
	e := m.vos().Connect(fd, sa)
	if e == vos.ErrNotLoopback {
		m.refuse(fr, "dial "+sa.String(), "only loopback addresses exist under vt")
	}
	return m.errnoVal(e)
}

// recvFrom receives from the socket fd into b (recvfrom(2), recvmsg(2)):
// no edge, as Go's race detector instruments syscall.Read but not
// syscall.Recvfrom and Recvmsg.
func (m *machine) recvFrom(fr *frame, fd int, b value) (int, vos.SockAddr, syscall.Errno) {
	buf := make([]byte, len(b.bytes()))
	n, from, e := m.vos().Recvfrom(fd, buf, m.pickDatagram(fr))
	if e != 0 {
		return 0, vos.SockAddr{}, e
	}
	m.writeUser(fr, b, buf[:n])
	return n, from, 0
}

// sendTo sends b from the socket fd to the address to (a syscall.Sockaddr;
// nil: the connected peer) (sendto(2), sendmsg(2)): no edge, as Go's race
// detector instruments syscall.Write but not syscall.Sendto and Sendmsg.
func (m *machine) sendTo(fr *frame, fd int, b value, to value) (int, syscall.Errno) {
	k := m.vos()
	room, e := k.SendRoom(fd, len(b.bytes()))
	if e != 0 {
		return 0, e
	}
	var sa vos.SockAddr
	var dest *vos.SockAddr
	if to.r != nil && !isNilSockaddr(to) {
		var ok bool
		if sa, ok = m.sockaddrOf(to); !ok {
			return 0, syscall.EINVAL
		}
		dest = &sa
	}
	data := m.readUser(fr, b, room)
	n, _, e := k.Sendto(fd, data, dest, m.datagramLoss(fr))
	if e == vos.ErrNotLoopback {
		m.refuse(fr, "send to "+sa.String(), "only loopback addresses exist under vt")
	}
	if e != 0 {
		return 0, e
	}
	return n, 0
}

// isNilSockaddr reports whether v is a syscall.Sockaddr holding a nil
// pointer.
func isNilSockaddr(v value) bool {
	i := v.iface()
	return i == nil || i.t.kind == kPointer && i.v.r == nil
}

// sockaddrOf converts a syscall.Sockaddr value.
func (m *machine) sockaddrOf(v value) (vos.SockAddr, bool) {
	i := v.iface()
	if i == nil || i.t.kind != kPointer || i.v.ptr() == nil {
		return vos.SockAddr{}, false
	}
	return m.sockaddrFields(i.t.elem, i.v.ptr().elems())
}

// sockaddrFields reads a syscall.SockaddrInet4, SockaddrInet6 or
// SockaddrUnix (t) from its fields.
func (m *machine) sockaddrFields(t *rtype, fs []value) (vos.SockAddr, bool) {
	switch sockTypeName(t) {
	case "syscall.SockaddrInet4":
		a := vos.SockAddr{Family: syscall.AF_INET, Port: int(fs[fieldIndex(t.t, "Port")].int())}
		b := fs[fieldIndex(t.t, "Addr")].bytes()
		a.IP = vos.IPv4(b[0], b[1], b[2], b[3])
		return a, true
	case "syscall.SockaddrInet6":
		a := vos.SockAddr{Family: syscall.AF_INET6, Port: int(fs[fieldIndex(t.t, "Port")].int()), Zone: uint32(fs[fieldIndex(t.t, "ZoneId")].n)}
		copy(a.IP[:], fs[fieldIndex(t.t, "Addr")].bytes())
		return a, true
	case "syscall.SockaddrUnix":
		name := fs[fieldIndex(t.t, "Name")].str()
		if name != "" && name[0] == 0 {
			name = "@" + name[1:]
		}
		return vos.SockAddr{Family: syscall.AF_UNIX, Path: name}, true
	}
	return vos.SockAddr{}, false
}

// sockTypeName returns "pkg.Name" of a named type.
func sockTypeName(t *rtype) string { return t.t.String() }

// sockaddrVal returns a as a syscall.Sockaddr value.
func (m *machine) sockaddrVal(a vos.SockAddr) value {
	var name string
	switch a.Family {
	case syscall.AF_INET:
		name = "SockaddrInet4"
	case syscall.AF_INET6:
		name = "SockaddrInet6"
	default:
		name = "SockaddrUnix"
	}
	t := m.namedType("syscall", name)
	cell := zero(t)
	m.fillSockaddr(t, cell.elems(), a)
	pt := m.prog.typeOf(types.NewPointer(t.t))
	return value{r: &iface{t: pt, v: value{r: &cell}}}
}

// sockaddrValOrNil is sockaddrVal, or nil for the zero address.
func (m *machine) sockaddrValOrNil(a vos.SockAddr) value {
	if a.Family == 0 {
		return value{}
	}
	return m.sockaddrVal(a)
}

// fillSockaddr stores a into the fields fs of a Sockaddr struct of type t.
func (m *machine) fillSockaddr(t *rtype, fs []value, a vos.SockAddr) {
	switch sockTypeName(t) {
	case "syscall.SockaddrInet4":
		m.set(&fs[fieldIndex(t.t, "Port")], intVal(int64(a.Port)))
		m.setBytes(fs[fieldIndex(t.t, "Addr")].bytes(), a.IP[12:16])
	case "syscall.SockaddrInet6":
		m.set(&fs[fieldIndex(t.t, "Port")], intVal(int64(a.Port)))
		m.set(&fs[fieldIndex(t.t, "ZoneId")], uintVal(uint64(a.Zone)))
		m.setBytes(fs[fieldIndex(t.t, "Addr")].bytes(), a.IP[:16])
	case "syscall.SockaddrUnix":
		name := a.Path
		if name != "" && name[0] == '@' {
			name = "\x00" + name[1:]
		}
		m.set(&fs[fieldIndex(t.t, "Name")], strVal(name))
	}
}

// --- memory maps ---

// mmapModel is Mmap(fd, offset, length, prot, flags) of syscall and of
// golang.org/x/sys/unix (name): an anonymous map is a fresh zeroed byte
// slice, which the virtual OS records until it is unmapped; a map of a
// file is refused.
func mmapModel(name string) controlFn {
	return func(fr *frame, a []value, dst int32) *frame {
		m := fr.g.m
		n, flags := a[2].int(), a[4].int()
		if flags&syscall.MAP_ANON == 0 {
			m.refuse(fr, name+" of a file", "the virtual OS maps anonymous memory only (MAP_ANON): a file's pages cannot be shared with the program's values")
		}
		if n <= 0 {
			return fr.done(dst, tuple(value{}, m.errnoVal(syscall.EINVAL)))
		}
		if n > maxAlloc {
			return fr.done(dst, tuple(value{}, m.errnoVal(syscall.ENOMEM)))
		}
		b := make([]byte, n)
		m.vos().MapAnon(b)
		return fr.done(dst, tuple(value{r: b}, value{}))
	}
}

// munmapModel is Munmap(b): EINVAL unless b is a map Mmap returned.
func munmapModel(m *machine, a []value) value {
	return m.errnoVal(m.vos().Unmap(a[0].bytes()))
}

// pagesIgnored is mprotect, madvise, mlock, msync and their kin: the
// virtual OS's memory has no pages to protect, page out, lock or write
// back; they succeed and change nothing.
func pagesIgnored(*machine, []value) value { return value{} }

// madviseModel is Madvise(b, advice): MADV_DONTNEED drops the pages of a
// private anonymous map, which read as zeros afterwards, as Linux does
// (b must start on a page of a live map: EINVAL otherwise; its length is
// rounded up to whole pages); other advice changes nothing.
func madviseModel(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	b, advice := a[0].bytes(), a[1].int()
	if advice != syscall.MADV_DONTNEED || len(b) == 0 {
		return fr.done(dst, value{})
	}
	off, n, ok := m.vos().MapOffset(b)
	if !ok {
		return fr.done(dst, value{})
	}
	page := syscall.Getpagesize()
	if off%page != 0 {
		return fr.done(dst, m.errnoVal(syscall.EINVAL))
	}
	end := min(off+(len(b)+page-1)/page*page, n)
	pages := b[: end-off : cap(b)]
	m.writeUser(fr, value{r: pages}, make([]byte, len(pages)))
	return fr.done(dst, value{})
}
