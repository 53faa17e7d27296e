package interp

// Byte arrays: the elements of a slice or array of one-byte scalars (bool,
// int8, uint8: a type with rtype.bytes) are native bytes, not values. A
// []byte is a value whose r is a []byte (nil r: the nil slice), an array
// [N]byte a value whose r is a []byte of length N, and a pointer to such an
// element a *byte. A pointer to a one-byte scalar is therefore a *value (a
// variable, a struct field) or a *byte (an element of a byte array): the
// operations on pointers to one-byte types look at which (loadPtr,
// storePtr).
//
// Each byte is a cell of its own for the memory events: its Addr is
// addrOfByte's, so an access to byte i of a slice is the access it would be
// as a value cell (same location, same races).

import (
	"go/token"
	"unsafe"
)

// isByteKind reports whether values of kind k are stored as one byte in a
// byte array.
func isByteKind(k kind) bool { return k == kBool || k == kInt8 || k == kUint8 }

// bytes returns the native bytes of a byte slice or array value.
func (v value) bytes() []byte {
	if p, ok := v.r.(bytesData); ok {
		return flatBytes(p, v.n)
	}
	b, _ := v.r.([]byte)
	return b
}

// byteVal returns the value of a byte b of an array of elements of kind k:
// int8 sign-extended, bool and uint8 as they are.
func byteVal(b byte, k kind) value {
	if k == kInt8 {
		return value{n: uint64(int64(int8(b)))}
	}
	return value{n: uint64(b)}
}

// seqLen returns the length of a slice or array value of type t.
func seqLen(v value, t *rtype) int {
	if t.bytes {
		return len(v.bytes())
	}
	return len(v.elems())
}

// seqCap returns the capacity of a slice value of type t.
func seqCap(v value, t *rtype) int {
	if t.bytes {
		return cap(v.bytes())
	}
	return cap(v.elems())
}

// loadPtr returns the value of type t that the pointer p points to: a
// *value, or a *byte for a one-byte t. It panics on a nil pointer.
func loadPtr(p value, t *rtype) value {
	switch q := p.r.(type) {
	case *value:
		return *q
	case *byte:
		return byteVal(*q, t.kind)
	case intPointer:
		panic(q.deref())
	case *memView:
		panic(q.unsupported("a read"))
	}
	panic(nilDeref)
}

// setByte assigns b to the byte cell p, logging the old byte while a
// snapshot is active.
func (m *machine) setByte(p *byte, b byte) {
	if m.logging && (len(m.fresh) == 0 || !m.isFresh(p, 1)) {
		m.undoBytes = append(m.undoBytes, undoByte{p, *p})
	}
	*p = b
}

// freshMin is the capacity from which a byte array allocated while a
// snapshot is active is remembered as fresh: Go allocates arrays of 32 KB
// and more on pages of their own.
const freshMin = 32 << 10

// freshPageShift: fresh arrays are indexed by 8 KB page.
const freshPageShift = 13

// freshSpan is the memory of a fresh byte array.
type freshSpan struct{ base, end uintptr }

