package interp

// Reads and writes of memory through views (see memview.go): words,
// values of any type, and the checked updates of string and slice
// headers.

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strings"
	"sync"
	"unsafe"
)

// viewState is a run's bookkeeping of unsafe pointers.
type viewState struct {
	// addrs maps the integers that pointers were converted to (uintptr)
	// to those pointers, with their tags, so that the integer converts
	// back (pointerFromAddr); ambiguous addresses map to noAddr.
	addrs map[uintptr]value
	// origins are the roots and offsets of the cells and bytes that views
	// resolved to (viewPointer), for arithmetic that moves back from them.
	origins map[unsafe.Pointer]origin
	// ptrIDs number the references map descriptors' hash functions hashed
	// (memview_abi.go).
	ptrIDs map[any]uint64
	// headers holds the data pointer (with its tag) last written through a
	// view into the string or slice header in a cell: an empty string
	// keeps no data pointer, and a header's length and capacity are
	// checked against the pointer's extent.
	headers map[*value]value
}

// origin is where a cell or byte is in a view's root.
type origin struct {
	root *viewRoot
	off  int64
}

// maxAddrs bounds the address registry; past it, the registry starts
// over (an integer then no longer converts back, and a dereference of it
// is refused).
const maxAddrs = 1 << 16

// noAddr marks an address that two pointers converted to.
var noAddr = value{n: 1}

// views returns the run's view state, made on first use.
func (m *machine) views() *viewState {
	if m.viewSt == nil {
		m.viewSt = &viewState{addrs: map[uintptr]value{}, origins: map[unsafe.Pointer]origin{}, headers: map[*value]value{}}
	}
	return m.viewSt
}

// vword is a word read from or written through a view: bits, or a
// reference (a pointer value, with its tag; or the word of a map, a
// channel or a function).
type vword struct {
	bits  uint64
	ref   value
	isRef bool
}

// viewAccess is one access through a view: its frame, position and kind,
// and the batch of string and slice header updates of a write.
type viewAccess struct {
	m     *machine
	fr    *frame
	pos   token.Pos
	write bool
	last  unsafe.Pointer
	edits []headerEdit
}

// touch reports the access to the cell or byte of s (once for a run of
// accesses to it).
func (a *viewAccess) touch(s spot) {
	m := a.m
	var addr Addr
	switch {
	case s.b != nil:
		addr = addrOfByte(s.b)
	case s.cell != nil:
		addr = addrOf(s.cell)
	default:
		return
	}
	if addr.p == a.last {
		return
	}
	a.last = addr.p
	if m.watchMem && a.fr != nil {
		k := EvRead
		if a.write {
			k = EvWrite
		}
		m.emitAccess(a.fr, k, addr, a.pos)
	}
}

// logCell logs the old value of the cell p before a write, while a
// snapshot is active.
func (m *machine) logCell(p *value) {
	if m.logging {
		m.undo.add(undoRec{p, *p})
	}
}

// checkRange refuses an access of size bytes at off outside of r.
func checkRange(r *viewRoot, off, size int64, what string) {
	if off < 0 || off+size > r.size() {
		panic(viewRefusal("a %s of %d bytes at byte %d of %s of %d bytes, outside of it", what, size, off, rootDesc(r), r.size()))
	}
}

