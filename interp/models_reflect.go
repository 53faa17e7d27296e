package interp

import (
	"go/token"
	"go/types"
	"sort"
	"sync"
	"unsafe"

	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp/models/reflectmodel"
)

// The models of packages reflect and internal/reflectlite that are still
// the interpreter's: channels, method values, iterators, Swapper, MapIter,
// Append, Copy, Grow, DeepEqual, Pointer and UnsafePointer. Package
// interp/models/reflectmodel has the others, behind the models' API, over
// the same encoding of Types and Values (its value.go):
//
// A reflect.Type is an interface value whose dynamic type is the real
// *reflect.rtype (internal/reflectlite.rtype, a one-field struct, for
// reflectlite) and whose value holds the interpreter's canonical *rtype in
// its r field (the type's descriptor, modelapi.Reflection); so == on
// Types is type identity. Interpreted code never looks inside it: every
// method of the real rtype is a model (reflectmodel's).
//
// A reflect.Value is the real struct (typ_, ptr, flag) with our encoding:
// field 0 holds the *rtype (nil for the zero Value), field 1 the *value
// cell holding the value (the variable itself for addressable Values, a
// private copy otherwise) and field 2 flag bits laid out as reflect's
// (kind in the low five bits, so a valid Value's flag is never 0).
//
// Functions of both packages that are not modeled here, and are not known
// to be safe to run from source over this encoding, are refused with an
// UnsupportedError instead of being interpreted over values they cannot
// understand.

const (
	pkgReflect = "reflect"
	pkgLite    = "internal/reflectlite"
)

const (
	flagKindMask = 1<<5 - 1
	flagStickyRO = 1 << 5
	flagEmbedRO  = 1 << 6
	flagAddr     = 1 << 8
	flagRO       = flagStickyRO | flagEmbedRO
)

// rval is a decoded reflect.Value. Its value is in the cell p, or, for an
// element of a byte array, in the byte cell pb.
type rval struct {
	t  *rtype
	p  *value
	f  uint64
	pb *byte
}

func decodeValue(v value) rval {
	e := v.elems()
	if len(e) < 3 {
		return rval{}
	}
	t, _ := e[0].r.(*rtype)
	if t == nil {
		return rval{}
	}
	switch p := e[1].r.(type) {
	case *byte:
		return rval{t: t, f: e[2].n, pb: p}
	case *value:
		return rval{t: t, p: p, f: e[2].n}
	}
	return rval{t: t, f: e[2].n}
}

// cell returns the pointer value of x's cell.
func (x rval) cell() value {
	if x.pb != nil {
		return value{r: x.pb}
	}
	return value{r: x.p}
}

func (x rval) encode() value {
	if x.t == nil {
		return value{r: []value{{}, {}, {}}}
	}
	return value{r: []value{{r: x.t}, x.cell(), {n: x.f}}}
}

// newRval returns a non-addressable Value holding v (not copied).
func newRval(t *rtype, v value, extra uint64) rval {
	cell := new(value)
	*cell = v
	return rval{t: t, p: cell, f: uint64(t.kind) | extra}
}

// rread reports the running model's read of x's value when x is
// addressable: the program's memory (the cell of any other Value is a
// private copy, which nothing else accesses).
func (m *machine) rread(x rval) {
	if x.f&flagAddr != 0 {
		if x.pb != nil {
			m.modelAccessBytes(EvRead, unsafe.Slice(x.pb, 1))
			return
		}
		m.modelAccessValue(EvRead, x.p, x.t)
	}
}

// rwrite reports the running model's write of x's value (x is
// addressable: only such Values can be set).
func (m *machine) rwrite(x rval) {
	if x.f&flagAddr != 0 {
		if x.pb != nil {
			m.modelAccessBytes(EvWrite, unsafe.Slice(x.pb, 1))
			return
		}
		m.modelAccessValue(EvWrite, x.p, x.t)
	}
}

// rset assigns the scalar v to x's cell, logging the write.
func (m *machine) rset(x rval, v value) {
	if x.pb != nil {
		m.setByte(x.pb, byte(v.n))
		return
	}
	m.set(x.p, v)
}

// rstore assigns v to x's cell (see machine.store).
func (m *machine) rstore(x rval, v value) {
	if x.pb != nil {
		m.setByte(x.pb, byte(v.n))
		return
	}
	m.store(x.p, v, x.t)
}

func (x rval) get() value {
	if x.pb != nil {
		return byteVal(*x.pb, x.t.kind)
	}
	if x.p == nil {
		return value{}
	}
	return *x.p
}

func (x rval) kind() kind {
	if x.t == nil {
		return kInvalid
	}
	return x.t.kind
}

// --- per-program lookups ---

