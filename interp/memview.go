package interp

// Memory views: unsafe.Pointer conversions as gc lays memory out.
//
// The interpreter's memory is made of values (see value): a scalar
// variable is one cell, a struct or an array one cell per field or
// element, a string or a slice one cell that holds its data pointer and
// its length (and capacity), an interface one cell that holds its dynamic
// type and value, and the elements of a byte array are native bytes. A
// program that converts a *S to a *T through unsafe.Pointer reads and
// writes the bytes of an S as a T, at the offsets, sizes and in the byte
// order of gc on amd64 and arm64 (little-endian). This file models such
// views on top of the value memory:
//
//   - Every unsafe.Pointer made from a *S is tagged with S and with the
//     extent of the memory known behind it (ptrTag, in the value's n, which
//     pointers do not use otherwise): one S, or the rest of the array or
//     slice an element's address was taken in (&s[i]), or the bytes of a
//     string (unsafe.StringData) or the capacity of a slice
//     (unsafe.SliceData). The tag travels with the pointer through
//     registers, memory, calls and conversions.
//   - Converting such a pointer to a *T finds what T's bytes are in that
//     memory (a viewRoot: the cells of the S, or of the elements of its
//     array, or native bytes). Where a cell of T's layout starts at that
//     offset, the pointer is that cell (a pointer to the 3rd element, to a
//     field, to an array of the same elements): every operation works on it
//     at full speed. Anywhere else (a uint32's low byte, a string's header
//     viewed as a struct of its two words, a []byte viewed as a string) the
//     pointer is a *memView: the root, a byte offset in it and T.
//   - Loads and stores through a memView (and field and element addresses
//     of it) read and write the words of the root at the view's offsets
//     (loadView, storeView): integers and floats by their bits, a
//     sub-word or multi-word view by its bytes in little-endian order;
//     pointer words (pointers, the data pointers of strings and slices,
//     the words of an interface) as whole words only. A string's or a
//     slice's length or capacity written through a view is checked against
//     the extent of its data pointer, so the interpreter never reaches
//     outside of an allocation; what it cannot check or model is refused
//     with the view's types and offset, never guessed.
//   - unsafe.Add and unsafe.Pointer(uintptr(p) + off) move within the root
//     (addPointer); a uintptr made from a pointer converts back to that
//     pointer (the run's address registry, see pointerFromAddr).
//
// Every access through a view reports the memory events of the cells and
// bytes it touches (a write of one byte of a uint32 is a write of the
// uint32's cell), so races through views are the races of the memory
// underneath.

import (
	"fmt"
	"go/types"
	"math"
	"unsafe"
)

// typeLayout is gc's layout of a type: its size and alignment, the
// offsets of a struct's fields, the size of an array's elements.
type typeLayout struct {
	size, align int64
	offsets     []int64
	esize       int64
}

// gcLayout returns t's layout on amd64 and arm64 (computed once).
func (t *rtype) gcLayout() *typeLayout {
	if l := t.layout.Load(); l != nil {
		return l
	}
	l := &typeLayout{size: gcSizes.Sizeof(t.t), align: gcSizes.Alignof(t.t)}
	switch u := t.t.Underlying().(type) {
	case *types.Struct:
		fs := make([]*types.Var, u.NumFields())
		for i := range fs {
			fs[i] = u.Field(i)
		}
		l.offsets = gcSizes.Offsetsof(fs)
	case *types.Array:
		l.esize = gcSizes.Sizeof(u.Elem())
	}
	t.layout.Store(l)
	return l
}

// size returns t's size in bytes as gc lays it out.
func (t *rtype) gcSize() int64 { return t.gcLayout().size }

// numberType gives rt the next type id. The caller holds typesMu.
func (p *Program) numberType(rt *rtype) {
	var tab []*rtype
	if tp := p.typeTab.Load(); tp != nil {
		tab = *tp
	}
	if len(tab) == 0 {
		tab = append(tab, nil) // id 0: no type
	}
	rt.id = uint32(len(tab))
	tab = append(tab, rt)
	p.typeTab.Store(&tab)
}

// typeByID returns the type with the given id, or nil.
func (p *Program) typeByID(id uint32) *rtype {
	tp := p.typeTab.Load()
	if tp == nil || int(id) >= len(*tp) {
		return nil
	}
	return (*tp)[id]
}

// The tag of an unsafe pointer (in the n of its value): the id of the
// type of the memory it points to in the high bits, and one more than the
// extent of that memory in bytes (from the pointer on) in the low
// tagExtentBits; zero: nothing known.
const (
	tagExtentBits = 40
	tagExtentMax  = 1<<tagExtentBits - 2
)

// ptrTag returns the tag of a pointer to memory of type t with extent
// bytes from the pointer on.
func ptrTag(t *rtype, extent int64) uint64 {
	if t == nil || t.id >= 1<<(64-tagExtentBits) || extent < 0 {
		return 0
	}
	return uint64(t.id)<<tagExtentBits | uint64(min(extent, tagExtentMax)+1)
}

