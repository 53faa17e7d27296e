package osmodel

// Models of package syscall: the system calls of the virtual OS (package
// vos), translated between the program's values and the kernel's API.
// Operations on sockets, pipes and files are scheduling points; the
// standard files are the run's own output and an empty input, and are no
// scheduling points. A system call with no model is refused, naming the
// call and the user's call site.

import (
	"reflect"
	"strings"
	"syscall"

	"github.com/vtcheck/vt/interp/model"
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

	// The memory declarations of the models that take the program's
	// memory but make no access the race detector checks. Go's race
	// detector instruments syscall.Read, Write, Pread and Pwrite on the
	// bytes they transfer; the models of those (and of the other calls
	// that move bytes through a buffer) report the bytes they transfer
	// themselves (readUser, writeUser: own).
	whyRawOut      = "fills a struct the caller passes, as a raw system call does, which Go's race detector does not instrument"
	whyRawIn       = "reads an address or times the caller passes, as a raw system call does, which Go's race detector does not instrument"
	whyIgnored     = "accepted and ignored: reads nothing"
	whyUnsupported = "fails at once as unsupported: reads and writes nothing"
	whyRefused     = "refused: runs nothing"
)

// noErr is the nil error.
var noErr = nothing

var syscallFuncs = map[string]model.Func{
	// syscall's init would set Stdin, Stdout and Stderr, which os's init
	// reads; the rest of it talks to the operating system.
	"syscall.init": native("sets the standard descriptors only", func(m M, _ []V) V {
		for fd, name := range []string{"Stdin", "Stdout", "Stderr"} {
			if p, t := m.Global("syscall", name); t != nil {
				m.Store(p, mkInt(int64(fd)), t)
			}
		}
		return nothing
	}),
	"syscall.runtime_envs": native(model.NoBody, func(m M, _ []V) V { return strSlice(m, m.OS().Environ()) }),

	// The environment.
	"syscall.Getenv": native(whyEnv, func(m M, a []V) V {
		v, ok := m.OS().Getenv(m.String(a[0]))
		return m.MakeTuple(m.MakeString(v), mkBool(ok))
	}),
	"syscall.Setenv": native(whyEnv, func(m M, a []V) V {
		return errnoVal(m, m.OS().Setenv(m.String(a[0]), m.String(a[1])))
	}),
	"syscall.Unsetenv": native(whyEnv, func(m M, a []V) V {
		m.OS().Unsetenv(m.String(a[0]))
		return nothing
	}),
	"syscall.Environ":  native(whyEnv, func(m M, _ []V) V { return strSlice(m, m.OS().Environ()) }),
	"syscall.Clearenv": native(whyEnv, func(m M, _ []V) V { m.OS().Clearenv(); return nothing }),

	// The process.
	"syscall.Getpid":      native(whyProc, func(M, []V) V { return mkInt(vos.Pid) }),
	"syscall.Kill":        none(control(whyKillSelf, sysKill), "touches none of the program's memory"),
	"syscall.Getppid":     native(whyProc, func(M, []V) V { return mkInt(1) }),
	"syscall.Getuid":      native(whyProc, func(M, []V) V { return mkInt(int64(syscall.Getuid())) }),
	"syscall.Geteuid":     native(whyProc, func(M, []V) V { return mkInt(int64(syscall.Geteuid())) }),
	"syscall.Getgid":      native(whyProc, func(M, []V) V { return mkInt(int64(syscall.Getgid())) }),
	"syscall.Getegid":     native(whyProc, func(M, []V) V { return mkInt(int64(syscall.Getegid())) }),
	"syscall.Getpagesize": native(whyProc, func(M, []V) V { return mkInt(int64(syscall.Getpagesize())) }),
	"syscall.Getgroups": native(whyProc, func(m M, _ []V) V {
		gs, _ := syscall.Getgroups()
		es := make([]V, len(gs))
		for i, g := range gs {
			es[i] = mkInt(int64(g))
		}
		return m.MakeTuple(m.MakeSlice(es), noErr)
	}),
	"syscall.Exit": native("ends the run with the code", func(m M, a []V) V {
		m.Exit(int(a[0].Int()))
		return nothing
	}),
	"syscall.Getwd": native(whyVOS, func(m M, _ []V) V { return m.MakeTuple(m.MakeString(m.OS().Cwd()), noErr) }),
	"syscall.Chdir": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Chdir(m.String(a[0])))
	})),
	"syscall.Fchdir": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Fchdir(int(a[0].Int())))
	})),
	"syscall.Getrlimit": none(native(whyProc, func(m M, a []V) V {
		var lim syscall.Rlimit
		if err := syscall.Getrlimit(int(a[0].Int()), &lim); err != nil {
			return errnoVal(m, err.(syscall.Errno))
		}
		storeHost(m, a[1], namedType(m, "syscall", "Rlimit"), reflect.ValueOf(lim))
		return nothing
	}), whyRawOut),
	"syscall.Setrlimit": none(native(whyProc, func(M, []V) V { return nothing }), whyIgnored),

	// Memory maps (mmapModel): an anonymous map is fresh zeroed memory,
	// an ordinary byte slice of the program's memory; protecting,
	// locking or syncing pages changes nothing, MADV_DONTNEED zeroes
	// them. Mapping a file is refused.
	"syscall.Mmap":       none(control(whyMmap, mmapModel("syscall.Mmap")), "allocates fresh memory, which nobody else can reach yet"),
	"syscall.Munmap":     none(native(whyMmap, munmapModel), whyMunmap),
	"syscall.Mprotect":   none(native(whyMmap, pagesIgnored), whyIgnored),
	"syscall.Madvise":    own(control(whyMmap, madviseModel)),
	"syscall.Mlock":      none(native(whyMmap, pagesIgnored), whyIgnored),
	"syscall.Munlock":    none(native(whyMmap, pagesIgnored), whyIgnored),
	"syscall.Mlockall":   native(whyMmap, pagesIgnored),
	"syscall.Munlockall": native(whyMmap, pagesIgnored),
	"syscall.Uname": none(native(whyUname, func(m M, a []V) V {
		storeHost(m, a[0], namedType(m, "syscall", "Utsname"), reflect.ValueOf(vos.Uname()))
		return nothing
	}), whyRawOut),
	"syscall.Umask": native(whyProc, func(m M, a []V) V {
		return mkInt(int64(m.OS().Umask(uint32(a[0].Int()))))
	}),

	// Descriptors.
	"syscall.Read":   own(control(whyVOS, ioCall(true, 2, sysRead))),
	"syscall.Write":  own(control(whyVOS, ioCall(false, 2, sysWrite))),
	"syscall.Pread":  own(control(whyVOS, ioCall(true, 2, sysPread))),
	"syscall.Pwrite": own(control(whyVOS, ioCall(false, 2, sysPwrite))),
	"syscall.Close": native(whyVOS, func(m M, a []V) V {
		return errnoVal(m, m.OS().Close(int(a[0].Int())))
	}),
	"syscall.Seek": native(whyVOS, func(m M, a []V) V {
		off, e := m.OS().Seek(int(a[0].Int()), a[1].Int(), int(a[2].Int()))
		return m.MakeTuple(mkInt(off), errnoVal(m, e))
	}),
	"syscall.Dup": native(whyVOS, func(m M, a []V) V {
		fd, e := m.OS().Dup(int(a[0].Int()), -1)
		return m.MakeTuple(mkInt(int64(fd)), errnoVal(m, e))
	}),
	"syscall.Dup2": native(whyVOS, func(m M, a []V) V {
		_, e := m.OS().Dup(int(a[0].Int()), int(a[1].Int()))
		return errnoVal(m, e)
	}),
	"syscall.Dup3": native(whyVOS, func(m M, a []V) V {
		_, e := m.OS().Dup(int(a[0].Int()), int(a[1].Int()))
		return errnoVal(m, e)
	}),
	"syscall.SetNonblock": native(whyVOS, func(m M, a []V) V {
		return errnoVal(m, m.OS().SetNonblock(int(a[0].Int()), a[1].Bool()))
	}),
	"syscall.CloseOnExec": native("no processes are started: nothing to do", func(M, []V) V { return nothing }),
	"syscall.Pipe2":       writes(native(whyVOS, sysPipe), 0),
	"syscall.Pipe":        writes(native(whyVOS, sysPipe), 0),
	"syscall.Fsync":       native(whyVOS, fdCheck),
	"syscall.Fdatasync":   native(whyVOS, fdCheck),
	"syscall.Sendfile": none(native(whyNoSpl, func(m M, _ []V) V {
		return m.MakeTuple(mkInt(0), errnoVal(m, syscall.EINVAL))
	}), whyUnsupported),
	"syscall.Splice": none(native(whyNoSpl, func(m M, _ []V) V {
		return m.MakeTuple(mkInt(0), errnoVal(m, syscall.EINVAL))
	}), whyUnsupported),

	// Files.
	"syscall.Open": control(whyVOS, fileCall(func(m M, a []V) V {
		return openAt(m, vos.AtFDCWD, m.String(a[0]), int(a[1].Int()), uint32(a[2].Int()))
	})),
	"syscall.Fstat": none(control(whyVOS, fileCall(func(m M, a []V) V {
		st, e := m.OS().Fstat(int(a[0].Int()))
		if e != 0 {
			return errnoVal(m, e)
		}
		storeHost(m, a[1], namedType(m, "syscall", "Stat_t"), reflect.ValueOf(st))
		return nothing
	})), whyRawOut),
	"syscall.Stat": none(control(whyVOS, fileCall(func(m M, a []V) V {
		return statAt(m, vos.AtFDCWD, m.String(a[0]), a[1], true)
	})), whyRawOut),
	"syscall.Lstat": none(control(whyVOS, fileCall(func(m M, a []V) V {
		return statAt(m, vos.AtFDCWD, m.String(a[0]), a[1], false)
	})), whyRawOut),
	"syscall.ReadDirent": own(control(whyVOS, fileCall(sysGetdents))),
	"syscall.Getdents":   own(control(whyVOS, fileCall(sysGetdents))),
	"syscall.Mkdir": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Mkdirat(vos.AtFDCWD, m.String(a[0]), uint32(a[1].Int()), clock(m)))
	})),
	"syscall.Rmdir": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Unlinkat(vos.AtFDCWD, m.String(a[0]), true, clock(m)))
	})),
	"syscall.Unlink": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Unlinkat(vos.AtFDCWD, m.String(a[0]), false, clock(m)))
	})),
	"syscall.Rename": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Rename(m.String(a[0]), m.String(a[1]), clock(m)))
	})),
	"syscall.Chmod": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Chmodat(vos.AtFDCWD, m.String(a[0]), uint32(a[1].Int()), true, clock(m)))
	})),
	"syscall.Fchmod": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Fchmod(int(a[0].Int()), uint32(a[1].Int()), clock(m)))
	})),
	"syscall.Chown": control(whyVOS, fileCall(func(m M, a []V) V {
		return chownAt(m, vos.AtFDCWD, m.String(a[0]), true, a[1])
	})),
	"syscall.Lchown": control(whyVOS, fileCall(func(m M, a []V) V {
		return chownAt(m, vos.AtFDCWD, m.String(a[0]), false, a[1])
	})),
	"syscall.Fchown": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Check(int(a[0].Int())))
	})),
	"syscall.Ftruncate": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Ftruncate(int(a[0].Int()), a[1].Int(), clock(m)))
	})),
	"syscall.Truncate": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Truncate(m.String(a[0]), a[1].Int(), clock(m)))
	})),
	"syscall.Symlink": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Symlinkat(m.String(a[0]), vos.AtFDCWD, m.String(a[1]), clock(m)))
	})),
	"syscall.Readlink": own(control(whyVOS, fileCall(func(m M, a []V) V {
		return readlinkAt(m, vos.AtFDCWD, m.String(a[0]), a[1])
	}))),
	"syscall.Link": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Linkat(vos.AtFDCWD, m.String(a[0]), vos.AtFDCWD, m.String(a[1]), clock(m)))
	})),
	"syscall.UtimesNano": none(control(whyVOS, fileCall(func(m M, a []V) V {
		return utimesAt(m, vos.AtFDCWD, m.String(a[0]), a[1], true)
	})), whyRawIn),
	"syscall.Access": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Access(m.String(a[0]), uint32(a[1].Int())))
	})),

	// Sockets.
	"syscall.Socket":     native(whyVOS, sysSocket),
	"syscall.Socketpair": native(whyVOS, sysSocketpair),
	"syscall.Bind":       none(control(whyVOS, sockCall(model.OpListen, 1, sysBind)), whyRawIn),
	"syscall.Listen":     control(whyVOS, sockCall(model.OpListen, 1, sysListen)),
	"syscall.Accept4":    control(whyVOS, sockCall(model.OpAccept, 3, sysAccept)),
	"syscall.Accept":     control(whyVOS, sockCall(model.OpAccept, 3, sysAccept)),
	"syscall.Connect":    none(control(whyVOS, sockCall(model.OpDial, 1, sysConnect)), whyRawIn),
	"syscall.Shutdown": control(whyVOS, sockCall(model.OpShutdown, 1, func(m M, fd int, a []V) V {
		return errnoVal(m, m.OS().Shutdown(fd, int(a[1].Int())))
	})),
	"syscall.Getsockname": control(whyVOS, sockCall(model.OpNone, 2, func(m M, fd int, a []V) V {
		la, e := m.OS().Getsockname(fd)
		if e != 0 {
			return m.MakeTuple(nothing, errnoVal(m, e))
		}
		return m.MakeTuple(sockaddrVal(m, la), noErr)
	})),
	"syscall.Getpeername": control(whyVOS, sockCall(model.OpNone, 2, func(m M, fd int, a []V) V {
		ra, e := m.OS().Getpeername(fd)
		if e != 0 {
			return m.MakeTuple(nothing, errnoVal(m, e))
		}
		return m.MakeTuple(sockaddrVal(m, ra), noErr)
	})),
	"syscall.GetsockoptInt": control(whyVOS, sockCall(model.OpNone, 2, func(m M, fd int, a []V) V {
		v, e := m.OS().GetsockoptInt(fd, int(a[1].Int()), int(a[2].Int()))
		if e != 0 {
			return m.MakeTuple(mkInt(0), errnoVal(m, e))
		}
		return m.MakeTuple(mkInt(int64(v)), noErr)
	})),
	"syscall.SetsockoptInt": control(whyVOS, sockCall(model.OpNone, 1, func(m M, fd int, a []V) V {
		return errnoVal(m, m.OS().SetsockoptInt(fd, int(a[1].Int()), int(a[2].Int()), int(a[3].Int())))
	})),
	"syscall.SetsockoptLinger":    none(control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)), whyIgnored),
	"syscall.SetsockoptTimeval":   none(control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)), whyIgnored),
	"syscall.SetsockoptByte":      control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)),
	"syscall.SetsockoptInet4Addr": control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)),
	"syscall.SetsockoptIPMreq":    none(control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)), whyIgnored),
	"syscall.SetsockoptIPMreqn":   none(control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)), whyIgnored),
	"syscall.SetsockoptIPv6Mreq":  none(control(whyVOS, sockCall(model.OpNone, 1, sockOptIgnored)), whyIgnored),
	"syscall.Recvfrom": own(control(whyVOS, ioCall(true, 3, func(m M, fd int, a []V) V {
		n, from, e := recvFrom(m, fd, a[1])
		if e != 0 {
			return m.MakeTuple(mkInt(0), nothing, errnoVal(m, e))
		}
		return m.MakeTuple(mkInt(int64(n)), sockaddrValOrNil(m, from), noErr)
	}))),
	"syscall.Recvmsg": own(control(whyVOS, ioCall(true, 5, func(m M, fd int, a []V) V {
		n, from, e := recvFrom(m, fd, a[1])
		if e != 0 {
			return m.MakeTuple(mkInt(0), mkInt(0), mkInt(0), nothing, errnoVal(m, e))
		}
		return m.MakeTuple(mkInt(int64(n)), mkInt(0), mkInt(0), sockaddrValOrNil(m, from), noErr)
	}))),
	"syscall.Sendto": own(control(whyVOS, ioCall(false, 1, func(m M, fd int, a []V) V {
		_, e := sendTo(m, fd, a[1], a[3])
		return errnoVal(m, e)
	}))),
	"syscall.SendmsgN": own(control(whyVOS, ioCall(false, 2, func(m M, fd int, a []V) V {
		n, e := sendTo(m, fd, a[1], a[3])
		return m.MakeTuple(mkInt(int64(n)), errnoVal(m, e))
	}))),
	"syscall.Sendmsg": own(control(whyVOS, ioCall(false, 1, func(m M, fd int, a []V) V {
		_, e := sendTo(m, fd, a[1], a[3])
		return errnoVal(m, e)
	}))),

	// Errors.
	"(syscall.Errno).Error": native(whyPure, func(m M, a []V) V {
		return m.MakeString(syscall.Errno(a[0].Uint()).Error())
	}),
	"(syscall.Errno).Timeout": native(whyPure, func(_ M, a []V) V {
		return mkBool(syscall.Errno(a[0].Uint()).Timeout())
	}),
	"(syscall.Errno).Temporary": native(whyPure, func(_ M, a []V) V {
		return mkBool(syscall.Errno(a[0].Uint()).Temporary())
	}),
	"(syscall.Errno).Is": none(native(whyPure, errnoIs), "compares the target error with the errors of package os by identity: reads nothing behind it"),
	"(syscall.Signal).String": native(whyPure, func(m M, a []V) V {
		return m.MakeString(syscall.Signal(a[0].Uint()).String())
	}),
	"(syscall.Signal).Signal": native(whyPure, func(M, []V) V { return nothing }),

	// Pure helpers.
	"syscall.NsecToTimespec": native(whyPure, func(m M, a []V) V {
		ts := syscall.NsecToTimespec(a[0].Int())
		return m.MakeStruct(mkInt(ts.Sec), mkInt(ts.Nsec))
	}),
	"syscall.NsecToTimeval": native(whyPure, func(m M, a []V) V {
		tv := syscall.NsecToTimeval(a[0].Int())
		return m.MakeStruct(mkInt(tv.Sec), mkInt(tv.Usec))
	}),
	"syscall.TimespecToNsec": native(whyPure, func(m M, a []V) V {
		es := m.Elems(a[0])
		return mkInt(es[0].Int()*1e9 + es[1].Int())
	}),
	"(*syscall.Timespec).Unix": own(control(whyPure, func(m M, a []V) model.Next {
		es := m.Elems(m.Load(a[0]))
		m.ReadElems(a[0])
		return done(m.MakeTuple(es[0], es[1]))
	})),
	"(*syscall.Timespec).Nano": own(control(whyPure, func(m M, a []V) model.Next {
		es := m.Elems(m.Load(a[0]))
		m.ReadElems(a[0])
		return done(mkInt(es[0].Int()*1e9 + es[1].Int()))
	})),
	"(*syscall.Iovec).SetLen": own(control(whyPure, func(m M, a []V) model.Next {
		p := m.Field(a[0], 1)
		m.Write(p)
		m.Store(p, mkUint(uint64(a[1].Int())), m.TypeOf(typUint64))
		return done(nothing)
	})),
	"syscall.ByteSliceFromString": native(whyPure, func(m M, a []V) V {
		s := m.String(a[0])
		if strings.IndexByte(s, 0) >= 0 {
			return m.MakeTuple(nothing, errnoVal(m, syscall.EINVAL))
		}
		b := make([]byte, len(s)+1)
		copy(b, s)
		return m.MakeTuple(m.MakeBytes(b), noErr)
	}),
}