type reflectInfo struct {
	mu    sync.Mutex
	types map[pkgTypeKey]*rtype
	funcs map[string]*function
}

var reflectInfos sync.Map // *Program → *reflectInfo

func (p *Program) reflectInfo() *reflectInfo {
	if ri, ok := reflectInfos.Load(p); ok {
		return ri.(*reflectInfo)
	}
	ri, _ := reflectInfos.LoadOrStore(p, &reflectInfo{types: map[pkgTypeKey]*rtype{}, funcs: map[string]*function{}})
	return ri.(*reflectInfo)
}

// pkgType returns the rtype of the named type pkg.name (of a pointer to
// it if ptr), of the binary the machine runs (pkgscope.go).
func (m *machine) pkgType(pkg, name string, ptr bool) *rtype {
	sp := m.pkg(pkg)
	if sp == nil {
		panic(&UnsupportedError{What: "reflect model: package " + pkg + " is not loaded"})
	}
	ri := m.prog.reflectInfo()
	key := pkgTypeKey{sp, name, ptr}
	ri.mu.Lock()
	t := ri.types[key]
	ri.mu.Unlock()
	if t != nil {
		return t
	}
	obj := sp.Pkg.Scope().Lookup(name)
	if obj == nil {
		panic(&UnsupportedError{What: "reflect model: no type " + pkg + "." + name})
	}
	tt := obj.Type()
	if ptr {
		tt = types.NewPointer(tt)
	}
	t = m.prog.typeOf(tt)
	ri.mu.Lock()
	ri.types[key] = t
	ri.mu.Unlock()
	return t
}

// pkgTypeKey names a type of pkgType: a package variant (pkgscope.go),
// the name, and whether a pointer to it.
type pkgTypeKey struct {
	pkg  *ssa.Package
	name string
	ptr  bool
}

// envFunc returns the program's function name, which calls nat with its
// nparams parameters followed by nenv closure variables.
func (p *Program) envFunc(name string, nparams, nenv int, nat nativeFn) *function {
	ri := p.reflectInfo()
	ri.mu.Lock()
	defer ri.mu.Unlock()
	if f := ri.funcs[name]; f != nil {
		return f
	}
	f := p.newFunction(name)
	c := &compiler{prog: p, fn: f}
	regs := make([]int, nparams+nenv)
	for i := range regs {
		regs[i] = c.newReg()
	}
	f.nparams = nparams
	res := c.newReg()
	tmp := &function{prog: p, name: name, control: model{native: nat}.ownAccesses().withMemCtl(name), recoverPC: -1}
	c.code = append(c.code, c.nativeCall(tmp, regs, res, token.NoPos), func(fr *frame) *frame {
		return fr.ret(fr.regs[res])
	})
	c.pos = []token.Pos{token.NoPos, token.NoPos}
	f.code, f.pos, f.template = c.code, c.pos, c.tmpl
	f.ready.Store(true)
	ri.funcs[name] = f
	return f
}

func (m *machine) rpanic(msg string) {
	panic(&panicValue{m.anyString(msg)})
}

// valueError panics with a *ValueError of package pk.
func (m *machine) valueError(pk, method string, k kind) {
	vt := m.pkgType(pk, "ValueError", false)
	cell := zero(vt)
	es := cell.elems()
	es[fieldIndex(vt.t, "Method")] = strVal(method)
	es[fieldIndex(vt.t, "Kind")] = value{n: uint64(k)}
	panic(&panicValue{value{r: &iface{t: m.pkgType(pk, "ValueError", true), v: value{r: &cell}}}})
}

func (m *machine) mustBe(pk string, x rval, k kind, method string) {
	if x.kind() != k {
		m.valueError(pk, "reflect.Value."+method, x.kind())
	}
}

func (m *machine) mustBeAssignable(x rval, method string) {
	if x.t == nil {
		m.valueError(pkgReflect, "reflect.Value."+method, kInvalid)
	}
	if x.f&flagRO != 0 {
		m.rpanic("reflect: reflect.Value." + method + " using value obtained using unexported field")
	}
	if x.f&flagAddr == 0 {
		m.rpanic("reflect: reflect.Value." + method + " using unaddressable value")
	}
}

func (m *machine) mustBeExported(x rval, method string) {
	if x.t == nil {
		m.valueError(pkgReflect, "reflect.Value."+method, kInvalid)
	}
	if x.f&flagRO != 0 {
		m.rpanic("reflect: reflect.Value." + method + " using value obtained using unexported field")
	}
}

// ptrTo returns the type of pointers to t.
func (m *machine) ptrTo(t *rtype) *rtype {
	if p := t.ptrTo.Load(); p != nil {
		return p
	}
	p := m.prog.typeOf(types.NewPointer(t.t))
	t.ptrTo.Store(p)
	return p
}

// --- registration ---

