package vos

import (
	"fmt"
	"strings"
	"syscall"
)

// The socket system calls. Each takes a descriptor, which must be a
// socket (else ENOTSOCK; EBADF if it is not open).

// IPv4 returns the IPv4 address a.b.c.d in the 16-byte form of SockAddr.IP.
func IPv4(a, b, c, d byte) [16]byte { return v4addr(a, b, c, d) }

// String formats a as the net package does: "127.0.0.1:80", "[::1]:80",
// or the path of a unix socket.
func (a SockAddr) String() string {
	if a.Family == syscall.AF_UNIX {
		return a.Path
	}
	if a.isV4() {
		return fmt.Sprintf("%d.%d.%d.%d:%d", a.IP[12], a.IP[13], a.IP[14], a.IP[15], a.Port)
	}
	var sb strings.Builder
	for i := 0; i < 16; i += 2 {
		if i > 0 {
			sb.WriteByte(':')
		}
		fmt.Fprintf(&sb, "%x", int(a.IP[i])<<8|int(a.IP[i+1]))
	}
	return fmt.Sprintf("[%s]:%d", compactV6(sb.String()), a.Port)
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

// sock returns the socket of descriptor fd, or EBADF or ENOTSOCK.
func (v *Kernel) sock(fd int) (*socket, syscall.Errno) {
	f, e := v.file(fd)
	if e == 0 && f.kind != vfSocket {
		e = syscall.ENOTSOCK
	}
	if e != 0 {
		return nil, e
	}
	return f.sock, 0
}

// CheckSocket returns EBADF or ENOTSOCK unless fd is a socket (for the
// socket options the kernel accepts and ignores).
func (v *Kernel) CheckSocket(fd int) syscall.Errno {
	_, e := v.sock(fd)
	return e
}

// newSocket makes a socket of domain and typ (with SOCK_NONBLOCK and
// SOCK_CLOEXEC); it returns the O_NONBLOCK flag of its description.
func newSocket(domain, typ int) (*socket, int, syscall.Errno) {
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
	return &socket{family: domain, typ: typ}, flags, 0
}

// Socket is socket(2): AF_INET, AF_INET6 or AF_UNIX, SOCK_STREAM or
// SOCK_DGRAM, with SOCK_NONBLOCK and SOCK_CLOEXEC.
func (v *Kernel) Socket(domain, typ int) (int, syscall.Errno) {
	s, flags, e := newSocket(domain, typ)
	if e != 0 {
		return -1, e
	}
	return v.alloc(&openFile{kind: vfSocket, sock: s, refs: 1, flags: syscall.O_RDWR | flags}), 0
}

// Socketpair is socketpair(2) for AF_UNIX: two connected sockets.
func (v *Kernel) Socketpair(domain, typ int) ([2]int, syscall.Errno) {
	if domain != syscall.AF_UNIX {
		return [2]int{}, syscall.EOPNOTSUPP
	}
	s1, flags, e := newSocket(domain, typ)
	if e != 0 {
		return [2]int{}, e
	}
	s2 := &socket{family: domain, typ: s1.typ}
	s1.connected, s2.connected = true, true
	s1.bound, s2.bound = true, true
	s1.laddr = SockAddr{Family: syscall.AF_UNIX}
	s2.laddr, s1.raddr, s2.raddr = s1.laddr, s1.laddr, s1.laddr
	if s1.stream() {
		s1.peer, s2.peer = s2, s1
	}
	fd1 := v.alloc(&openFile{kind: vfSocket, sock: s1, refs: 1, flags: syscall.O_RDWR | flags})
	fd2 := v.alloc(&openFile{kind: vfSocket, sock: s2, refs: 1, flags: syscall.O_RDWR | flags})
	return [2]int{fd1, fd2}, 0
}

// Bind is bind(2) (port 0: the next free ephemeral port, from 32768 in
// order). An address other than the loopback fails with ErrNotLoopback.
func (v *Kernel) Bind(fd int, a SockAddr) syscall.Errno {
	s, e := v.sock(fd)
	if e != 0 {
		return e
	}
	return v.bind(s, a)
}

// Listen is listen(2) on a stream socket; an unbound internet socket is
// bound to an ephemeral port of the unspecified address first.
func (v *Kernel) Listen(fd int) syscall.Errno {
	s, e := v.sock(fd)
	if e != 0 {
		return e
	}
	if !s.stream() {
		return syscall.EOPNOTSUPP
	}
	if !s.bound {
		if s.family == syscall.AF_UNIX {
			return syscall.EINVAL
		}
		zero := SockAddr{Family: s.family}
		if s.family == syscall.AF_INET {
			zero.IP = v4addr(0, 0, 0, 0)
		}
		if e := v.bind(s, zero); e != 0 {
			return e
		}
	}
	s.listening = true
	return 0
}

// Accept is accept4(2): the next connection of the listening socket fd on
// a new descriptor (flags may hold SOCK_NONBLOCK), with the peer's
// address; EAGAIN if none waits (see WaitIO).
func (v *Kernel) Accept(fd, flags int) (int, SockAddr, syscall.Errno) {
	l, e := v.sock(fd)
	if e != 0 {
		return -1, SockAddr{}, e
	}
	c, e := v.accept(l)
	if e != 0 {
		return -1, SockAddr{}, e
	}
	fl := 0
	if flags&syscall.SOCK_NONBLOCK != 0 {
		fl = syscall.O_NONBLOCK
	}
	nfd := v.alloc(&openFile{kind: vfSocket, sock: c, refs: 1, flags: syscall.O_RDWR | fl})
	return nfd, c.raddr, 0
}

// Connect is connect(2): a stream connection completes at once and waits
// in the listener's queue until accepted (ECONNREFUSED if nobody
// listens); a datagram socket gets its default peer. An address other
// than the loopback fails with ErrNotLoopback.
func (v *Kernel) Connect(fd int, a SockAddr) syscall.Errno {
	s, e := v.sock(fd)
	if e != 0 {
		return e
	}
	return v.connect(s, a)
}

// Shutdown is shutdown(2): how is 0 (reading), 1 (writing) or 2 (both).
func (v *Kernel) Shutdown(fd, how int) syscall.Errno {
	s, e := v.sock(fd)
	if e != 0 {
		return e
	}
	return s.shutdown(how)
}

// Getsockname returns the address fd is bound to (the zero address of its
// family if none).
func (v *Kernel) Getsockname(fd int) (SockAddr, syscall.Errno) {
	s, e := v.sock(fd)
	if e != 0 {
		return SockAddr{}, e
	}
	if !s.bound {
		return SockAddr{Family: s.family}, 0
	}
	return s.laddr, 0
}

// Getpeername returns the address of fd's peer, or ENOTCONN.
func (v *Kernel) Getpeername(fd int) (SockAddr, syscall.Errno) {
	s, e := v.sock(fd)
	if e != 0 {
		return SockAddr{}, e
	}
	if !s.connected {
		return SockAddr{}, syscall.ENOTCONN
	}
	return s.raddr, 0
}

// GetsockoptInt returns an integer socket option: SO_ERROR (which it
// clears), SO_TYPE, the buffer sizes (SockBufSize until set), or the value
// last set (0 if never).
func (v *Kernel) GetsockoptInt(fd, level, opt int) (int, syscall.Errno) {
	s, e := v.sock(fd)
	if e != 0 {
		return 0, e
	}
	switch {
	case level == syscall.SOL_SOCKET && opt == syscall.SO_ERROR:
		e := s.soError
		s.soError = 0
		return int(e), 0
	case level == syscall.SOL_SOCKET && opt == syscall.SO_TYPE:
		return s.typ, 0
	case level == syscall.SOL_SOCKET && (opt == syscall.SO_RCVBUF || opt == syscall.SO_SNDBUF):
		if val, ok := s.opts[[2]int{level, opt}]; ok {
			return val, 0
		}
		return SockBufSize, 0
	}
	return s.opts[[2]int{level, opt}], 0
}

// SetsockoptInt records an integer socket option; IPV6_V6ONLY takes
// effect (before bind: EINVAL after), the others are only remembered.
func (v *Kernel) SetsockoptInt(fd, level, opt, val int) syscall.Errno {
	s, e := v.sock(fd)
	if e != 0 {
		return e
	}
	if level == syscall.IPPROTO_IPV6 && opt == syscall.IPV6_V6ONLY {
		if s.bound {
			return syscall.EINVAL
		}
		s.v6only = val != 0
	}
	if s.opts == nil {
		s.opts = map[[2]int]int{}
	}
	s.opts[[2]int{level, opt}] = val
	return 0
}