// readWord reads the word of size bytes at off of r: a reference if it is
// exactly one pointer word, its bits otherwise.
func (a *viewAccess) readWord(r *viewRoot, off, size int64) vword {
	checkRange(r, off, size, "read")
	if r.et == nil {
		a.touchBytes(r, off, size)
		return vword{bits: leBits(r.bytes[off : off+size])}
	}
	s := r.spotAt(off)
	rl, ws, we := s.wordAt(off)
	if ws == off && we-ws == size && rl != rolePad {
		a.touch(s)
		if rl.isRef() {
			return vword{ref: a.m.refOf(s, rl), isRef: true}
		}
		return vword{bits: s.bitsOf(rl)}
	}
	var bits uint64
	for i := int64(0); i < size; {
		s := r.spotAt(off + i)
		rl, ws, we := s.wordAt(off + i)
		switch {
		case rl.isRef():
			panic(viewRefusal("a read of %d bytes at byte %d of %s that covers part of a pointer word (%s)", size, off, rootDesc(r), roleName(rl)))
		case rl == rolePad:
			panic(viewRefusal("a read of %d bytes at byte %d of %s that covers padding between fields (bytes %d to %d), whose content gc does not define", size, off, rootDesc(r), ws, we-1))
		}
		a.touch(s)
		b := s.bitsOf(rl)
		for ; i < size && off+i < we; i++ {
			bits |= (b >> (8 * (off + i - ws)) & 0xff) << (8 * i)
		}
	}
	return vword{bits: bits}
}

// touchBytes reports the access to n bytes of the byte root r from off.
func (a *viewAccess) touchBytes(r *viewRoot, off, n int64) {
	if a.m.watchMem && a.fr != nil && n > 0 {
		k := EvRead
		if a.write {
			k = EvWrite
		}
		a.m.emit(a.fr, Event{Kind: k, Addr: addrOfByte(&r.bytes[off]), N: int(n), Pos: a.pos})
	}
}

// leBits returns the little-endian word of b (at most 8 bytes).
func leBits(b []byte) uint64 {
	var u uint64
	for i, x := range b {
		u |= uint64(x) << (8 * i)
	}
	return u
}

// rootDesc describes r's memory for a message: "an int64", "an array of 4
// node", "8 bytes of a byte array".
func rootDesc(r *viewRoot) string {
	switch {
	case r.et == nil:
		return fmt.Sprintf("%d bytes of a byte array", len(r.bytes))
	case len(r.cells) > 1:
		return fmt.Sprintf("an array of %d %s", len(r.cells), r.et)
	}
	return withArticle(r.et.String())
}

// withArticle returns s after "a" or "an".
func withArticle(s string) string {
	if s != "" && strings.ContainsRune("aeiouAEIOU", rune(s[0])) && !strings.HasPrefix(s, "uint") && !strings.HasPrefix(s, "unsafe") {
		return "an " + s
	}
	return "a " + s
}

// roleName names a word of role r for a message.
func roleName(r role) string {
	switch r {
	case rolePtr:
		return "a pointer"
	case roleData:
		return "the data pointer of a string or slice"
	case roleType:
		return "an interface's type word"
	case roleIData:
		return "an interface's data word"
	case roleLen:
		return "a length"
	case roleCap:
		return "a capacity"
	case rolePad:
		return "padding"
	}
	return "bits"
}

// writeWord writes w as the word of size bytes at off of r.
func (a *viewAccess) writeWord(r *viewRoot, off, size int64, w vword) {
	m := a.m
	checkRange(r, off, size, "write")
	if r.et == nil {
		if w.isRef {
			w = vword{bits: m.addressOf(w.ref)}
		}
		a.touchBytes(r, off, size)
		for i := range size {
			m.setByte(&r.bytes[off+i], byte(w.bits>>(8*i)))
		}
		return
	}
	s := r.spotAt(off)
	rl, ws, we := s.wordAt(off)
	if ws == off && we-ws == size {
		a.touch(s)
		if rl.isRef() {
			ref := w.ref
			if !w.isRef {
				ref = m.pointerFromAddr(w.bits)
			}
			a.setRef(s, rl, ref)
			return
		}
		bits := w.bits
		if w.isRef {
			bits = m.addressOf(w.ref)
		}
		a.setBits(s, rl, bits)
		return
	}
	bits := w.bits
	if w.isRef {
		bits = m.addressOf(w.ref)
	}
	for i := int64(0); i < size; {
		s := r.spotAt(off + i)
		rl, ws, we := s.wordAt(off + i)
		if rl.isRef() {
			panic(viewRefusal("a write of %d bytes at byte %d of %s that covers part of a pointer word (%s)", size, off, rootDesc(r), roleName(rl)))
		}
		a.touch(s)
		b := s.bitsOf(rl)
		for ; i < size && off+i < we; i++ {
			sh := 8 * (off + i - ws)
			b = b&^(0xff<<sh) | (bits>>(8*i)&0xff)<<sh
		}
		a.setBits(s, rl, b)
	}
}

