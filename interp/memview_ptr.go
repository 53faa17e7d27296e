package interp

// Pointers through views (see memview.go): conversions of unsafe.Pointer
// to typed pointers, unsafe.Add, loads, stores, field and element
// addresses through a view, and the equality of pointers.

import (
	"fmt"
	"go/token"
	"math"
	"unsafe"
)

// tagPointer returns the unsafe.Pointer of the pointer v to memory of type
// s with extent bytes known behind it (-1: unknown), tagged (see ptrTag).
// A tag v already has is the truth about its memory (a pointer read
// through a view, or converted before): it is kept, for a longer extent
// if the conversion knows one.
func (m *machine) tagPointer(v value, s *rtype, extent int64) value {
	switch v.r.(type) {
	case *value, *byte:
	default:
		return v
	}
	if t, ext := m.prog.tagOf(v.n); t != nil {
		if t == s && extent > ext {
			return value{r: v.r, n: ptrTag(s, extent)}
		}
		return v
	}
	if extent < 0 {
		if _, ok := v.r.(*value); ok {
			extent = s.gcSize() // a *S points to an S at least
		} else {
			return value{r: v.r, n: ptrTag(s, -1)}
		}
	}
	return value{r: v.r, n: ptrTag(s, extent)}
}

// fits reports whether a pointer to a cell holding a value of type ct is a
// pointer to a t as it is: the same cells, or a word view of a one-word
// struct (wordview.go).
func fits(ct, t *rtype) bool {
	return sameShape(ct, t) && !(ct.kind == kStruct && t.kind != kStruct)
}

// convertPointer converts the unsafe.Pointer p to a pointer to t.
func (m *machine) convertPointer(p value, t *rtype, legacy func(value) value) value {
	switch r := p.r.(type) {
	case *memView:
		return m.viewPointer(r.root, r.off, t)
	case *value:
		s, _ := m.prog.tagOf(p.n)
		if s == nil {
			if legacy != nil {
				return legacy(p)
			}
			return p
		}
		if fits(s, t) && !m.hasOrigin(unsafe.Pointer(r)) {
			return p
		}
	case *byte:
		if isByteKind(t.kind) {
			return p
		}
	default:
		return p
	}
	root, off, ok := m.rootOf(p, t.gcSize())
	if !ok {
		return p
	}
	return m.viewPointer(root, off, t)
}

// hasOrigin reports whether the cell or byte at p is known to be inside a
// larger view root.
func (m *machine) hasOrigin(p unsafe.Pointer) bool {
	if m.viewSt == nil {
		return false
	}
	_, ok := m.viewSt.origins[p]
	return ok
}

// rootOf returns the memory the pointer p is known to point into and its
// offset there: the root of the view it is or was resolved from, or what
// its tag says (need bytes at least for a pointer into bytes whose extent
// is not known: the program's word for it, as gc takes it).
func (m *machine) rootOf(p value, need int64) (*viewRoot, int64, bool) {
	var key unsafe.Pointer
	switch r := p.r.(type) {
	case *memView:
		return r.root, r.off, true
	case *value:
		key = unsafe.Pointer(r)
	case *byte:
		key = unsafe.Pointer(r)
	default:
		return nil, 0, false
	}
	if m.viewSt != nil {
		if o, ok := m.viewSt.origins[key]; ok && o.root.reaches(o.off, key) {
			return o.root, o.off, true
		}
	}
	t, ext := m.prog.tagOf(p.n)
	switch r := p.r.(type) {
	case *byte:
		if ext < 0 {
			ext = max(need, 1)
		}
		return bytesRoot(r, ext), 0, true
	case *value:
		if t == nil || t.gcSize() == 0 {
			return nil, 0, false
		}
		n := max(ext/t.gcSize(), 1)
		return cellsRoot(r, n, t), 0, true
	}
	return nil, 0, false
}

// reaches reports whether the cell or byte at p starts at byte off of r.
func (r *viewRoot) reaches(off int64, p unsafe.Pointer) bool {
	if off < 0 || off >= r.size() {
		return false
	}
	for _, q := range r.places(off) {
		if q == p {
			return true
		}
	}
	return false
}

