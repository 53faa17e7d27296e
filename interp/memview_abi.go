package interp

// The run-time type descriptors that interfaces' type words point to
// (see memview.go): when the program loads internal/abi, the type word of
// an interface holding a T points to a descriptor of internal/abi's own
// layout (abi.Type, or abi.MapType, PtrType, SliceType, ArrayType or
// ChanType, which begin with one) holding T's size, alignment, kind, named
// flag, equality function and, for a map type, its key and element types
// and its hash function. internal/abi.TypeOf reads it through a view of
// its argument's words, as in gc; what else a descriptor holds (names,
// methods, GC data) is zero, and the methods of abi.Type that would read it
// stay refused (abiFallback).

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"math"
	"sync"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// descMu serializes the making of descriptors; building holds the ones
// being made (a recursive type's descriptor points to itself).
var (
	descMu   sync.Mutex
	building = map[typeWordKey]value{}
)

// firstWord returns the first word of an interface: the cell of k, with
// its tag.
func (m *machine) firstWord(k typeWordKey) value {
	if v, ok := typeWords.Load(k); ok {
		return v.(value)
	}
	descMu.Lock()
	defer descMu.Unlock()
	return m.firstWordLocked(k)
}

// firstWordLocked is firstWord with descMu held.
func (m *machine) firstWordLocked(k typeWordKey) value {
	if v, ok := typeWords.Load(k); ok {
		return v.(value)
	}
	if v, ok := building[k]; ok {
		return v
	}
	dt := m.prog.descriptorType(k)
	cell := &value{}
	var v value
	if dt != nil {
		*cell = zero(dt)
		v = value{r: cell, n: ptrTag(dt, dt.gcSize())}
		building[k] = v
		m.fillDescriptor(cell, dt, k.t)
		delete(building, k)
	} else {
		v = value{r: cell}
	}
	typeWords.Store(k, v)
	wordTypes.Store(cell, k)
	return v
}

// abiPackage returns internal/abi if the program has it.
func (p *Program) abiPackage() *ssa.Package {
	return p.SSA.ImportedPackage("internal/abi")
}

// abiType returns the type internal/abi.name, or nil.
func (p *Program) abiType(name string) *rtype {
	pkg := p.abiPackage()
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	return p.typeOf(tn.Type())
}

// descriptorType returns the internal/abi type of the descriptor k's word
// points to (nil: an opaque cell, for an itab or without internal/abi).
func (p *Program) descriptorType(k typeWordKey) *rtype {
	if k.iface != nil {
		return nil
	}
	base := p.abiType("Type")
	if base == nil || base.kind != kStruct {
		return nil
	}
	name := map[kind]string{kMap: "MapType", kPointer: "PtrType", kSlice: "SliceType", kArray: "ArrayType", kChan: "ChanType"}[k.t.kind]
	if name != "" {
		if dt := p.abiType(name); dt != nil && dt.kind == kStruct && len(dt.fields) > 0 && dt.fields[0].typ == base {
			return dt
		}
	}
	return base
}

// fillDescriptor sets the fields of the descriptor of t in cell (a value
// of the descriptor type dt) that vt models.
func (m *machine) fillDescriptor(cell *value, dt *rtype, t *rtype) {
	base := m.prog.abiType("Type")
	fields, typ := cell.elems(), dt
	if dt != base {
		fields, typ = fields[0].elems(), base
	}
	l := t.gcLayout()
	var tflag uint64
	if _, named := types.Unalias(t.t).(*types.Named); named {
		tflag |= 1 << 2 // TFlagNamed
	}
	if directIface(t) {
		tflag |= 1 << 5 // TFlagDirectIface
	}
	h := fnv.New32a()
	h.Write([]byte(t.str))
	set(fields, typ, "Size_", uintVal(uint64(l.size)))
	set(fields, typ, "PtrBytes", uintVal(uint64(ptrBytes(t))))
	set(fields, typ, "Hash", uintVal(uint64(h.Sum32())))
	set(fields, typ, "TFlag", uintVal(tflag))
	set(fields, typ, "Align_", uintVal(uint64(l.align)))
	set(fields, typ, "FieldAlign_", uintVal(uint64(l.align)))
	set(fields, typ, "Kind_", uintVal(uint64(t.kind)))
	if t.comparable {
		set(fields, typ, "Equal", m.equalFunc(t))
	}
	if dt == base {
		return
	}
	own := cell.elems()
	switch t.kind {
	case kMap:
		set(own, dt, "Key", m.firstWordLocked(typeWordKey{t: t.key}))
		set(own, dt, "Elem", m.firstWordLocked(typeWordKey{t: t.elem}))
		set(own, dt, "Hasher", m.hashFunc(t.key))
	case kPointer, kSlice, kChan:
		set(own, dt, "Elem", m.firstWordLocked(typeWordKey{t: t.elem}))
		if t.kind == kChan {
			set(own, dt, "Dir", intVal(int64(chanDir(t))))
		}
	case kArray:
		set(own, dt, "Elem", m.firstWordLocked(typeWordKey{t: t.elem}))
		set(own, dt, "Len", uintVal(uint64(t.len)))
	}
}