// tagOf decodes the tag n: the type of the memory (nil if unknown) and
// its extent in bytes (-1 if unknown).
func (p *Program) tagOf(n uint64) (t *rtype, extent int64) {
	if n == 0 {
		return nil, -1
	}
	return p.typeByID(uint32(n >> tagExtentBits)), int64(n&(1<<tagExtentBits-1)) - 1
}

// viewRoot is memory a view is into: consecutive cells holding values of
// type et (one variable, or elements of one array), or native bytes.
type viewRoot struct {
	cells []value
	bytes []byte
	et    *rtype // nil for bytes
	esize int64  // gc size of et (1 for bytes)
}

// size returns the size of r in bytes.
func (r *viewRoot) size() int64 {
	if r.et == nil {
		return int64(len(r.bytes))
	}
	return int64(len(r.cells)) * r.esize
}

// start returns the address of r's first cell or byte.
func (r *viewRoot) start() unsafe.Pointer {
	if r.et == nil {
		return unsafe.Pointer(unsafe.SliceData(r.bytes))
	}
	return unsafe.Pointer(unsafe.SliceData(r.cells))
}

// cellsRoot returns the root of n cells from p of type t.
func cellsRoot(p *value, n int64, t *rtype) *viewRoot {
	return &viewRoot{cells: unsafe.Slice(p, n), et: t, esize: t.gcSize()}
}

// bytesRoot returns the root of n bytes from p.
func bytesRoot(p *byte, n int64) *viewRoot {
	return &viewRoot{bytes: unsafe.Slice(p, n), esize: 1}
}

// memView is the value of a pointer (or an unsafe.Pointer) at byte off of
// root where no cell of the pointee type t starts (see the top of this
// file). t is nil for an unsafe.Pointer made by arithmetic.
type memView struct {
	root *viewRoot
	off  int64
	t    *rtype
}

// describe names v for a message: "a T at byte N of a S".
func (v *memView) describe() string {
	what := "an unsafe.Pointer"
	if v.t != nil {
		what = withArticle(v.t.String())
	}
	return fmt.Sprintf("%s at byte %d of %s", what, v.off, rootDesc(v.root))
}

// unsupported returns the refusal of an operation on the view that
// vt does not model.
func (v *memView) unsupported(what string) error {
	return &UnsupportedError{What: fmt.Sprintf("%s through an unsafe.Pointer view (%s): %s", what, v.describe(), whyViews)}
}

// whyViews ends the messages of refused views.
const whyViews = "the interpreter's memory is made of values, not bytes; it models views of their bytes as gc lays them out where it can, and refuses the rest"

// viewRefusal returns the refusal of a view operation.
func viewRefusal(format string, args ...any) error {
	return &UnsupportedError{What: fmt.Sprintf(format, args...) + ": " + whyViews}
}

// spot is the non-aggregate value (or the byte, or the padding) that
// contains a byte offset of a root: its cell, its type, and the offsets
// of its first byte and after its last.
type spot struct {
	cell       *value // nil for a byte or padding
	b          *byte  // a byte of a byte array
	t          *rtype // cell's type
	start, end int64
}

// spotAt returns the spot of r that holds byte off (0 <= off < r.size()).
func (r *viewRoot) spotAt(off int64) spot {
	if r.et == nil {
		return spot{b: &r.bytes[off], start: off, end: off + 1}
	}
	i := off / r.esize
	base := i * r.esize
	return descend(&r.cells[i], r.et, base, off)
}

// descend returns the spot of the value of type t in cell (at offset base
// of the root) that holds byte off.
func descend(cell *value, t *rtype, base, off int64) spot {
	for t.aggregate {
		l := t.gcLayout()
		inner := off - base
		switch {
		case t.bytes:
			b := cell.bytes()
			return spot{b: &b[inner], start: off, end: off + 1}
		case t.kind == kArray:
			j := inner / l.esize
			cell, t, base = &cell.elems()[j], t.elem, base+j*l.esize
		default:
			es, ok := cell.cells()
			if !ok {
				// A word view (wordview.go): the cell is the word.
				wt, wo := wordOf(t)
				if inner < wo || inner >= wo+wt.gcSize() {
					return padding(t, base, inner)
				}
				t, base = wt, base+wo
				continue
			}
			j := fieldAt(t, inner)
			if j < 0 {
				return padding(t, base, inner)
			}
			cell, t, base = &es[j], t.fields[j].typ, base+l.offsets[j]
		}
	}
	return spot{cell: cell, t: t, start: base, end: base + t.gcSize()}
}

// fieldAt returns the index of the field of the struct t that holds byte
// inner, or -1 (padding).
func fieldAt(t *rtype, inner int64) int {
	l := t.gcLayout()
	for j := len(t.fields) - 1; j >= 0; j-- {
		if l.offsets[j] <= inner {
			if inner < l.offsets[j]+t.fields[j].typ.gcSize() {
				return j
			}
			if t.fields[j].typ.gcSize() > 0 {
				return -1
			}
		}
	}
	return -1
}

