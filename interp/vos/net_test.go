package vos

import (
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loopback(port int) SockAddr {
	return SockAddr{Family: syscall.AF_INET, IP: IPv4(127, 0, 0, 1), Port: port}
}

// listen returns a TCP listener on an ephemeral loopback port.
func listen(t *testing.T, k *Kernel) (int, SockAddr) {
	t.Helper()
	l, e := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	require.Zero(t, e)
	require.Zero(t, k.Bind(l, loopback(0)))
	require.Zero(t, k.Listen(l))
	la, e := k.Getsockname(l)
	require.Zero(t, e)
	return l, la
}

// send writes all of p on fd in one step.
func send(t *testing.T, k *Kernel, fd int, p string) {
	t.Helper()
	room, _, e := k.WriteRoom(fd, len(p))
	require.Zero(t, e)
	require.Equal(t, len(p), room)
	n, _, e := k.Write(fd, []byte(p), 0, nil)
	require.Zero(t, e)
	require.Equal(t, len(p), n)
}

func TestTCPConnectAcceptReadWrite(t *testing.T) {
	k, _ := newKernel(t)
	l, la := listen(t, k)
	assert.Equal(t, firstEphemeralPort, la.Port, "ports come from the ephemeral range in order")
	assert.Equal(t, "127.0.0.1:32768", la.String())

	_, _, e := k.Accept(l, 0)
	require.Equal(t, syscall.EAGAIN, e)
	acceptor := &countWaiter{}
	assert.Equal(t, WaitAccept, k.WaitIO(l, 'r', acceptor))

	c, e := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	require.Zero(t, e)
	require.Zero(t, k.Connect(c, la))
	assert.Equal(t, 1, acceptor.wakes, "a connection wakes the acceptor")
	s, peer, e := k.Accept(l, syscall.SOCK_NONBLOCK)
	require.Zero(t, e)
	ca, e := k.Getsockname(c)
	require.Zero(t, e)
	assert.Equal(t, ca, peer, "accept returns the client's address")
	d, e := k.Describe(s)
	require.Zero(t, e)
	assert.NotZero(t, d.Flags&syscall.O_NONBLOCK)

	buf := make([]byte, 16)
	_, _, e = k.Read(s, buf, nil)
	require.Equal(t, syscall.EAGAIN, e)
	reader := &countWaiter{}
	assert.Equal(t, WaitNone, k.WaitIO(s, 'r', reader), "non-blocking: no wait")
	assert.Equal(t, WaitRecv, k.WaitIO(c, 'r', reader))

	send(t, k, c, "hello")
	n, from, e := k.Read(s, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "hello", string(buf[:n]))
	_, to, _ := k.WriteRoom(c, 1)
	assert.Equal(t, to, from, "the writer's target is the reader's object")

	send(t, k, s, "world")
	assert.Equal(t, 1, reader.wakes)
	n, ra, e := k.Recvfrom(c, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "world", string(buf[:n]))
	assert.Equal(t, la, ra)
}

func TestTCPRefusedAndNotLoopback(t *testing.T) {
	k, _ := newKernel(t)
	c, e := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	require.Zero(t, e)
	assert.Equal(t, syscall.ECONNREFUSED, k.Connect(c, loopback(80)))
	assert.Equal(t, ErrNotLoopback, k.Connect(c, SockAddr{Family: syscall.AF_INET, IP: IPv4(10, 0, 0, 1), Port: 80}))
	assert.Equal(t, ErrNotLoopback, k.Bind(c, SockAddr{Family: syscall.AF_INET, IP: IPv4(192, 168, 0, 1)}))
	_, e = k.Socket(syscall.AF_PACKET, syscall.SOCK_STREAM)
	assert.Equal(t, syscall.EAFNOSUPPORT, e)
	f, e := k.Openat(AtFDCWD, "x", syscall.O_CREAT|syscall.O_RDWR, 0o644, 0)
	require.Zero(t, e)
	assert.Equal(t, syscall.ENOTSOCK, k.Listen(f))
}

func TestTCPCloseSemantics(t *testing.T) {
	k, _ := newKernel(t)
	l, la := listen(t, k)
	c, _ := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	require.Zero(t, k.Connect(c, la))
	s, _, e := k.Accept(l, 0)
	require.Zero(t, e)

	send(t, k, s, "last words")
	reader := &countWaiter{}
	k.WaitIO(c, 'r', reader)
	require.Zero(t, k.Close(s))
	buf := make([]byte, 32)
	n, _, e := k.Read(c, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "last words", string(buf[:n]), "bytes sent before close can be read")
	n, _, e = k.Read(c, buf, nil)
	require.Zero(t, e)
	assert.Zero(t, n, "then end of file")

	_, _, e = k.Write(c, []byte("x"), 0, nil)
	assert.Zero(t, e, "the first write to a closed peer succeeds")
	_, _, e = k.Write(c, []byte("x"), 0, nil)
	assert.Equal(t, syscall.EPIPE, e, "later ones break the pipe")

	// Closing with unread bytes resets the peer.
	c2, _ := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	require.Zero(t, k.Connect(c2, la))
	s2, _, e := k.Accept(l, 0)
	require.Zero(t, e)
	send(t, k, c2, "unread")
	require.Zero(t, k.Close(s2))
	_, _, e = k.Read(c2, buf, nil)
	assert.Equal(t, syscall.ECONNRESET, e)

	// Closing the listener frees its port.
	require.Zero(t, k.Close(l))
	c3, _ := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	assert.Equal(t, syscall.ECONNREFUSED, k.Connect(c3, la))
}

func TestShutdownWrite(t *testing.T) {
	k, _ := newKernel(t)
	l, la := listen(t, k)
	c, _ := k.Socket(syscall.AF_INET, syscall.SOCK_STREAM)
	require.Zero(t, k.Connect(c, la))
	s, _, e := k.Accept(l, 0)
	require.Zero(t, e)
	require.Zero(t, k.Shutdown(c, syscall.SHUT_WR))
	n, _, e := k.Read(s, make([]byte, 4), nil)
	require.Zero(t, e)
	assert.Zero(t, n, "the peer sees the end of the stream")
	send(t, k, s, "reply")
	n, _, e = k.Read(c, make([]byte, 8), nil)
	require.Zero(t, e)
	assert.Equal(t, 5, n, "the other direction still works")
}

func TestUDPDatagramsArePicked(t *testing.T) {
	k, _ := newKernel(t)
	r, e := k.Socket(syscall.AF_INET, syscall.SOCK_DGRAM)
	require.Zero(t, e)
	require.Zero(t, k.Bind(r, loopback(9000)))
	w, e := k.Socket(syscall.AF_INET, syscall.SOCK_DGRAM)
	require.Zero(t, e)
	to := loopback(9000)
	for _, d := range []string{"one", "two", "three"} {
		n, dst, e := k.Sendto(w, []byte(d), &to, nil)
		require.Zero(t, e)
		assert.Equal(t, len(d), n)
		assert.False(t, dst.IsNil(), "a delivered datagram names its receiver")
	}
	_, dst, e := k.Sendto(w, []byte("lost"), &to, func() bool { return true })
	require.Zero(t, e)
	assert.True(t, dst.IsNil(), "a lost datagram goes nowhere")

	var offered []int
	pick := func(n int) int { offered = append(offered, n); return n - 1 }
	buf := make([]byte, 16)
	n, from, e := k.Recvfrom(r, buf, pick)
	require.Zero(t, e)
	assert.Equal(t, "three", string(buf[:n]), "the picker chooses the datagram")
	wa, _ := k.Getsockname(w)
	assert.Equal(t, wa, from)
	n, _, e = k.Recvfrom(r, buf, pick)
	require.Zero(t, e)
	assert.Equal(t, "two", string(buf[:n]))
	n, _, e = k.Recvfrom(r, buf, pick)
	require.Zero(t, e)
	assert.Equal(t, "one", string(buf[:n]))
	assert.Equal(t, []int{3, 2}, offered, "one datagram left needs no choice")
	_, _, e = k.Recvfrom(r, buf, pick)
	assert.Equal(t, syscall.EAGAIN, e)

	// A datagram to a port nobody is bound to is dropped; a connected
	// socket then sees ECONNREFUSED.
	require.Zero(t, k.Connect(w, loopback(9001)))
	_, _, e = k.Write(w, []byte("x"), 0, nil)
	require.Zero(t, e)
	_, _, e = k.Read(w, buf, nil)
	assert.Equal(t, syscall.ECONNREFUSED, e)
}

func TestUnixStreamSocketFile(t *testing.T) {
	k, _ := newKernel(t)
	l, e := k.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM)
	require.Zero(t, e)
	addr := SockAddr{Family: syscall.AF_UNIX, Path: "sock"}
	require.Zero(t, k.Bind(l, addr))
	require.Zero(t, k.Listen(l))
	st, e := k.Fstatat(AtFDCWD, "sock", false)
	require.Zero(t, e)
	assert.EqualValues(t, syscall.S_IFSOCK, st.Mode&syscall.S_IFMT, "a unix listener is a socket file")

	c, _ := k.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM)
	require.Zero(t, k.Connect(c, addr))
	s, _, e := k.Accept(l, 0)
	require.Zero(t, e)
	send(t, k, c, "ping")
	buf := make([]byte, 8)
	n, _, e := k.Read(s, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "ping", string(buf[:n]))

	abstract := SockAddr{Family: syscall.AF_UNIX, Path: "@name"}
	a, _ := k.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM)
	require.Zero(t, k.Bind(a, abstract))
	b, _ := k.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM)
	assert.Equal(t, syscall.EADDRINUSE, k.Bind(b, abstract))
	require.Zero(t, k.Close(a))
	assert.Zero(t, k.Bind(b, abstract), "closing frees an abstract name")

	pair, e := k.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM)
	require.Zero(t, e)
	send(t, k, pair[0], "pair")
	n, _, e = k.Read(pair[1], buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "pair", string(buf[:n]))
}

