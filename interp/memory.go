package interp

// Compiled loads and stores, and the memory events they report.

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

func (c *compiler) store(i *ssa.Store) op {
	t := c.typ(i.Val.Type())
	pos := i.Pos()
	if c.fused[i.Addr] {
		val := c.reg(i.Val)
		if fa, ok := i.Addr.(*ssa.FieldAddr); ok && !t.aggregate {
			x, f := c.reg(fa.X), fa.Field
			st := c.typ(fa.X.Type()).elem
			return func(fr *frame) *frame {
				p := fieldCell(fr, x, f)
				if p == nil {
					m := fr.g.m
					m.storeThrough(fr, m.fieldThrough(fr.regs[x], st, f), fr.regs[val], t, pos)
					fr.pc++
					return fr
				}
				if m := fr.g.m; m.watchMem || m.logging {
					m.noteWrite(fr, p, pos)
				}
				*p = fr.regs[val]
				fr.pc++
				return fr
			}
		}
		if ia, ok := i.Addr.(*ssa.IndexAddr); ok && !t.aggregate {
			o := c.indexOperand(ia)
			at := c.typ(ia.X.Type())
			if o.bytes {
				return func(fr *frame) *frame {
					p := indexByte(fr, o)
					m := fr.g.m
					if p == nil {
						m.storeThrough(fr, m.indexThrough(fr.regs[o.x], at.elem, fr.regs[o.idx].n, o.signed), fr.regs[val], t, pos)
						fr.pc++
						return fr
					}
					if m.watchMem {
						m.emitAccess(fr, EvWrite, addrOfByte(p), pos)
					}
					if m.logging {
						m.setByte(p, byte(fr.regs[val].n))
					} else {
						*p = byte(fr.regs[val].n)
					}
					fr.pc++
					return fr
				}
			}
			return func(fr *frame) *frame {
				p := indexCell(fr, o)
				if p == nil {
					m := fr.g.m
					m.storeThrough(fr, m.indexThrough(fr.regs[o.x], at.elem, fr.regs[o.idx].n, o.signed), fr.regs[val], t, pos)
					fr.pc++
					return fr
				}
				if m := fr.g.m; m.watchMem || m.logging {
					m.noteWrite(fr, p, pos)
				}
				*p = fr.regs[val]
				fr.pc++
				return fr
			}
		}
		addr, through := c.addrOf(i.Addr), c.addrThrough(i.Addr)
		return func(fr *frame) *frame {
			p := addr(fr)
			m := fr.g.m
			if p == nil {
				m.storeThrough(fr, through(fr), fr.regs[val], t, pos)
				fr.pc++
				return fr
			}
			if m.watchMem {
				m.accessCells(fr, EvWrite, p, t, pos)
			}
			m.store(p, fr.regs[val], t)
			fr.pc++
			return fr
		}
	}
	addr, val := c.reg(i.Addr), c.reg(i.Val)
	if isByteKind(t.kind) {
		// The pointer is to a variable or field (*value) or to an
		// element of a byte array (*byte).
		return func(fr *frame) *frame {
			fr.g.m.storeScalarPtr(fr, fr.regs[addr], fr.regs[val], t, pos)
			fr.pc++
			return fr
		}
	}
	if !t.aggregate {
		return func(fr *frame) *frame {
			p, ok := fr.regs[addr].r.(*value)
			if !ok || p == nil {
				fr.g.m.storeThrough(fr, fr.regs[addr], fr.regs[val], t, pos)
				fr.pc++
				return fr
			}
			if m := fr.g.m; m.watchMem || m.logging {
				m.noteWrite(fr, p, pos)
			}
			*p = fr.regs[val]
			fr.pc++
			return fr
		}
	}
	return func(fr *frame) *frame {
		p, ok := fr.regs[addr].r.(*value)
		if !ok || p == nil {
			fr.g.m.storeThrough(fr, fr.regs[addr], fr.regs[val], t, pos)
			fr.pc++
			return fr
		}
		if m := fr.g.m; m.watchMem {
			m.accessCells(fr, EvWrite, p, t, pos)
		}
		fr.g.m.store(p, fr.regs[val], t)
		fr.pc++
		return fr
	}
}

// noteWrite reports and logs a write of the scalar cell p.
func (m *machine) noteWrite(fr *frame, p *value, pos token.Pos) {
	if m.watchMem {
		m.emitAccess(fr, EvWrite, addrOf(p), pos)
	}
	if m.logging {
		m.undo.add(undoRec{p, *p})
	}
}