type valueMethod func(m *machine, pk string, x rval, args []value) value

// reflectFallback refuses the functions of reflect and
// internal/reflectlite that have no model, except those in interpretable.
func reflectFallback(fn *ssa.Function) nativeFn {
	name := fn.String()
	if fn.Pkg == nil || fn.Synthetic != "" {
		return nil
	}
	path := fn.Pkg.Pkg.Path()
	if path != pkgReflect && path != pkgLite {
		return nil
	}
	for f := fn; f != nil; f = f.Parent() {
		if interpretable[f.String()] != "" || f.Origin() != nil && interpretable[f.Origin().String()] != "" {
			return nil
		}
	}
	return refuseNative(name)
}

func refuseNative(name string) nativeFn {
	return func(*machine, []value) value {
		panic(&UnsupportedError{What: "call of " + name + ": the reflect model does not support it"})
	}
}

const whyReflect = "reflect is modeled over interpreter values"

// whyTypes is the memory declaration of the models of reflect's type
// descriptors: they are immutable.
const whyTypes = "type descriptors are immutable"

// reflectModels are the models of package reflect that are still the
// interpreter's: the methods of Value of valueMethods, and the package's
// functions over lengths, maps, channels and calls.
var reflectModels = reflectTable(pkgReflect, modelTable{
	"(reflect.Value).Recv":    control(whyReflect, reflectRecv(true)).ownAccesses(),
	"(reflect.Value).TryRecv": control(whyReflect, reflectRecv(false)).ownAccesses(),
	"(reflect.Value).Send":    control(whyReflect, reflectSend(true)).ownAccesses(),
	"(reflect.Value).TrySend": control(whyReflect, reflectSend(false)).ownAccesses(),
	"(reflect.Value).Close":   control(whyReflect, reflectClose).ownAccesses(),
	"reflect.DeepEqual": native(whyReflect, func(m *machine, args []value) value {
		a, b := args[0].iface(), args[1].iface()
		if a == nil || b == nil {
			return boolVal(a == b)
		}
		if a.t != b.t {
			return boolVal(false)
		}
		return boolVal(m.deepEqual(a.v, b.v, a.t, map[deepVisit]bool{}))
	}).ownAccesses(),
	"reflect.Append": native(whyReflect, func(m *machine, args []value) value {
		s := decodeValue(args[0])
		m.mustBe(pkgReflect, s, kSlice, "Append")
		var add []value
		for _, xv := range args[1].elems() {
			add = append(add, m.assignTo(decodeValue(xv), s.t.elem, "reflect.Append"))
		}
		m.rread(s)
		fr, pos := m.modelFrame()
		if s.t.bytes {
			b := make([]byte, len(add))
			for i, v := range add {
				b[i] = byte(v.n)
			}
			return newRval(s.t, bytesSlice(m.appendBytes(fr, s.get().bytes(), b, s.t.elem, false, OpModel, pos)), 0).encode()
		}
		return newRval(s.t, value{r: m.appendValues(fr, s.get().elems(), add, s.t.elem, false, OpModel, pos)}, 0).encode()
	}).ownAccesses(),
	"reflect.AppendSlice": native(whyReflect, func(m *machine, args []value) value {
		s, t := decodeValue(args[0]), decodeValue(args[1])
		m.mustBe(pkgReflect, s, kSlice, "AppendSlice")
		m.mustBe(pkgReflect, t, kSlice, "AppendSlice")
		if s.t.elem != t.t.elem {
			m.rpanic("reflect.AppendSlice: " + s.t.str + " != " + t.t.str)
		}
		m.rread(s)
		m.rread(t)
		fr, pos := m.modelFrame()
		if s.t.bytes {
			return newRval(s.t, bytesSlice(m.appendBytes(fr, s.get().bytes(), t.get().bytes(), s.t.elem, true, OpModel, pos)), 0).encode()
		}
		return newRval(s.t, value{r: m.appendValues(fr, s.get().elems(), t.get().elems(), s.t.elem, true, OpModel, pos)}, 0).encode()
	}).ownAccesses(),
	"reflect.Copy": native(whyReflect, func(m *machine, args []value) value {
		d, s := decodeValue(args[0]), decodeValue(args[1])
		if d.t != nil && d.t.bytes {
			return m.reflectCopyBytes(d, s)
		}
		var dst, src []value
		switch d.kind() {
		case kSlice:
			m.rread(d)
			dst = d.get().elems()
		case kArray:
			m.mustBeAssignable(d, "Copy")
			dst = d.get().elems()
		default:
			m.valueError(pkgReflect, "reflect.Copy", d.kind())
		}
		m.mustBeExported(s, "Copy")
		fromString := false
		switch s.kind() {
		case kSlice, kArray:
			if s.kind() == kSlice {
				m.rread(s)
			}
			src = s.get().elems()
		case kString:
			m.rread(s)
			src = bytesVal(s.get().str()).elems()
			fromString = true
		default:
			m.valueError(pkgReflect, "reflect.Copy", s.kind())
		}
		n := min(len(dst), len(src))
		if !fromString && (s.kind() == kSlice || s.f&flagAddr != 0) {
			m.modelAccessElems(EvRead, src[:n], d.t.elem)
		}
		if d.kind() == kSlice || d.f&flagAddr != 0 {
			m.modelAccessElems(EvWrite, dst[:n], d.t.elem)
		}
		return intVal(int64(m.copyValues(dst, src, d.t.elem)))
	}).ownAccesses(),
	"(*reflect.MapIter).Next": native(whyReflect, func(m *machine, args []value) value {
		st, _ := m.mapIterState(args[0])
		if st.done {
			m.rpanic("MapIter.Next called on an iterator that does not have an associated map Value")
		}
		if st.it == nil {
			mo, _ := st.m.get().r.(*mapObj)
			st.it = mo.iter(m)
		}
		m.modelAccessMap(EvRead, st.it.m)
		k, v, ok := st.it.next()
		st.k, st.v, st.ok, st.done = k, v, ok, !ok
		return boolVal(ok)
	}).ownAccesses(),
	"(*reflect.MapIter).Key": native(whyReflect, func(m *machine, args []value) value {
		st, _ := m.mapIterState(args[0])
		if !st.ok {
			m.rpanic("MapIter.Key called before Next")
		}
		kt := st.m.t.key
		return newRval(kt, copyVal(st.k, kt), st.m.f&flagRO).encode()
	}).noMemory(whyIterState),
	"(*reflect.MapIter).Value": native(whyReflect, func(m *machine, args []value) value {
		st, _ := m.mapIterState(args[0])
		if !st.ok {
			m.rpanic("MapIter.Value called before Next")
		}
		et := st.m.t.elem
		return newRval(et, copyVal(st.v, et), st.m.f&flagRO).encode()
	}).noMemory(whyIterState),
	"(*reflect.MapIter).Reset": native(whyReflect, func(m *machine, args []value) value {
		_, cell := m.mapIterState(args[0])
		es := args[0].ptr().elems()
		es[0] = args[1]
		delete(m.syncObjs, cell)
		return value{}
	}).noMemory(whyIterState),
}, nil)

