package osmodel

// Models of package internal/syscall/unix: the system calls that os and
// net make through it, on the virtual OS (see syscall.go).

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"syscall"

	"github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

// Flags of the *at system calls.
const (
	atRemoveDir       = 0x200
	atSymlinkNoFollow = 0x100
)

var unixFuncs = map[string]model.Func{
	"internal/syscall/unix.Fcntl": native(whyVOS, func(m M, a []V) V {
		r, e := m.OS().Fcntl(int(a[0].Int()), int(a[1].Int()), int(a[2].Int()))
		return m.MakeTuple(mkInt(int64(r)), errnoVal(m, e))
	}),
	"internal/syscall/unix.IsNonblock": native(whyVOS, func(m M, a []V) V {
		d, e := m.OS().Describe(int(a[0].Int()))
		if e != 0 {
			return m.MakeTuple(mkBool(false), errnoVal(m, e))
		}
		return m.MakeTuple(mkBool(d.Flags&syscall.O_NONBLOCK != 0), noErr)
	}),
	"internal/syscall/unix.HasNonblockFlag": native(whyPure, func(_ M, a []V) V {
		return mkBool(a[0].Int()&syscall.O_NONBLOCK != 0)
	}),
	"internal/syscall/unix.KernelVersion": native("the real kernel's version", func(m M, _ []V) V {
		maj, min := kernelVersion()
		return m.MakeTuple(mkInt(int64(maj)), mkInt(int64(min)))
	}),
	"internal/syscall/unix.KernelVersionGE": native("the real kernel's version", func(_ M, a []V) V {
		maj, min := kernelVersion()
		x, y := int(a[0].Int()), int(a[1].Int())
		return mkBool(maj > x || maj == x && min >= y)
	}),
	// No pidfds: os.FindProcess falls back to the pid (and os.Process's
	// Signal to syscall.Kill), as on a kernel without them.
	"internal/syscall/unix.PidFDOpen": native("the virtual OS has no pidfds (os falls back to pids)", func(m M, _ []V) V {
		return m.MakeTuple(mkUint(0), errnoVal(m, syscall.ENOSYS))
	}),
	"internal/syscall/unix.CopyFileRange": none(native(whyNoSpl, func(m M, _ []V) V {
		return m.MakeTuple(mkInt(0), errnoVal(m, syscall.ENOSYS))
	}), whyUnsupported),

	"internal/syscall/unix.Openat": control(whyVOS, fileCall(func(m M, a []V) V {
		return openAt(m, int(a[0].Int()), m.String(a[1]), int(a[2].Int()), uint32(a[3].Int()))
	})),
	"internal/syscall/unix.Fstatat": none(control(whyVOS, fileCall(func(m M, a []V) V {
		return statAt(m, int(a[0].Int()), m.String(a[1]), a[2], a[3].Int()&atSymlinkNoFollow == 0)
	})), whyRawOut),
	"internal/syscall/unix.Unlinkat": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Unlinkat(int(a[0].Int()), m.String(a[1]), a[2].Int()&atRemoveDir != 0, clock(m)))
	})),
	"internal/syscall/unix.Mkdirat": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Mkdirat(int(a[0].Int()), m.String(a[1]), uint32(a[2].Int()), clock(m)))
	})),
	"internal/syscall/unix.Renameat": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Renameat(int(a[0].Int()), m.String(a[1]), int(a[2].Int()), m.String(a[3]), clock(m)))
	})),
	"internal/syscall/unix.Readlinkat": own(control(whyVOS, fileCall(func(m M, a []V) V {
		return readlinkAt(m, int(a[0].Int()), m.String(a[1]), a[2])
	}))),
	"internal/syscall/unix.Symlinkat": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Symlinkat(m.String(a[0]), int(a[1].Int()), m.String(a[2]), clock(m)))
	})),
	"internal/syscall/unix.Linkat": control(whyVOS, fileCall(func(m M, a []V) V {
		return errnoVal(m, m.OS().Linkat(int(a[0].Int()), m.String(a[1]), int(a[2].Int()), m.String(a[3]), clock(m)))
	})),
	"internal/syscall/unix.Fchmodat": control(whyVOS, fileCall(func(m M, a []V) V {
		if a[3].Int()&atSymlinkNoFollow != 0 {
			return errnoVal(m, syscall.EOPNOTSUPP)
		}
		return errnoVal(m, m.OS().Chmodat(int(a[0].Int()), m.String(a[1]), uint32(a[2].Int()), true, clock(m)))
	})),
	"internal/syscall/unix.Fchownat": control(whyVOS, fileCall(func(m M, a []V) V {
		return chownAt(m, int(a[0].Int()), m.String(a[1]), a[4].Int()&atSymlinkNoFollow == 0, a[2])
	})),
	"internal/syscall/unix.Utimensat": none(control(whyVOS, fileCall(func(m M, a []V) V {
		if a[2].IsNil() {
			return errnoVal(m, syscall.EINVAL)
		}
		return utimesAt(m, int(a[0].Int()), m.String(a[1]), m.Load(a[2]), a[3].Int()&atSymlinkNoFollow == 0)
	})), whyRawIn),

	"internal/syscall/unix.RecvfromInet4": own(control(whyVOS, ioCall(true, 2, recvfromInet))),
	"internal/syscall/unix.RecvfromInet6": own(control(whyVOS, ioCall(true, 2, recvfromInet))),
	"internal/syscall/unix.SendtoInet4": own(control(whyVOS, ioCall(false, 1, func(m M, fd int, a []V) V {
		_, e := sendTo(m, fd, a[1], sockaddrPtr(m, a[3]))
		return errnoVal(m, e)
	}))),
	"internal/syscall/unix.SendtoInet6": own(control(whyVOS, ioCall(false, 1, func(m M, fd int, a []V) V {
		_, e := sendTo(m, fd, a[1], sockaddrPtr(m, a[3]))
		return errnoVal(m, e)
	}))),
	"internal/syscall/unix.RecvmsgInet4": own(control(whyVOS, ioCall(true, 4, recvmsgInet))),
	"internal/syscall/unix.RecvmsgInet6": own(control(whyVOS, ioCall(true, 4, recvmsgInet))),
	"internal/syscall/unix.SendmsgNInet4": own(control(whyVOS, ioCall(false, 2, func(m M, fd int, a []V) V {
		n, e := sendTo(m, fd, a[1], sockaddrPtr(m, a[3]))
		return m.MakeTuple(mkInt(int64(n)), errnoVal(m, e))
	}))),
	"internal/syscall/unix.SendmsgNInet6": own(control(whyVOS, ioCall(false, 2, func(m M, fd int, a []V) V {
		n, e := sendTo(m, fd, a[1], sockaddrPtr(m, a[3]))
		return m.MakeTuple(mkInt(int64(n)), errnoVal(m, e))
	}))),
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
func sockaddrPtr(m M, p V) V {
	if p.IsNil() {
		return nothing
	}
	return m.MakeInterface(sockaddrPtrType(m, p), p)
}