// places returns the cells (and byte) that start at byte off of r, from
// the outermost in.
func (r *viewRoot) places(off int64) []unsafe.Pointer {
	if r.et == nil {
		return []unsafe.Pointer{unsafe.Pointer(&r.bytes[off])}
	}
	i := off / r.esize
	cell, t, base := &r.cells[i], r.et, i*r.esize
	var out []unsafe.Pointer
	for {
		if base == off {
			out = append(out, unsafe.Pointer(cell))
		}
		if !t.aggregate || t.zeroLong {
			return out
		}
		inner := off - base
		l := t.gcLayout()
		switch {
		case t.bytes:
			if b := cell.bytes(); inner < int64(len(b)) {
				out = append(out, unsafe.Pointer(&b[inner]))
			}
			return out
		case t.kind == kArray:
			j := inner / l.esize
			cell, t, base = &cell.elems()[j], t.elem, base+j*l.esize
		default:
			es, ok := cell.cells()
			if !ok {
				return out
			}
			j := fieldAt(t, inner)
			if j < 0 {
				return out
			}
			cell, t, base = &es[j], t.fields[j].typ, base+l.offsets[j]
		}
	}
}

// viewPointer returns the pointer to a t at byte off of r: the cell of a t
// that starts there if there is one (see memview.go), else a view.
func (m *machine) viewPointer(r *viewRoot, off int64, t *rtype) value {
	if off < 0 || off > r.size() {
		panic(viewRefusal("a pointer to byte %d of %s of %d bytes, outside of it", off, rootDesc(r), r.size()))
	}
	if off+t.gcSize() <= r.size() && off < r.size() {
		if p, ok := r.cellAt(off, t); ok {
			if off > 0 || p.ext < r.size() {
				m.noteOrigin(p, r, off)
			}
			return value{r: p.r, n: ptrTag(p.t, p.ext)}
		}
	}
	return value{r: &memView{root: r, off: off, t: t}}
}

// noteOrigin records where the cell or byte of p is in r, for arithmetic
// that moves back from it and conversions to what contains it.
func (m *machine) noteOrigin(p place, r *viewRoot, off int64) {
	vs := m.views()
	if len(vs.origins) >= maxAddrs {
		clear(vs.origins)
	}
	var key unsafe.Pointer
	switch q := p.r.(type) {
	case *value:
		key = unsafe.Pointer(q)
	case *byte:
		key = unsafe.Pointer(q)
	default:
		return
	}
	vs.origins[key] = origin{r, off}
}

// place is a cell (or byte) found in a root: the pointer's reference, the
// type of the memory there, and its extent (the rest of the array it is an
// element of, else its own size).
type place struct {
	r   any
	t   *rtype
	ext int64
}

// cellAt returns the cell of a value of t's cells that starts at byte off
// of r, if there is one: a cell of r, or the cell of an array of t's
// elements made over consecutive cells (or bytes) of r.
func (r *viewRoot) cellAt(off int64, t *rtype) (place, bool) {
	if r.et == nil {
		return bytesAt(r.bytes, off, t)
	}
	i := off / r.esize
	if p, ok := cellIn(&r.cells[i], r.et, off-i*r.esize, r.size()-i*r.esize, t); ok {
		return p, true
	}
	if t.kind != kArray || t.len == 0 || t.zeroLong {
		return place{}, false
	}
	es, b := r.runAt(off, t.elem)
	switch {
	case b != nil && len(b) >= t.len:
		return place{&value{r: b[:t.len:t.len]}, t, int64(len(b))}, true
	case es != nil && len(es) >= t.len:
		return place{&value{r: elemsData(&es[0]), n: flatN(t.len, t.len)}, t, int64(len(es)) * t.elem.gcSize()}, true
	}
	return place{}, false
}

// bytesAt returns the place of a t at byte off of the bytes b: the byte,
// or an array of bytes made over them.
func bytesAt(b []byte, off int64, t *rtype) (place, bool) {
	switch {
	case isByteKind(t.kind):
		return place{&b[off], t, int64(len(b)) - off}, true
	case t.kind == kArray && t.bytes && off+int64(t.len) <= int64(len(b)):
		return place{&value{r: b[off : off+int64(t.len) : off+int64(t.len)]}, t, int64(len(b)) - off}, true
	}
	return place{}, false
}

