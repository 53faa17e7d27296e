package interp

// The network of the virtual OS: loopback only. TCP and unix stream
// sockets are byte streams between two sockets, with a bounded buffer per
// direction; UDP and unix datagram sockets queue datagrams, and which
// queued datagram a receive takes is a choice of the scheduler (and, with
// RunOptions.DatagramLoss, whether a datagram is lost). Connecting to a
// listening socket completes at once: the connection waits in the
// listener's queue until it is accepted.

import (
	"slices"
	"syscall"
)

// Sizes of the kernel's buffers.
const (
	sockBufSize  = 256 << 10 // bytes a stream socket holds unread
	pipeCapacity = 64 << 10  // bytes a pipe holds, as Linux's default
	maxDgrams    = 256       // datagrams a socket holds unread (more are dropped)
)

// Ephemeral ports are allocated in order from Linux's default range.
const (
	firstEphemeralPort = 32768
	lastEphemeralPort  = 60999
)

// vnet is the network of a virtual OS.
type vnet struct {
	nextPort int
	binds    []*vsock          // bound internet sockets
	abstract map[string]*vsock // unix sockets bound to abstract names
}

// vpipe is a pipe.
type vpipe struct {
	buf              []byte
	readers, writers int // open ends
	ino              uint64
	waiters          waitq
}

// sockAddr is a socket address. Internet addresses are kept in 16 bytes
// (IPv4 as IPv4-mapped IPv6); family says which kind of sockaddr the
// socket uses.
type sockAddr struct {
	family int
	ip     [16]byte
	port   int
	zone   uint32
	path   string // unix: the path; abstract names start with "@"
}

var v4InV6Prefix = [12]byte{10: 0xff, 11: 0xff}

func (a sockAddr) isV4() bool { return [12]byte(a.ip[:12]) == v4InV6Prefix }

func (a sockAddr) unspecified() bool {
	if a.isV4() {
		return [4]byte(a.ip[12:]) == [4]byte{}
	}
	return a.ip == [16]byte{}
}

// loopback reports whether a is a loopback address, or the unspecified
// address, which connects to the loopback (as Linux does).
func (a sockAddr) loopback() bool {
	if a.family == syscall.AF_UNIX {
		return true
	}
	if a.unspecified() {
		return true
	}
	if a.isV4() {
		return a.ip[12] == 127
	}
	return a.ip == [16]byte{15: 1}
}

// as returns a in the representation of a socket of family fam.
func (a sockAddr) as(fam int) sockAddr {
	if a.family != syscall.AF_UNIX {
		a.family = fam
	}
	return a
}

// v4addr returns the IPv4 address a.b.c.d in the 16-byte form.
func v4addr(a, b, c, d byte) [16]byte {
	var ip [16]byte
	copy(ip[:], v4InV6Prefix[:])
	ip[12], ip[13], ip[14], ip[15] = a, b, c, d
	return ip
}

// vsock is a socket.
type vsock struct {
	family, typ int
	v6only      bool
	bound       bool
	laddr       sockAddr
	connected   bool
	raddr       sockAddr
	listening   bool
	connecting  bool
	acceptq     []*vsock
	peer        *vsock  // stream: the other end
	rbuf        []byte  // stream: received, not read yet
	rEOF        bool    // stream: the peer sends nothing more
	rshut       bool    // shut down for reading
	wshut       bool    // shut down for writing
	reset       bool    // stream: the peer reset the connection
	peerGone    bool    // stream: a write reached the closed peer, which answered with a reset
	closed      bool    // the last descriptor was closed
	dgrams      []dgram // datagram: received, not read yet
	soError     syscall.Errno
	opts        map[[2]int]int // options set, by level and name
	waiters     waitq
}

// dgram is a datagram waiting to be received.
type dgram struct {
	data []byte
	from sockAddr
}

func (s *vsock) stream() bool { return s.typ == syscall.SOCK_STREAM }

func (n *vnet) clone(cl *vosCopier) *vnet {
	c := *n
	c.binds = make([]*vsock, len(n.binds))
	for i, s := range n.binds {
		c.binds[i] = cl.sock(s)
	}
	if n.abstract != nil {
		c.abstract = make(map[string]*vsock, len(n.abstract))
		for k, s := range n.abstract {
			c.abstract[k] = cl.sock(s)
		}
	}
	return &c
}

func (cl *vosCopier) sock(s *vsock) *vsock {
	if s == nil {
		return nil
	}
	if c, ok := cl.socks[s]; ok {
		return c
	}
	c := *s
	cl.socks[s] = &c
	c.waiters = nil
	c.rbuf = slices.Clone(s.rbuf)
	c.dgrams = slices.Clone(s.dgrams)
	c.acceptq = make([]*vsock, len(s.acceptq))
	for i, a := range s.acceptq {
		c.acceptq[i] = cl.sock(a)
	}
	c.peer = cl.sock(s.peer)
	if s.opts != nil {
		c.opts = make(map[[2]int]int, len(s.opts))
		for k, v := range s.opts {
			c.opts[k] = v
		}
	}
	return &c
}