// sockaddrPtrType finds the pointer type of a Sockaddr struct by its
// fields: an IPv4 address has 4 bytes.
func sockaddrPtrType(m M, p V) model.Type {
	name := "SockaddrInet6"
	es := m.Elems(m.Load(p))
	if len(es) > 1 && len(m.Bytes(es[1])) == 4 {
		name = "SockaddrInet4"
	}
	return pointerTo(m, namedType(m, "syscall", name))
}

// recvfromInet is unix.RecvfromInet4/6: the sender's address goes to the
// struct a[3] points to.
func recvfromInet(m M, fd int, a []V) V {
	n, from, e := recvFrom(m, fd, a[1])
	if e != 0 {
		return m.MakeTuple(mkInt(0), errnoVal(m, e))
	}
	storeFrom(m, a[3], from)
	return m.MakeTuple(mkInt(int64(n)), noErr)
}

// recvmsgInet is unix.RecvmsgInet4/6.
func recvmsgInet(m M, fd int, a []V) V {
	n, from, e := recvFrom(m, fd, a[1])
	if e != 0 {
		return m.MakeTuple(mkInt(0), mkInt(0), mkInt(0), errnoVal(m, e))
	}
	storeFrom(m, a[4], from)
	return m.MakeTuple(mkInt(int64(n)), mkInt(0), mkInt(0), noErr)
}