// accessCells reports an access of kind k (EvRead, EvWrite, EvAlloc) by a
// load, store or allocation to the cell p holding a value of type t: all
// its cells (see accessValue).
func (m *machine) accessCells(fr *frame, k EventKind, p *value, t *rtype, pos token.Pos) {
	m.accessValue(fr, k, OpNone, p, t, pos)
}

// accessValue reports an access of kind k by op to the value of type t
// in the cell p: one event for p itself (a scalar), or for the cells of an
// aggregate (its fields or elements, one array), and one for the cells of
// each aggregate nested in it (which are arrays of their own).
func (m *machine) accessValue(fr *frame, k EventKind, op Op, p *value, t *rtype, pos token.Pos) {
	if !t.aggregate {
		m.emit(fr, Event{Kind: k, Op: op, Addr: addrOf(p), N: 1, Pos: pos, Func: m.funcOf(op)})
		return
	}
	if t.bytes {
		m.accessBytes(fr, k, op, p.bytes(), pos)
		return
	}
	if t.zeroLong {
		return // no cells: zero-size elements
	}
	es := p.elems()
	if t.kind == kArray {
		m.accessElems(fr, k, op, es, t.elem, pos)
		return
	}
	if es == nil && isView(p, t) {
		if t.sizeof() > 0 {
			m.emit(fr, Event{Kind: k, Op: op, Addr: addrOf(p), N: 1, Pos: pos, Func: m.funcOf(op)})
		}
		return
	}
	scalars := false
	for j, f := range t.fields {
		if f.typ.aggregate {
			m.accessValue(fr, k, op, &es[j], f.typ, pos)
		} else {
			scalars = true
		}
	}
	if scalars {
		// One event for all the fields (a field holding a nested
		// aggregate is a cell nothing accesses on its own).
		m.emit(fr, Event{Kind: k, Op: op, Addr: addrOf(&es[0]), N: len(es), Pos: pos, Func: m.funcOf(op)})
	}
}

// accessElems reports an access of kind k by op to the elements es (of
// type et) of one array: one event for all of them, or for each element's
// cells if they are aggregates.
func (m *machine) accessElems(fr *frame, k EventKind, op Op, es []value, et *rtype, pos token.Pos) {
	if len(es) == 0 {
		return
	}
	if !et.aggregate {
		m.emit(fr, Event{Kind: k, Op: op, Addr: addrOf(&es[0]), N: len(es), Pos: pos, Func: m.funcOf(op)})
		return
	}
	for j := range es {
		m.accessValue(fr, k, op, &es[j], et, pos)
	}
}

// accessMap reports an access of kind k by op to the map mo as a whole
// (Go's race detector checks a map's operations as accesses of its
// header).
func (m *machine) accessMap(fr *frame, k EventKind, op Op, mo *mapObj, pos token.Pos) {
	m.emit(fr, Event{Kind: k, Op: op, Addr: mo.addr(), N: 1, Pos: pos, Func: m.funcOf(op)})
}

// announce reports EvNew for a new variable p of type t: its cell, and the
// array of each aggregate in it.
func (m *machine) announce(fr *frame, p *value, t *rtype) {
	m.emit(fr, Event{Kind: EvNew, Addr: addrOf(p), N: 1, Pos: newPos(fr)})
	if t.aggregate {
		if t.bytes {
			m.announceBytes(fr, p.bytes())
			return
		}
		if t.zeroLong {
			return
		}
		if t.kind == kArray {
			m.announceElems(fr, p.elems(), t.elem)
			return
		}
		es := p.elems()
		if len(es) > 0 {
			m.emit(fr, Event{Kind: EvNew, Addr: addrOf(&es[0]), N: len(es), Pos: newPos(fr)})
		}
		for j, f := range t.fields {
			if f.typ.aggregate {
				m.announce(fr, &es[j], f.typ)
			}
		}
	}
}

// newPos is the position of an allocation in fr (none without a frame).
func newPos(fr *frame) token.Pos {
	if fr == nil {
		return token.NoPos
	}
	return fr.pos()
}

