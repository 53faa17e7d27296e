package interp

// Models of package internal/syscall/unix: the system calls that os and
// net make through it, on the virtual OS (package vos); see models_syscall.go.

import (
	"go/types"
	"strconv"
	"strings"
	"syscall"

	"github.com/vtcheck/vt/interp/vos"
)

// Flags of the *at system calls.
const (
	atRemoveDir       = 0x200
	atSymlinkNoFollow = 0x100
)

var unixModels = modelTable{
	"internal/syscall/unix.Fcntl": native(whyVOS, func(m *machine, a []value) value {
		r, e := m.vos().Fcntl(int(a[0].int()), int(a[1].int()), int(a[2].int()))
		return tuple(intVal(int64(r)), m.errnoVal(e))
	}),
	"internal/syscall/unix.IsNonblock": native(whyVOS, func(m *machine, a []value) value {
		d, e := m.vos().Describe(int(a[0].int()))
		if e != 0 {
			return tuple(boolVal(false), m.errnoVal(e))
		}
		return tuple(boolVal(d.Flags&syscall.O_NONBLOCK != 0), value{})
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
	// No pidfds: os.FindProcess falls back to the pid (and os.Process's
	// Signal to syscall.Kill), as on a kernel without them.
	"internal/syscall/unix.PidFDOpen": native("the virtual OS has no pidfds (os falls back to pids)", func(m *machine, _ []value) value {
		return tuple(uintVal(0), m.errnoVal(syscall.ENOSYS))
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
		return m.errnoVal(m.vos().Unlinkat(int(a[0].int()), a[1].str(), a[2].int()&atRemoveDir != 0, m.clock))
	})),
	"internal/syscall/unix.Mkdirat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Mkdirat(int(a[0].int()), a[1].str(), uint32(a[2].int()), m.clock))
	})),
	"internal/syscall/unix.Renameat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Renameat(int(a[0].int()), a[1].str(), int(a[2].int()), a[3].str(), m.clock))
	})),
	"internal/syscall/unix.Readlinkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.readlinkAt(fr, int(a[0].int()), a[1].str(), a[2])
	})).ownAccesses(),
	"internal/syscall/unix.Symlinkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Symlinkat(a[0].str(), int(a[1].int()), a[2].str(), m.clock))
	})),
	"internal/syscall/unix.Linkat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		return m.errnoVal(m.vos().Linkat(int(a[0].int()), a[1].str(), int(a[2].int()), a[3].str(), m.clock))
	})),
	"internal/syscall/unix.Fchmodat": control(whyVOS, fileCall(func(fr *frame, m *machine, a []value) value {
		if a[3].int()&atSymlinkNoFollow != 0 {
			return m.errnoVal(syscall.EOPNOTSUPP)
		}
		return m.errnoVal(m.vos().Chmodat(int(a[0].int()), a[1].str(), uint32(a[2].int()), true, m.clock))
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
	"internal/syscall/unix.SendtoInet4": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, fd int, a []value) value {
		_, e := m.sendTo(fr, fd, a[1], m.sockaddrPtr(a[3]))
		return m.errnoVal(e)
	})).ownAccesses(),
	"internal/syscall/unix.SendtoInet6": control(whyVOS, ioCall(false, 1, func(fr *frame, m *machine, fd int, a []value) value {
		_, e := m.sendTo(fr, fd, a[1], m.sockaddrPtr(a[3]))
		return m.errnoVal(e)
	})).ownAccesses(),
	"internal/syscall/unix.RecvmsgInet4": control(whyVOS, ioCall(true, 4, recvmsgInet)).ownAccesses(),
	"internal/syscall/unix.RecvmsgInet6": control(whyVOS, ioCall(true, 4, recvmsgInet)).ownAccesses(),
	"internal/syscall/unix.SendmsgNInet4": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, fd int, a []value) value {
		n, e := m.sendTo(fr, fd, a[1], m.sockaddrPtr(a[3]))
		return tuple(intVal(int64(n)), m.errnoVal(e))
	})).ownAccesses(),
	"internal/syscall/unix.SendmsgNInet6": control(whyVOS, ioCall(false, 2, func(fr *frame, m *machine, fd int, a []value) value {
		n, e := m.sendTo(fr, fd, a[1], m.sockaddrPtr(a[3]))
		return tuple(intVal(int64(n)), m.errnoVal(e))
	})).ownAccesses(),
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
	return m.prog.typeOf(types.NewPointer(m.namedType("syscall", name).t))
}

// recvfromInet is unix.RecvfromInet4/6: the sender's address goes to the
// struct a[3] points to.
func recvfromInet(fr *frame, m *machine, fd int, a []value) value {
	n, from, e := m.recvFrom(fr, fd, a[1])
	if e != 0 {
		return tuple(intVal(0), m.errnoVal(e))
	}
	m.storeFrom(a[3], from)
	return tuple(intVal(int64(n)), value{})
}

// recvmsgInet is unix.RecvmsgInet4/6.
func recvmsgInet(fr *frame, m *machine, fd int, a []value) value {
	n, from, e := m.recvFrom(fr, fd, a[1])
	if e != 0 {
		return tuple(intVal(0), intVal(0), intVal(0), m.errnoVal(e))
	}
	m.storeFrom(a[4], from)
	return tuple(intVal(int64(n)), intVal(0), intVal(0), value{})
}

// storeFrom stores the address from into the Sockaddr struct p points to
// (IPv4 addresses of an IPv6 socket as IPv4-mapped ones).
func (m *machine) storeFrom(p value, from vos.SockAddr) {
	if p.ptr() == nil || from.Family == 0 {
		return
	}
	t := m.sockaddrPtrType(p).elem
	if sockTypeName(t) == "syscall.SockaddrInet6" {
		from.Family = syscall.AF_INET6
	}
	m.fillSockaddr(t, p.ptr().elems(), from)
}
