package interp

// Models of golang.org/x/sys/unix, the system calls of the x/sys module:
// the ones real programs make that the virtual OS has (anonymous memory
// maps, uname). Its other system calls go through unix.Syscall and its
// kin, which have no Go body: they are refused at the program's call
// site, naming the function, as syscall's are.

import (
	"reflect"

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
	xsysUnix + ".Uname": native(whyUname, func(m *machine, a []value) value {
		m.storeHost(a[0].ptr(), reflect.ValueOf(vos.Uname()))
		return value{}
	}).noMemory(whyRawOut),
}
