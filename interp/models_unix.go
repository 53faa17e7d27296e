package interp

// Models of package internal/syscall/unix: the system calls that os and
// net make through it, on the virtual OS (vos.go); see models_syscall.go.

import (
	"go/types"
	"strconv"
	"strings"
	"syscall"
)

// Flags of the *at system calls.
const (
	atFDCWD           = -100
	atRemoveDir       = 0x200
	atSymlinkNoFollow = 0x100
)

var unixModels = modelTable{
	"internal/syscall/unix.Fcntl": native(whyVOS, func(m *machine, a []value) value {
		v := m.vos()
		f, e := v.file(int(a[0].int()))
		if e != 0 {
			return tuple(intVal(-1), m.errnoVal(e))
		}
		switch cmd, arg := int(a[1].int()), int(a[2].int()); cmd {
		case syscall.F_GETFL:
			return tuple(intVal(int64(f.flags)), value{})
		case syscall.F_SETFL:
			const settable = syscall.O_NONBLOCK | syscall.O_APPEND
			f.flags = f.flags&^settable | arg&settable
			return tuple(intVal(0), value{})
		case syscall.F_GETFD, syscall.F_SETFD:
			return tuple(intVal(0), value{})
		case syscall.F_DUPFD, syscall.F_DUPFD_CLOEXEC:
			fd := max(arg, 0)
			for v.fds[fd] != nil {
				fd++
			}
			f.refs++
			v.fds[fd] = f
			return tuple(intVal(int64(fd)), value{})
		}
		return tuple(intVal(-1), m.errnoVal(syscall.EINVAL))
	}),
	"internal/syscall/unix.IsNonblock": native(whyVOS, func(m *machine, a []value) value {
		f, e := m.vos().file(int(a[0].int()))
		if e != 0 {
			return tuple(boolVal(false), m.errnoVal(e))
		}
		return tuple(boolVal(f.flags&syscall.O_NONBLOCK != 0), value{})
	}),
	"internal/syscall/unix.HasNonblockFlag": native(whyPure, func(_ *machine, a []value) value {
		return boolVal(a[0].int()&syscall.O_NONBLOCK != 0)
	}),
	"internal/syscall/unix.KernelVersion": native("the real kernel's version", func(*machine, []value) value {
		maj, min := kernelVersion()
		return tuple(intVal(int64(maj)), intVal(int64(min)))
	}),
	"internal/syscall/unix.KernelVersionGE": native("the real kernel's version", func(_ *machine, a []value) value {
		maj, min := kernelVersion()
		x, y := int(a[0].int()), int(a[1].int())
		return boolVal(maj > x || maj == x && min >= y)
	}),
	"internal/syscall/unix.CopyFileRange": native(whyNoSpl, func(m *machine, _ []value) value {
		return tuple(intVal(0), m.errnoVal(syscall.ENOSYS))
	}).noMemory(whyUnsupported),

	"internal/syscall/unix.Openat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.openAt(int(a[0].int()), a[1].str(), int(a[2].int()), uint32(a[3].int()))
	})),
	"internal/syscall/unix.Fstatat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.statAt(int(a[0].int()), a[1].str(), a[2].ptr(), a[3].int()&atSymlinkNoFollow == 0)
	})).noMemory(whyRawOut),
	"internal/syscall/unix.Unlinkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		dir, e := v.dirOf(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		return m.errnoVal(v.unlink(dir, a[1].str(), a[2].int()&atRemoveDir != 0, m.clock))
	})),
	"internal/syscall/unix.Mkdirat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		dir, e := v.dirOf(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		return m.errnoVal(v.mkdir(dir, a[1].str(), uint32(a[2].int()), m.clock))
	})),
	"internal/syscall/unix.Renameat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		from, e := v.dirOf(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		to, e := v.dirOf(int(a[2].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		return m.errnoVal(v.rename("/", joinDir(from, a[1].str()), joinDir(to, a[3].str()), m.clock))
	})),
	"internal/syscall/unix.Readlinkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.readlinkAt(fr, int(a[0].int()), a[1].str(), a[2])
	})).ownAccesses(),
	"internal/syscall/unix.Symlinkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		dir, e := v.dirOf(int(a[1].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		return m.errnoVal(v.symlink(dir, a[0].str(), a[2].str(), m.clock))
	})),
	"internal/syscall/unix.Linkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		v := m.vos()
		from, e := v.dirOf(int(a[0].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		to, e := v.dirOf(int(a[2].int()))
		if e != 0 {
			return m.errnoVal(e)
		}
		return m.errnoVal(v.link(from, a[1].str(), to, a[3].str(), m.clock))
	})),
	"internal/syscall/unix.Fchmodat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		if a[3].int()&atSymlinkNoFollow != 0 {
			return m.errnoVal(syscall.EOPNOTSUPP)
		}
		return m.errnoVal(m.chmodAt(int(a[0].int()), a[1].str(), uint32(a[2].int()), true))
	})),
	"internal/syscall/unix.Fchownat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.chownAt(int(a[0].int()), a[1].str(), a[4].int()&atSymlinkNoFollow == 0, a[2], a[3])
	})),
	"internal/syscall/unix.Utimensat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		p := a[2].ptr()
		if p == nil {
			return m.errnoVal(syscall.EINVAL)
		}
		return m.utimesAt(int(a[0].int()), a[1].str(), *p, a[3].int()&atSymlinkNoFollow == 0)
	})).noMemory(whyRawIn),

	"internal/syscall/unix.RecvfromInet4": control(whyVOS, ioCall(true, 2, recvfromInet)).ownAccesses(),
	"internal/syscall/unix.RecvfromInet6": control(whyVOS, ioCall(true, 2, recvfromInet)).ownAccesses(),
	"internal/syscall/unix.SendtoInet4": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, f *vfile, a []value) value {
		_, e := m.sendTo(fr, f, a[1], m.sockaddrPtr(a[3]), false)
		return m.errnoVal(e)
	})).ownAccesses(),
	"internal/syscall/unix.SendtoInet6": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, f *vfile, a []value) value {
		_, e := m.sendTo(fr, f, a[1], m.sockaddrPtr(a[3]), false)
		return m.errnoVal(e)
	})).ownAccesses(),
	"internal/syscall/unix.RecvmsgInet4": control(whyVOS, ioCall(true, 4, recvmsgInet)).ownAccesses(),
	"internal/syscall/unix.RecvmsgInet6": control(whyVOS, ioCall(true, 4, recvmsgInet)).ownAccesses(),
	"internal/syscall/unix.SendmsgNInet4": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, f *vfile, a []value) value {
		n, e := m.sendTo(fr, f, a[1], m.sockaddrPtr(a[3]), false)
		return tuple(intVal(int64(n)), m.errnoVal(e))
	})).ownAccesses(),
	"internal/syscall/unix.SendmsgNInet6": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, f *vfile, a []value) value {
		n, e := m.sendTo(fr, f, a[1], m.sockaddrPtr(a[3]), false)
		return tuple(intVal(int64(n)), m.errnoVal(e))
	})).ownAccesses(),
}