// padding returns the spot of the padding byte inner of the struct t at
// base: from the end of the field before it to the next field's start.
func padding(t *rtype, base, inner int64) spot {
	l := t.gcLayout()
	start, end := int64(0), l.size
	for j, f := range t.fields {
		o, s := l.offsets[j], f.typ.gcSize()
		if s == 0 {
			continue
		}
		if o+s <= inner && o+s > start {
			start = o + s
		}
		if o > inner && o < end {
			end = o
		}
	}
	return spot{start: base + start, end: base + end}
}

// wordOf returns the type of the one word of the one-word struct t and
// its offset.
func wordOf(t *rtype) (*rtype, int64) {
	_, _, path := wordLayout(t)
	off := int64(0)
	for _, j := range path {
		off += t.gcLayout().offsets[j]
		t = t.fields[j].typ
	}
	return t, off
}

// role is what a word of a non-aggregate value is.
type role uint8

const (
	roleNum   role = iota // an integer's, a float's or a bool's bits
	roleRe                // a complex number's real part
	roleIm                // its imaginary part
	rolePtr               // a pointer, unsafe.Pointer, map, chan or func word
	roleData              // a string's or a slice's data pointer
	roleLen               // a string's or a slice's length
	roleCap               // a slice's capacity
	roleType              // an interface's type word
	roleIData             // an interface's data word
	rolePad               // padding
	roleByte              // a byte of a byte array
)

// isRef reports whether words of role r hold references, not bits.
func (r role) isRef() bool {
	return r == rolePtr || r == roleData || r == roleType || r == roleIData
}

// wordAt returns the word of the spot s that holds byte off: its role and
// the offsets of its first byte and after its last.
func (s spot) wordAt(off int64) (role, int64, int64) {
	switch {
	case s.b != nil:
		return roleByte, s.start, s.end
	case s.cell == nil:
		return rolePad, s.start, s.end
	}
	inner := off - s.start
	word := func(r role, i int64) (role, int64, int64) {
		return r, s.start + i*8, s.start + i*8 + 8
	}
	switch s.t.kind {
	case kString:
		if inner < 8 {
			return word(roleData, 0)
		}
		return word(roleLen, 1)
	case kSlice:
		switch {
		case inner < 8:
			return word(roleData, 0)
		case inner < 16:
			return word(roleLen, 1)
		}
		return word(roleCap, 2)
	case kInterface:
		if inner < 8 {
			return word(roleType, 0)
		}
		return word(roleIData, 1)
	case kComplex64, kComplex128:
		half := s.t.gcSize() / 2
		if inner < half {
			return roleRe, s.start, s.start + half
		}
		return roleIm, s.start + half, s.end
	case kPointer, kUnsafePointer, kMap, kChan, kFunc:
		return rolePtr, s.start, s.end
	}
	return roleNum, s.start, s.end
}

// bitsOf returns the bits of the word of role r of the spot s (not a
// reference): a little-endian word of its size.
func (s spot) bitsOf(r role) uint64 {
	switch r {
	case roleByte:
		return uint64(*s.b)
	case rolePad:
		return 0
	case roleLen:
		if s.t.kind == kString {
			return uint64(len(s.cell.str()))
		}
		l, _ := sliceLenCapOf(*s.cell, s.t)
		return uint64(l)
	case roleCap:
		_, c := sliceLenCapOf(*s.cell, s.t)
		return uint64(c)
	case roleRe, roleIm:
		c := s.cell.complex()
		f := real(c)
		if r == roleIm {
			f = imag(c)
		}
		if s.t.kind == kComplex64 {
			return uint64(math.Float32bits(float32(f)))
		}
		return math.Float64bits(f)
	}
	if s.t.kind == kFloat32 {
		return uint64(math.Float32bits(float32(s.cell.float())))
	}
	return s.cell.n & sizeMask(s.t.gcSize())
}

// sizeMask returns the mask of the low size bytes of a word.
func sizeMask(size int64) uint64 {
	if size >= 8 {
		return math.MaxUint64
	}
	return 1<<(8*size) - 1
}

// sliceLenCapOf returns the length and capacity of v, a slice of type t.
func sliceLenCapOf(v value, t *rtype) (int, int) {
	if t.zeroElems {
		return zeroLenCap(v)
	}
	return seqLen(v, t), seqCap(v, t)
}

// fromBits returns the value of the non-aggregate numeric type t whose
// memory holds the little-endian bits (a bool's, an integer's, a
// float's).
func fromBits(t *rtype, bits uint64) value {
	switch t.kind {
	case kFloat32:
		return floatVal(float64(math.Float32frombits(uint32(bits))))
	case kFloat64:
		return value{n: bits}
	case kBool:
		return value{n: bits & 0xff}
	}
	return value{n: wrap(t.kind, bits&sizeMask(t.gcSize()))}
}

// isBits reports whether values of kind k are bits: booleans,
// integers and floats.
func isBits(k kind) bool {
	return k == kBool || isInt(k) || isFloat(k)
}

// isPointerKind reports whether k is a pointer or unsafe.Pointer.
func isPointerKind(k kind) bool { return k == kPointer || k == kUnsafePointer }