// whyIterState is the memory declaration of MapIter's methods but Next:
// they use the iterator's own state, which reflect allocated.
const whyIterState = "the iterator's state, which reflect allocated (Next reads the map)"

// reflectliteModels are the models of package internal/reflectlite, a
// subset of reflect's.
var reflectliteModels = reflectTable(pkgLite, modelTable{}, reflectmodel.LiteOnly)

// reflectTable returns the models of reflect or internal/reflectlite (pk)
// that are still the interpreter's (package reflectmodel has the rest):
// funcs, the Value methods of valueMethods (those only reports, if not
// nil), and Swapper.
func reflectTable(pk string, funcs modelTable, only func(name string) bool) modelTable {
	for name, f := range valueMethods {
		if only != nil && !only("Value."+name) {
			continue
		}
		funcs["("+pk+".Value)."+name] = native(whyReflect, func(m *machine, args []value) value {
			return f(m, pk, decodeValue(args[0]), args[1:])
		}).ownAccesses()
	}
	funcs[pk+".Swapper"] = native(whyReflect, func(m *machine, args []value) value {
		return m.swapper(pk, args[0])
	}).noMemory("returns the swap function, which reports its own accesses")
	return funcs
}

// --- MapIter ---

type mapIterState struct {
	m        rval
	it       *mapIter
	k, v     value
	ok, done bool
}

// mapIterState returns the iteration state of the *MapIter it, kept in a
// side table keyed by its hiter cell.
func (m *machine) mapIterState(it value) (*mapIterState, *value) {
	p := it.ptr()
	if p == nil {
		panic(nilDeref)
	}
	es := p.elems()
	cell := &es[1]
	st := m.syncState(cell, func() any { return &mapIterState{} }).(*mapIterState)
	if st.it == nil && !st.done {
		st.m = decodeValue(es[0])
		if st.m.t == nil {
			m.rpanic("MapIter.Next called on an iterator that does not have an associated map Value")
		}
	}
	return st, cell
}

