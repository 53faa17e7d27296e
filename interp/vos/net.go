package vos

// The network of the kernel: loopback only. TCP and unix stream sockets
// are byte streams between two sockets, with a bounded buffer per
// direction; UDP and unix datagram sockets queue datagrams, and which
// queued datagram a receive takes is the caller's choice (Picker), as is
// whether a datagram is lost (Loser). Connecting to a listening socket
// completes at once: the connection waits in the listener's queue until it
// is accepted.

import (
	"slices"
	"syscall"
)

// Sizes of the kernel's buffers.
const (
	// SockBufSize is the bytes a stream socket holds unread (and the
	// value of SO_RCVBUF and SO_SNDBUF until set).
	SockBufSize  = 256 << 10
	pipeCapacity = 64 << 10 // bytes a pipe holds, as Linux's default
	maxDgrams    = 256      // datagrams a socket holds unread (more are dropped)
)

// Ephemeral ports are allocated in order from Linux's default range.
const (
	firstEphemeralPort = 32768
	lastEphemeralPort  = 60999
)

// network is the network of a virtual OS.
type network struct {
	nextPort int
	binds    []*socket          // bound internet sockets
	abstract map[string]*socket // unix sockets bound to abstract names
}

// pipe is a pipe.
type pipe struct {
	buf              []byte
	readers, writers int // open ends
	ino              uint64
	waiters          waitq
}

// SockAddr is a socket address. Internet addresses are kept in 16 bytes
// (IPv4 as IPv4-mapped IPv6); Family says which kind of sockaddr the
// socket uses (syscall.AF_INET, AF_INET6 or AF_UNIX; 0: none).
type SockAddr struct {
	Family int
	IP     [16]byte
	Port   int
	Zone   uint32
	Path   string // unix: the path; abstract names start with "@"
}

var v4InV6Prefix = [12]byte{10: 0xff, 11: 0xff}

func (a SockAddr) isV4() bool { return [12]byte(a.IP[:12]) == v4InV6Prefix }

func (a SockAddr) unspecified() bool {
	if a.isV4() {
		return [4]byte(a.IP[12:]) == [4]byte{}
	}
	return a.IP == [16]byte{}
}

// loopback reports whether a is a loopback address, or the unspecified
// address, which connects to the loopback (as Linux does).
func (a SockAddr) loopback() bool {
	if a.Family == syscall.AF_UNIX {
		return true
	}
	if a.unspecified() {
		return true
	}
	if a.isV4() {
		return a.IP[12] == 127
	}
	return a.IP == [16]byte{15: 1}
}

