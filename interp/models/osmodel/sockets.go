package osmodel

// Sockets: the system calls on them, and socket addresses as the
// program's syscall.Sockaddr values.

import (
	"go/types"
	"reflect"
	"syscall"

	"github.com/vtcheck/vt/interp/vos"
)

// The basic types the models store.
var (
	typInt    = types.Typ[types.Int]
	typUint32 = types.Typ[types.Uint32]
	typUint64 = types.Typ[types.Uint64]
	typString = types.Typ[types.String]
)

func sysSocket(m M, a []V) V {
	fd, e := m.OS().Socket(int(a[0].Int()), int(a[1].Int()))
	return m.MakeTuple(mkInt(int64(fd)), errnoVal(m, e))
}

func sysSocketpair(m M, a []V) V {
	fds, e := m.OS().Socketpair(int(a[0].Int()), int(a[1].Int()))
	if e != 0 {
		return m.MakeTuple(m.MakeStruct(nothing, nothing), errnoVal(m, e))
	}
	return m.MakeTuple(m.MakeStruct(mkInt(int64(fds[0])), mkInt(int64(fds[1]))), noErr)
}

func sysBind(m M, fd int, a []V) V {
	sa, ok := sockaddrOf(m, a[1])
	if !ok {
		return errnoVal(m, syscall.EINVAL)
	}
	e := m.OS().Bind(fd, sa)
	if e == vos.ErrNotLoopback {
		m.Refuse("listen on "+sa.String(), "only loopback addresses exist under vt")
	}
	return errnoVal(m, e)
}

func sysListen(m M, fd int, _ []V) V { return errnoVal(m, m.OS().Listen(fd)) }

func sysAccept(m M, fd int, a []V) V {
	flags := 0
	if len(a) > 1 {
		flags = int(a[1].Int())
	}
	nfd, ra, e := m.OS().Accept(fd, flags)
	if e != 0 {
		return m.MakeTuple(mkInt(-1), nothing, errnoVal(m, e))
	}
	return m.MakeTuple(mkInt(int64(nfd)), sockaddrVal(m, ra), noErr)
}

func sysConnect(m M, fd int, a []V) V {
	sa, ok := sockaddrOf(m, a[1])
	if !ok {
		return errnoVal(m, syscall.EINVAL)
	}
	e := m.OS().Connect(fd, sa)
	if e == vos.ErrNotLoopback {
		m.Refuse("dial "+sa.String(), "only loopback addresses exist under vt")
	}
	return errnoVal(m, e)
}

// recvFrom receives from the socket fd into b (recvfrom(2), recvmsg(2)):
// no edge, as Go's race detector instruments syscall.Read but not
// syscall.Recvfrom and Recvmsg.
func recvFrom(m M, fd int, b V) (int, vos.SockAddr, syscall.Errno) {
	buf := make([]byte, len(m.Bytes(b)))
	n, from, e := m.OS().Recvfrom(fd, buf, pickDatagram(m))
	if e != 0 {
		return 0, vos.SockAddr{}, e
	}
	writeUser(m, b, buf[:n])
	return n, from, 0
}

// sendTo sends b from the socket fd to the address to (a syscall.Sockaddr;
// nil: the connected peer) (sendto(2), sendmsg(2)): no edge, as Go's race
// detector instruments syscall.Write but not syscall.Sendto and Sendmsg.
func sendTo(m M, fd int, b V, to V) (int, syscall.Errno) {
	k := m.OS()
	room, e := k.SendRoom(fd, len(m.Bytes(b)))
	if e != 0 {
		return 0, e
	}
	var sa vos.SockAddr
	var dest *vos.SockAddr
	if !to.IsNil() && !isNilSockaddr(m, to) {
		var ok bool
		if sa, ok = sockaddrOf(m, to); !ok {
			return 0, syscall.EINVAL
		}
		dest = &sa
	}
	data := readUser(m, b, room)
	n, _, e := k.Sendto(fd, data, dest, datagramLoss(m))
	if e == vos.ErrNotLoopback {
		m.Refuse("send to "+sa.String(), "only loopback addresses exist under vt")
	}
	if e != 0 {
		return 0, e
	}
	return n, 0
}