// joinDir returns p relative to the directory dir.
func joinDir(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return dir + "/" + p
}

// kernelVersion returns the real kernel's major and minor version.
func kernelVersion() (int, int) {
	var u syscall.Utsname
	if syscall.Uname(&u) != nil {
		return 0, 0
	}
	var sb strings.Builder
	for _, c := range u.Release {
		if c == 0 {
			break
		}
		sb.WriteByte(byte(c))
	}
	parts := strings.SplitN(sb.String(), ".", 3)
	num := func(i int) int {
		if i >= len(parts) {
			return 0
		}
		s := parts[i]
		end := 0
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
		n, _ := strconv.Atoi(s[:end])
		return n
	}
	return num(0), num(1)
}

// sockaddrPtr turns a *syscall.SockaddrInet4 or *SockaddrInet6 value into
// a syscall.Sockaddr interface value.
func (m *machine) sockaddrPtr(p value) value {
	if p.ptr() == nil {
		return value{}
	}
	return value{r: &iface{t: m.sockaddrPtrType(p), v: p}}
}

// sockaddrPtrType finds the pointer type of a Sockaddr struct by its
// fields: an IPv4 address has 4 bytes.
func (m *machine) sockaddrPtrType(p value) *rtype {
	name := "SockaddrInet6"
	es := p.ptr().elems()
	if len(es) > 1 && len(es[1].bytes()) == 4 {
		name = "SockaddrInet4"
	}
	return m.prog.typeOf(types.NewPointer(m.prog.namedType("syscall", name).t))
}

// recvfromInet is unix.RecvfromInet4/6: the sender's address goes to the
// struct a[3] points to.
func recvfromInet(fr *frame, m *machine, f *vfile, a []value) value {
	n, from, e := m.recvFrom(fr, f, a[1], false)
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	m.storeFrom(a[3], from)
	return tuple(intVal(int64(n)), value{})
}

// recvmsgInet is unix.RecvmsgInet4/6.
func recvmsgInet(fr *frame, m *machine, f *vfile, a []value) value {
	n, from, e := m.recvFrom(fr, f, a[1], false)
	if e != 0 {
		return tuple(intVal(0), intVal(0), intVal(0), m.errnoVal(e))
	}
	m.storeFrom(a[4], from)
	return tuple(intVal(int64(n)), intVal(0), intVal(0), value{})
}

// storeFrom stores the address from into the Sockaddr struct p points to
// (IPv4 addresses of an IPv6 socket as IPv4-mapped ones).
func (m *machine) storeFrom(p value, from sockAddr) {
	if p.ptr() == nil || from.family == 0 {
		return
	}
	t := m.sockaddrPtrType(p).elem
	if sockTypeName(t) == "syscall.SockaddrInet6" {
		from.family = syscall.AF_INET6
	}
	m.fillSockaddr(t, p.ptr().elems(), from)
}