// setBits writes bits as the word of role rl of the spot s.
func (a *viewAccess) setBits(s spot, rl role, bits uint64) {
	m := a.m
	switch rl {
	case roleByte:
		m.setByte(s.b, byte(bits))
	case rolePad:
		if bits != 0 {
			panic(viewRefusal("a write of non-zero bytes into the padding between the fields of a struct (bytes %d to %d)", s.start, s.end))
		}
	case roleNum:
		m.logCell(s.cell)
		*s.cell = fromBits(s.t, bits)
	case roleRe, roleIm:
		c := s.cell.complex()
		f := math.Float64frombits(bits)
		if s.t.kind == kComplex64 {
			f = float64(math.Float32frombits(uint32(bits)))
		}
		if rl == roleRe {
			c = complex(f, imag(c))
		} else {
			c = complex(real(c), f)
		}
		m.logCell(s.cell)
		*s.cell = value{r: c}
	case roleLen:
		e := a.edit(s)
		e.l, e.setL = int64(bits), true
	case roleCap:
		e := a.edit(s)
		e.c, e.setC = int64(bits), true
	}
}

// setRef writes the reference ref as the word of role rl of the spot s.
func (a *viewAccess) setRef(s spot, rl role, ref value) {
	m := a.m
	switch rl {
	case rolePtr:
		if isPointerKind(s.t.kind) {
			checkPointerRef(ref, "a write")
			m.logCell(s.cell)
			*s.cell = ref
			return
		}
		if !sameObjectKind(ref, s.t.kind) {
			panic(viewRefusal("a write of a %s word through a view of another type", s.t))
		}
		m.logCell(s.cell)
		*s.cell = value{r: ref.r}
	case roleData, roleIData:
		e := a.edit(s)
		e.data, e.setData = ref, true
	case roleType:
		e := a.edit(s)
		e.typ, e.setType = ref, true
	}
}

// sameObjectKind reports whether ref is the word of a map, channel or
// function value of kind k (or nil).
func sameObjectKind(ref value, k kind) bool {
	switch ref.r.(type) {
	case nil:
		return true
	case *mapObj:
		return k == kMap
	case *chanObj:
		return k == kChan
	case *closure:
		return k == kFunc
	}
	return false
}

// checkPointerRef refuses a reference that is not a pointer (a map's,
// channel's or function's word) read or written as one.
func checkPointerRef(ref value, what string) {
	switch ref.r.(type) {
	case nil, *value, *byte, *memView, intPointer:
		return
	}
	panic(viewRefusal("%s of a map, channel or function word as a pointer", what))
}

// refOf returns the reference of the word of role rl of the spot s.
func (m *machine) refOf(s spot, rl role) value {
	v := *s.cell
	switch rl {
	case rolePtr:
		if isPointerKind(s.t.kind) {
			return v
		}
		return value{r: v.r}
	case roleData:
		return m.dataRef(s.cell, s.t)
	case roleType:
		tw, _ := m.ifaceWords(v, s.t)
		return tw
	case roleIData:
		return m.ifaceData(v.iface())
	}
	return value{}
}

// byteType returns the program's uint8.
func (m *machine) byteType() *rtype { return m.prog.typeOf(types.Typ[types.Uint8]) }