// cellIn returns the cell of a value of t's cells at byte inner of the
// value of type ct in cell, if there is one; ext is the extent of cell
// (the rest of its array, or its size).
func cellIn(cell *value, ct *rtype, inner, ext int64, t *rtype) (place, bool) {
	for {
		if inner == 0 && fits(ct, t) {
			return place{cell, ct, ext}, true
		}
		if !ct.aggregate || ct.zeroLong {
			return place{}, false
		}
		l := ct.gcLayout()
		switch {
		case ct.bytes:
			return bytesAt(cell.bytes(), inner, t)
		case ct.kind == kArray:
			k := inner / l.esize
			cell, ext, ct, inner = &cell.elems()[k], int64(ct.len)*l.esize-k*l.esize, ct.elem, inner-k*l.esize
		default:
			fs, ok := cell.cells()
			if !ok {
				wt, wo := wordOf(ct)
				if inner == wo && fits(wt, t) {
					return place{cell, wt, wt.gcSize()}, true
				}
				return place{}, false
			}
			k := fieldAt(ct, inner)
			if k < 0 {
				return place{}, false
			}
			cell, ct, inner = &fs[k], ct.fields[k].typ, inner-l.offsets[k]
			ext = ct.gcSize()
		}
	}
}

// runAt returns the longest run of consecutive cells (or bytes) of r that
// hold values of type e as an array of them would, from byte off on:
// elements of one array, or fields of one struct of e's type at
// consecutive offsets.
func (r *viewRoot) runAt(off int64, e *rtype) ([]value, []byte) {
	if r.et == nil {
		if isByteKind(e.kind) {
			return nil, r.bytes[off:]
		}
		return nil, nil
	}
	i := off / r.esize
	es, j, ct, inner := r.cells, int(i), r.et, off-i*r.esize
	for {
		if inner == 0 && fits(ct, e) && sameRun(es[j:], ct) {
			return es[j:], nil
		}
		if !ct.aggregate || ct.zeroLong {
			return nil, nil
		}
		cell := &es[j]
		l := ct.gcLayout()
		switch {
		case ct.bytes:
			if isByteKind(e.kind) {
				return nil, cell.bytes()[inner:]
			}
			return nil, nil
		case ct.kind == kArray:
			k := inner / l.esize
			es, j, ct, inner = cell.elems(), int(k), ct.elem, inner-k*l.esize
		default:
			fs, ok := cell.cells()
			if !ok {
				return nil, nil
			}
			k := fieldAt(ct, inner)
			if k < 0 {
				return nil, nil
			}
			n := k + 1
			ft := ct.fields[k].typ
			for n < len(fs) && ct.fields[n].typ == ft && l.offsets[n] == l.offsets[k]+int64(n-k)*ft.gcSize() {
				n++
			}
			es, j, ct, inner = fs[:n], k, ft, inner-l.offsets[k]
		}
	}
}

// sameRun reports whether the cells es all hold values of type t as they
// would in an array: aggregates holding their cells, or scalars.
func sameRun(es []value, t *rtype) bool {
	if !t.aggregate || t.bytes {
		return true
	}
	for _, e := range es {
		if _, ok := e.cells(); !ok {
			return false
		}
	}
	return true
}

// arrayThrough returns the memory of the elements of the array t that the
// view p points to, as far as it reaches in the view's root: cells, or
// bytes.
func (m *machine) arrayThrough(p value, t *rtype) ([]value, []byte) {
	v, ok := p.r.(*memView)
	if !ok {
		q := p.ptr()
		if q == nil {
			panic(nilDeref)
		}
		return q.elems(), q.bytes()
	}
	if v.off >= v.root.size() {
		return nil, nil
	}
	es, b := v.root.runAt(v.off, t.elem)
	if es == nil && b == nil {
		panic(v.unsupported("a slice of an array whose elements are not values of its element type in memory"))
	}
	return es, b
}

