package interp

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// kind classifies a type's representation. The numbering is reflect.Kind's,
// so the reflect model can hand kinds out unchanged.
type kind uint8

const (
	kInvalid kind = iota
	kBool
	kInt
	kInt8
	kInt16
	kInt32
	kInt64
	kUint
	kUint8
	kUint16
	kUint32
	kUint64
	kUintptr
	kFloat32
	kFloat64
	kComplex64
	kComplex128
	kArray
	kChan
	kFunc
	kInterface
	kMap
	kPointer
	kSlice
	kString
	kStruct
	kUnsafePointer
	kTuple // not a reflect kind: multiple results
)

// rtype is the interpreter's run-time type: one per distinct Go type
// (types.Identical), so identity of *rtype is type identity.
type rtype struct {
	prog      *Program
	t         types.Type
	kind      kind
	aggregate bool // struct or array: copied by value
	// bytes: a slice or array of one-byte scalars (bool, int8, uint8),
	// whose value is a native []byte (see bytes.go).
	bytes      bool
	comparable bool
	// zeroElems: a slice or array of zero-size elements, whose value may
	// be a zeroSlice; zeroLong: such an array of zeroSliceMin or more
	// elements, whose value is always one.
	zeroElems, zeroLong bool
	elem                *rtype // pointer, slice, array, chan, map value
	key                 *rtype // map key
	len                 int    // array length
	fields              []field
	tuple               []*rtype // kTuple
	str                 string

	once    sync.Once
	methods map[string]*function // by types.Id; built lazily
	size    int64
	sizeSet bool
	// cells caches cellCount: cells+1 (0: not computed yet).
	cells atomic.Int64

	implMu sync.Mutex
	impl   map[*rtype]bool // interface satisfaction cache (this type implements key?)

	// id numbers the program's types from 1 (Program.typeByID): the
	// tags of unsafe pointers name their memory's type by it (memview.go).
	id uint32
	// layout caches gcLayout.
	layout atomic.Pointer[typeLayout]
	// ptrTo caches the type of pointers to this type (machine.ptrTo).
	ptrTo atomic.Pointer[rtype]
}

type field struct {
	name     string
	typ      *rtype
	embedded bool
	tag      string
	pkgPath  string // for unexported fields
}

func (t *rtype) String() string { return t.str }

// typeOf returns the canonical rtype of t.
func (p *Program) typeOf(t types.Type) *rtype {
	p.typesMu.Lock()
	defer p.typesMu.Unlock()
	return p.typeOfLocked(t)
}

func (p *Program) typeOfLocked(t types.Type) *rtype {
	if rt, ok := p.types.At(t).(*rtype); ok {
		return rt
	}
	rt := &rtype{prog: p, t: t}
	p.types.Set(t, rt)
	p.numberType(rt)
	rt.comparable = types.Comparable(t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		rt.kind = basicKind(u)
	case *types.Pointer:
		rt.kind = kPointer
		rt.elem = p.typeOfLocked(u.Elem())
	case *types.Slice:
		rt.kind = kSlice
		rt.elem = p.typeOfLocked(u.Elem())
		rt.bytes = isByteKind(rt.elem.kind)
		rt.zeroElems = gcSizes.Sizeof(u.Elem()) == 0
	case *types.Array:
		rt.kind = kArray
		rt.aggregate = true
		rt.len = int(u.Len())
		rt.elem = p.typeOfLocked(u.Elem())
		rt.bytes = isByteKind(rt.elem.kind)
		rt.zeroElems = gcSizes.Sizeof(u.Elem()) == 0
		rt.zeroLong = rt.zeroElems && u.Len() >= zeroSliceMin
	case *types.Chan:
		rt.kind = kChan
		rt.elem = p.typeOfLocked(u.Elem())
	case *types.Map:
		rt.kind = kMap
		rt.key = p.typeOfLocked(u.Key())
		rt.elem = p.typeOfLocked(u.Elem())
	case *types.Signature:
		rt.kind = kFunc
	case *types.Interface:
		rt.kind = kInterface
	case *types.Struct:
		rt.kind = kStruct
		rt.aggregate = true
		rt.fields = make([]field, u.NumFields())
		for i := range u.NumFields() {
			f := u.Field(i)
			fd := field{name: f.Name(), typ: p.typeOfLocked(f.Type()), embedded: f.Embedded(), tag: u.Tag(i)}
			if !f.Exported() && f.Pkg() != nil {
				fd.pkgPath = f.Pkg().Path()
			}
			rt.fields[i] = fd
		}
	case *types.Tuple:
		rt.kind = kTuple
		for i := range u.Len() {
			rt.tuple = append(rt.tuple, p.typeOfLocked(u.At(i).Type()))
		}
	default:
		panic(fmt.Sprintf("interp: unexpected type %T %v", u, t))
	}
	rt.str = typeString(t)
	return rt
}