// as returns a in the representation of a socket of family fam.
func (a SockAddr) as(fam int) SockAddr {
	if a.Family != syscall.AF_UNIX {
		a.Family = fam
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

// socket is a socket.
type socket struct {
	family, typ int
	v6only      bool
	bound       bool
	laddr       SockAddr
	connected   bool
	raddr       SockAddr
	listening   bool
	connecting  bool
	acceptq     []*socket
	peer        *socket // stream: the other end
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
	from SockAddr
}

func (s *socket) stream() bool { return s.typ == syscall.SOCK_STREAM }

func (n *network) clone(cl *copier) *network {
	c := *n
	c.binds = make([]*socket, len(n.binds))
	for i, s := range n.binds {
		c.binds[i] = cl.sock(s)
	}
	if n.abstract != nil {
		c.abstract = make(map[string]*socket, len(n.abstract))
		for k, s := range n.abstract {
			c.abstract[k] = cl.sock(s)
		}
	}
	return &c
}

func (cl *copier) sock(s *socket) *socket {
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
	c.acceptq = make([]*socket, len(s.acceptq))
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
func (s *socket) ready(mode int) bool {
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
		return len(s.peer.rbuf) < SockBufSize
	}
	return true
}

// addrSet is the set of addresses a bound internet socket receives on.
type addrSet struct {
	allV4, allV6 bool
	one          [16]byte
	hasOne       bool
}

func (s *socket) addrSet() addrSet {
	a := s.laddr
	switch {
	case !a.unspecified():
		return addrSet{one: a.IP, hasOne: true}
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
func (n *network) portUsed(typ, port int) bool {
	for _, b := range n.binds {
		if b.typ == typ && b.laddr.Port == port {
			return true
		}
	}
	return false
}

// ephemeral returns the next free ephemeral port for sockets of type typ.
func (n *network) ephemeral(typ int) (int, syscall.Errno) {
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

// ErrNotLoopback is returned by operations on addresses that do not exist
// in the kernel (other than the loopback): a caller refuses them rather
// than pass it on to the program.
const ErrNotLoopback = syscall.Errno(0x10000)

// bind binds the internet socket s to a (port 0: an ephemeral port).
func (v *Kernel) bind(s *socket, a SockAddr) syscall.Errno {
	if s.bound {
		return syscall.EINVAL
	}
	if s.family == syscall.AF_UNIX {
		return v.bindUnix(s, a)
	}
	if a.Family != s.family {
		return syscall.EAFNOSUPPORT
	}
	if !a.loopback() {
		return ErrNotLoopback
	}
	n := v.net
	if a.Port == 0 {
		p, e := n.ephemeral(s.typ)
		if e != 0 {
			return e
		}
		a.Port = p
	}
	s.laddr = a
	set := s.addrSet()
	for _, b := range n.binds {
		if b.typ == s.typ && b.laddr.Port == a.Port && b.addrSet().meets(set) {
			s.laddr = SockAddr{}
			return syscall.EADDRINUSE
		}
	}
	s.bound = true
	n.binds = append(n.binds, s)
	return 0
}

// autobind binds an unbound internet socket to an ephemeral port on the
// loopback address that reaches to.
func (v *Kernel) autobind(s *socket, to SockAddr) syscall.Errno {
	if s.bound || s.family == syscall.AF_UNIX {
		return 0
	}
	a := SockAddr{Family: s.family}
	if to.isV4() {
		a.IP = v4addr(127, 0, 0, 1)
	} else {
		a.IP[15] = 1
	}
	return v.bind(s, a)
}

// bindUnix binds the unix socket s to a path (a socket file of the file
// system) or an abstract name.
func (v *Kernel) bindUnix(s *socket, a SockAddr) syscall.Errno {
	if a.Path == "" {
		return syscall.EINVAL
	}
	if a.Path[0] == '@' {
		if v.net.abstract[a.Path] != nil {
			return syscall.EADDRINUSE
		}
		if v.net.abstract == nil {
			v.net.abstract = map[string]*socket{}
		}
		v.net.abstract[a.Path] = s
	} else {
		r, e := v.resolve(v.cwd, a.Path, false)
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
func (v *Kernel) listenerFor(typ int, a SockAddr) (*socket, syscall.Errno) {
	if a.Family == syscall.AF_UNIX {
		var s *socket
		if a.Path != "" && a.Path[0] == '@' {
			s = v.net.abstract[a.Path]
		} else {
			r, e := v.resolve(v.cwd, a.Path, true)
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
	ip := a.IP
	if a.unspecified() {
		if a.isV4() {
			ip = v4addr(127, 0, 0, 1)
		} else {
			ip = [16]byte{15: 1}
		}
	}
	for _, b := range v.net.binds {
		if b.typ != typ || b.laddr.Port != a.Port || b.closed || typ == syscall.SOCK_STREAM && !b.listening {
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
func (v *Kernel) connect(s *socket, a SockAddr) syscall.Errno {
	if s.family != syscall.AF_UNIX && !a.loopback() {
		return ErrNotLoopback
	}
	if a.Family != s.family && !(s.family == syscall.AF_INET6 && a.Family == syscall.AF_INET) {
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
	srv := &socket{family: l.family, typ: l.typ, bound: true, connected: true, peer: s}
	srv.laddr = l.laddr
	if a.Family != syscall.AF_UNIX {
		srv.laddr.IP = a.IP
		if a.unspecified() {
			srv.laddr.IP = s.laddr.IP
		}
		srv.laddr = srv.laddr.as(l.family)
	}
	srv.raddr = s.laddr.as(l.family)
	s.connected, s.raddr, s.peer = true, a.as(s.family), srv
	if a.unspecified() {
		s.raddr.IP = srv.laddr.IP
	}
	l.acceptq = append(l.acceptq, srv)
	l.waiters.wakeAll()
	return 0
}

// accept takes the next connection of the listening socket l.
func (v *Kernel) accept(l *socket) (*socket, syscall.Errno) {
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
func (s *socket) readStream(p []byte) (int, syscall.Errno) {
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
func (s *socket) writeStream(p []byte) (int, syscall.Errno) {
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
	room := SockBufSize - len(s.peer.rbuf)
	if room == 0 {
		return 0, syscall.EAGAIN
	}
	n := min(room, len(p))
	s.peer.rbuf = append(s.peer.rbuf, p[:n]...)
	s.peer.waiters.wakeAll()
	return n, 0
}

// shutdown shuts s down for reading (0), writing (1) or both (2).
func (s *socket) shutdown(how int) syscall.Errno {
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
func (v *Kernel) closeSocket(s *socket) {
	s.closed = true
	s.waiters.wakeAll()
	v.net.binds = slices.DeleteFunc(v.net.binds, func(b *socket) bool { return b == s })
	if s.family == syscall.AF_UNIX && s.bound && s.laddr.Path != "" && s.laddr.Path[0] == '@' {
		delete(v.net.abstract, s.laddr.Path)
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

// Picker chooses which of n > 1 queued datagrams a receive takes: an
// index in [0, n).
type Picker func(n int) int

// Loser reports whether a datagram about to be delivered is lost. A nil
// Loser loses none.
type Loser func() bool

// sendDgram delivers p from the datagram socket s to a (with hasAddr; else
// to its connected peer). It reports the receiving socket (nil if the
// datagram went nowhere).
func (v *Kernel) sendDgram(s *socket, p []byte, a SockAddr, hasAddr bool, lose Loser) (*socket, syscall.Errno) {
	if !hasAddr {
		if !s.connected {
			return nil, syscall.EDESTADDRREQ
		}
		a = s.raddr
	}
	if s.family != syscall.AF_UNIX && !a.loopback() {
		return nil, ErrNotLoopback
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
	if lose != nil && lose() {
		return nil, 0
	}
	d.dgrams = append(d.dgrams, dgram{data: slices.Clone(p), from: from})
	d.waiters.wakeAll()
	return d, 0
}

// recvDgram receives a datagram on s into p: which of the queued ones is
// pick's choice.
func (s *socket) recvDgram(p []byte, pick Picker) (int, SockAddr, syscall.Errno) {
	if e := s.soError; e != 0 {
		s.soError = 0
		return 0, SockAddr{}, e
	}
	if len(s.dgrams) == 0 {
		if s.rshut {
			return 0, SockAddr{}, 0
		}
		return 0, SockAddr{}, syscall.EAGAIN
	}
	i := 0
	if len(s.dgrams) > 1 {
		i = pick(len(s.dgrams))
	}
	d := s.dgrams[i]
	s.dgrams = slices.Delete(s.dgrams, i, i+1)
	return copy(p, d.data), d.from, 0
}