// addPointer returns unsafe.Add(p, delta): a pointer into the same
// memory, delta bytes on.
func (m *machine) addPointer(p value, delta int64) value {
	if delta == 0 {
		return p
	}
	switch r := p.r.(type) {
	case nil:
		return value{r: intPointer(delta)}
	case intPointer:
		return value{r: intPointer(int64(r) + delta)}
	case *byte:
		if _, ext := m.prog.tagOf(p.n); ext < 0 && !m.hasOrigin(unsafe.Pointer(r)) {
			// Bytes whose extent is not known: the program's word for
			// it, as gc takes it.
			return value{r: (*byte)(unsafe.Add(unsafe.Pointer(r), delta)), n: p.n}
		}
	}
	root, off, ok := m.rootOf(p, 0)
	if !ok {
		panic(viewRefusal("unsafe.Add of a pointer whose memory the interpreter does not know (not converted from a pointer to a variable, an element, a string or a slice)"))
	}
	n := off + delta
	if n < 0 || n > root.size() {
		panic(viewRefusal("unsafe.Add of %d bytes to a pointer at byte %d of %s of %d bytes, which leaves it", delta, off, rootDesc(root), root.size()))
	}
	return value{r: &memView{root: root, off: n}}
}

// loadThrough returns *p for a pointer p to t that may not be a *value:
// a view, a byte, an integer, or nil (the slow path of loads).
func (m *machine) loadThrough(fr *frame, p value, t *rtype, pos token.Pos) value {
	switch r := p.r.(type) {
	case *value:
		if r == nil {
			break
		}
		if m.watchMem {
			m.accessCells(fr, EvRead, r, t, pos)
		}
		if isByteKind(t.kind) || !narrowInt(t.kind) {
			return copyVal(*r, t)
		}
		return value{n: wrap(t.kind, r.n)}
	case *memView:
		a := viewAccess{m: m, fr: fr, pos: pos}
		return a.load(r.root, r.off, t)
	case *byte:
		if m.watchMem {
			m.emitAccess(fr, EvRead, addrOfByte(r), pos)
		}
		return byteVal(*r, t.kind)
	case intPointer:
		panic(r.deref())
	}
	panic(nilDeref)
}

// storeThrough assigns v to *p for a pointer p to t that may not be a
// *value (the slow path of stores).
func (m *machine) storeThrough(fr *frame, p value, v value, t *rtype, pos token.Pos) {
	switch r := p.r.(type) {
	case *value:
		if r == nil {
			break
		}
		if m.watchMem {
			m.accessCells(fr, EvWrite, r, t, pos)
		}
		m.store(r, v, t)
		return
	case *memView:
		a := viewAccess{m: m, fr: fr, pos: pos, write: true}
		a.store(r.root, r.off, t, v)
		a.applyEdits()
		return
	case *byte:
		if m.watchMem {
			m.emitAccess(fr, EvWrite, addrOfByte(r), pos)
		}
		m.setByte(r, byte(v.n))
		return
	case intPointer:
		panic(r.deref())
	}
	panic(nilDeref)
}

// fieldThrough returns &p.f for a pointer p to the struct t that is not a
// *value.
func (m *machine) fieldThrough(p value, t *rtype, f int) value {
	switch r := p.r.(type) {
	case *memView:
		return m.viewPointer(r.root, r.off+t.gcLayout().offsets[f], t.fields[f].typ)
	case intPointer:
		panic(r.deref())
	}
	panic(nilDeref)
}

// indexThrough returns &p[i] for a pointer p to the array t that is not a
// *value, with Go's bounds check.
func (m *machine) indexThrough(p value, t *rtype, i uint64, signed bool) value {
	switch r := p.r.(type) {
	case *memView:
		j := checkIndex(i, signed, t.len)
		return m.viewPointer(r.root, r.off+int64(j)*t.gcLayout().esize, t.elem)
	case intPointer:
		panic(r.deref())
	}
	panic(nilDeref)
}