// reflectCopyBytes is reflect.Copy into a byte slice or array d.
func (m *machine) reflectCopyBytes(d, s rval) value {
	var dst, src []byte
	switch d.kind() {
	case kSlice:
		m.rread(d)
	case kArray:
		m.mustBeAssignable(d, "Copy")
	default:
		m.valueError(pkgReflect, "reflect.Copy", d.kind())
	}
	dst = d.get().bytes()
	m.mustBeExported(s, "Copy")
	fromString := false
	switch s.kind() {
	case kSlice, kArray:
		if s.kind() == kSlice {
			m.rread(s)
		}
		src = s.get().bytes()
	case kString:
		m.rread(s)
		src = []byte(s.get().str())
		fromString = true
	default:
		m.valueError(pkgReflect, "reflect.Copy", s.kind())
	}
	n := min(len(dst), len(src))
	if !fromString && (s.kind() == kSlice || s.f&flagAddr != 0) {
		m.modelAccessBytes(EvRead, src[:n])
	}
	if d.kind() == kSlice || d.f&flagAddr != 0 {
		m.modelAccessBytes(EvWrite, dst[:n])
	}
	return intVal(int64(m.setBytes(dst, src)))
}

// --- Swapper ---

func (m *machine) swapper(pk string, x value) value {
	i := x.iface()
	if i == nil || i.t.kind != kSlice {
		k := kInvalid
		if i != nil {
			k = i.t.kind
		}
		m.valueError(pk, "Swapper", k)
	}
	fn := m.prog.envFunc(pk+".Swapper.func1", 2, 2, func(m *machine, args []value) value {
		if b, ok := args[2].unflat().([]byte); ok {
			a, c := int(args[0].n), int(args[1].n)
			if uint(a) >= uint(len(b)) || uint(c) >= uint(len(b)) {
				m.rpanic("reflect: slice index out of range")
			}
			m.modelAccessBytes(EvRead, b[a:a+1])
			m.modelAccessBytes(EvRead, b[c:c+1])
			m.modelAccessBytes(EvWrite, b[a:a+1])
			m.modelAccessBytes(EvWrite, b[c:c+1])
			va, vc := b[a], b[c]
			m.setByte(&b[a], vc)
			m.setByte(&b[c], va)
			return value{}
		}
		s := args[2].elems()
		et, _ := args[3].r.(*rtype)
		a, b := int(args[0].n), int(args[1].n)
		if uint(a) >= uint(len(s)) || uint(b) >= uint(len(s)) {
			m.rpanic("reflect: slice index out of range")
		}
		m.modelAccessValue(EvRead, &s[a], et)
		m.modelAccessValue(EvRead, &s[b], et)
		m.modelAccessValue(EvWrite, &s[a], et)
		m.modelAccessValue(EvWrite, &s[b], et)
		if et.aggregate {
			va, vb := copyVal(s[a], et), copyVal(s[b], et)
			m.store(&s[a], vb, et)
			m.store(&s[b], va, et)
		} else {
			va, vb := s[a], s[b]
			m.set(&s[a], vb)
			m.set(&s[b], va)
		}
		return value{}
	})
	return value{r: &closure{fn: fn, env: []value{i.v, {r: i.t.elem}}}}
}

// --- helpers over values ---

// assignTo returns x's value converted for storage in a variable of type
// t, panicking like reflect when x is not assignable to t or was
// obtained through an unexported field (Set, SetMapIndex, Send, Append
// and calls must not let it leak).
func (m *machine) assignTo(x rval, t *rtype, context string) value {
	m.mustBeExported(x, "Set")
	return m.convertTo(x, t, context)
}

// convertTo is assignTo for a value that is only read, not stored where
// the program can reach it (MapIndex's key): one obtained through an
// unexported field is fine, as in reflect.
func (m *machine) convertTo(x rval, t *rtype, context string) value {
	if x.t == nil {
		m.valueError(pkgReflect, "reflect.Value.Set", kInvalid)
	}
	m.rread(x)
	if x.t != t && !types.AssignableTo(x.t.t, t.t) {
		m.rpanic(context + ": value of type " + x.t.str + " is not assignable to type " + t.str)
	}
	v := x.get()
	if t.kind == kInterface && x.t.kind != kInterface {
		return value{r: &iface{t: x.t, v: copyVal(v, x.t)}}
	}
	return copyVal(v, t)
}

// reflectPointer returns the pointer a Value of a pointer kind holds, as
// an unsafe.Pointer tagged with its pointee's type (memview.go).
func reflectPointer(m *machine, x rval) value {
	v := x.get()
	if x.kind() == kPointer {
		return m.tagPointer(v, x.t.elem, -1)
	}
	return v
}

// pointerOf returns the address a Value of kind k holding v reports.
func pointerOf(v value, k kind) uintptr {
	switch r := v.unflat().(type) {
	case nil:
		return 0
	case *value:
		return uintptr(unsafe.Pointer(r))
	case []value:
		if cap(r) == 0 {
			return uintptr(unsafe.Pointer(&zeroBase))
		}
		return uintptr(unsafe.Pointer(&r[:1][0]))
	case []byte:
		if cap(r) == 0 {
			return uintptr(unsafe.Pointer(&zeroBase))
		}
		return uintptr(unsafe.Pointer(&r[:1][0]))
	case intPointer:
		return uintptr(r)
	case *memView:
		return r.address()
	default:
		return dataWord(r)
	}
}

