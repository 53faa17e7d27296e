package interp

import (
	"fmt"
	"math"
	"strings"
	"unsafe"
)

// value is the interpreter's representation of every Go value. It is owned
// by the interpreter (no host reflect values), so a program's whole state is
// data.
//
// Scalars live in n: booleans as 0 or 1, signed integers sign-extended to 64
// bits, unsigned integers zero-extended, floats as math.Float64bits (float32
// values are kept rounded to float32 precision). References live in r:
//
//	string                 strData, its first byte, and its length in n
//	                       (see slices.go); or a string; nil r: ""
//	complex64, complex128  complex128
//	struct, array          elemsData, one cell per field or element (see
//	                       slices.go); or []value
//	slice                  elemsData (bytesData), its array's first element;
//	                       length and capacity in n (see slices.go); or
//	                       []value ([]byte) sharing the array; nil r: nil slice
//	pointer                *value, the addressed cell (nil r: nil pointer)
//	unsafe.Pointer         *value
//	map                    *mapObj
//	chan                   *chanObj
//	func                   *closure
//	interface              *iface (nil r: nil interface)
//	tuple                  elemsData, one cell per result; or []value
//
// Struct and array values are copied on load and store (see copyVal) so that
// the []value of a variable is its identity: a pointer to a field is the
// address of that field's cell.
type value struct {
	n uint64
	r any
}

// iface is a non-nil interface value: a dynamic type and a value of it.
type iface struct {
	t *rtype
	v value
}

// closure is a function value: compiled code plus captured variables, or a
// native function (bound method values of models, for example).
type closure struct {
	fn  *function
	env []value
}

func intVal(i int64) value     { return value{n: uint64(i)} }
func uintVal(u uint64) value   { return value{n: u} }
func boolVal(b bool) value     { return value{n: b2u(b)} }
func floatVal(f float64) value { return value{n: math.Float64bits(f)} }

// strVal returns a string value, flat (see strData).
func strVal(s string) value {
	if s == "" {
		return value{}
	}
	return value{n: uint64(len(s)), r: strData(unsafe.StringData(s))}
}