// storeFrom stores the address from into the Sockaddr struct p points to
// (IPv4 addresses of an IPv6 socket as IPv4-mapped ones).
func storeFrom(m M, p V, from vos.SockAddr) {
	if p.IsNil() || from.Family == 0 {
		return
	}
	t := sockaddrPtrType(m, p).Elem().Go()
	if t.String() == "syscall.SockaddrInet6" {
		from.Family = syscall.AF_INET6
	}
	fillSockaddr(m, t, p, from)
}

// xsysFuncs model golang.org/x/sys/unix, the system calls of the x/sys
// module: the ones real programs make that the virtual OS has (anonymous
// memory maps, uname). Its other system calls go through unix.Syscall and
// its kin, which have no Go body: they are refused at the program's call
// site, naming the function, as syscall's are.
var xsysFuncs = map[string]model.Func{
	XSysUnix + ".Mmap":       none(control(whyMmap, mmapModel("unix.Mmap")), "allocates fresh memory, which nobody else can reach yet"),
	XSysUnix + ".Munmap":     none(native(whyMmap, munmapModel), whyMunmap),
	XSysUnix + ".Mprotect":   none(native(whyMmap, pagesIgnored), whyIgnored),
	XSysUnix + ".Madvise":    own(control(whyMmap, madviseModel)),
	XSysUnix + ".Msync":      none(native(whyMmap, pagesIgnored), whyIgnored),
	XSysUnix + ".Mlock":      none(native(whyMmap, pagesIgnored), whyIgnored),
	XSysUnix + ".Munlock":    none(native(whyMmap, pagesIgnored), whyIgnored),
	XSysUnix + ".Mlockall":   native(whyMmap, pagesIgnored),
	XSysUnix + ".Munlockall": native(whyMmap, pagesIgnored),
	// ioctl: isatty (mattn/go-isatty, x/term) asks for a descriptor's
	// terminal attributes, as loggers' and colour packages' init do.
	XSysUnix + ".ioctl":    none(control(whyIoctl, ioctlModel), whyNoTTY),
	XSysUnix + ".ioctlPtr": none(control(whyIoctl, ioctlModel), whyNoTTY),
	XSysUnix + ".Uname": none(native(whyUname, func(m M, a []V) V {
		storeHost(m, a[0], namedType(m, XSysUnix, "Utsname"), reflect.ValueOf(vos.Uname()))
		return nothing
	}), whyRawOut),
}

const (
	whyIoctl = "the virtual OS has no terminal: a descriptor is a file, a pipe or a socket, as a test's output is under go test"
	whyNoTTY = "fails (ENOTTY or EBADF) and reads and writes nothing"
)

// ioctlModel is ioctl(fd, req, arg) of x/sys/unix: EBADF if fd is not
// open; ENOTTY for the requests of terminals (group 'T' of Linux's ioctl
// numbers but the FIO* requests of files), as for every descriptor that
// is no terminal; any other request is refused at the program's call.
func ioctlModel(m M, a []V) model.Next {
	fd, req := int(a[0].Int()), uint64(a[1].Int())
	if e := m.OS().Check(fd); e != 0 {
		return done(errnoVal(m, e))
	}
	switch req {
	case 0x541b, 0x5421, 0x5450, 0x5451, 0x5452: // FIONREAD, FIONBIO, FIONCLEX, FIOCLEX, FIOASYNC (amd64, arm64)
	default:
		if req>>8&0xff == 'T' {
			return done(errnoVal(m, syscall.ENOTTY))
		}
	}
	m.Refuse(fmt.Sprintf("ioctl request %#x", req), "the virtual OS models only the requests of terminals, which it has none of")
	return stop
}