// errnoIs is Errno.Is: the errors of package os (internal/oserror) that
// an errno stands for.
func errnoIs(m M, a []V) V {
	e := syscall.Errno(a[0].Uint())
	tt, tv := m.Dynamic(a[1])
	is := func(pkg, name string) bool {
		v, t := global(m, pkg, name)
		if t == nil {
			return false
		}
		gt, gv := m.Dynamic(v)
		if gt == nil || gt != tt {
			return false
		}
		if gt.Kind() == reflect.Pointer {
			return gv.Cell() == tv.Cell()
		}
		return gt.Comparable() && m.Key(gv, gt) == m.Key(tv, gt)
	}
	switch {
	case is("internal/oserror", "ErrPermission"):
		return mkBool(e == syscall.EACCES || e == syscall.EPERM)
	case is("internal/oserror", "ErrExist"):
		return mkBool(e == syscall.EEXIST || e == syscall.ENOTEMPTY)
	case is("internal/oserror", "ErrNotExist"):
		return mkBool(e == syscall.ENOENT)
	case is("errors", "ErrUnsupported"):
		return mkBool(e == syscall.ENOSYS || e == syscall.ENOTSUP || e == syscall.EOPNOTSUPP)
	}
	return mkBool(false)
}

func sockOptIgnored(M, int, []V) V { return nothing }