// announceElems reports EvNew for a new array es of elements of type et.
func (m *machine) announceElems(fr *frame, es []value, et *rtype) {
	if len(es) == 0 {
		return
	}
	m.emit(fr, Event{Kind: EvNew, Addr: addrOf(&es[0]), N: len(es), Pos: newPos(fr)})
	if et.aggregate {
		for j := range es {
			if et.bytes {
				m.announceBytes(fr, es[j].bytes())
			} else if et.zeroLong {
				continue
			} else if et.kind == kArray {
				m.announceElems(fr, es[j].elems(), et.elem)
			} else {
				m.announce(fr, &es[j], et)
			}
		}
	}
}

// announceBytes reports EvNew for a new byte array b.
func (m *machine) announceBytes(fr *frame, b []byte) {
	if len(b) > 0 {
		m.emit(fr, Event{Kind: EvNew, Addr: addrOfByte(&b[0]), N: len(b), Pos: newPos(fr)})
	}
}

// funcOf returns the modeled function of a memory event by op: the running
// model's for OpModel.
func (m *machine) funcOf(op Op) string {
	if op == OpModel {
		return m.callee
	}
	return ""
}

// fieldCell returns the address of field f of the struct regs[x] points
// to, panicking like Go on a nil pointer.
//
// It returns nil for a pointer that is not a *value (a view, see
// memview.go): the caller then goes through fieldThrough.
func fieldCell(fr *frame, x, f int) *value {
	p, ok := fr.regs[x].r.(*value)
	if !ok || p == nil {
		return notCell(fr.regs[x])
	}
	if es, ok := p.cells(); ok {
		return &es[f]
	}
	return viewField(p)
}

// indexCell returns the address of the element an IndexAddr designates,
// with Go's nil and bounds checks; nil for an element of an array that a
// view points to (see fieldCell).
func indexCell(fr *frame, o indexOperand) *value {
	if o.zero != nil {
		return indexZero(fr, o)
	}
	var es []value
	if o.isPtr {
		p, ok := fr.regs[o.x].r.(*value)
		if !ok || p == nil {
			return notCell(fr.regs[o.x])
		}
		es = p.elems()
	} else {
		es = fr.regs[o.x].elems()
	}
	return &es[checkIndex(fr.regs[o.idx].n, o.signed, len(es))]
}

// notCell handles a pointer p to a struct or array that is not a *value:
// it returns nil for a view (memview.go), and panics like Go for nil and
// like ptr for anything else.
func notCell(p value) *value {
	if _, ok := p.r.(*memView); ok {
		return nil
	}
	q := p.ptr()
	if q == nil {
		panic(nilDeref)
	}
	return q
}

// indexZero is indexCell for elements of a zero-size type (o.zero): the
// elements of a zeroSlice have no cells, so the address of one is a fresh
// cell holding the zero value.
func indexZero(fr *frame, o indexOperand) *value {
	v := fr.regs[o.x]
	if o.isPtr {
		p := v.ptr()
		if p == nil {
			panic(nilDeref)
		}
		v = *p
	}
	if z, ok := v.r.(zeroSlice); ok {
		checkIndex(fr.regs[o.idx].n, o.signed, z.len)
		c := zero(o.zero)
		return &c
	}
	es := v.elems()
	return &es[checkIndex(fr.regs[o.idx].n, o.signed, len(es))]
}

// indexByte returns the address of the element of a byte array an
// IndexAddr designates, with Go's nil and bounds checks; nil for an
// element of an array that a view points to (see fieldCell).
func indexByte(fr *frame, o indexOperand) *byte {
	var b []byte
	if o.isPtr {
		p, ok := fr.regs[o.x].r.(*value)
		if !ok || p == nil {
			notCell(fr.regs[o.x]) // a view, or a panic
			return nil
		}
		b = p.bytes()
	} else {
		b = fr.regs[o.x].bytes()
	}
	return &b[checkIndex(fr.regs[o.idx].n, o.signed, len(b))]
}

// indexOperand is the compiled operands of an IndexAddr: the registers of
// the slice (or pointer to array) and of the index; bytes: the elements
// are a byte array's (indexByte, not indexCell); ek: their kind.
type indexOperand struct {
	x, idx        int
	isPtr, signed bool
	bytes         bool
	ek            kind
	zero          *rtype // the element type if it is zero-size (see indexZero)
}

func (c *compiler) indexOperand(ia *ssa.IndexAddr) indexOperand {
	t := c.typ(ia.X.Type())
	isPtr := t.kind == kPointer
	if isPtr {
		t = t.elem
	}
	o := indexOperand{x: c.reg(ia.X), idx: c.reg(ia.Index),
		isPtr: isPtr, signed: isSigned(ia.Index.Type()), bytes: t.bytes, ek: t.elem.kind}
	if t.zeroElems {
		o.zero = t.elem
	}
	return o
}

