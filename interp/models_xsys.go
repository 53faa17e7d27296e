package interp

// Models of golang.org/x/sys/unix, the system calls of the x/sys module:
// the ones real programs make that the virtual OS has (anonymous memory
// maps, uname). Its other system calls go through unix.Syscall and its
// kin, which have no Go body: they are refused at the program's call
// site, naming the function, as syscall's are.

import (
	"fmt"
	"reflect"
	"syscall"

	"github.com/vtcheck/vt/interp/vos"
)

// xsysUnix is the import path of x/sys's unix package.
const xsysUnix = "golang.org/x/sys/unix"

var xsysUnixModels = modelTable{
	xsysUnix + ".Mmap":       control(whyMmap, mmapModel("unix.Mmap")).noMemory("allocates fresh memory, which nobody else can reach yet"),
	xsysUnix + ".Munmap":     native(whyMmap, munmapModel).noMemory(whyMunmap),
	xsysUnix + ".Mprotect":   native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	xsysUnix + ".Madvise":    control(whyMmap, madviseModel).ownAccesses(),
	xsysUnix + ".Msync":      native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	xsysUnix + ".Mlock":      native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	xsysUnix + ".Munlock":    native(whyMmap, pagesIgnored).noMemory(whyIgnored),
	xsysUnix + ".Mlockall":   native(whyMmap, pagesIgnored),
	xsysUnix + ".Munlockall": native(whyMmap, pagesIgnored),
	// ioctl: isatty (mattn/go-isatty, x/term) asks for a descriptor's
	// terminal attributes, as loggers' and colour packages' init do.
	xsysUnix + ".ioctl":    control(whyIoctl, ioctlModel).noMemory(whyNoTTY),
	xsysUnix + ".ioctlPtr": control(whyIoctl, ioctlModel).noMemory(whyNoTTY),
	xsysUnix + ".Uname": native(whyUname, func(m *machine, a []value) value {
		m.storeHost(a[0].ptr(), reflect.ValueOf(vos.Uname()))
		return value{}
	}).noMemory(whyRawOut),
}

const (
	whyIoctl = "the virtual OS has no terminal: a descriptor is a file, a pipe or a socket, as a test's output is under go test"
	whyNoTTY = "fails (ENOTTY or EBADF) and reads and writes nothing"
)

// ioctlModel is ioctl(fd, req, arg) of x/sys/unix: EBADF if fd is not
// open; ENOTTY for the requests of terminals (group 'T' of Linux's ioctl
// numbers but the FIO* requests of files), as for every descriptor that
// is no terminal; any other request is refused at the program's call.
func ioctlModel(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	fd, req := int(a[0].int()), uint64(a[1].int())
	if e := m.vos().Check(fd); e != 0 {
		return fr.done(dst, m.errnoVal(e))
	}
	switch req {
	case 0x541b, 0x5421, 0x5450, 0x5451, 0x5452: // FIONREAD, FIONBIO, FIONCLEX, FIOCLEX, FIOASYNC (amd64, arm64)
	default:
		if req>>8&0xff == 'T' {
			return fr.done(dst, m.errnoVal(syscall.ENOTTY))
		}
	}
	m.refuse(fr, fmt.Sprintf("ioctl request %#x", req), "the virtual OS models only the requests of terminals, which it has none of")
	return fr
}
