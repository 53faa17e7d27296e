package vos

import (
	"syscall"
	"unsafe"
)

// Moving bytes: read(2), pread(2), recvfrom(2), write(2), pwrite(2) and
// sendto(2). A write is two steps, so that a caller can see the bytes it
// hands over before the kernel takes them (and wakes a reader): the Room
// step says how many bytes the kernel takes and where they go, or fails
// before any byte moves; the second step moves them.
//
// The standard streams belong to the caller: Read of standard input
// returns end of file; writes to the standard streams are the caller's
// (WriteRoom and Write fail with EBADF on them).

// Object identifies a kernel object that bytes move through (a pipe, a
// socket, a file's inode), for the caller's bookkeeping of who wrote what
// another reads: the same object gives the same Object while it exists.
// The zero Object is none.
type Object struct{ p unsafe.Pointer }

// objectOf returns the Object of a kernel object.
func objectOf[T any](p *T) Object { return Object{unsafe.Pointer(p)} }

// Pointer returns o's identity as a pointer, for use as a map key or an
// event's address; it must not be dereferenced.
func (o Object) Pointer() unsafe.Pointer { return o.p }

// IsNil reports whether o is the zero Object.
func (o Object) IsNil() bool { return o.p == nil }

// Read is read(2) on fd into p. A pipe or stream socket with nothing to
// read returns EAGAIN (see WaitIO); a datagram socket takes one queued
// datagram, pick choosing which when there are several. It returns the
// object read from (none for standard input).
func (v *Kernel) Read(fd int, p []byte, pick Picker) (int, Object, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, Object{}, e
	}
	switch f.kind {
	case vfStd:
		if f.std != 0 {
			return 0, Object{}, syscall.EBADF
		}
		return 0, Object{}, 0 // standard input is empty
	case vfNode:
		n, e := f.readFile(p, 0, false)
		if e != 0 {
			return 0, Object{}, e
		}
		return n, objectOf(f.node), 0
	case vfPipeR:
		pp := f.pipe
		if len(pp.buf) == 0 {
			if pp.writers > 0 {
				return 0, Object{}, syscall.EAGAIN
			}
			return 0, objectOf(pp), 0
		}
		n := copy(p, pp.buf)
		pp.buf = pp.buf[n:]
		pp.waiters.wakeAll()
		return n, objectOf(pp), 0
	case vfPipeW:
		return 0, Object{}, syscall.EBADF
	}
	s := f.sock
	var n int
	if s.stream() {
		n, e = s.readStream(p)
	} else {
		n, _, e = s.recvDgram(p, pick)
	}
	if e != 0 {
		return 0, Object{}, e
	}
	return n, objectOf(s), 0
}

// Pread is pread(2): a read of the file fd at off, which leaves its offset
// alone (ESPIPE on anything but a file).
func (v *Kernel) Pread(fd int, p []byte, off int64) (int, Object, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, Object{}, e
	}
	if f.kind != vfNode {
		return 0, Object{}, syscall.ESPIPE
	}
	if off < 0 {
		return 0, Object{}, syscall.EINVAL
	}
	n, e := f.readFile(p, off, true)
	if e != 0 {
		return 0, Object{}, e
	}
	return n, objectOf(f.node), 0
}

// Recvfrom is recvfrom(2) on the socket fd: as Read, and it returns the
// sender's address (a stream's peer).
func (v *Kernel) Recvfrom(fd int, p []byte, pick Picker) (int, SockAddr, syscall.Errno) {
	s, e := v.sock(fd)
	if e != 0 {
		return 0, SockAddr{}, e
	}
	if s.stream() {
		n, e := s.readStream(p)
		if e != 0 {
			return 0, SockAddr{}, e
		}
		return n, s.raddr, 0
	}
	return s.recvDgram(p, pick)
}