// dataRef returns the data pointer of the string or slice (of type t) in
// cell, tagged with its extent.
func (m *machine) dataRef(cell *value, t *rtype) value {
	v := *cell
	if t.kind == kString {
		s := v.str()
		if len(s) == 0 {
			if h, ok := m.views().headers[cell]; ok {
				return h
			}
			return value{}
		}
		return value{r: unsafe.StringData(s), n: ptrTag(m.byteType(), int64(len(s)))}
	}
	if t.zeroElems {
		panic(viewRefusal("the data pointer of a slice of zero-size elements read through a view"))
	}
	if t.bytes {
		b := v.bytes()
		if b == nil {
			return value{}
		}
		if cap(b) == 0 {
			if h, ok := m.views().headers[cell]; ok {
				return h
			}
		}
		return value{r: unsafe.SliceData(b), n: ptrTag(t.elem, int64(cap(b)))}
	}
	es, _ := v.cells()
	if es == nil {
		return value{}
	}
	if cap(es) == 0 {
		if h, ok := m.views().headers[cell]; ok {
			return h
		}
	}
	return value{r: unsafe.SliceData(es), n: ptrTag(t.elem, int64(cap(es))*t.elem.gcSize())}
}

// ifaceData returns the data word of the interface i: its value if its
// dynamic type is a pointer, else a pointer to a copy of its value (gc's
// data word of such a type points to an immutable copy).
func (m *machine) ifaceData(i *iface) value {
	if i == nil {
		return value{}
	}
	switch i.t.kind {
	case kPointer, kUnsafePointer:
		return i.v
	case kMap, kChan, kFunc:
		return value{r: i.v.r}
	}
	if p, ok := pointerShaped(i.v, i.t); ok {
		return p
	}
	cell := &value{}
	*cell = copyVal(i.v, i.t)
	return value{r: cell, n: ptrTag(i.t, i.t.gcSize())}
}

// pointerShaped returns the one pointer of v, a value of the struct or
// array type t whose only word is a pointer (which gc stores in an
// interface's data word directly).
func pointerShaped(v value, t *rtype) (value, bool) {
	for t.aggregate && t.gcSize() == 8 {
		es, ok := v.cells()
		if !ok {
			return value{}, false
		}
		j := 0
		if t.kind == kStruct {
			j = -1
			for k, f := range t.fields {
				if f.typ.gcSize() > 0 {
					j = k
				}
			}
			t = t.fields[j].typ
		} else {
			t = t.elem
		}
		v = es[j]
	}
	if isPointerKind(t.kind) {
		return v, true
	}
	return value{}, false
}

// headerEdit is an update of a string's or slice's header, or of an
// interface's words (in cell, of type t), by one write through a view; the
// parts written are applied together, checked (applyEdits).
type headerEdit struct {
	cell                         *value
	t                            *rtype
	data, typ                    value
	l, c                         int64
	setData, setL, setC, setType bool
}

// edit returns the header update of the spot s in this access.
func (a *viewAccess) edit(s spot) *headerEdit {
	for i := range a.edits {
		if a.edits[i].cell == s.cell {
			return &a.edits[i]
		}
	}
	a.edits = append(a.edits, headerEdit{cell: s.cell, t: s.t})
	return &a.edits[len(a.edits)-1]
}

// applyEdits applies the header updates of a write, each after checking
// that its data pointer reaches as far as its length and capacity.
func (a *viewAccess) applyEdits() {
	for i := range a.edits {
		a.m.applyEdit(&a.edits[i])
	}
	a.edits = a.edits[:0]
}