func fdCheck(m M, a []V) V { return errnoVal(m, m.OS().Check(int(a[0].Int()))) }

// --- descriptors ---

// sysRead is read(2) on any descriptor: the bytes read are written into
// the buffer a[1], and a read from a kernel object acquires from it.
func sysRead(m M, fd int, a []V) V {
	buf := make([]byte, len(m.Bytes(a[1])))
	n, obj, e := m.OS().Read(fd, buf, pickDatagram(m))
	if e != 0 {
		return m.MakeTuple(mkInt(0), errnoVal(m, e))
	}
	writeUser(m, a[1], buf[:n])
	if !obj.IsNil() {
		m.Acquire(obj)
	}
	return m.MakeTuple(mkInt(int64(n)), noErr)
}

// sysWrite is write(2) on any descriptor of the bytes of the []byte a[1].
func sysWrite(m M, fd int, a []V) V {
	src := m.Bytes(a[1])
	return writeBytes(m, fd, src, func(n int) { m.AccessBytes(false, src[:n]) })
}

// writeBytes writes src (the program's memory, or a copy of it) to fd:
// the standard output and error are the run's; elsewhere the bytes the
// kernel takes are read (read(n) reports the read of the first n), and
// the write releases into the kernel object that receives them.
func writeBytes(m M, fd int, src []byte, read func(n int)) V {
	k := m.OS()
	if d, e := k.Describe(fd); e == 0 && d.Kind == vos.KindStd {
		read(len(src))
		data := append([]byte(nil), src...)
		switch d.Std {
		case 1, 2:
			m.Output(d.Std, data, false)
		default:
			return m.MakeTuple(mkInt(0), errnoVal(m, syscall.EBADF))
		}
		return m.MakeTuple(mkInt(int64(len(data))), noErr)
	}
	room, to, e := k.WriteRoom(fd, len(src))
	if e != 0 {
		return m.MakeTuple(mkInt(0), errnoVal(m, e))
	}
	if room < 0 || room > len(src) {
		room = len(src)
	}
	read(room)
	data := append([]byte(nil), src[:room]...)
	if !to.IsNil() {
		m.Release(to)
	}
	n, dst, e := k.Write(fd, data, clock(m), datagramLoss(m))
	if e == vos.ErrNotLoopback {
		m.Refuse("send to "+vos.SockAddr{}.String(), "only loopback addresses exist under vt")
	}
	if e != 0 {
		return m.MakeTuple(mkInt(0), errnoVal(m, e))
	}
	if !dst.IsNil() {
		m.Release(dst)
	}
	return m.MakeTuple(mkInt(int64(n)), noErr)
}