func basicKind(b *types.Basic) kind {
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return kBool
	case types.Int, types.UntypedInt:
		return kInt
	case types.Int8:
		return kInt8
	case types.Int16:
		return kInt16
	case types.Int32, types.UntypedRune:
		return kInt32
	case types.Int64:
		return kInt64
	case types.Uint:
		return kUint
	case types.Uint8:
		return kUint8
	case types.Uint16:
		return kUint16
	case types.Uint32:
		return kUint32
	case types.Uint64:
		return kUint64
	case types.Uintptr:
		return kUintptr
	case types.Float32:
		return kFloat32
	case types.Float64, types.UntypedFloat:
		return kFloat64
	case types.Complex64:
		return kComplex64
	case types.Complex128, types.UntypedComplex:
		return kComplex128
	case types.String, types.UntypedString:
		return kString
	case types.UnsafePointer:
		return kUnsafePointer
	case types.UntypedNil:
		return kUnsafePointer
	}
	return kInvalid
}

var kindNames = [...]string{
	kBool: "bool", kInt: "int", kInt8: "int8", kInt16: "int16", kInt32: "int32", kInt64: "int64",
	kUint: "uint", kUint8: "uint8", kUint16: "uint16", kUint32: "uint32", kUint64: "uint64", kUintptr: "uintptr",
	kFloat32: "float32", kFloat64: "float64", kComplex64: "complex64", kComplex128: "complex128",
	kString: "string", kUnsafePointer: "unsafe.Pointer",
}

// typeString formats t as Go's runtime does (reflect.Type.String, %T).
func typeString(t types.Type) string {
	var sb strings.Builder
	writeType(&sb, t)
	return sb.String()
}

func writeType(sb *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		writeType(sb, types.Unalias(t))
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil {
			sb.WriteString(obj.Pkg().Name())
			sb.WriteByte('.')
		}
		sb.WriteString(obj.Name())
		if ta := t.TypeArgs(); ta != nil && ta.Len() > 0 {
			sb.WriteByte('[')
			for i := range ta.Len() {
				if i > 0 {
					sb.WriteByte(',')
				}
				writeType(sb, ta.At(i))
			}
			sb.WriteByte(']')
		}
	case *types.Basic:
		k := basicKind(t)
		if int(k) < len(kindNames) && kindNames[k] != "" {
			sb.WriteString(kindNames[k])
		} else {
			sb.WriteString(t.Name())
		}
	case *types.Pointer:
		sb.WriteByte('*')
		writeType(sb, t.Elem())
	case *types.Slice:
		sb.WriteString("[]")
		writeType(sb, t.Elem())
	case *types.Array:
		sb.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		writeType(sb, t.Elem())
	case *types.Map:
		sb.WriteString("map[")
		writeType(sb, t.Key())
		sb.WriteByte(']')
		writeType(sb, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			sb.WriteString("chan ")
			if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
				sb.WriteByte('(')
				writeType(sb, c)
				sb.WriteByte(')')
				return
			}
		case types.SendOnly:
			sb.WriteString("chan<- ")
		case types.RecvOnly:
			sb.WriteString("<-chan ")
		}
		writeType(sb, t.Elem())
	case *types.Signature:
		sb.WriteString("func")
		writeSig(sb, t)
	case *types.Interface:
		if t.NumMethods() == 0 {
			if t.NumEmbeddeds() > 0 && !t.IsMethodSet() {
				sb.WriteString(types.TypeString(t, func(p *types.Package) string { return p.Name() }))
				return
			}
			sb.WriteString("interface {}")
			return
		}
		sb.WriteString("interface { ")
		for i := range t.NumMethods() {
			if i > 0 {
				sb.WriteString("; ")
			}
			m := t.Method(i)
			if !m.Exported() && m.Pkg() != nil {
				sb.WriteString(m.Pkg().Name() + ".")
			}
			sb.WriteString(m.Name())
			writeSig(sb, m.Type().(*types.Signature))
		}
		sb.WriteString(" }")
	case *types.Struct:
		if t.NumFields() == 0 {
			sb.WriteString("struct {}")
			return
		}
		sb.WriteString("struct { ")
		for i := range t.NumFields() {
			if i > 0 {
				sb.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				sb.WriteString(f.Name())
				sb.WriteByte(' ')
			}
			writeType(sb, f.Type())
			if tag := t.Tag(i); tag != "" {
				sb.WriteString(" " + strconv.Quote(tag))
			}
		}
		sb.WriteString(" }")
	case *types.Tuple:
		sb.WriteByte('(')
		for i := range t.Len() {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeType(sb, t.At(i).Type())
		}
		sb.WriteByte(')')
	default:
		sb.WriteString(t.String())
	}
}