// load returns the value of type t at byte off of r.
func (a *viewAccess) load(r *viewRoot, off int64, t *rtype) value {
	m := a.m
	switch {
	case t.aggregate:
		return a.loadAggregate(r, off, t)
	case isBits(t.kind):
		return fromBits(t, a.bits(a.readWord(r, off, t.gcSize())))
	case isPointerKind(t.kind):
		w := a.readWord(r, off, 8)
		if !w.isRef {
			return m.pointerFromAddr(w.bits)
		}
		checkPointerRef(w.ref, "a read")
		return w.ref
	case isCplx(t.kind):
		half := t.gcSize() / 2
		re, im := a.bits(a.readWord(r, off, half)), a.bits(a.readWord(r, off+half, half))
		if t.kind == kComplex64 {
			return value{r: complex(float64(math.Float32frombits(uint32(re))), float64(math.Float32frombits(uint32(im))))}
		}
		return value{r: complex(math.Float64frombits(re), math.Float64frombits(im))}
	case t.kind == kString:
		data := a.ref(a.readWord(r, off, 8))
		l := a.bits(a.readWord(r, off+8, 8))
		return m.stringOf(data, l)
	case t.kind == kSlice:
		data := a.ref(a.readWord(r, off, 8))
		l := a.bits(a.readWord(r, off+8, 8))
		c := a.bits(a.readWord(r, off+16, 8))
		return m.sliceOf(t, data, l, c)
	case t.kind == kInterface:
		checkRange(r, off, 16, "read")
		if s := r.spotAt(off); s.cell != nil && s.t.kind == kInterface && s.start == off && isEmptyInterface(s.t) == isEmptyInterface(t) {
			a.touch(s)
			return *s.cell
		}
		tw := a.ref(a.readWord(r, off, 8))
		dw := a.ref(a.readWord(r, off+8, 8))
		return m.ifaceFromWords(t, tw, dw)
	}
	// A map, a channel or a function: its one word.
	w := a.readWord(r, off, 8)
	if !w.isRef || !sameObjectKind(w.ref, t.kind) {
		panic(viewRefusal("a read of a %s from memory of another type through a view", t))
	}
	return value{r: w.ref.r}
}

// bits returns the bits of w: a reference's address.
func (a *viewAccess) bits(w vword) uint64 {
	if w.isRef {
		return a.m.addressOf(w.ref)
	}
	return w.bits
}

// ref returns w as a reference: bits are an address.
func (a *viewAccess) ref(w vword) value {
	if w.isRef {
		return w.ref
	}
	return a.m.pointerFromAddr(w.bits)
}

// loadAggregate returns the struct or array of type t at byte off of r.
func (a *viewAccess) loadAggregate(r *viewRoot, off int64, t *rtype) value {
	v := zero(t)
	switch {
	case t.zeroLong:
	case t.bytes:
		b := v.bytes()
		checkRange(r, off, int64(len(b)), "read")
		if r.et == nil {
			a.touchBytes(r, off, int64(len(b)))
			copy(b, r.bytes[off:])
			break
		}
		for i := range b {
			b[i] = byte(a.readWord(r, off+int64(i), 1).bits)
		}
	case t.kind == kArray:
		es := v.elems()
		esize := t.gcLayout().esize
		for j := range es {
			es[j] = a.load(r, off+int64(j)*esize, t.elem)
		}
	default:
		es := v.elems()
		offs := t.gcLayout().offsets
		for j, f := range t.fields {
			if f.typ.gcSize() > 0 {
				es[j] = a.load(r, off+offs[j], f.typ)
			}
		}
	}
	return v
}