// isNilSockaddr reports whether v is a syscall.Sockaddr holding a nil
// pointer.
func isNilSockaddr(m M, v V) bool {
	t, p := m.Dynamic(v)
	return t == nil || t.Kind() == reflect.Pointer && p.IsNil()
}

// sockaddrOf converts a syscall.Sockaddr value.
func sockaddrOf(m M, v V) (vos.SockAddr, bool) {
	t, p := m.Dynamic(v)
	if t == nil || t.Kind() != reflect.Pointer || p.IsNil() {
		return vos.SockAddr{}, false
	}
	return sockaddrFields(m, t.Elem(), m.Elems(m.Load(p)))
}

// sockaddrFields reads a syscall.SockaddrInet4, SockaddrInet6 or
// SockaddrUnix (t) from its fields.
func sockaddrFields(m M, t interface{ Go() types.Type }, fs []V) (vos.SockAddr, bool) {
	gt := t.Go()
	switch gt.String() {
	case "syscall.SockaddrInet4":
		a := vos.SockAddr{Family: syscall.AF_INET, Port: int(fs[fieldIndex(gt, "Port")].Int())}
		b := m.Bytes(fs[fieldIndex(gt, "Addr")])
		a.IP = vos.IPv4(b[0], b[1], b[2], b[3])
		return a, true
	case "syscall.SockaddrInet6":
		a := vos.SockAddr{Family: syscall.AF_INET6, Port: int(fs[fieldIndex(gt, "Port")].Int()), Zone: uint32(fs[fieldIndex(gt, "ZoneId")].Uint())}
		copy(a.IP[:], m.Bytes(fs[fieldIndex(gt, "Addr")]))
		return a, true
	case "syscall.SockaddrUnix":
		name := m.String(fs[fieldIndex(gt, "Name")])
		if name != "" && name[0] == 0 {
			name = "@" + name[1:]
		}
		return vos.SockAddr{Family: syscall.AF_UNIX, Path: name}, true
	}
	return vos.SockAddr{}, false
}

// sockaddrVal returns a as a syscall.Sockaddr value.
func sockaddrVal(m M, a vos.SockAddr) V {
	var name string
	switch a.Family {
	case syscall.AF_INET:
		name = "SockaddrInet4"
	case syscall.AF_INET6:
		name = "SockaddrInet6"
	default:
		name = "SockaddrUnix"
	}
	t := namedType(m, "syscall", name)
	p := m.New(t, m.Zero(t))
	fillSockaddr(m, t.Go(), p, a)
	return m.MakeInterface(pointerTo(m, t), p)
}

// sockaddrValOrNil is sockaddrVal, or nil for the zero address.
func sockaddrValOrNil(m M, a vos.SockAddr) V {
	if a.Family == 0 {
		return nothing
	}
	return sockaddrVal(m, a)
}

// fillSockaddr stores a into the Sockaddr struct of type t that p points
// to.
func fillSockaddr(m M, t types.Type, p V, a vos.SockAddr) {
	field := func(name string) V { return m.Field(p, fieldIndex(t, name)) }
	switch t.String() {
	case "syscall.SockaddrInet4":
		m.Store(field("Port"), mkInt(int64(a.Port)), m.TypeOf(typInt))
		m.SetBytes(m.Load(field("Addr")), a.IP[12:16])
	case "syscall.SockaddrInet6":
		m.Store(field("Port"), mkInt(int64(a.Port)), m.TypeOf(typInt))
		m.Store(field("ZoneId"), mkUint(uint64(a.Zone)), m.TypeOf(typUint32))
		m.SetBytes(m.Load(field("Addr")), a.IP[:16])
	case "syscall.SockaddrUnix":
		name := a.Path
		if name != "" && name[0] == '@' {
			name = "\x00" + name[1:]
		}
		m.Store(field("Name"), m.MakeString(name), m.TypeOf(typString))
	}
}