// set assigns v to the field name of the struct t whose cells are fs, if
// it has one.
func set(fs []value, t *rtype, name string, v value) {
	for i, f := range t.fields {
		if f.name == name {
			fs[i] = v
			return
		}
	}
}

// directIface reports whether gc stores a t in an interface's data word
// directly: a pointer, or a struct or array of one.
func directIface(t *rtype) bool {
	switch t.kind {
	case kPointer, kUnsafePointer, kMap, kChan, kFunc:
		return true
	}
	return t.aggregate && t.gcSize() == 8 && pointerLeaf(t)
}

// pointerLeaf reports whether the struct or array t of one word has a
// pointer as that word.
func pointerLeaf(t *rtype) bool {
	for t.aggregate {
		if t.kind == kArray {
			t = t.elem
			continue
		}
		var w *rtype
		for _, f := range t.fields {
			if f.typ.gcSize() > 0 {
				w = f.typ
			}
		}
		if w == nil {
			return false
		}
		t = w
	}
	return isPointerKind(t.kind) || t.kind == kMap || t.kind == kChan || t.kind == kFunc
}

// ptrBytes returns gc's PtrBytes of t: the length of its prefix that can
// hold pointers.
func ptrBytes(t *rtype) int64 {
	switch t.kind {
	case kPointer, kUnsafePointer, kMap, kChan, kFunc, kString:
		return 8
	case kSlice:
		return 8
	case kInterface:
		return 16
	case kArray:
		if t.len == 0 {
			return 0
		}
		if e := ptrBytes(t.elem); e > 0 {
			return int64(t.len-1)*t.gcLayout().esize + e
		}
	case kStruct:
		offs := t.gcLayout().offsets
		for j := len(t.fields) - 1; j >= 0; j-- {
			if e := ptrBytes(t.fields[j].typ); e > 0 {
				return offs[j] + e
			}
		}
	}
	return 0
}

// chanDir returns the direction of the channel type t as abi.ChanDir.
func chanDir(t *rtype) int {
	switch t.t.Underlying().(*types.Chan).Dir() {
	case types.RecvOnly:
		return 1
	case types.SendOnly:
		return 2
	}
	return 3
}

// equalFunc returns the descriptor's Equal function of t: it compares the
// values of type t its two unsafe.Pointers point to, as == does.
func (m *machine) equalFunc(t *rtype) value {
	name := fmt.Sprintf("internal/abi.Type.Equal[%s#%d]", t, t.id)
	f := m.prog.envFunc(name, 2, 0, func(m *machine, a []value) value {
		x, y := m.loadPointee(a[0], t), m.loadPointee(a[1], t)
		return boolVal(equal(x, y, t))
	})
	return value{r: &closure{fn: f}}
}

// hashFunc returns a map descriptor's Hasher for keys of type t: a hash of
// the key its unsafe.Pointer points to and a seed, equal for equal keys
// (and panicking like Go for a key of an unhashable dynamic type). It is
// a function of the key's value, the seed and the run (pointers hash by
// the order the run first hashed them), never of host addresses.
func (m *machine) hashFunc(t *rtype) value {
	name := fmt.Sprintf("internal/abi.MapType.Hasher[%s#%d]", t, t.id)
	f := m.prog.envFunc(name, 2, 0, func(m *machine, a []value) value {
		h := fnv.New64a()
		m.hashValue(h, m.loadPointee(a[0], t), t)
		return uintVal(mix64(h.Sum64() ^ a[1].n))
	})
	return value{r: &closure{fn: f}}
}

// hashWriter is what hashValue writes to.
type hashWriter interface {
	Write([]byte) (int, error)
}