// checkIndex converts index n to int, panicking like Go when it is out of
// range for length l.
func checkIndex(n uint64, signed bool, l int) int {
	if signed && int64(n) < 0 {
		panic(runtimeError(fmt.Sprintf("index out of range [%d]", int64(n))))
	}
	if n >= uint64(l) {
		panic(runtimeError(fmt.Sprintf("index out of range [%d] with length %d", n, l)))
	}
	return int(n)
}

// load compiles a load *x (a UnOp MUL): an EvRead of each scalar cell read.
func (c *compiler) load(i *ssa.UnOp, dst int) op {
	if rangeOnlyLength(i) {
		// Not evaluated in Go: nothing is read, nothing panics.
		return func(fr *frame) *frame {
			fr.pc++
			return fr
		}
	}
	x := c.reg(i.X)
	t := c.typ(i.X.Type())
	et := t.elem
	pos := i.Pos()
	if v := c.fwd[i.X]; v != nil {
		// A load from a forwarded local: the stored value, or its field.
		src := c.reg(v)
		if fa, ok := i.X.(*ssa.FieldAddr); ok {
			f := fa.Field
			return func(fr *frame) *frame {
				fr.regs[dst] = fr.regs[src].elems()[f]
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.regs[src]
			fr.pc++
			return fr
		}
	}
	if c.fused[i.X] {
		if fa, ok := i.X.(*ssa.FieldAddr); ok && !et.aggregate {
			x, f := c.reg(fa.X), fa.Field
			st := c.typ(fa.X.Type()).elem
			slow := func(fr *frame) *frame {
				m := fr.g.m
				fr.regs[dst] = m.loadThrough(fr, m.fieldThrough(fr.regs[x], st, f), et, pos)
				fr.pc++
				return fr
			}
			if k := et.kind; narrowInt(k) {
				return func(fr *frame) *frame {
					p := fieldCell(fr, x, f)
					if p == nil {
						return slow(fr)
					}
					if m := fr.g.m; m.watchMem {
						m.emit(fr, Event{Kind: EvRead, Addr: addrOf(p), N: 1, Pos: pos})
					}
					fr.regs[dst] = value{n: wrap(k, p.n)}
					fr.pc++
					return fr
				}
			}
			return func(fr *frame) *frame {
				p := fieldCell(fr, x, f)
				if p == nil {
					return slow(fr)
				}
				if m := fr.g.m; m.watchMem {
					m.emitAccess(fr, EvRead, addrOf(p), pos)
				}
				fr.regs[dst] = *p
				fr.pc++
				return fr
			}
		}
		if ia, ok := i.X.(*ssa.IndexAddr); ok && !et.aggregate {
			o := c.indexOperand(ia)
			at := c.typ(ia.X.Type())
			slow := func(fr *frame) *frame {
				m := fr.g.m
				fr.regs[dst] = m.loadThrough(fr, m.indexThrough(fr.regs[o.x], at.elem, fr.regs[o.idx].n, o.signed), et, pos)
				fr.pc++
				return fr
			}
			if o.bytes {
				ek := o.ek
				return func(fr *frame) *frame {
					p := indexByte(fr, o)
					if p == nil {
						return slow(fr)
					}
					if m := fr.g.m; m.watchMem {
						m.emitAccess(fr, EvRead, addrOfByte(p), pos)
					}
					fr.regs[dst] = byteVal(*p, ek)
					fr.pc++
					return fr
				}
			}
			if k := et.kind; narrowInt(k) {
				return func(fr *frame) *frame {
					p := indexCell(fr, o)
					if p == nil {
						return slow(fr)
					}
					if m := fr.g.m; m.watchMem {
						m.emit(fr, Event{Kind: EvRead, Addr: addrOf(p), N: 1, Pos: pos})
					}
					fr.regs[dst] = value{n: wrap(k, p.n)}
					fr.pc++
					return fr
				}
			}
			return func(fr *frame) *frame {
				p := indexCell(fr, o)
				if p == nil {
					return slow(fr)
				}
				if m := fr.g.m; m.watchMem {
					m.emitAccess(fr, EvRead, addrOf(p), pos)
				}
				fr.regs[dst] = *p
				fr.pc++
				return fr
			}
		}
		addr, through := c.addrOf(i.X), c.addrThrough(i.X)
		return func(fr *frame) *frame {
			p := addr(fr)
			if p == nil {
				fr.regs[dst] = fr.g.m.loadThrough(fr, through(fr), et, pos)
				fr.pc++
				return fr
			}
			if m := fr.g.m; m.watchMem {
				m.accessCells(fr, EvRead, p, et, pos)
			}
			fr.regs[dst] = copyVal(*p, et)
			fr.pc++
			return fr
		}
	}
	if et.aggregate {
		return func(fr *frame) *frame {
			p, ok := fr.regs[x].r.(*value)
			if !ok || p == nil {
				fr.regs[dst] = fr.g.m.loadThrough(fr, fr.regs[x], et, pos)
				fr.pc++
				return fr
			}
			if m := fr.g.m; m.watchMem {
				m.accessCells(fr, EvRead, p, et, pos)
			}
			fr.regs[dst] = copyVal(*p, et)
			fr.pc++
			return fr
		}
	}
	if isByteKind(et.kind) {
		// A variable or field (*value) or an element of a byte array
		// (*byte).
		return func(fr *frame) *frame {
			p, ok := fr.regs[x].r.(*value)
			if !ok || p == nil {
				fr.regs[dst] = fr.g.m.loadThrough(fr, fr.regs[x], et, pos)
				fr.pc++
				return fr
			}
			if m := fr.g.m; m.watchMem {
				m.emitAccess(fr, EvRead, addrOf(p), pos)
			}
			fr.regs[dst] = *p
			fr.pc++
			return fr
		}
	}
	if k := et.kind; narrowInt(k) {
		// A word stored through a pointer of the other signedness (see
		// wordview.go) is read as this kind.
		return func(fr *frame) *frame {
			p, ok := fr.regs[x].r.(*value)
			if !ok || p == nil {
				fr.regs[dst] = fr.g.m.loadThrough(fr, fr.regs[x], et, pos)
				fr.pc++
				return fr
			}
			if m := fr.g.m; m.watchMem {
				m.emit(fr, Event{Kind: EvRead, Addr: addrOf(p), N: 1, Pos: pos})
			}
			fr.regs[dst] = value{n: wrap(k, p.n)}
			fr.pc++
			return fr
		}
	}
	return func(fr *frame) *frame {
		p, ok := fr.regs[x].r.(*value)
		if !ok || p == nil {
			fr.regs[dst] = fr.g.m.loadThrough(fr, fr.regs[x], et, pos)
			fr.pc++
			return fr
		}
		if m := fr.g.m; m.watchMem {
			m.emitAccess(fr, EvRead, addrOf(p), pos)
		}
		fr.regs[dst] = *p
		fr.pc++
		return fr
	}
}

// narrowInt reports whether loads of kind k normalize the word they read:
// integers of 16 and 32 bits, kept sign- or zero-extended (see
// wordview.go).
func narrowInt(k kind) bool {
	switch k {
	case kInt16, kInt32, kUint16, kUint32:
		return true
	}
	return false
}

// rangeOnlyLength reports whether i is the load of an array that go/ssa
// makes for a range statement over it with at most the index variable
// ("in case it has effects"): then its value is unused and the loop's
// length comes from the array's type. The Go spec does not evaluate such a
// range expression (its length is constant), so the load reads nothing:
// no race with a goroutine writing the array, no panic for a nil pointer
// to one.
func rangeOnlyLength(i *ssa.UnOp) bool {
	if i.Op != token.MUL || len(*i.Referrers()) > 0 {
		return false
	}
	if _, ok := i.Type().Underlying().(*types.Array); !ok {
		return false
	}
	b := i.Block()
	n := len(b.Instrs)
	if n < 2 || b.Instrs[n-2] != ssa.Instruction(i) {
		return false
	}
	j, ok := b.Instrs[n-1].(*ssa.Jump)
	return ok && j.Block().Succs[0].Comment == "rangeindex.loop"
}

// onlyForRangeLength reports whether the address v (a field or an element)
// is used only to reach an array that a range statement does not evaluate
// (rangeOnlyLength): then it is not computed either (a nil pointer or an
// index out of range does not panic, as in Go).
func onlyForRangeLength(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if !rangeOnlyLength(r) {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyForRangeLength(r) {
				return false
			}
		case *ssa.IndexAddr:
			if !onlyForRangeLength(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