// sysPread is pread(2): as sysRead, at the offset a[2].
func sysPread(m M, fd int, a []V) V {
	buf := make([]byte, len(m.Bytes(a[1])))
	n, obj, e := m.OS().Pread(fd, buf, a[2].Int())
	if e != 0 {
		return m.MakeTuple(mkInt(0), errnoVal(m, e))
	}
	writeUser(m, a[1], buf[:n])
	m.Acquire(obj)
	return m.MakeTuple(mkInt(int64(n)), noErr)
}

// sysPwrite is pwrite(2): as sysWrite, at the offset a[2].
func sysPwrite(m M, fd int, a []V) V {
	off := a[2].Int()
	to, e := m.OS().PwriteRoom(fd, off)
	if e != 0 {
		return m.MakeTuple(mkInt(0), errnoVal(m, e))
	}
	data := readUser(m, a[1], -1)
	m.Release(to)
	n, e := m.OS().Pwrite(fd, data, off, clock(m))
	return m.MakeTuple(mkInt(int64(n)), errnoVal(m, e))
}

func sysPipe(m M, a []V) V {
	es := m.Elems(a[0])
	if len(es) != 2 {
		return errnoVal(m, syscall.EINVAL)
	}
	flags := 0
	if len(a) > 1 {
		flags = int(a[1].Int())
	}
	r, w := m.OS().Pipe(flags)
	t := m.TypeOf(typInt)
	m.Store(m.ElemPtr(a[0], 0), mkInt(int64(r)), t)
	m.Store(m.ElemPtr(a[0], 1), mkInt(int64(w)), t)
	return nothing
}