// WriteRoom is the first step of write(2) of n bytes on fd: how many of
// them the kernel takes (all, for files and datagrams), and the object
// they go to (none for a datagram, whose receiver Write returns, or a
// stream with no peer). It fails, before any byte moves, with EBADF on a
// descriptor not open for writing, EPIPE on a pipe with no reader, EAGAIN
// on a full pipe.
func (v *Kernel) WriteRoom(fd, n int) (int, Object, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, Object{}, e
	}
	switch f.kind {
	case vfStd, vfPipeR:
		return 0, Object{}, syscall.EBADF
	case vfNode:
		if f.flags&syscall.O_ACCMODE == syscall.O_RDONLY {
			return 0, Object{}, syscall.EBADF
		}
		return n, objectOf(f.node), 0
	case vfPipeW:
		p := f.pipe
		if p.readers == 0 {
			return 0, Object{}, syscall.EPIPE
		}
		room := pipeCapacity - len(p.buf)
		if room == 0 {
			return 0, Object{}, syscall.EAGAIN
		}
		return min(n, room), objectOf(p), 0
	}
	s := f.sock
	if !s.stream() {
		return n, Object{}, 0
	}
	if s.peer == nil {
		return n, Object{}, 0
	}
	return min(n, max(SockBufSize-len(s.peer.rbuf), 0)), objectOf(s.peer), 0
}

// Write is the second step of write(2): it writes data (at most what
// WriteRoom allowed) to fd, a file at its offset (its end with O_APPEND)
// at time now, and returns the bytes written. A datagram goes to the
// connected peer (lose says whether it is lost), and Write returns the
// socket that received it (none if it went nowhere).
func (v *Kernel) Write(fd int, data []byte, now int64, lose Loser) (int, Object, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, Object{}, e
	}
	switch f.kind {
	case vfStd, vfPipeR:
		return 0, Object{}, syscall.EBADF
	case vfNode:
		n, e := f.writeFile(data, 0, false, now)
		return n, Object{}, e
	case vfPipeW:
		p := f.pipe
		p.buf = append(p.buf, data...)
		p.waiters.wakeAll()
		return len(data), Object{}, 0
	}
	s := f.sock
	if s.stream() {
		n, e := s.writeStream(data)
		if e != 0 {
			return 0, Object{}, e
		}
		return n, Object{}, 0
	}
	d, e := v.sendDgram(s, data, SockAddr{}, false, lose)
	if e != 0 {
		return 0, Object{}, e
	}
	if d == nil {
		return len(data), Object{}, 0
	}
	return len(data), objectOf(d), 0
}

// PwriteRoom is the first step of pwrite(2) on fd at off: ESPIPE on
// anything but a file, EINVAL for a negative offset, EBADF if fd is not
// open for writing; else the file's object.
func (v *Kernel) PwriteRoom(fd int, off int64) (Object, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return Object{}, e
	}
	switch {
	case f.kind != vfNode:
		return Object{}, syscall.ESPIPE
	case off < 0:
		return Object{}, syscall.EINVAL
	case f.flags&syscall.O_ACCMODE == syscall.O_RDONLY:
		return Object{}, syscall.EBADF
	}
	return objectOf(f.node), 0
}

// Pwrite is the second step of pwrite(2): it writes data to the file fd
// at off, at time now, leaving its offset alone.
func (v *Kernel) Pwrite(fd int, data []byte, off int64, now int64) (int, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, e
	}
	if f.kind != vfNode {
		return 0, syscall.ESPIPE
	}
	return f.writeFile(data, off, true, now)
}

// SendRoom is the first step of sendto(2) of n bytes on the socket fd:
// how many the kernel takes (all, for a datagram).
func (v *Kernel) SendRoom(fd, n int) (int, syscall.Errno) {
	s, e := v.sock(fd)
	if e != 0 {
		return 0, e
	}
	if s.stream() && s.peer != nil {
		return min(n, max(SockBufSize-len(s.peer.rbuf), 0)), 0
	}
	return n, 0
}

// Sendto is the second step of sendto(2): it sends data on the socket fd,
// a datagram to the address to (nil: the connected peer; lose says
// whether it is lost), and returns the socket that received a datagram
// (none if it went nowhere, and for streams, which ignore to). An address
// other than the loopback fails with ErrNotLoopback.
func (v *Kernel) Sendto(fd int, data []byte, to *SockAddr, lose Loser) (int, Object, syscall.Errno) {
	s, e := v.sock(fd)
	if e != 0 {
		return 0, Object{}, e
	}
	if s.stream() {
		n, e := s.writeStream(data)
		return n, Object{}, e
	}
	var a SockAddr
	if to != nil {
		a = *to
	}
	d, e := v.sendDgram(s, data, a, to != nil, lose)
	if e != 0 {
		return 0, Object{}, e
	}
	if d == nil {
		return len(data), Object{}, 0
	}
	return len(data), objectOf(d), 0
}