// okResult returns the result of an operation with an optional ok result
// (a receive, a map lookup, a type assertion): v, or the tuple (v, ok).
func okResult(v value, ok, withOk bool) value {
	if withOk {
		return sliceVal([]value{v, boolVal(ok)})
	}
	return v
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (v value) int() int64     { return int64(v.n) }
func (v value) bool() bool     { return v.n != 0 }
func (v value) float() float64 { return math.Float64frombits(v.n) }
func (v value) str() string {
	if p, ok := v.r.(strData); ok {
		return unsafe.String((*byte)(p), int(v.n))
	}
	s, _ := v.r.(string)
	return s
}
func (v value) elems() []value {
	if p, ok := v.r.(elemsData); ok {
		return flatElems(p, v.n)
	}
	s, ok := v.r.([]value)
	if !ok && v.r != nil {
		switch r := v.r.(type) {
		case []byte:
			panic(bytesAsValues())
		case zeroSlice:
			panic(r.unsupported())
		}
	}
	return s
}

// zeroSliceMin is the capacity from which a slice of zero-size elements,
// or the length from which an array of them, is a zeroSlice.
const zeroSliceMin = 1 << 20

// zeroSlice is the value of a slice of zero-size elements (struct{},
// [0]int, ...) whose capacity is zeroSliceMin or more, and of an array of
// as many: Go allocates nothing for their elements (make([]struct{},
// math.MaxInt) is legal and cheap), so the interpreter keeps only the
// length and the capacity (both the length, for an array). Every element
// is the zero value of its type, the only value a zero-size type has; the
// address of one is a fresh cell (Go's pointers to distinct zero-size
// variables may or may not be equal). The operations that accept one
// check the type's zeroElems: make, len, cap, indexing, slicing, append,
// copy, clear, and the copies, comparisons and accesses of arrays; any
// other operation refuses it (elems).
type zeroSlice struct{ len, cap int }

// unsupported returns the refusal of an operation that does not accept a
// zeroSlice.
func (z zeroSlice) unsupported() error {
	return &UnsupportedError{What: fmt.Sprintf("this operation on a slice or array of %d zero-size elements (the interpreter keeps only the length of %d or more such elements, and models make, len, cap, indexing, slicing, append, copy and clear on them)", z.cap, zeroSliceMin)}
}

// zeroLenCap returns the length and capacity of v, a slice or array of
// zero-size elements in either representation.
func zeroLenCap(v value) (l, c int) {
	if z, ok := v.r.(zeroSlice); ok {
		return z.len, z.cap
	}
	es := v.elems()
	return len(es), cap(es)
}

func (v value) ptr() *value {
	p, ok := v.r.(*value)
	if !ok && v.r != nil {
		switch r := v.r.(type) {
		case *byte:
			panic(bytesAsValues())
		case intPointer:
			panic(r.deref())
		case *memView:
			panic(r.unsupported("an access by an operation that does not model views (a model of a library function, an atomic operation)"))
		}
	}
	return p
}

// bytesAsValues returns the error of code that reads a byte array (or a
// pointer into one) as values: a bug of the interpreter, reported rather
// than read as nil.
func bytesAsValues() error {
	return &UnsupportedError{What: "a byte array read as values (an interpreter bug)"}
}
func (v value) iface() *iface { p, _ := v.r.(*iface); return p }
func (v value) complex() complex128 {
	c, _ := v.r.(complex128)
	return c
}

// copyVal returns a copy of v, a value of type t, that shares no memory
// with v where Go's value semantics forbid sharing (structs and arrays).
func copyVal(v value, t *rtype) value {
	if !t.aggregate || t.zeroLong {
		return v
	}
	if t.bytes {
		return value{r: append([]byte(nil), v.bytes()...)}
	}
	src := v.elems()
	if src == nil && isWordStruct(t) {
		return viewLoad(v, t) // the word of a view (see wordview.go)
	}
	dst := make([]value, len(src))
	if t.kind == kStruct {
		for i := range src {
			dst[i] = copyVal(src[i], t.fields[i].typ)
		}
	} else {
		et := t.elem
		if et.aggregate {
			for i := range src {
				dst[i] = copyVal(src[i], et)
			}
		} else {
			copy(dst, src)
		}
	}
	return sliceVal(dst)
}

// storeVal assigns v, of type t, to the cell at p, keeping the identity of
// the cells of p's fields or elements.
func storeVal(p *value, v value, t *rtype) {
	if !t.aggregate || t.zeroLong {
		*p = v
		return
	}
	if t.bytes {
		if dst := p.bytes(); dst != nil {
			copy(dst, v.bytes())
		} else {
			*p = copyVal(v, t)
		}
		return
	}
	dst := p.elems()
	src := v.elems()
	if dst == nil {
		if isView(p, t) {
			if t.sizeof() > 0 {
				*p = viewStore(v, t)
			}
			return
		}
		*p = copyVal(v, t)
		return
	}
	if t.kind == kStruct {
		for i := range src {
			storeVal(&dst[i], src[i], t.fields[i].typ)
		}
		return
	}
	if t.elem.aggregate {
		for i := range src {
			storeVal(&dst[i], src[i], t.elem)
		}
		return
	}
	copy(dst, src)
}

// zero returns the zero value of t, freshly allocated where t is an
// aggregate.
func zero(t *rtype) value {
	if !t.aggregate {
		return value{}
	}
	if t.bytes {
		return bytesSlice(make([]byte, t.len))
	}
	// One allocation holds the cells of t and of every aggregate nested
	// in it (as Go allocates an aggregate as one object); their values
	// are flat (see slices.go).
	cells := t.cellCount()
	z := zeroing{cells: make([]value, cells)}
	return z.zero(t)
}

// zeroing carves the cells of a zero aggregate from the ones allocated
// for it.
type zeroing struct {
	cells []value
}

// zero returns the zero value of the aggregate t.
func (z *zeroing) zero(t *rtype) value {
	if t.bytes {
		return bytesSlice(make([]byte, t.len))
	}
	if t.zeroLong {
		return value{r: zeroSlice{t.len, t.len}}
	}
	n := t.len
	if t.kind == kStruct {
		n = len(t.fields)
	}
	es := z.cells[:n:n]
	z.cells = z.cells[n:]
	if t.kind == kStruct {
		for i, f := range t.fields {
			if f.typ.aggregate {
				es[i] = z.zero(f.typ)
			}
		}
	} else if t.elem.aggregate {
		for i := range es {
			es[i] = z.zero(t.elem)
		}
	}
	return sliceVal(es)
}

// cellCount returns the number of cells of the zero value of the
// aggregate t, its own and those of the aggregates nested in it (except
// the native bytes of byte arrays, allocated apart).
func (t *rtype) cellCount() int {
	if n := t.cells.Load(); n > 0 {
		return int(n - 1)
	}
	cells := 0
	switch {
	case t.bytes, t.zeroLong:
		// Allocated apart (bytes), or no cells at all (zeroSlice).
	case t.kind == kStruct:
		cells = len(t.fields)
		for _, f := range t.fields {
			if f.typ.aggregate {
				cells += f.typ.cellCount()
			}
		}
	default:
		cells = t.len
		if t.elem.aggregate {
			cells += t.len * t.elem.cellCount()
		}
	}
	cells = min(cells, math.MaxInt32) // saturate: no such value is allocated
	t.cells.Store(int64(cells) + 1)
	return cells
}

// resetZero sets the cell p to the zero value of t, reusing the cells of
// an aggregate already there.
func resetZero(p *value, t *rtype) {
	if !t.aggregate {
		*p = value{}
		return
	}
	if t.zeroLong {
		*p = zero(t)
		return
	}
	if t.bytes {
		if b := p.bytes(); len(b) == t.len {
			clear(b)
		} else {
			*p = zero(t)
		}
		return
	}
	es := p.elems()
	if t.kind == kStruct {
		if len(es) != len(t.fields) {
			*p = zero(t)
			return
		}
		for i, f := range t.fields {
			resetZero(&es[i], f.typ)
		}
		return
	}
	if len(es) != t.len {
		*p = zero(t)
		return
	}
	for i := range es {
		resetZero(&es[i], t.elem)
	}
}

// equal reports whether a == b for values of type t, with Go's semantics;
// it panics with a runtimeError when t holds an uncomparable dynamic type.
func equal(a, b value, t *rtype) bool {
	switch t.kind {
	case kFloat32, kFloat64:
		return a.float() == b.float()
	case kComplex64, kComplex128:
		return a.complex() == b.complex()
	case kString:
		return a.str() == b.str()
	case kStruct:
		ae, be := a.elems(), b.elems()
		for i, f := range t.fields {
			if f.name == "_" {
				continue
			}
			if !equal(ae[i], be[i], f.typ) {
				return false
			}
		}
		return true
	case kArray:
		if t.bytes {
			return string(a.bytes()) == string(b.bytes())
		}
		if t.zeroLong {
			return true // the elements are all zero values
		}
		ae, be := a.elems(), b.elems()
		for i := range ae {
			if !equal(ae[i], be[i], t.elem) {
				return false
			}
		}
		return true
	case kInterface:
		return ifaceEqual(a, b)
	case kSlice, kMap, kFunc:
		// Only comparison with nil is legal.
		return (a.r == nil) == (b.r == nil) && a.r == nil
	case kPointer, kUnsafePointer, kChan:
		if a.r == b.r {
			return true
		}
		if a.r == nil || b.r == nil {
			return false
		}
		return pointersEqual(a.r, b.r, t)
	}
	return a.n == b.n
}

func ifaceEqual(a, b value) bool {
	ai, bi := a.iface(), b.iface()
	if ai == nil || bi == nil {
		return ai == bi
	}
	if ai.t != bi.t {
		return false
	}
	if !ai.t.comparable {
		panic(runtimeError("comparing uncomparable type " + ai.t.String()))
	}
	return equal(ai.v, bi.v, ai.t)
}

// nanKey makes every NaN map key distinct, as in Go.
type nanKey struct{ _ byte }

// ifaceKey is the map key of an interface value.
type ifaceKey struct {
	t *rtype
	k any
}

// compositeKey is the map key of a struct or array value.
type compositeKey string

// hashKey returns a comparable host value that identifies v, of type t, as
// a map key: equal keys give equal host values.
// mapKey is the key of a map's index: a string key's string, a scalar
// key's bits, or hashKey's value for the other kinds. Building it
// allocates nothing for strings and scalars (an interface holding them
// would).
type mapKey struct {
	s string
	n uint64
	o any
}

// keyOf returns the index key of map key v, of type t.
func keyOf(v value, t *rtype) mapKey {
	switch t.kind {
	case kString:
		return mapKey{s: v.str()}
	case kFloat32, kFloat64:
		f := v.float()
		if f != f {
			return mapKey{o: &nanKey{}}
		}
		if f == 0 {
			return mapKey{}
		}
		return mapKey{n: v.n}
	case kComplex64, kComplex128, kInterface, kStruct, kArray:
		return mapKey{o: hashKey(v, t)}
	case kPointer, kUnsafePointer, kChan:
		return mapKey{o: v.r}
	}
	return mapKey{n: v.n}
}

func hashKey(v value, t *rtype) any {
	switch t.kind {
	case kString:
		return v.str()
	case kFloat32, kFloat64:
		f := v.float()
		if f != f {
			return &nanKey{}
		}
		if f == 0 {
			return uint64(0)
		}
		return v.n
	case kComplex64, kComplex128:
		c := v.complex()
		if real(c) != real(c) || imag(c) != imag(c) {
			return &nanKey{}
		}
		if real(c) == 0 {
			c = complex(0, imag(c))
		}
		if imag(c) == 0 {
			c = complex(real(c), 0)
		}
		return c
	case kInterface:
		i := v.iface()
		if i == nil {
			return nil
		}
		if !i.t.comparable {
			panic(runtimeError("hash of unhashable type " + i.t.String()))
		}
		return ifaceKey{i.t, hashKey(i.v, i.t)}
	case kStruct, kArray:
		var sb strings.Builder
		appendKey(&sb, v, t)
		return compositeKey(sb.String())
	case kPointer, kUnsafePointer, kChan:
		return v.r
	}
	return v.n
}

func appendKey(sb *strings.Builder, v value, t *rtype) {
	switch t.kind {
	case kStruct:
		for i, f := range t.fields {
			if f.name != "_" {
				appendKey(sb, v.elems()[i], f.typ)
			}
		}
		return
	case kArray:
		if t.bytes {
			sb.Write(v.bytes())
			return
		}
		if t.zeroLong {
			return // zero-size: nothing to tell one value from another
		}
		for _, e := range v.elems() {
			appendKey(sb, e, t.elem)
		}
		return
	}
	if t.kind == kInterface {
		i := v.iface()
		if i == nil {
			sb.WriteByte('0')
			return
		}
		sb.WriteByte('i')
		appendUint(sb, uint64(uintptr(unsafe.Pointer(i.t))))
		hashKey(v, t) // panics on an unhashable dynamic type
		appendKey(sb, i.v, i.t)
		return
	}
	switch k := hashKey(v, t).(type) {
	case string:
		sb.WriteByte('s')
		appendUint(sb, uint64(len(k)))
		sb.WriteString(k)
	case uint64:
		sb.WriteByte('n')
		appendUint(sb, k)
	case complex128:
		sb.WriteByte('c')
		appendUint(sb, math.Float64bits(real(k)))
		appendUint(sb, math.Float64bits(imag(k)))
	case nil:
		sb.WriteByte('0')
	default:
		// Pointers, channels and NaNs: identified by address. The map
		// keeps the key value alive, so the address stays unique.
		sb.WriteByte('p')
		appendUint(sb, uint64(dataWord(k)))
	}
}

// dataWord returns the data word of an interface holding a pointer.
func dataWord(k any) uintptr {
	return (*[2]uintptr)(unsafe.Pointer(&k))[1]
}

func appendUint(sb *strings.Builder, u uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
	sb.Write(b[:])
}