func TestPollWaitAndDeadlines(t *testing.T) {
	k, _ := newKernel(t)
	r, w := k.Pipe(syscall.O_NONBLOCK)
	_, e := k.PollOpen(1)
	assert.Equal(t, syscall.EPERM, e, "the poller refuses the standard streams, as epoll refuses files")
	id, e := k.PollOpen(r)
	require.Zero(t, e)

	waiter := &countWaiter{}
	res, reason := k.PollWait(id, 'r', waiter)
	require.Equal(t, WaitPipeRead, reason, "nothing to read: wait")
	send(t, k, w, "x")
	assert.Equal(t, 1, waiter.wakes, "woken once, though queued on the pipe and the poller")
	res, reason = k.PollWait(id, 'r', waiter)
	assert.Equal(t, WaitNone, reason)
	assert.Equal(t, PollReady, res)
	_, _, e = k.Read(r, make([]byte, 1), nil)
	require.Zero(t, e)

	timers := k.SetDeadline(id, 'r', 100)
	require.Len(t, timers, 1)
	assert.Equal(t, int64(100), timers[0].When)
	first := timers[0].Arm
	waiter = &countWaiter{}
	_, reason = k.PollWait(id, 'r', waiter)
	require.Equal(t, WaitPipeRead, reason)

	replaced := k.SetDeadline(id, 'r', 200)
	require.Len(t, replaced, 1)
	assert.Equal(t, first, replaced[0].Cancel, "a new deadline cancels the old timer")
	k.DeadlinePassed(first)
	assert.Zero(t, waiter.wakes, "a replaced deadline's timer does nothing")
	assert.Equal(t, PollReady, k.PollReset(id, 'r'))

	k.DeadlinePassed(replaced[0].Arm)
	assert.Equal(t, 1, waiter.wakes, "the deadline wakes the waiter")
	assert.Equal(t, PollTimeout, k.PollReset(id, 'r'))
	res, reason = k.PollWait(id, 'r', waiter)
	assert.Equal(t, WaitNone, reason)
	assert.Equal(t, PollTimeout, res)

	both := k.SetDeadline(id, 'r'+'w', -1)
	assert.Len(t, both, 2, "one change per mode")
	assert.Equal(t, PollTimeout, k.PollReset(id, 'w'))

	k.PollUnblock(id)
	assert.Equal(t, PollClosing, k.PollReset(id, 'r'))
	k.PollClose(id)
	res, _ = k.PollWait(id, 'r', waiter)
	assert.Equal(t, PollClosing, res, "an unknown descriptor is closing")
}

func TestHashState(t *testing.T) {
	st, why := new(Kernel).HashState()
	assert.Empty(t, why)
	assert.Equal(t, State{}, st)

	k, dir := newKernel(t)
	st, why = k.HashState()
	require.Empty(t, why)
	assert.Equal(t, dir, st.Cwd)
	assert.Len(t, st.FDs, 3)

	r, _ := k.Pipe(0)
	_, why = k.HashState()
	assert.Equal(t, "the virtual OS has open files", why)
	require.Zero(t, k.Close(r))
	s, _ := k.Socket(syscall.AF_INET, syscall.SOCK_DGRAM)
	require.Zero(t, k.Bind(s, loopback(0)))
	_, why = k.HashState()
	assert.Equal(t, "the virtual OS has sockets", why)
}