// applyEdit applies one header update.
func (m *machine) applyEdit(e *headerEdit) {
	old := *e.cell
	if e.t.kind == kInterface {
		tw, dw := m.ifaceWords(old, e.t)
		if e.setType {
			tw = e.typ
		}
		if e.setData {
			dw = e.data
		}
		v := m.ifaceFromWords(e.t, tw, dw)
		m.logCell(e.cell)
		*e.cell = v
		return
	}
	data := m.dataRef(e.cell, e.t)
	l, c := int64(0), int64(0)
	if e.t.kind == kString {
		l = int64(len(old.str()))
		c = l
	} else {
		li, ci := sliceLenCapOf(old, e.t)
		l, c = int64(li), int64(ci)
	}
	oldData := data
	if e.setData {
		checkPointerRef(e.data, "a write")
		data = e.data
	}
	esize := int64(1)
	if e.t.kind == kSlice {
		esize = e.t.elem.gcSize()
	}
	// The extent of the data pointer, in elements: its tag's, or the
	// header's own capacity if the pointer is the one it had, or what the
	// pointer last written into this header through a view reached.
	extent := int64(-1)
	if tt, ext := m.prog.tagOf(data.n); tt != nil && ext >= 0 && esize > 0 {
		extent = ext / esize
	}
	if data.r == oldData.r && data.r != nil {
		extent = max(extent, c)
		if h, ok := m.views().headers[e.cell]; ok && h.r == data.r {
			if tt, ext := m.prog.tagOf(h.n); tt != nil && ext >= 0 && esize > 0 {
				extent = max(extent, ext/esize)
			}
		}
	}
	if e.setL {
		l = e.l
	}
	if e.setC {
		c = e.c
	}
	if e.t.kind == kString {
		m.setString(e, data, l, extent)
		return
	}
	switch {
	case e.setL && !e.setC && l > c:
		c = l // the capacity is written next: gc's header is briefly longer than it is wide
	case e.setC && !e.setL && l > c:
		l = c
	}
	m.setSlice(e, data, l, c, extent)
}

// setString assigns the string of data and length l to e's cell.
func (m *machine) setString(e *headerEdit, data value, l, extent int64) {
	if l < 0 || l > math.MaxInt32*2 {
		panic(viewRefusal("a string header written through a view with the length %d", l))
	}
	if e.setData {
		m.views().headers[e.cell] = data
	}
	m.logCell(e.cell)
	if l == 0 {
		*e.cell = value{}
		return
	}
	p, ok := data.r.(*byte)
	if !ok {
		panic(viewRefusal("a string header written through a view whose data pointer is not a pointer to bytes (%s)", refKind(data)))
	}
	if extent < l {
		panic(viewRefusal("a string header written through a view with the length %d, beyond the %s its data pointer is known to reach", l, extentWords(extent, "byte")))
	}
	*e.cell = value{n: uint64(l), r: strData(p)}
}

// setSlice assigns the slice of data, length l and capacity c to e's cell.
func (m *machine) setSlice(e *headerEdit, data value, l, c, extent int64) {
	v := m.buildSlice(e.t, data, l, c, extent)
	if e.setData {
		m.views().headers[e.cell] = data
	}
	m.logCell(e.cell)
	*e.cell = v
}

// buildSlice returns the slice of type t with the data pointer data
// (whose extent in elements is extent, -1 if unknown), the length l and
// the capacity c, made through a view; it refuses what would reach
// outside of the memory the data pointer is known to reach.
func (m *machine) buildSlice(t *rtype, data value, l, c, extent int64) value {
	if t.zeroElems {
		panic(viewRefusal("a header of a slice of zero-size elements made through a view"))
	}
	if l < 0 || c < 0 || l > c {
		panic(viewRefusal("a slice header made through a view with the length %d and the capacity %d", l, c))
	}
	if data.r == nil {
		if c > 0 {
			panic(viewRefusal("a slice header made through a view with a nil data pointer and the capacity %d", c))
		}
		return value{}
	}
	if extent < c {
		panic(viewRefusal("a slice header made through a view with the capacity %d, beyond the %s its data pointer is known to reach", c, extentWords(extent, "element")))
	}
	if c > maxFlatCap {
		panic(viewRefusal("a slice header made through a view with the capacity %d", c))
	}
	switch p := data.r.(type) {
	case *byte:
		if !t.bytes {
			panic(viewRefusal("a header of a %s made through a view with a data pointer to bytes", t))
		}
		return value{n: flatN(int(l), int(c)), r: bytesData(p)}
	case *value:
		if t.bytes {
			panic(viewRefusal("a header of a %s made through a view with a data pointer to Go values, not bytes", t))
		}
		if tt, _ := m.prog.tagOf(data.n); tt != nil && !fits(tt, t.elem) {
			panic(viewRefusal("a header of a %s made through a view with a data pointer to memory of %s", t, tt))
		}
		return value{n: flatN(int(l), int(c)), r: elemsData(p)}
	}
	panic(viewRefusal("a slice header made through a view whose data pointer is %s", refKind(data)))
}

