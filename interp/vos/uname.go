package vos

import "syscall"

// Hostname is the host name of every virtual OS (uname's nodename, what
// os.Hostname returns): fixed, so that a program's behavior does not
// depend on the machine vt runs on. The virtual OS resolves it to the
// loopback addresses, as a machine's /etc/hosts names itself.
const Hostname = "vt-host"

// Domainname is the NIS domain name of uname, as a machine without one
// reports it.
const Domainname = "(none)"

// Uname returns uname(2) of the virtual OS: the real system's name,
// release, version and machine (the kernel the program's system calls
// would meet, which Go's own code checks), with Hostname and Domainname.
func Uname() syscall.Utsname {
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		setUtsField(&u.Sysname, "Linux")
	}
	setUtsField(&u.Nodename, Hostname)
	setUtsField(&u.Domainname, Domainname)
	return u
}

// setUtsField sets a field of Utsname to s, NUL-terminated.
func setUtsField(f *[65]int8, s string) {
	*f = [65]int8{}
	for i := 0; i < len(s) && i < len(f)-1; i++ {
		f[i] = int8(s[i])
	}
}