// store writes v, a value of type t, at byte off of r; the header updates
// it makes are applied by the caller (applyEdits).
func (a *viewAccess) store(r *viewRoot, off int64, t *rtype, v value) {
	m := a.m
	switch {
	case t.aggregate:
		a.storeAggregate(r, off, t, v)
	case isBits(t.kind):
		a.writeWord(r, off, t.gcSize(), vword{bits: toBits(t, v)})
	case isPointerKind(t.kind):
		checkPointerRef(v, "a write")
		a.writeWord(r, off, 8, vword{ref: v, isRef: true})
	case isCplx(t.kind):
		c := v.complex()
		half := t.gcSize() / 2
		re, im := math.Float64bits(real(c)), math.Float64bits(imag(c))
		if t.kind == kComplex64 {
			re, im = uint64(math.Float32bits(float32(real(c)))), uint64(math.Float32bits(float32(imag(c))))
		}
		a.writeWord(r, off, half, vword{bits: re})
		a.writeWord(r, off+half, half, vword{bits: im})
	case t.kind == kString:
		s := v.str()
		var data value
		if len(s) > 0 {
			data = value{r: unsafe.StringData(s), n: ptrTag(m.byteType(), int64(len(s)))}
		}
		a.writeWord(r, off, 8, vword{ref: data, isRef: true})
		a.writeWord(r, off+8, 8, vword{bits: uint64(len(s))})
	case t.kind == kSlice:
		cell := v
		data := m.dataRef(&cell, t)
		l, c := sliceLenCapOf(v, t)
		a.writeWord(r, off, 8, vword{ref: data, isRef: true})
		a.writeWord(r, off+8, 8, vword{bits: uint64(l)})
		a.writeWord(r, off+16, 8, vword{bits: uint64(c)})
	case t.kind == kInterface:
		checkRange(r, off, 16, "write")
		if s := r.spotAt(off); s.cell != nil && s.t.kind == kInterface && s.start == off && isEmptyInterface(s.t) == isEmptyInterface(t) {
			a.touch(s)
			m.logCell(s.cell)
			*s.cell = v
			return
		}
		tw, dw := m.ifaceWords(v, t)
		a.writeWord(r, off, 8, vword{ref: tw, isRef: true})
		a.writeWord(r, off+8, 8, vword{ref: dw, isRef: true})
	default:
		a.writeWord(r, off, 8, vword{ref: value{r: v.r}, isRef: true})
	}
}

// storeAggregate writes the struct or array v of type t at byte off of r.
func (a *viewAccess) storeAggregate(r *viewRoot, off int64, t *rtype, v value) {
	switch {
	case t.zeroLong:
	case t.bytes:
		b := v.bytes()
		checkRange(r, off, int64(len(b)), "write")
		if r.et == nil {
			a.touchBytes(r, off, int64(len(b)))
			a.m.setBytes(r.bytes[off:off+int64(len(b))], b)
			return
		}
		for i, x := range b {
			a.writeWord(r, off+int64(i), 1, vword{bits: uint64(x)})
		}
	case t.kind == kArray:
		esize := t.gcLayout().esize
		for j, e := range v.elems() {
			a.store(r, off+int64(j)*esize, t.elem, e)
		}
	default:
		es := v.elems()
		offs := t.gcLayout().offsets
		for j, f := range t.fields {
			if f.typ.gcSize() > 0 {
				a.store(r, off+offs[j], f.typ, es[j])
			}
		}
	}
}

// toBits returns the little-endian bits of the numeric value v of type t.
func toBits(t *rtype, v value) uint64 {
	switch t.kind {
	case kFloat32:
		return uint64(math.Float32bits(float32(v.float())))
	case kFloat64:
		return v.n
	}
	return v.n & sizeMask(t.gcSize())
}

// stringOf returns the string of the data pointer data and length l read
// through a view.
func (m *machine) stringOf(data value, l uint64) value {
	if l == 0 {
		return value{}
	}
	p, ok := data.r.(*byte)
	if !ok {
		panic(viewRefusal("a string read through a view whose data pointer is %s", refKind(data)))
	}
	if _, ext := m.prog.tagOf(data.n); ext < 0 || uint64(ext) < l {
		panic(viewRefusal("a string of length %d read through a view, beyond the %s its data pointer is known to reach", l, extentWords(ext, "byte")))
	}
	return value{n: l, r: strData(p)}
}

// sliceOf returns the slice of type t of the data pointer data, length l
// and capacity c read through a view.
func (m *machine) sliceOf(t *rtype, data value, l, c uint64) value {
	extent := int64(-1)
	if tt, ext := m.prog.tagOf(data.n); tt != nil && ext >= 0 && t.elem.gcSize() > 0 {
		extent = ext / t.elem.gcSize()
	}
	if l > math.MaxInt32*2 || c > math.MaxInt32*2 {
		panic(viewRefusal("a slice read through a view with the length %d and the capacity %d", l, c))
	}
	return m.buildSlice(t, data, int64(l), int64(c), extent)
}