var zeroBase value

type deepVisit struct {
	a, b any
	t    *rtype
}

// deepEqual implements reflect.DeepEqual for values a and b of type t.
// It reports the reads of the program's memory it makes through pointers,
// slices and maps.
func (m *machine) deepEqual(a, b value, t *rtype, seen map[deepVisit]bool) bool {
	switch t.kind {
	case kArray:
		if t.bytes {
			return string(a.bytes()) == string(b.bytes())
		}
		ae, be := a.elems(), b.elems()
		for i := range ae {
			if !m.deepEqual(ae[i], be[i], t.elem, seen) {
				return false
			}
		}
		return true
	case kSlice:
		if t.bytes {
			ab, bb := a.bytes(), b.bytes()
			if (ab == nil) != (bb == nil) || len(ab) != len(bb) {
				return false
			}
			if len(ab) == 0 || &ab[0] == &bb[0] {
				return true
			}
			m.modelAccessBytes(EvRead, ab)
			m.modelAccessBytes(EvRead, bb)
			return string(ab) == string(bb)
		}
		ae, be := a.elems(), b.elems()
		if (ae == nil) != (be == nil) || len(ae) != len(be) {
			return false
		}
		if len(ae) == 0 || &ae[0] == &be[0] {
			return true
		}
		m.modelAccessElems(EvRead, ae, t.elem)
		m.modelAccessElems(EvRead, be, t.elem)
		k := deepVisit{&ae[0], &be[0], t}
		if seen[k] {
			return true
		}
		seen[k] = true
		for i := range ae {
			if !m.deepEqual(ae[i], be[i], t.elem, seen) {
				return false
			}
		}
		return true
	case kInterface:
		ai, bi := a.iface(), b.iface()
		if ai == nil || bi == nil {
			return ai == bi
		}
		if ai.t != bi.t {
			return false
		}
		return m.deepEqual(ai.v, bi.v, ai.t, seen)
	case kPointer:
		if a.r == b.r {
			return true
		}
		if isByteKind(t.elem.kind) {
			if a.r == nil || b.r == nil {
				return false
			}
			ba, bb := ptrAddr(a), ptrAddr(b)
			m.modelAccessValueAt(EvRead, ba)
			m.modelAccessValueAt(EvRead, bb)
			return loadPtr(a, t.elem).n == loadPtr(b, t.elem).n
		}
		pa, pb := a.ptr(), b.ptr()
		if pa == nil || pb == nil {
			return false
		}
		k := deepVisit{pa, pb, t}
		if seen[k] {
			return true
		}
		seen[k] = true
		m.modelAccessValue(EvRead, pa, t.elem)
		m.modelAccessValue(EvRead, pb, t.elem)
		return m.deepEqual(*pa, *pb, t.elem, seen)
	case kStruct:
		ae, be := a.elems(), b.elems()
		for i, f := range t.fields {
			if !m.deepEqual(ae[i], be[i], f.typ, seen) {
				return false
			}
		}
		return true
	case kMap:
		ma, _ := a.r.(*mapObj)
		mb, _ := b.r.(*mapObj)
		if (ma == nil) != (mb == nil) || ma.len() != mb.len() {
			return false
		}
		if ma == mb {
			return true
		}
		k := deepVisit{ma, mb, t}
		if seen[k] {
			return true
		}
		seen[k] = true
		m.modelAccessMap(EvRead, ma)
		m.modelAccessMap(EvRead, mb)
		for _, e := range ma.entries {
			if e.dead {
				continue
			}
			if _, live := ma.index.get(e.hk); !live {
				continue
			}
			v2, ok := mb.get(e.k)
			if !ok || !m.deepEqual(e.v, v2, t.elem, seen) {
				return false
			}
		}
		return true
	case kFunc:
		return a.r == nil && b.r == nil
	}
	return equal(a, b, t)
}

// --- struct fields and methods of types ---

type methodInfo struct {
	name, pkgPath string
	sig           *types.Signature
	fn            *function
}