// extentWords says how far a data pointer is known to reach.
func extentWords(extent int64, unit string) string {
	switch extent {
	case -1:
		return unit + "s (none known)"
	case 1:
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", extent, unit)
}

// refKind names what a reference is for a message.
func refKind(ref value) string {
	switch ref.r.(type) {
	case *value:
		return "a pointer to Go values"
	case *byte:
		return "a pointer to bytes"
	case *memView:
		return "a pointer into the middle of a value"
	case intPointer:
		return "an integer"
	case nil:
		return "nil"
	}
	return "a map, channel or function"
}

// addressOf returns the integer a pointer converts to (uintptr), and
// records it so that the integer converts back to the pointer.
func (m *machine) addressOf(ref value) uint64 {
	var a uintptr
	switch r := ref.r.(type) {
	case nil:
		return 0
	case intPointer:
		return uint64(r)
	case *memView:
		a = r.address()
	default:
		a = dataWord(ref.r)
	}
	m.registerAddr(a, ref)
	return uint64(a)
}

// address returns the integer a view converts to: the address of the cell
// or byte at its offset, plus the offset in that cell's value (past the
// end: the last byte's address plus one, so that the ends of two views of
// the same memory are equal).
func (v *memView) address() uintptr {
	r := v.root
	at := v.off
	if at >= r.size() {
		if r.size() == 0 {
			return uintptr(r.start())
		}
		at = r.size() - 1
	}
	s := r.spotAt(at)
	switch {
	case s.b != nil:
		return uintptr(unsafe.Pointer(s.b)) + uintptr(v.off-s.start)
	case s.cell != nil:
		return uintptr(unsafe.Pointer(s.cell)) + uintptr(v.off-s.start)
	}
	return uintptr(r.start()) + uintptr(v.off)
}

// registerAddr records that the pointer ref converted to the integer a.
func (m *machine) registerAddr(a uintptr, ref value) {
	vs := m.views()
	if old, ok := vs.addrs[a]; ok {
		if old.r != ref.r && old != noAddr {
			vs.addrs[a] = noAddr
		} else if old.r == ref.r && ref.n != 0 {
			vs.addrs[a] = ref
		}
		return
	}
	if len(vs.addrs) >= maxAddrs {
		clear(vs.addrs)
	}
	vs.addrs[a] = ref
}

// pointerFromAddr returns the pointer that converted to the integer a
// (uintptr to unsafe.Pointer), or the integer itself as a pointer that
// cannot be dereferenced (intPointer).
func (m *machine) pointerFromAddr(a uint64) value {
	if a == 0 {
		return value{}
	}
	if ref, ok := m.views().addrs[uintptr(a)]; ok && ref != noAddr {
		return ref
	}
	return value{r: intPointer(a)}
}

// typeWords are the first words of interfaces read through views, one
// cell per dynamic type (an empty interface's type word: a descriptor, see
// memview_abi.go) or per pair of interface and dynamic type (a non-empty
// interface's itab), so that equal types have equal words; wordTypes maps
// the cells back.
var (
	typeWords sync.Map // typeWordKey → value (the word, tagged)
	wordTypes sync.Map // *value → typeWordKey
)

// typeWordKey identifies the first word of an interface: its dynamic
// type, and for a non-empty interface the interface type (an itab).
type typeWordKey struct {
	iface, t *rtype
}

// typeWord returns the first word of an empty interface holding a t: a
// pointer to t's type descriptor.
func (m *machine) typeWord(t *rtype) value {
	return m.firstWord(typeWordKey{t: t})
}

// wordType returns what the first word of an interface w stands for.
func wordType(w value) (typeWordKey, bool) {
	p, ok := w.r.(*value)
	if !ok {
		return typeWordKey{}, false
	}
	k, ok := wordTypes.Load(p)
	if !ok {
		return typeWordKey{}, false
	}
	return k.(typeWordKey), true
}

// ifaceWords returns the two words of the interface v of type it, as gc
// lays it out: the dynamic type (or the itab of a non-empty interface),
// and the data word.
func (m *machine) ifaceWords(v value, it *rtype) (value, value) {
	i := v.iface()
	if i == nil {
		return value{}, value{}
	}
	k := typeWordKey{t: i.t}
	if !isEmptyInterface(it) {
		k.iface = it
	}
	return m.firstWord(k), m.ifaceData(i)
}

// isEmptyInterface reports whether the interface type t has no methods.
func isEmptyInterface(t *rtype) bool {
	u, ok := t.t.Underlying().(*types.Interface)
	return ok && u.Empty()
}

// ifaceFromWords returns the interface of type it whose words are tw and
// dw, as a view reads it from memory that holds them: the dynamic type tw
// stands for, and the value dw holds or points to.
func (m *machine) ifaceFromWords(it *rtype, tw, dw value) value {
	if tw.r == nil {
		if dw.r != nil {
			panic(viewRefusal("an interface read through a view whose type word is nil and whose data word is not"))
		}
		return value{}
	}
	k, ok := wordType(tw)
	if !ok {
		panic(viewRefusal("an interface read through a view whose type word is %s, not the type word of an interface", refKind(tw)))
	}
	want := it
	if isEmptyInterface(it) {
		want = nil
	}
	if k.iface != want {
		panic(viewRefusal("an interface of type %s read through a view from the words of an interface of another type", it))
	}
	return value{r: &iface{t: k.t, v: m.dataValue(k.t, dw)}}
}

// dataValue returns the value of type t that an interface's data word dw
// holds (a pointer) or points to (a copy of the pointee).
func (m *machine) dataValue(t *rtype, dw value) value {
	switch t.kind {
	case kPointer, kUnsafePointer:
		return dw
	case kMap, kChan, kFunc:
		if !sameObjectKind(dw, t.kind) {
			panic(viewRefusal("an interface holding a %s read through a view whose data word is not one", t))
		}
		return value{r: dw.r}
	}
	if t.aggregate && t.gcSize() == 8 {
		if z := zero(t); pointerShapedSet(z, t, dw) {
			return z
		}
	}
	if dw.r == nil {
		panic(viewRefusal("an interface holding a %s read through a view whose data word is nil", t))
	}
	a := viewAccess{m: m}
	if p, ok := dw.r.(*value); ok {
		if s, _ := m.prog.tagOf(dw.n); s == nil || fits(s, t) {
			return copyVal(*p, t)
		}
	}
	root, off, ok := m.rootOf(dw, t.gcSize())
	if !ok {
		panic(viewRefusal("an interface holding a %s read through a view whose data word points to memory the interpreter does not know", t))
	}
	return a.load(root, off, t)
}

// pointerShapedSet sets the one pointer of z, a zero value of the
// pointer-shaped struct or array t, to p; false if t is not
// pointer-shaped.
func pointerShapedSet(z value, t *rtype, p value) bool {
	for t.aggregate && t.gcSize() == 8 {
		es, ok := z.cells()
		if !ok {
			return false
		}
		j := 0
		if t.kind == kStruct {
			for k, f := range t.fields {
				if f.typ.gcSize() > 0 {
					j = k
				}
			}
			t = t.fields[j].typ
		} else {
			t = t.elem
		}
		if !t.aggregate {
			if !isPointerKind(t.kind) {
				return false
			}
			es[j] = p
			return true
		}
		z = es[j]
	}
	return false
}