// --- files ---

// openAt is openat(2): it returns (fd, error).
func openAt(m M, dirfd int, p string, flags int, perm uint32) V {
	fd, e := m.OS().Openat(dirfd, p, flags, perm, clock(m))
	return m.MakeTuple(mkInt(int64(fd)), errnoVal(m, e))
}

// statAt is fstatat(2) into the Stat_t st points to.
func statAt(m M, dirfd int, p string, st V, follow bool) V {
	s, e := m.OS().Fstatat(dirfd, p, follow)
	if e != 0 {
		return errnoVal(m, e)
	}
	storeHost(m, st, namedType(m, "syscall", "Stat_t"), reflect.ValueOf(s))
	return nothing
}

// chownAt is fchownat(2): it changes nothing (vos.Kernel.Chownat).
func chownAt(m M, dirfd int, p string, follow bool, uid V) V {
	return errnoVal(m, m.OS().Chownat(dirfd, p, follow, int(uid.Int())))
}

// readlinkAt is readlinkat(2) into buf.
func readlinkAt(m M, dirfd int, p string, buf V) V {
	target, e := m.OS().Readlinkat(dirfd, p)
	if e != 0 {
		return m.MakeTuple(mkInt(-1), errnoVal(m, e))
	}
	t := []byte(target)
	n := min(len(t), len(m.Bytes(buf)))
	writeUser(m, buf, t[:n])
	return m.MakeTuple(mkInt(int64(n)), noErr)
}