// methodsOf lists t's methods as reflect numbers them: exported methods
// sorted by name, or all methods of an interface type.
func methodsOf(t *rtype) []methodInfo {
	var ms []methodInfo
	if it, ok := t.t.Underlying().(*types.Interface); ok {
		for i := range it.NumMethods() {
			f := it.Method(i)
			mi := methodInfo{name: f.Name(), sig: f.Type().(*types.Signature)}
			if !f.Exported() && f.Pkg() != nil {
				mi.pkgPath = reflectPkgPath(f.Pkg())
			}
			ms = append(ms, mi)
		}
	} else {
		mset := t.prog.SSA.MethodSets.MethodSet(t.t)
		for i := range mset.Len() {
			sel := mset.At(i)
			if !sel.Obj().Exported() {
				continue
			}
			sig := sel.Type().(*types.Signature)
			ms = append(ms, methodInfo{name: sel.Obj().Name(), sig: sig, fn: t.method(sel.Obj().Id())})
		}
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].name < ms[j].name })
	return ms
}

// reflectPkgPath is the import path reflect reports for pkg: "main" for
// the main package, whatever its module path.
func reflectPkgPath(pkg *types.Package) string {
	if pkg.Name() == "main" {
		return "main"
	}
	return pkg.Path()
}

// --- Type methods ---

// --- Value methods ---

// valueMethods are the models of reflect.Value's methods (and
// reflectlite.Value's) that are still the interpreter's, by name.
var valueMethods = map[string]valueMethod{
	"Seq":  func(m *machine, pk string, x rval, a []value) value { return m.reflectSeq(x, 1) },
	"Seq2": func(m *machine, pk string, x rval, a []value) value { return m.reflectSeq(x, 2) },
	"Grow": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kSlice, "Grow")
		m.mustBeAssignable(x, "Grow")
		n := int(a[0].int())
		if n < 0 {
			m.rpanic("reflect.Value.Grow: negative len")
		}
		m.rread(x)
		if x.t.bytes {
			b := x.get().bytes()
			if len(b)+n <= cap(b) {
				return value{}
			}
			out := make([]byte, len(b), growCap(len(b)+n, cap(b), x.t.elem))
			copy(out, b)
			m.rwrite(x)
			m.rset(x, value{r: out})
			return value{}
		}
		s := x.get().elems()
		if len(s)+n <= cap(s) {
			return value{}
		}
		et := x.t.elem
		out := make([]value, len(s), growCap(len(s)+n, cap(s), et))
		copy(out, s)
		if et.aggregate {
			for i, full := len(s), out[:cap(out)]; i < len(full); i++ {
				full[i] = zero(et)
			}
		}
		m.rwrite(x)
		m.rset(x, value{r: out})
		return value{}
	},
	"Pointer": func(m *machine, pk string, x rval, a []value) value {
		switch x.kind() {
		case kPointer, kUnsafePointer:
			// An address that converts back (memview.go).
			m.rread(x)
			return uintVal(m.addressOf(reflectPointer(m, x)))
		case kFunc:
			// The code pointer, as in Go: the entry PC of the function
			// (runtime.FuncForPC names it; closures of one function
			// literal share it).
			m.rread(x)
			if cl, _ := x.get().r.(*closure); cl != nil && cl.fn != nil {
				return uintVal(uint64(cl.fn.id+1) << 24)
			}
			return uintVal(0)
		case kChan, kMap, kSlice:
			m.rread(x)
			return uintVal(uint64(pointerOf(x.get(), x.kind())))
		}
		m.valueError(pk, "reflect.Value.Pointer", x.kind())
		return value{}
	},
	"UnsafePointer": func(m *machine, pk string, x rval, a []value) value {
		switch x.kind() {
		case kPointer, kChan, kMap, kUnsafePointer, kFunc, kSlice:
			m.rread(x)
		}
		switch x.kind() {
		case kPointer, kUnsafePointer:
			return reflectPointer(m, x)
		case kChan, kMap, kFunc:
			return value{r: x.get().r}
		case kSlice:
			if x.t.bytes {
				b := x.get().bytes()
				if cap(b) == 0 {
					if b == nil {
						return value{}
					}
					return value{r: &zeroBase}
				}
				return value{r: &b[:1][0], n: ptrTag(x.t.elem, int64(cap(b)))}
			}
			s := x.get().elems()
			if cap(s) == 0 {
				if s == nil {
					return value{}
				}
				return value{r: &zeroBase}
			}
			return value{r: &s[:1][0], n: ptrTag(x.t.elem, int64(cap(s))*x.t.elem.gcSize())}
		}
		m.valueError(pk, "reflect.Value.UnsafePointer", x.kind())
		return value{}
	},
	"MapRange": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kMap, "MapRange")
		it := zero(m.pkgType(pkgReflect, "MapIter", false))
		it.elems()[0] = x.encode()
		return value{r: &it}
	},
	"Method": func(m *machine, pk string, x rval, a []value) value {
		return m.methodValue(x, int(a[0].int()))
	},
	"MethodByName": func(m *machine, pk string, x rval, a []value) value {
		if x.t == nil {
			m.valueError(pk, "reflect.Value.MethodByName", kInvalid)
		}
		for i, mi := range methodsOf(x.t) {
			if mi.name == a[0].str() {
				return m.methodValue(x, i)
			}
		}
		return rval{}.encode()
	},
}