// ready reports whether an operation of mode on s would not return EAGAIN.
func (s *vsock) ready(mode int) bool {
	if s.soError != 0 || s.closed {
		return true
	}
	if mode == 'r' {
		switch {
		case s.listening:
			return len(s.acceptq) > 0
		case s.stream():
			return len(s.rbuf) > 0 || s.rEOF || s.rshut || s.reset || !s.connected
		}
		return len(s.dgrams) > 0 || s.rshut
	}
	if s.stream() && s.connected && !s.wshut && s.peer != nil && !s.peer.closed && !s.peer.rshut {
		return len(s.peer.rbuf) < sockBufSize
	}
	return true
}

// addrSet is the set of addresses a bound internet socket receives on.
type addrSet struct {
	allV4, allV6 bool
	one          [16]byte
	hasOne       bool
}

func (s *vsock) addrSet() addrSet {
	a := s.laddr
	switch {
	case !a.unspecified():
		return addrSet{one: a.ip, hasOne: true}
	case s.family == syscall.AF_INET:
		return addrSet{allV4: true}
	case s.v6only:
		return addrSet{allV6: true}
	}
	return addrSet{allV4: true, allV6: true}
}

func isV4(ip [16]byte) bool { return [12]byte(ip[:12]) == v4InV6Prefix }

func (a addrSet) has(ip [16]byte) bool {
	if a.hasOne {
		return a.one == ip
	}
	if isV4(ip) {
		return a.allV4
	}
	return a.allV6
}

func (a addrSet) meets(b addrSet) bool {
	switch {
	case a.hasOne:
		return b.has(a.one)
	case b.hasOne:
		return a.has(b.one)
	}
	return a.allV4 && b.allV4 || a.allV6 && b.allV6
}

// portUsed reports whether a socket of type typ is bound to port.
func (n *vnet) portUsed(typ, port int) bool {
	for _, b := range n.binds {
		if b.typ == typ && b.laddr.port == port {
			return true
		}
	}
	return false
}

// ephemeral returns the next free ephemeral port for sockets of type typ.
func (n *vnet) ephemeral(typ int) (int, syscall.Errno) {
	for range lastEphemeralPort - firstEphemeralPort + 1 {
		p := n.nextPort
		n.nextPort++
		if n.nextPort > lastEphemeralPort {
			n.nextPort = firstEphemeralPort
		}
		if !n.portUsed(typ, p) {
			return p, 0
		}
	}
	return 0, syscall.EADDRINUSE
}

// errNotLoopback is returned by operations on addresses that do not exist
// under the virtual OS: the models turn it into a refusal.
const errNotLoopback = syscall.Errno(0x10000)

// bind binds the internet socket s to a (port 0: an ephemeral port).
func (v *vos) bind(s *vsock, a sockAddr) syscall.Errno {
	if s.bound {
		return syscall.EINVAL
	}
	if s.family == syscall.AF_UNIX {
		return v.bindUnix(s, a)
	}
	if a.family != s.family {
		return syscall.EAFNOSUPPORT
	}
	if !a.loopback() {
		return errNotLoopback
	}
	n := v.net
	if a.port == 0 {
		p, e := n.ephemeral(s.typ)
		if e != 0 {
			return e
		}
		a.port = p
	}
	s.laddr = a
	set := s.addrSet()
	for _, b := range n.binds {
		if b.typ == s.typ && b.laddr.port == a.port && b.addrSet().meets(set) {
			s.laddr = sockAddr{}
			return syscall.EADDRINUSE
		}
	}
	s.bound = true
	n.binds = append(n.binds, s)
	return 0
}

// autobind binds an unbound internet socket to an ephemeral port on the
// loopback address that reaches to.
func (v *vos) autobind(s *vsock, to sockAddr) syscall.Errno {
	if s.bound || s.family == syscall.AF_UNIX {
		return 0
	}
	a := sockAddr{family: s.family}
	if to.isV4() {
		a.ip = v4addr(127, 0, 0, 1)
	} else {
		a.ip[15] = 1
	}
	return v.bind(s, a)
}