// utimesAt sets the access and modification times of p from ts (a
// []Timespec of two).
func utimesAt(m M, dirfd int, p string, ts V, follow bool) V {
	es := m.Elems(ts)
	times := make([]syscall.Timespec, len(es))
	for i, t := range es {
		f := m.Elems(t)
		times[i] = syscall.Timespec{Sec: f[0].Int(), Nsec: f[1].Int()}
	}
	return errnoVal(m, m.OS().Utimesat(dirfd, p, times, follow))
}

func sysGetdents(m M, a []V) V {
	buf := make([]byte, len(m.Bytes(a[1])))
	n, e := m.OS().Getdents(int(a[0].Int()), buf)
	if e != 0 {
		return m.MakeTuple(mkInt(-1), errnoVal(m, e))
	}
	writeUser(m, a[1], buf[:n])
	return m.MakeTuple(mkInt(int64(n)), noErr)
}

// --- memory maps ---

// maxMap is the largest anonymous map: the machine's limit of one
// allocation.
const maxMap = 1 << 48

// mmapModel is Mmap(fd, offset, length, prot, flags) of syscall and of
// golang.org/x/sys/unix (name): an anonymous map is a fresh zeroed byte
// slice, which the virtual OS records until it is unmapped; a map of a
// file is refused.
func mmapModel(name string) model.ControlFunc {
	return func(m M, a []V) model.Next {
		n, flags := a[2].Int(), a[4].Int()
		if flags&syscall.MAP_ANON == 0 {
			m.Refuse(name+" of a file", "the virtual OS maps anonymous memory only (MAP_ANON): a file's pages cannot be shared with the program's values")
		}
		if n <= 0 {
			return done(m.MakeTuple(nothing, errnoVal(m, syscall.EINVAL)))
		}
		if n > maxMap {
			return done(m.MakeTuple(nothing, errnoVal(m, syscall.ENOMEM)))
		}
		b := make([]byte, n)
		m.OS().MapAnon(b)
		return done(m.MakeTuple(m.MakeBytes(b), noErr))
	}
}