// elem implements Value.Elem.
func (m *machine) elem(pk string, x rval) rval {
	switch x.kind() {
	case kInterface, kPointer:
		m.rread(x)
	}
	switch x.kind() {
	case kInterface:
		i := x.get().iface()
		if i == nil {
			return rval{}
		}
		return newRval(i.t, i.v, x.f&flagRO)
	case kPointer:
		if b, ok := x.get().r.(*byte); ok {
			et := x.t.elem
			return rval{t: et, f: uint64(et.kind) | flagAddr | x.f&flagRO, pb: b}
		}
		p, ok := x.get().r.(*value)
		if !ok || p == nil {
			if x.get().r != nil {
				panic(&UnsupportedError{What: "reflect.Value.Elem of a pointer the reflect model cannot follow (" + x.t.str + ")"})
			}
			return rval{}
		}
		et := x.t.elem
		return rval{t: et, p: p, f: uint64(et.kind) | flagAddr | x.f&flagRO}
	}
	m.valueError(pk, "reflect.Value.Elem", x.kind())
	return rval{}
}

// errorsNew returns the value errors.New(msg) returns: a fresh
// *errors.errorString in an error interface.
func (m *machine) errorsNew(msg string) value {
	pkg := m.pkg("errors")
	if pkg == nil {
		panic(&UnsupportedError{What: "an error value of package errors, which the program does not load"})
	}
	t := types.NewPointer(pkg.Pkg.Scope().Lookup("errorString").Type())
	cell := &value{r: []value{strVal(msg)}}
	return value{r: &iface{t: m.prog.typeOf(t), v: value{r: cell}}}
}

// reflectLen is Value.Len, for the iterators (package reflectmodel models
// the method).
func reflectLen(m *machine, pk string, x rval, a []value) value {
	v := x.get()
	switch x.kind() {
	case kSlice, kString, kMap, kChan:
		m.rread(x)
	}
	switch x.kind() {
	case kSlice:
		return intVal(int64(seqLen(v, x.t)))
	case kArray:
		return intVal(int64(x.t.len))
	case kString:
		return intVal(int64(len(v.str())))
	case kMap:
		mo, _ := v.r.(*mapObj)
		m.modelAccessMap(EvRead, mo)
		return intVal(int64(mo.len()))
	case kChan:
		if c, _ := v.r.(*chanObj); c != nil && !c.syncTimer { // a synchronous timer's: 0, as in Go
			return intVal(int64(c.count))
		}
		return intVal(0)
	case kPointer:
		if x.t.elem.kind == kArray {
			return intVal(int64(x.t.elem.len))
		}
	}
	m.valueError(pk, "reflect.Value.Len", x.kind())
	return value{}
}

// reflectIndex is Value.Index, for the iterators (package reflectmodel
// models the method).
func reflectIndex(m *machine, pk string, x rval, a []value) value {
	i := int(a[0].n)
	switch x.kind() {
	case kSlice:
		m.rread(x)
		et := x.t.elem
		fl := uint64(et.kind) | flagAddr | x.f&flagRO
		if x.t.bytes {
			b := x.get().bytes()
			if i < 0 || i >= len(b) {
				m.rpanic("reflect: slice index out of range")
			}
			return rval{t: et, f: fl, pb: &b[i]}.encode()
		}
		s := x.get().elems()
		if i < 0 || i >= len(s) {
			m.rpanic("reflect: slice index out of range")
		}
		return rval{t: et, p: &s[i], f: fl}.encode()
	case kArray:
		et := x.t.elem
		fl := uint64(et.kind) | x.f&(flagAddr|flagRO)
		if x.t.bytes {
			b := x.get().bytes()
			if i < 0 || i >= len(b) {
				m.rpanic("reflect: array index out of range")
			}
			if x.f&flagAddr == 0 {
				// A copy: the array is not the program's memory.
				return newRval(et, byteVal(b[i], et.kind), x.f&flagRO).encode()
			}
			return rval{t: et, f: fl, pb: &b[i]}.encode()
		}
		s := x.get().elems()
		if i < 0 || i >= len(s) {
			m.rpanic("reflect: array index out of range")
		}
		return rval{t: et, p: &s[i], f: fl}.encode()
	case kString:
		m.rread(x)
		s := x.get().str()
		if i < 0 || i >= len(s) {
			m.rpanic("reflect: string index out of range")
		}
		return newRval(m.prog.typeOf(types.Typ[types.Uint8]), value{n: uint64(s[i])}, x.f&flagRO).encode()
	}
	m.valueError(pk, "reflect.Value.Index", x.kind())
	return value{}
}