func writeSig(sb *strings.Builder, s *types.Signature) {
	sb.WriteByte('(')
	for i := range s.Params().Len() {
		if i > 0 {
			sb.WriteString(", ")
		}
		pt := s.Params().At(i).Type()
		if s.Variadic() && i == s.Params().Len()-1 {
			sb.WriteString("...")
			pt = pt.(*types.Slice).Elem()
		}
		writeType(sb, pt)
	}
	sb.WriteByte(')')
	switch r := s.Results(); r.Len() {
	case 0:
	case 1:
		sb.WriteByte(' ')
		writeType(sb, r.At(0).Type())
	default:
		sb.WriteByte(' ')
		writeType(sb, r)
	}
}

// sizeof returns the size of t in bytes on the gc amd64 target; append's
// growth uses it so that capacities match the compiled program's.
func (t *rtype) sizeof() int64 {
	t.prog.typesMu.Lock()
	defer t.prog.typesMu.Unlock()
	if !t.sizeSet {
		t.size = gcSizes.Sizeof(t.t)
		t.sizeSet = true
	}
	return t.size
}

var gcSizes = types.SizesFor("gc", "amd64")

// method returns the concrete method of t with the given id (types.Id), or
// nil.
func (t *rtype) method(id string) *function {
	t.once.Do(func() {
		p := t.prog
		t.methods = map[string]*function{}
		mset := p.SSA.MethodSets.MethodSet(t.t)
		for i := range mset.Len() {
			sel := mset.At(i)
			if fn := p.SSA.MethodValue(sel); fn != nil {
				t.methods[sel.Obj().Id()] = p.funcOf(fn)
			}
		}
	})
	return t.methods[id]
}

// implements reports whether t (a concrete type) implements interface it.
func (t *rtype) implements(it *rtype) bool {
	t.implMu.Lock()
	defer t.implMu.Unlock()
	if ok, found := t.impl[it]; found {
		return ok
	}
	ok := types.Implements(t.t, it.t.Underlying().(*types.Interface))
	if t.impl == nil {
		t.impl = map[*rtype]bool{}
	}
	t.impl[it] = ok
	return ok
}

// newFunction registers a function the interpreter makes itself (a thunk
// of a go or defer statement of a builtin, a synthetic method, a reflect
// closure). Every function has its own id: ids index the per-run tables
// (recycled frames, register templates), so a function without one would
// share another's frames and run its code.
func (p *Program) newFunction(name string) *function {
	p.funcsMu.Lock()
	defer p.funcsMu.Unlock()
	f := &function{prog: p, name: name, id: len(p.funcList), recoverPC: -1}
	p.funcList = append(p.funcList, f)
	return f
}

// funcOf returns the interpreter's function for fn (compiled on first call).
func (p *Program) funcOf(fn *ssa.Function) *function {
	p.funcsMu.Lock()
	defer p.funcsMu.Unlock()
	if f, ok := p.funcs[fn]; ok {
		return f
	}
	f := &function{prog: p, ssa: fn, id: len(p.funcList), name: fn.String()}
	p.funcs[fn] = f
	p.funcList = append(p.funcList, f)
	return f
}