// munmapModel is Munmap(b): EINVAL unless b is a map Mmap returned.
func munmapModel(m M, a []V) V { return errnoVal(m, m.OS().Unmap(m.Bytes(a[0]))) }

// pagesIgnored is mprotect, madvise, mlock, msync and their kin: the
// virtual OS's memory has no pages to protect, page out, lock or write
// back; they succeed and change nothing.
func pagesIgnored(M, []V) V { return nothing }

// madviseModel is Madvise(b, advice): MADV_DONTNEED drops the pages of a
// private anonymous map, which read as zeros afterwards, as Linux does
// (b must start on a page of a live map: EINVAL otherwise; its length is
// rounded up to whole pages); other advice changes nothing.
func madviseModel(m M, a []V) model.Next {
	b, advice := m.Bytes(a[0]), a[1].Int()
	if advice != syscall.MADV_DONTNEED || len(b) == 0 {
		return done(nothing)
	}
	off, n, ok := m.OS().MapOffset(b)
	if !ok {
		return done(nothing)
	}
	page := syscall.Getpagesize()
	if off%page != 0 {
		return done(errnoVal(m, syscall.EINVAL))
	}
	end := min(off+(len(b)+page-1)/page*page, n)
	pages := b[: end-off : cap(b)]
	m.AccessBytes(true, pages)
	m.SetBytes(m.MakeBytes(pages), make([]byte, len(pages)))
	return done(nothing)
}