// pointersEqual reports whether the pointers a and b (non-nil, not
// identical references) of type t designate the same memory: an integer
// and the pointer it came from, views of the same bytes, a view and the
// cell at its offset, two arrays made over the same cells.
func pointersEqual(a, b any, t *rtype) bool {
	switch x := a.(type) {
	case intPointer:
		return intPointerEqual(a, b)
	case *memView:
		return viewEqual(x, b)
	case *value:
		switch y := b.(type) {
		case intPointer:
			return intPointerEqual(a, b)
		case *memView:
			return viewEqual(y, a)
		case *value:
			if t != nil && t.kind == kPointer && t.elem.kind == kArray {
				return firstElem(x) == firstElem(y) && firstElem(x) != nil
			}
		}
	case *byte:
		switch y := b.(type) {
		case intPointer:
			return intPointerEqual(a, b)
		case *memView:
			return viewEqual(y, a)
		}
	}
	return false
}

// firstElem returns the address of the first element of the array in
// cell p, or nil.
func firstElem(p *value) unsafe.Pointer {
	if b := p.bytes(); len(b) > 0 {
		return unsafe.Pointer(&b[0])
	}
	if es, ok := p.cells(); ok && len(es) > 0 {
		return unsafe.Pointer(&es[0])
	}
	return nil
}

// viewEqual reports whether the view v designates the memory of the
// reference b.
func viewEqual(v *memView, b any) bool {
	if w, ok := b.(*memView); ok {
		return v.address() == w.address()
	}
	var p unsafe.Pointer
	switch y := b.(type) {
	case *value:
		p = unsafe.Pointer(y)
	case *byte:
		p = unsafe.Pointer(y)
	default:
		return intPointerEqual(intPointer(v.address()), b)
	}
	return v.off < v.root.size() && v.root.reaches(v.off, p)
}

// String describes v (for debugging and messages).
func (v *memView) String() string { return fmt.Sprintf("view(%s)", v.describe()) }

// atomicOnView performs the atomic operation f (of sync/atomic's function
// op, on a word of kind k) through the view v: on the bits of the integer
// cell that holds the view's bytes (the low half of a uint64 as an int32,
// a uint64 as an unsafe.Pointer), which is the operation's synchronization
// object and the location of its event. A view across several cells, or
// into anything but an integer, is refused.
func atomicOnView(fr *frame, op Op, k kind, f atomicFunc, v *memView, args []value, dst int32) *frame {
	size := int64(8)
	switch k {
	case kInt32, kUint32:
		size = 4
	}
	r := v.root
	if v.off < 0 || v.off+size > r.size() || r.et == nil {
		panic(v.unsupported("an atomic operation"))
	}
	s := r.spotAt(v.off)
	if s.cell == nil || !isInt(s.t.kind) || v.off+size > s.end {
		panic(v.unsupported("an atomic operation"))
	}
	cell := s.cell
	if fr.pointOn(op, fr.pos(), cell) {
		return nil
	}
	m := fr.g.m
	shift := uint(8 * (v.off - s.start))
	mask := sizeMask(size)
	bits := s.bitsOf(roleNum)
	tmp := value{n: wrap(k, bits>>shift&mask)}
	if k == kUnsafePointer {
		tmp = m.pointerFromAddr(bits >> shift & mask)
	}
	was := m.logging
	m.logging = false // tmp is no cell of the program's
	res, ev := f(m, &tmp, k, args[1:])
	m.logging = was
	nb := tmp.n
	if k == kUnsafePointer {
		nb = m.addressOf(tmp)
	}
	if merged := bits&^(mask<<shift) | (nb&mask)<<shift; merged != bits {
		m.logCell(cell)
		*cell = fromBits(s.t, merged)
	}
	m.emit(fr, Event{Kind: ev, Op: op, Addr: addrOf(cell), N: 1, Pos: fr.pos()})
	return fr.done(dst, res)
}