// hashValue writes the identity of v, a value of type t, as a map key, to
// h.
func (m *machine) hashValue(h hashWriter, v value, t *rtype) {
	word := func(u uint64) {
		var b [8]byte
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		h.Write(b[:])
	}
	float := func(f float64) {
		switch {
		case f != f:
			word(m.nextRand()) // every NaN is a key of its own
		case f == 0:
			word(0)
		default:
			word(math.Float64bits(f))
		}
	}
	switch t.kind {
	case kString:
		s := v.str()
		word(uint64(len(s)))
		h.Write([]byte(s))
	case kFloat32, kFloat64:
		float(v.float())
	case kComplex64, kComplex128:
		c := v.complex()
		float(real(c))
		float(imag(c))
	case kInterface:
		i := v.iface()
		if i == nil {
			word(0)
			return
		}
		if !i.t.comparable {
			panic(runtimeError("hash of unhashable type " + i.t.String()))
		}
		h.Write([]byte(i.t.str))
		m.hashValue(h, i.v, i.t)
	case kStruct:
		es := v.elems()
		for j, f := range t.fields {
			if f.name != "_" {
				m.hashValue(h, es[j], f.typ)
			}
		}
	case kArray:
		if t.bytes {
			h.Write(v.bytes())
			return
		}
		if t.zeroLong {
			return
		}
		for _, e := range v.elems() {
			m.hashValue(h, e, t.elem)
		}
	case kPointer, kUnsafePointer, kChan:
		word(m.views().pointerID(v))
	default:
		word(v.n)
	}
}

// pointerID returns the number of the reference of the pointer v in the
// order the run first hashed references (0 for nil).
func (vs *viewState) pointerID(v value) uint64 {
	if v.r == nil {
		return 0
	}
	key := any(v.r)
	if mv, ok := v.r.(*memView); ok {
		key = mv.address()
	}
	if vs.ptrIDs == nil {
		vs.ptrIDs = map[any]uint64{}
	}
	id, ok := vs.ptrIDs[key]
	if !ok {
		id = uint64(len(vs.ptrIDs)) + 1
		vs.ptrIDs[key] = id
	}
	return id
}

// loadPointee returns the value of type t the unsafe.Pointer p points to.
func (m *machine) loadPointee(p value, t *rtype) value {
	fr, pos := m.modelFrame()
	return m.loadThrough(fr, m.convertPointer(p, t, nil), t, pos)
}

// abiFieldMethods are the methods of internal/abi.Type that read only the
// fields descriptors hold: they run from their Go bodies.
var abiFieldMethods = map[string]bool{
	"Kind": true, "HasName": true, "Pointers": true, "IsDirectIface": true, "Common": true,
	"Elem": true, "MapType": true, "Key": true, "Size": true, "Align": true, "FieldAlign": true,
	"Len": true, "ArrayType": true, "ChanDir": true,
}

// containerScans caches containerTargets by package.
var containerScans sync.Map // *types.Package → map[*types.TypeName]bool

// isContainer reports whether the struct type t is converted to, in its
// package, from an unsafe.Pointer: a pointer to its first field may be
// converted back to it (internal/sync's HashTrieMap keeps its nodes
// behind a pointer to their first field, a header). Taking the address of
// that field then records where it is (see noteContainer).
func (p *Program) isContainer(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Origin().Obj()
	if obj.Pkg() == nil {
		return false
	}
	return p.containerTargets(obj.Pkg())[obj]
}

// containerTargets returns the named types of pkg that its functions and
// methods convert an unsafe.Pointer to a pointer to.
func (p *Program) containerTargets(pkg *types.Package) map[*types.TypeName]bool {
	if v, ok := containerScans.Load(pkg); ok {
		return v.(map[*types.TypeName]bool)
	}
	out := map[*types.TypeName]bool{}
	if spkg := p.SSA.Package(pkg); spkg != nil {
		spkg.Build()
		var scan func(fn *ssa.Function)
		scan = func(fn *ssa.Function) {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					cv, ok := instr.(*ssa.Convert)
					if !ok || !isUnsafePointer(cv.X.Type()) {
						continue
					}
					if pt, ok := cv.Type().Underlying().(*types.Pointer); ok {
						if named, ok := types.Unalias(pt.Elem()).(*types.Named); ok {
							out[named.Origin().Obj()] = true
						}
					}
				}
			}
			for _, anon := range fn.AnonFuncs {
				scan(anon)
			}
		}
		for _, mem := range spkg.Members {
			switch mem := mem.(type) {
			case *ssa.Function:
				scan(mem)
			case *ssa.Type:
				named, ok := mem.Type().(*types.Named)
				if !ok {
					continue
				}
				for i := range named.NumMethods() {
					if fn := p.SSA.FuncValue(named.Method(i)); fn != nil {
						scan(fn)
					}
				}
			}
		}
	}
	v, _ := containerScans.LoadOrStore(pkg, out)
	return v.(map[*types.TypeName]bool)
}

// noteContainer records that the cell f is the first field of the struct
// of type t in the cell s, so that a pointer to f converts back to a
// pointer to s through unsafe.Pointer.
func (m *machine) noteContainer(s *value, t *rtype, f *value) {
	if t.gcLayout().size == 0 {
		return
	}
	m.views().origins[unsafe.Pointer(f)] = origin{cellsRoot(s, 1, t), 0}
}