// bindUnix binds the unix socket s to a path (a socket file of the file
// system) or an abstract name.
func (v *vos) bindUnix(s *vsock, a sockAddr) syscall.Errno {
	if a.path == "" {
		return syscall.EINVAL
	}
	if a.path[0] == '@' {
		if v.net.abstract[a.path] != nil {
			return syscall.EADDRINUSE
		}
		if v.net.abstract == nil {
			v.net.abstract = map[string]*vsock{}
		}
		v.net.abstract[a.path] = s
	} else {
		r, e := v.resolve(v.cwd, a.path, false)
		switch {
		case e != 0:
			return e
		case r.node != nil:
			return syscall.EADDRINUSE
		}
		n := v.newNode(syscall.S_IFSOCK|0o777&^v.umask, 0)
		n.sock = s
		r.parent.kids[r.name] = n
	}
	s.laddr, s.bound = a, true
	return 0
}

// listenerFor returns the socket of type typ listening (or, for
// datagrams, bound) where a connects to.
func (v *vos) listenerFor(typ int, a sockAddr) (*vsock, syscall.Errno) {
	if a.family == syscall.AF_UNIX {
		var s *vsock
		if a.path != "" && a.path[0] == '@' {
			s = v.net.abstract[a.path]
		} else {
			r, e := v.resolve(v.cwd, a.path, true)
			if e != 0 {
				return nil, e
			}
			if r.node == nil {
				return nil, syscall.ENOENT
			}
			s = r.node.sock
		}
		if s == nil || s.closed || s.typ != typ || typ == syscall.SOCK_STREAM && !s.listening {
			return nil, syscall.ECONNREFUSED
		}
		return s, 0
	}
	ip := a.ip
	if a.unspecified() {
		if a.isV4() {
			ip = v4addr(127, 0, 0, 1)
		} else {
			ip = [16]byte{15: 1}
		}
	}
	for _, b := range v.net.binds {
		if b.typ != typ || b.laddr.port != a.port || b.closed || typ == syscall.SOCK_STREAM && !b.listening {
			continue
		}
		if b.addrSet().has(ip) {
			return b, 0
		}
	}
	return nil, syscall.ECONNREFUSED
}

// connect connects s to a: a stream connection waits in the listener's
// queue; a datagram socket gets its default peer.
func (v *vos) connect(s *vsock, a sockAddr) syscall.Errno {
	if s.family != syscall.AF_UNIX && !a.loopback() {
		return errNotLoopback
	}
	if a.family != s.family && !(s.family == syscall.AF_INET6 && a.family == syscall.AF_INET) {
		return syscall.EAFNOSUPPORT
	}
	if !s.stream() {
		if e := v.autobind(s, a); e != 0 {
			return e
		}
		s.connected, s.raddr = true, a.as(s.family)
		return 0
	}
	switch {
	case s.connected:
		return syscall.EISCONN
	case s.listening:
		return syscall.EINVAL
	}
	l, e := v.listenerFor(s.typ, a)
	if e != 0 {
		return e
	}
	if e := v.autobind(s, a); e != 0 {
		return e
	}
	srv := &vsock{family: l.family, typ: l.typ, bound: true, connected: true, peer: s}
	srv.laddr = l.laddr
	if a.family != syscall.AF_UNIX {
		srv.laddr.ip = a.ip
		if a.unspecified() {
			srv.laddr.ip = s.laddr.ip
		}
		srv.laddr = srv.laddr.as(l.family)
	}
	srv.raddr = s.laddr.as(l.family)
	s.connected, s.raddr, s.peer = true, a.as(s.family), srv
	if a.unspecified() {
		s.raddr.ip = srv.laddr.ip
	}
	l.acceptq = append(l.acceptq, srv)
	l.waiters.wakeAll()
	return 0
}

// accept takes the next connection of the listening socket l.
func (v *vos) accept(l *vsock) (*vsock, syscall.Errno) {
	switch {
	case !l.listening:
		return nil, syscall.EINVAL
	case len(l.acceptq) == 0:
		return nil, syscall.EAGAIN
	}
	s := l.acceptq[0]
	l.acceptq = l.acceptq[1:]
	return s, 0
}

// readStream reads from the stream socket s into p.
func (s *vsock) readStream(p []byte) (int, syscall.Errno) {
	if e := s.soError; e != 0 {
		s.soError = 0
		return 0, e
	}
	switch {
	case len(p) == 0:
		return 0, 0
	case len(s.rbuf) > 0 && !s.rshut:
		n := copy(p, s.rbuf)
		s.rbuf = s.rbuf[n:]
		if s.peer != nil {
			s.peer.waiters.wakeAll()
		}
		return n, 0
	case s.reset:
		return 0, syscall.ECONNRESET
	case s.rshut || s.rEOF:
		return 0, 0
	case !s.connected:
		return 0, syscall.ENOTCONN
	}
	return 0, syscall.EAGAIN
}