// noteFresh remembers b's array, just allocated, as fresh: memory that
// the snapshot's state does not reach, so that writes into it need no
// undo log (rollback has nothing to restore there). Large buffers written
// many times (bytes.Buffer growing to megabytes: bytes TestGrow) made the
// log copy and keep alive every buffer and every range written. Only
// arrays of freshMin bytes or more are remembered; the index holds
// addresses, not the arrays: memory at those addresses that is collected
// and allocated again during the run is fresh as well.
func (m *machine) noteFresh(b []byte) {
	if !m.logging || cap(b) < freshMin {
		return
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	span := freshSpan{base, base + uintptr(cap(b))}
	if m.fresh == nil {
		m.fresh = map[uintptr]freshSpan{}
	}
	for pg := span.base >> freshPageShift; pg <= (span.end-1)>>freshPageShift; pg++ {
		m.fresh[pg] = span
	}
}

// isFresh reports whether the n bytes from p are all in one fresh array.
func (m *machine) isFresh(p *byte, n int) bool {
	a := uintptr(unsafe.Pointer(p))
	s, ok := m.fresh[a>>freshPageShift]
	return ok && a >= s.base && a+uintptr(n) <= s.end
}

// setBytes copies src into dst (which may overlap) with setByte's logging,
// and returns the number of bytes copied.
func (m *machine) setBytes(dst, src []byte) int {
	m.work(min(len(dst), len(src)))
	if !m.logging {
		return copy(dst, src)
	}
	n := min(len(dst), len(src))
	if n > 0 && len(m.fresh) > 0 && m.isFresh(&dst[0], n) {
		return copy(dst, src)
	}
	switch {
	case n == 1:
		m.undoBytes = append(m.undoBytes, undoByte{&dst[0], dst[0]})
	case n > 1:
		m.undoRanges = append(m.undoRanges, undoRange{dst[:n:n], append([]byte(nil), dst[:n]...), len(m.undoBytes)})
		m.undoRangeBytes += n
	}
	return copy(dst, src)
}

// undoByte is an entry of the undo log of byte cells: one byte's old
// value.
type undoByte struct {
	p   *byte
	old byte
}

// undoRange is an entry of the undo log of byte cells for a write of
// several bytes (a copy, an append): their old values, logged after the
// first at entries of undoBytes.
type undoRange struct {
	dst, old []byte
	at       int
}

// rollbackBytes puts the byte cells the undo log names back as they were,
// latest write first (the entries of both logs in the order of their
// writes), and empties the log.
func (m *machine) rollbackBytes() {
	i, j := len(m.undoBytes), len(m.undoRanges)-1
	for {
		if j >= 0 && m.undoRanges[j].at >= i {
			copy(m.undoRanges[j].dst, m.undoRanges[j].old)
			j--
			continue
		}
		if i == 0 {
			break
		}
		i--
		*m.undoBytes[i].p = m.undoBytes[i].old
	}
	clear(m.undoRanges)
	m.undoBytes, m.undoRanges = m.undoBytes[:0], m.undoRanges[:0]
	m.undoRangeBytes = 0
	m.rollbackWeakBytes() // older entries (gc.go)
}

// accessBytes reports an access of kind k by op to the byte cells b.
func (m *machine) accessBytes(fr *frame, k EventKind, op Op, b []byte, pos token.Pos) {
	if len(b) == 0 {
		return
	}
	m.emit(fr, Event{Kind: k, Op: op, Addr: addrOfByte(&b[0]), N: len(b), Pos: pos, Func: m.funcOf(op)})
}

// accessSeq reports an access of kind k by op to the elements of the
// slice or array value v of type t (the elements from lo to hi).
func (m *machine) accessSeq(fr *frame, k EventKind, op Op, v value, t *rtype, lo, hi int, pos token.Pos) {
	if t.bytes {
		m.accessBytes(fr, k, op, v.bytes()[lo:hi], pos)
		return
	}
	m.accessElems(fr, k, op, v.elems()[lo:hi], t.elem, pos)
}

// ptrAddr returns the Addr of the cell a pointer value designates.
func ptrAddr(p value) Addr {
	switch q := p.r.(type) {
	case *value:
		return addrOf(q)
	case *byte:
		return addrOfByte(q)
	}
	return Addr{}
}

// storeScalarPtr assigns the scalar v of type t to the cell the pointer p
// points to, reporting the write; it panics on a nil pointer.
func (m *machine) storeScalarPtr(fr *frame, p value, v value, t *rtype, pos token.Pos) {
	switch q := p.r.(type) {
	case *value:
		if m.watchMem || m.logging {
			m.noteWrite(fr, q, pos)
		}
		*q = v
	case *byte:
		if m.watchMem {
			m.emitAccess(fr, EvWrite, addrOfByte(q), pos)
		}
		m.setByte(q, byte(v.n))
	case intPointer:
		panic(q.deref())
	case *memView:
		m.storeThrough(fr, p, v, t, pos)
	default:
		panic(nilDeref)
	}
}