// writeStream writes p to the stream socket s: what fits in the peer's
// buffer.
func (s *vsock) writeStream(p []byte) (int, syscall.Errno) {
	switch {
	case !s.connected:
		return 0, syscall.ENOTCONN
	case s.reset:
		return 0, syscall.ECONNRESET
	case s.wshut || s.peerGone:
		return 0, syscall.EPIPE
	case s.peer == nil || s.peer.closed:
		// As Linux does: the first write after the peer closed succeeds
		// (the peer, gone, answers with a reset); later ones fail.
		s.peerGone = true
		return len(p), 0
	case s.peer.rshut:
		return len(p), 0 // discarded
	}
	room := sockBufSize - len(s.peer.rbuf)
	if room == 0 {
		return 0, syscall.EAGAIN
	}
	n := min(room, len(p))
	s.peer.rbuf = append(s.peer.rbuf, p[:n]...)
	s.peer.waiters.wakeAll()
	return n, 0
}

// shutdown shuts s down for reading (0), writing (1) or both (2).
func (s *vsock) shutdown(how int) syscall.Errno {
	if how < 0 || how > 2 {
		return syscall.EINVAL
	}
	if !s.connected && !s.listening || s.stream() && s.wshut && s.rEOF {
		// Never connected, or both directions ended: the connection is
		// closed.
		return syscall.ENOTCONN
	}
	if how != 1 {
		s.rshut = true
		s.rbuf = nil
		s.waiters.wakeAll()
	}
	if how != 0 {
		s.wshut = true
		if s.peer != nil {
			s.peer.rEOF = true
			s.peer.waiters.wakeAll()
		}
	}
	return 0
}

// closeSocket releases s with its last descriptor: its address is free
// again, its peer sees the end of the stream (a reset if s had unread
// data), connections waiting to be accepted are reset.
func (m *machine) closeSocket(s *vsock) {
	v := m.vos()
	s.closed = true
	s.waiters.wakeAll()
	v.net.binds = slices.DeleteFunc(v.net.binds, func(b *vsock) bool { return b == s })
	if s.family == syscall.AF_UNIX && s.bound && s.laddr.path != "" && s.laddr.path[0] == '@' {
		delete(v.net.abstract, s.laddr.path)
	}
	for _, c := range s.acceptq {
		if p := c.peer; p != nil {
			p.reset, p.rEOF = true, true
			p.waiters.wakeAll()
		}
	}
	s.acceptq = nil
	s.listening = false
	if p := s.peer; p != nil {
		p.rEOF = true
		if len(s.rbuf) > 0 && !s.rshut {
			p.reset = true
		}
		p.waiters.wakeAll()
	}
}

// sendDgram delivers p from the datagram socket s to a. It reports the
// receiving socket (nil if the datagram went nowhere).
func (m *machine) sendDgram(fr *frame, s *vsock, p []byte, a sockAddr, hasAddr bool) (*vsock, syscall.Errno) {
	v := m.vos()
	if !hasAddr {
		if !s.connected {
			return nil, syscall.EDESTADDRREQ
		}
		a = s.raddr
	}
	if s.family != syscall.AF_UNIX && !a.loopback() {
		return nil, errNotLoopback
	}
	if s.wshut {
		return nil, syscall.EPIPE
	}
	if e := v.autobind(s, a); e != 0 {
		return nil, e
	}
	d, e := v.listenerFor(s.typ, a)
	if e != 0 {
		if s.connected && s.family != syscall.AF_UNIX {
			// The ICMP port-unreachable of a connected socket.
			s.soError = syscall.ECONNREFUSED
			return nil, 0
		}
		if s.family == syscall.AF_UNIX {
			return nil, e
		}
		return nil, 0
	}
	from := s.laddr.as(d.family)
	if d.connected && d.raddr != from || d.rshut || len(d.dgrams) >= maxDgrams {
		return nil, 0
	}
	if m.opts.DatagramLoss && m.sched.Choose(fr.g, ChooseDatagramLoss, 2) == 1 {
		return nil, 0
	}
	d.dgrams = append(d.dgrams, dgram{data: slices.Clone(p), from: from})
	d.waiters.wakeAll()
	return d, 0
}

// recvDgram receives a datagram on s into p: which of the queued ones is a
// choice of the scheduler.
func (m *machine) recvDgram(fr *frame, s *vsock, p []byte) (int, sockAddr, syscall.Errno) {
	if e := s.soError; e != 0 {
		s.soError = 0
		return 0, sockAddr{}, e
	}
	if len(s.dgrams) == 0 {
		if s.rshut {
			return 0, sockAddr{}, 0
		}
		return 0, sockAddr{}, syscall.EAGAIN
	}
	i := 0
	if len(s.dgrams) > 1 {
		i = m.sched.Choose(fr.g, ChooseDatagram, len(s.dgrams))
	}
	d := s.dgrams[i]
	s.dgrams = slices.Delete(s.dgrams, i, i+1)
	return copy(p, d.data), d.from, 0
}
