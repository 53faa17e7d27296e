package interp

import (
	"go/token"
	"go/types"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Models of packages reflect and internal/reflectlite.
//
// A reflect.Type is an interface value whose dynamic type is the real
// *reflect.rtype (internal/reflectlite.rtype, a one-field struct, for
// reflectlite) and whose value holds the interpreter's canonical *rtype in
// its r field; so == on Types is type identity. Interpreted code never
// looks inside it: every method of the real rtype is a native here.
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

// typeVal returns t as a Type of package pk (nil interface for nil t).
func (m *machine) typeVal(pk string, t *rtype) value {
	if t == nil {
		return value{}
	}
	if pk == pkgLite {
		return value{r: &iface{t: m.pkgType(pkgLite, "rtype", false), v: value{r: []value{{r: t}}}}}
	}
	return value{r: &iface{t: m.pkgType(pkgReflect, "rtype", true), v: value{r: t}}}
}

// recvType returns the *rtype of a receiver of a (*reflect.rtype) or
// (internal/reflectlite.rtype) method.
func recvType(v value) *rtype {
	switch r := v.unflat().(type) {
	case *rtype:
		return r
	case []value:
		if len(r) > 0 {
			if t, ok := r[0].r.(*rtype); ok {
				return t
			}
		}
	}
	panic(nilDeref)
}

// typeArg returns the *rtype of a Type argument, or nil for a nil Type.
func typeArg(v value) *rtype {
	i := v.iface()
	if i == nil {
		return nil
	}
	return recvType(i.v)
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

func (m *machine) ptrTo(t *rtype) *rtype { return m.prog.typeOf(types.NewPointer(t.t)) }

// --- registration ---

type valueMethod func(m *machine, pk string, x rval, args []value) value
type typeMethod func(m *machine, pk string, t *rtype, args []value) value

// reflectFallback models reflect.TypeFor's instantiations and refuses the
// other functions of reflect and internal/reflectlite that have no model,
// except those in interpretable.
func reflectFallback(fn *ssa.Function) nativeFn {
	name := fn.String()
	if o := fn.Origin(); o != nil && o.String() == "reflect.TypeFor" && len(fn.TypeArgs()) == 1 {
		targ := fn.TypeArgs()[0]
		return func(m *machine, _ []value) value {
			return m.typeVal(pkgReflect, m.prog.typeOf(targ))
		}
	}
	if o := fn.Origin(); o != nil && o.String() == "reflect.TypeAssert" && len(fn.TypeArgs()) == 1 {
		targ := fn.TypeArgs()[0]
		return func(m *machine, args []value) value {
			return m.typeAssert(decodeValue(args[0]), m.prog.typeOf(targ))
		}
	}
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

// reflectModels are the models of package reflect: the methods of Value
// and of the type descriptor rtype (from valueMethods and typeMethods), and
// the package's functions.
var reflectModels = reflectTable(pkgReflect, modelTable{
	"(reflect.Value).Call": control(whyReflect, func(fr *frame, args []value, dst int32) *frame {
		return reflectCall(fr, args, dst, false)
	}).ownAccesses(),
	"(reflect.Value).CallSlice": control(whyReflect, func(fr *frame, args []value, dst int32) *frame {
		return reflectCall(fr, args, dst, true)
	}).ownAccesses(),
	"(reflect.Value).Recv":    control(whyReflect, reflectRecv(true)).ownAccesses(),
	"(reflect.Value).TryRecv": control(whyReflect, reflectRecv(false)).ownAccesses(),
	"(reflect.Value).Send":    control(whyReflect, reflectSend(true)).ownAccesses(),
	"(reflect.Value).TrySend": control(whyReflect, reflectSend(false)).ownAccesses(),
	"(reflect.Value).Close":   control(whyReflect, reflectClose).ownAccesses(),
	"(reflect.Kind).String": native(whyReflect, func(m *machine, args []value) value {
		return strVal(kindString(kind(args[0].n)))
	}),
	"reflect.Zero": native(whyReflect, func(m *machine, args []value) value {
		t := typeArg(args[0])
		if t == nil {
			m.rpanic("reflect: Zero(nil)")
		}
		return newRval(t, zero(t), 0).encode()
	}).noMemory(whyTypes),
	"reflect.New": native(whyReflect, func(m *machine, args []value) value {
		t := typeArg(args[0])
		if t == nil {
			m.rpanic("reflect: New(nil)")
		}
		cell := zero(t)
		return newRval(m.ptrTo(t), value{r: &cell}, 0).encode()
	}).noMemory(whyTypes),
	"reflect.PointerTo": native(whyReflect, reflectPointerTo).noMemory(whyTypes),
	"reflect.PtrTo":     native(whyReflect, reflectPointerTo).noMemory(whyTypes),
	"reflect.SliceOf": native(whyReflect, func(m *machine, args []value) value {
		return m.typeVal(pkgReflect, m.prog.typeOf(types.NewSlice(typeArg(args[0]).t)))
	}).noMemory(whyTypes),
	"reflect.MapOf": native(whyReflect, func(m *machine, args []value) value {
		k, e := typeArg(args[0]), typeArg(args[1])
		if !k.comparable {
			m.rpanic("reflect.MapOf: invalid key type " + k.str)
		}
		return m.typeVal(pkgReflect, m.prog.typeOf(types.NewMap(k.t, e.t)))
	}).noMemory(whyTypes),
	"reflect.MakeSlice": native(whyReflect, func(m *machine, args []value) value {
		t := typeArg(args[0])
		if t.kind != kSlice {
			m.rpanic("reflect.MakeSlice of non-slice type")
		}
		n, c := int(args[1].n), int(args[2].n)
		if n < 0 {
			m.rpanic("reflect.MakeSlice: negative len")
		}
		if c < 0 {
			m.rpanic("reflect.MakeSlice: negative cap")
		}
		if n > c {
			m.rpanic("reflect.MakeSlice: len > cap")
		}
		if t.bytes {
			return newRval(t, value{r: make([]byte, n, c)}, 0).encode()
		}
		return newRval(t, value{r: makeElems(t.elem, n, c)}, 0).encode()
	}).noMemory(whyTypes),
	"reflect.MakeMap":         native(whyReflect, reflectMakeMap).noMemory(whyTypes),
	"reflect.MakeMapWithSize": native(whyReflect, reflectMakeMap).noMemory(whyTypes),
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
var reflectliteModels = reflectTable(pkgLite, modelTable{}, map[string]bool{
	"Value.CanSet": true, "Value.Elem": true, "Value.IsNil": true, "Value.IsValid": true,
	"Value.Kind": true, "Value.Len": true, "Value.Set": true, "Value.Type": true,
	"rtype.Align": true, "rtype.AssignableTo": true, "rtype.ChanDir": true, "rtype.Comparable": true,
	"rtype.Elem": true, "rtype.FieldAlign": true, "rtype.Implements": true, "rtype.In": true,
	"rtype.Key": true, "rtype.Kind": true, "rtype.Len": true, "rtype.Name": true,
	"rtype.NumField": true, "rtype.NumIn": true, "rtype.NumMethod": true, "rtype.NumOut": true,
	"rtype.Out": true, "rtype.PkgPath": true, "rtype.Size": true, "rtype.String": true,
})

// reflectTable returns the models of reflect or internal/reflectlite (pk):
// funcs, the Value and rtype methods (those in only, if not nil), and
// TypeOf, ValueOf and Swapper.
func reflectTable(pk string, funcs modelTable, only map[string]bool) modelTable {
	for name, f := range valueMethods {
		if only != nil && !only["Value."+name] {
			continue
		}
		funcs["("+pk+".Value)."+name] = native(whyReflect, func(m *machine, args []value) value {
			return f(m, pk, decodeValue(args[0]), args[1:])
		}).ownAccesses()
	}
	recv := "(*" + pk + ".rtype)."
	if pk == pkgLite {
		recv = "(" + pk + ".rtype)."
	}
	for name, f := range typeMethods {
		if only != nil && !only["rtype."+name] {
			continue
		}
		funcs[recv+name] = native(whyReflect, func(m *machine, args []value) value {
			return f(m, pk, recvType(args[0]), args[1:])
		}).noMemory(whyTypes)
	}
	funcs[pk+".TypeOf"] = native(whyReflect, func(m *machine, args []value) value {
		i := args[0].iface()
		if i == nil {
			return value{}
		}
		return m.typeVal(pk, i.t)
	}).noMemory(whyTypes)
	funcs[pk+".ValueOf"] = native(whyReflect, func(m *machine, args []value) value {
		i := args[0].iface()
		if i == nil {
			return rval{}.encode()
		}
		return newRval(i.t, i.v, 0).encode()
	}).noMemory("boxes its argument, an interface (which holds a copy of its value)")
	funcs[pk+".Swapper"] = native(whyReflect, func(m *machine, args []value) value {
		return m.swapper(pk, args[0])
	}).noMemory("returns the swap function, which reports its own accesses")
	return funcs
}

func reflectPointerTo(m *machine, args []value) value {
	return m.typeVal(pkgReflect, m.ptrTo(typeArg(args[0])))
}

func reflectMakeMap(m *machine, args []value) value {
	t := typeArg(args[0])
	if t.kind != kMap {
		m.rpanic("reflect.MakeMapWithSize of non-map type")
	}
	return newRval(t, value{r: newMap(m, t)}, 0).encode()
}

func kindString(k kind) string {
	switch k {
	case kInvalid:
		return "invalid"
	case kArray:
		return "array"
	case kChan:
		return "chan"
	case kFunc:
		return "func"
	case kInterface:
		return "interface"
	case kMap:
		return "map"
	case kPointer:
		return "ptr"
	case kSlice:
		return "slice"
	case kStruct:
		return "struct"
	}
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "kind" + strconv.Itoa(int(k))
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

func isZero(v value, t *rtype) bool {
	switch t.kind {
	case kComplex64, kComplex128:
		c := v.complex()
		return math.Float64bits(real(c)) == 0 && math.Float64bits(imag(c)) == 0
	case kString:
		return v.str() == ""
	case kStruct:
		for i, f := range t.fields {
			if !isZero(v.elems()[i], f.typ) {
				return false
			}
		}
		return true
	case kArray:
		if t.bytes {
			for _, b := range v.bytes() {
				if b != 0 {
					return false
				}
			}
			return true
		}
		for _, e := range v.elems() {
			if !isZero(e, t.elem) {
				return false
			}
		}
		return true
	case kPointer, kUnsafePointer, kMap, kSlice, kFunc, kChan, kInterface:
		return v.r == nil
	}
	return v.n == 0
}

// comparableVal implements Value.Comparable.
func comparableVal(v value, t *rtype) bool {
	switch t.kind {
	case kFunc, kMap, kSlice:
		return false
	case kArray:
		if t.bytes {
			return true
		}
		for _, e := range v.elems() {
			if !comparableVal(e, t.elem) {
				return false
			}
		}
		return true
	case kStruct:
		for i, f := range t.fields {
			if !comparableVal(v.elems()[i], f.typ) {
				return false
			}
		}
		return true
	case kInterface:
		i := v.iface()
		return i == nil || comparableVal(i.v, i.t)
	}
	return true
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

// fieldPath finds the field name of struct type t as reflect's
// FieldByName does: the shallowest unique match through embedded structs.
func fieldPath(t *rtype, name string) []int {
	type entry struct {
		t    *rtype
		path []int
	}
	level := []entry{{t, nil}}
	visited := map[*rtype]bool{}
	for len(level) > 0 {
		var found []int
		count := 0
		var next []entry
		for _, e := range level {
			if visited[e.t] {
				continue
			}
			visited[e.t] = true
			for i, f := range e.t.fields {
				path := append(append([]int(nil), e.path...), i)
				if f.name == name {
					count++
					found = path
					continue
				}
				if f.embedded {
					ft := f.typ
					if ft.kind == kPointer {
						ft = ft.elem
					}
					if ft.kind == kStruct {
						next = append(next, entry{ft, path})
					}
				}
			}
		}
		if count == 1 {
			return found
		}
		if count > 1 {
			return nil
		}
		level = next
	}
	return nil
}

func (m *machine) structField(pk string, t *rtype, i int) value {
	if t.kind != kStruct {
		m.rpanic("reflect: Field of non-struct type " + t.str)
	}
	if i < 0 || i >= len(t.fields) {
		m.rpanic("reflect: Field index out of bounds")
	}
	f := t.fields[i]
	sft := m.pkgType(pkgReflect, "StructField", false)
	sf := zero(sft)
	es := sf.elems()
	st := t.t.Underlying().(*types.Struct)
	vars := make([]*types.Var, st.NumFields())
	for j := range vars {
		vars[j] = st.Field(j)
	}
	offs := gcSizes.Offsetsof(vars)
	es[fieldIndex(sft.t, "Name")] = strVal(f.name)
	pkgPath := ""
	if f.pkgPath != "" {
		pkgPath = reflectPkgPath(st.Field(i).Pkg())
	}
	es[fieldIndex(sft.t, "PkgPath")] = strVal(pkgPath)
	es[fieldIndex(sft.t, "Type")] = m.typeVal(pk, f.typ)
	es[fieldIndex(sft.t, "Tag")] = strVal(f.tag)
	es[fieldIndex(sft.t, "Offset")] = uintVal(uint64(offs[i]))
	es[fieldIndex(sft.t, "Index")] = value{r: []value{intVal(int64(i))}}
	es[fieldIndex(sft.t, "Anonymous")] = boolVal(f.embedded)
	return sf
}

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

func (m *machine) methodVal(pk string, t *rtype, i int) value {
	ms := methodsOf(t)
	if i < 0 || i >= len(ms) {
		m.rpanic("reflect: Method index out of range")
	}
	mi := ms[i]
	mt := m.pkgType(pkgReflect, "Method", false)
	mv := zero(mt)
	es := mv.elems()
	es[fieldIndex(mt.t, "Name")] = strVal(mi.name)
	es[fieldIndex(mt.t, "PkgPath")] = strVal(mi.pkgPath)
	es[fieldIndex(mt.t, "Index")] = intVal(int64(i))
	if t.kind == kInterface {
		es[fieldIndex(mt.t, "Type")] = m.typeVal(pk, m.prog.typeOf(types.NewSignatureType(nil, nil, nil, mi.sig.Params(), mi.sig.Results(), mi.sig.Variadic())))
		es[fieldIndex(mt.t, "Func")] = rval{}.encode()
		return mv
	}
	params := []*types.Var{types.NewVar(token.NoPos, nil, "", t.t)}
	for j := range mi.sig.Params().Len() {
		params = append(params, mi.sig.Params().At(j))
	}
	ft := m.prog.typeOf(types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), mi.sig.Results(), mi.sig.Variadic()))
	es[fieldIndex(mt.t, "Type")] = m.typeVal(pk, ft)
	var fv value
	if mi.fn != nil {
		fv = value{r: &closure{fn: mi.fn}}
	}
	es[fieldIndex(mt.t, "Func")] = newRval(ft, fv, 0).encode()
	return mv
}

func typeName(t *rtype) string {
	switch tt := types.Unalias(t.t).(type) {
	case *types.Named:
		s := t.str
		if pkg := tt.Obj().Pkg(); pkg != nil {
			s = strings.TrimPrefix(s, pkg.Name()+".")
		}
		return s
	case *types.Basic:
		return t.str
	}
	return ""
}

func typePkgPath(t *rtype) string {
	if n, ok := types.Unalias(t.t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return reflectPkgPath(n.Obj().Pkg())
	}
	return ""
}

// reflectPkgPath is the import path reflect reports for pkg: "main" for
// the main package, whatever its module path.
func reflectPkgPath(pkg *types.Package) string {
	if pkg.Name() == "main" {
		return "main"
	}
	return pkg.Path()
}

func (m *machine) sig(t *rtype, method string) *types.Signature {
	s, ok := t.t.Underlying().(*types.Signature)
	if !ok {
		m.rpanic("reflect: " + method + " of non-func type " + t.str)
	}
	return s
}

func isNumeric(k kind) bool { return k >= kInt && k <= kComplex128 }

// --- Type methods ---

var typeMethods = map[string]typeMethod{
	"CanSeq":  func(m *machine, pk string, t *rtype, a []value) value { return boolVal(canSeq(t, 1)) },
	"CanSeq2": func(m *machine, pk string, t *rtype, a []value) value { return boolVal(canSeq(t, 2)) },
	"Kind":    func(m *machine, pk string, t *rtype, a []value) value { return value{n: uint64(t.kind)} },
	"String":  func(m *machine, pk string, t *rtype, a []value) value { return strVal(t.str) },
	"Name":    func(m *machine, pk string, t *rtype, a []value) value { return strVal(typeName(t)) },
	"PkgPath": func(m *machine, pk string, t *rtype, a []value) value { return strVal(typePkgPath(t)) },
	"Size":    func(m *machine, pk string, t *rtype, a []value) value { return uintVal(uint64(t.sizeof())) },
	"Align": func(m *machine, pk string, t *rtype, a []value) value {
		return uintVal(uint64(gcSizes.Alignof(t.t)))
	},
	"FieldAlign": func(m *machine, pk string, t *rtype, a []value) value {
		return uintVal(uint64(gcSizes.Alignof(t.t)))
	},
	"Bits": func(m *machine, pk string, t *rtype, a []value) value {
		if !isNumeric(t.kind) {
			m.rpanic("reflect: Bits of non-arithmetic Type " + t.str)
		}
		return intVal(t.sizeof() * 8)
	},
	"Comparable": func(m *machine, pk string, t *rtype, a []value) value { return boolVal(t.comparable) },
	"Elem": func(m *machine, pk string, t *rtype, a []value) value {
		switch t.kind {
		case kPointer, kSlice, kArray, kChan, kMap:
			return m.typeVal(pk, t.elem)
		}
		m.rpanic("reflect: Elem of invalid type " + t.str)
		return value{}
	},
	"Key": func(m *machine, pk string, t *rtype, a []value) value {
		if t.kind != kMap {
			m.rpanic("reflect: Key of non-map type " + t.str)
		}
		return m.typeVal(pk, t.key)
	},
	"Len": func(m *machine, pk string, t *rtype, a []value) value {
		if t.kind != kArray {
			m.rpanic("reflect: Len of non-array type " + t.str)
		}
		return intVal(int64(t.len))
	},
	"NumField": func(m *machine, pk string, t *rtype, a []value) value {
		if t.kind != kStruct {
			m.rpanic("reflect: NumField of non-struct type " + t.str)
		}
		return intVal(int64(len(t.fields)))
	},
	"Field": func(m *machine, pk string, t *rtype, a []value) value {
		return m.structField(pk, t, int(a[0].n))
	},
	"FieldByName": func(m *machine, pk string, t *rtype, a []value) value {
		if t.kind != kStruct {
			m.rpanic("reflect: FieldByName of non-struct type " + t.str)
		}
		path := fieldPath(t, a[0].str())
		if path == nil {
			return tuple(zero(m.pkgType(pkgReflect, "StructField", false)), boolVal(false))
		}
		ft := t
		var sf value
		for j, i := range path {
			if ft.kind == kPointer {
				ft = ft.elem
			}
			sf = m.structField(pk, ft, i)
			ft = ft.fields[i].typ
			_ = j
		}
		sft := m.pkgType(pkgReflect, "StructField", false)
		idx := make([]value, len(path))
		for j, i := range path {
			idx[j] = intVal(int64(i))
		}
		sf.elems()[fieldIndex(sft.t, "Index")] = value{r: idx}
		return tuple(sf, boolVal(true))
	},
	"NumMethod": func(m *machine, pk string, t *rtype, a []value) value {
		return intVal(int64(len(methodsOf(t))))
	},
	"OverflowInt": func(m *machine, pk string, t *rtype, a []value) value {
		if t.kind < kInt || t.kind > kInt64 {
			m.rpanic("reflect: OverflowInt of non-int type " + t.str)
		}
		bits := uint(t.sizeof() * 8)
		v := int64(a[0].n)
		return boolVal(v != (v<<(64-bits))>>(64-bits))
	},
	"OverflowUint": func(m *machine, pk string, t *rtype, a []value) value {
		if !isUint(t.kind) {
			m.rpanic("reflect: OverflowUint of non-uint type " + t.str)
		}
		bits := uint(t.sizeof() * 8)
		v := a[0].n
		return boolVal(v != (v<<(64-bits))>>(64-bits))
	},
	"OverflowFloat": func(m *machine, pk string, t *rtype, a []value) value {
		switch t.kind {
		case kFloat32:
			f := math.Abs(a[0].float())
			return boolVal(math.MaxFloat32 < f && f <= math.MaxFloat64)
		case kFloat64:
			return boolVal(false)
		}
		m.rpanic("reflect: OverflowFloat of non-float type " + t.str)
		return value{}
	},
	"Method": func(m *machine, pk string, t *rtype, a []value) value {
		return m.methodVal(pk, t, int(a[0].n))
	},
	"MethodByName": func(m *machine, pk string, t *rtype, a []value) value {
		for i, mi := range methodsOf(t) {
			if mi.name == a[0].str() {
				return tuple(m.methodVal(pk, t, i), boolVal(true))
			}
		}
		mt := m.pkgType(pkgReflect, "Method", false)
		mv := zero(mt)
		mv.elems()[fieldIndex(mt.t, "Func")] = rval{}.encode()
		return tuple(mv, boolVal(false))
	},
	"Implements": func(m *machine, pk string, t *rtype, a []value) value {
		u := typeArg(a[0])
		if u == nil {
			m.rpanic("reflect: nil type passed to Type.Implements")
		}
		if u.kind != kInterface {
			m.rpanic("reflect: non-interface type passed to Type.Implements")
		}
		return boolVal(t.implements(u))
	},
	"AssignableTo": func(m *machine, pk string, t *rtype, a []value) value {
		u := typeArg(a[0])
		if u == nil {
			m.rpanic("reflect: nil type passed to Type.AssignableTo")
		}
		return boolVal(t == u || types.AssignableTo(t.t, u.t))
	},
	"ConvertibleTo": func(m *machine, pk string, t *rtype, a []value) value {
		u := typeArg(a[0])
		if u == nil {
			m.rpanic("reflect: nil type passed to Type.ConvertibleTo")
		}
		return boolVal(types.ConvertibleTo(t.t, u.t))
	},
	"NumIn": func(m *machine, pk string, t *rtype, a []value) value {
		return intVal(int64(m.sig(t, "NumIn").Params().Len()))
	},
	"NumOut": func(m *machine, pk string, t *rtype, a []value) value {
		return intVal(int64(m.sig(t, "NumOut").Results().Len()))
	},
	"In": func(m *machine, pk string, t *rtype, a []value) value {
		ps := m.sig(t, "In").Params()
		i := int(a[0].n)
		if i < 0 || i >= ps.Len() {
			m.rpanic("reflect: Function index out of range")
		}
		return m.typeVal(pk, m.prog.typeOf(ps.At(i).Type()))
	},
	"Out": func(m *machine, pk string, t *rtype, a []value) value {
		rs := m.sig(t, "Out").Results()
		i := int(a[0].n)
		if i < 0 || i >= rs.Len() {
			m.rpanic("reflect: Function index out of range")
		}
		return m.typeVal(pk, m.prog.typeOf(rs.At(i).Type()))
	},
	"IsVariadic": func(m *machine, pk string, t *rtype, a []value) value {
		return boolVal(m.sig(t, "IsVariadic").Variadic())
	},
	"ChanDir": func(m *machine, pk string, t *rtype, a []value) value {
		c, ok := t.t.Underlying().(*types.Chan)
		if !ok {
			m.rpanic("reflect: ChanDir of non-chan type " + t.str)
		}
		switch c.Dir() {
		case types.SendOnly:
			return intVal(2)
		case types.RecvOnly:
			return intVal(1)
		}
		return intVal(3)
	},
}

// --- Value methods ---

// valueMethods are the models of reflect.Value's methods (and
// reflectlite.Value's), by name. Method values and calls through reflect are
// not modeled.
var valueMethods = map[string]valueMethod{
	"Seq":     func(m *machine, pk string, x rval, a []value) value { return m.reflectSeq(x, 1) },
	"Seq2":    func(m *machine, pk string, x rval, a []value) value { return m.reflectSeq(x, 2) },
	"Kind":    func(m *machine, pk string, x rval, a []value) value { return value{n: uint64(x.kind())} },
	"IsValid": func(m *machine, pk string, x rval, a []value) value { return boolVal(x.t != nil) },
	"Type": func(m *machine, pk string, x rval, a []value) value {
		if x.t == nil {
			m.valueError(pk, "reflect.Value.Type", kInvalid)
		}
		return m.typeVal(pk, x.t)
	},
	"IsNil": func(m *machine, pk string, x rval, a []value) value {
		switch x.kind() {
		case kPointer, kMap, kSlice, kFunc, kChan, kUnsafePointer, kInterface:
			m.rread(x)
			return boolVal(x.get().r == nil)
		}
		m.valueError(pk, "reflect.Value.IsNil", x.kind())
		return value{}
	},
	"IsZero": func(m *machine, pk string, x rval, a []value) value {
		if x.t == nil {
			m.valueError(pk, "reflect.Value.IsZero", kInvalid)
		}
		m.rread(x)
		return boolVal(isZero(x.get(), x.t))
	},
	"Bool": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kBool, "Bool")
		m.rread(x)
		return boolVal(x.get().bool())
	},
	"Int": func(m *machine, pk string, x rval, a []value) value {
		if k := x.kind(); k < kInt || k > kInt64 {
			m.valueError(pk, "reflect.Value.Int", k)
		}
		m.rread(x)
		return x.get()
	},
	"Uint": func(m *machine, pk string, x rval, a []value) value {
		if k := x.kind(); k < kUint || k > kUintptr {
			m.valueError(pk, "reflect.Value.Uint", k)
		}
		m.rread(x)
		return x.get()
	},
	"Float": func(m *machine, pk string, x rval, a []value) value {
		if !isFloat(x.kind()) {
			m.valueError(pk, "reflect.Value.Float", x.kind())
		}
		m.rread(x)
		return x.get()
	},
	"Complex": func(m *machine, pk string, x rval, a []value) value {
		if !isCplx(x.kind()) {
			m.valueError(pk, "reflect.Value.Complex", x.kind())
		}
		m.rread(x)
		return value{r: x.get().complex()}
	},
	"String": func(m *machine, pk string, x rval, a []value) value {
		switch x.kind() {
		case kString:
			m.rread(x)
			return strVal(x.get().str())
		case kInvalid:
			return strVal("<invalid Value>")
		}
		return strVal("<" + x.t.str + " Value>")
	},
	"CanInt": func(m *machine, pk string, x rval, a []value) value {
		return boolVal(x.kind() >= kInt && x.kind() <= kInt64)
	},
	"CanUint":    func(m *machine, pk string, x rval, a []value) value { return boolVal(isUint(x.kind())) },
	"CanFloat":   func(m *machine, pk string, x rval, a []value) value { return boolVal(isFloat(x.kind())) },
	"CanComplex": func(m *machine, pk string, x rval, a []value) value { return boolVal(isCplx(x.kind())) },
	"Len": func(m *machine, pk string, x rval, a []value) value {
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
	},
	"Cap": func(m *machine, pk string, x rval, a []value) value {
		if k := x.kind(); k == kSlice || k == kChan {
			m.rread(x)
		}
		v := x.get()
		switch x.kind() {
		case kSlice:
			return intVal(int64(seqCap(v, x.t)))
		case kArray:
			return intVal(int64(x.t.len))
		case kChan:
			if c, _ := v.r.(*chanObj); c != nil && !c.syncTimer { // a synchronous timer's: 0, as in Go
				return intVal(int64(c.capacity))
			}
			return intVal(0)
		case kPointer:
			if x.t.elem.kind == kArray {
				return intVal(int64(x.t.elem.len))
			}
		}
		m.valueError(pk, "reflect.Value.Cap", x.kind())
		return value{}
	},
	"Index": func(m *machine, pk string, x rval, a []value) value {
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
	},
	"NumField": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kStruct, "NumField")
		return intVal(int64(len(x.t.fields)))
	},
	"Field": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kStruct, "Field")
		return m.field(x, int(a[0].n)).encode()
	},
	"FieldByIndex": func(m *machine, pk string, x rval, a []value) value {
		return m.fieldByIndex(pk, x, a[0].elems()).encode()
	},
	"FieldByIndexErr": func(m *machine, pk string, x rval, a []value) value {
		idx := a[0].elems()
		if len(idx) > 1 {
			// As FieldByIndex, but a nil pointer to an embedded struct
			// on the way is an error, not a panic.
			m.mustBe(pk, x, kStruct, "FieldByIndex")
			y := x
			for j, iv := range idx {
				if j > 0 && y.kind() == kPointer && y.t.elem.kind == kStruct {
					if y.get().r == nil {
						return tuple(rval{}.encode(), m.errorsNew("reflect: indirection through nil pointer to embedded struct field "+typeName(y.t.elem)))
					}
					y = m.elem(pk, y)
				}
				m.mustBe(pk, y, kStruct, "FieldByIndex")
				y = m.field(y, int(iv.n))
			}
			return tuple(y.encode(), value{})
		}
		return tuple(m.fieldByIndex(pk, x, idx).encode(), value{})
	},
	"FieldByName": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kStruct, "FieldByName")
		path := fieldPath(x.t, a[0].str())
		if path == nil {
			return rval{}.encode()
		}
		idx := make([]value, len(path))
		for j, i := range path {
			idx[j] = intVal(int64(i))
		}
		return m.fieldByIndex(pk, x, idx).encode()
	},
	"Elem": func(m *machine, pk string, x rval, a []value) value {
		return m.elem(pk, x).encode()
	},
	"Interface": func(m *machine, pk string, x rval, a []value) value {
		if x.t != nil && x.f&flagRO == 0 {
			m.rread(x)
		}
		return m.valueInterface(pk, x)
	},
	"CanInterface": func(m *machine, pk string, x rval, a []value) value {
		if x.t == nil {
			m.valueError(pk, "reflect.Value.CanInterface", kInvalid)
		}
		return boolVal(x.f&flagRO == 0)
	},
	"CanAddr": func(m *machine, pk string, x rval, a []value) value { return boolVal(x.f&flagAddr != 0) },
	"CanSet": func(m *machine, pk string, x rval, a []value) value {
		return boolVal(x.f&(flagAddr|flagRO) == flagAddr)
	},
	"Addr": func(m *machine, pk string, x rval, a []value) value {
		if x.f&flagAddr == 0 {
			m.rpanic("reflect.Value.Addr of unaddressable value")
		}
		return newRval(m.ptrTo(x.t), x.cell(), x.f&flagRO).encode()
	},
	"Set": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "Set")
		v := m.assignTo(decodeValue(a[0]), x.t, "reflect.Set")
		m.rwrite(x)
		m.rstore(x, v)
		return value{}
	},
	"SetInt": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetInt")
		if k := x.kind(); k < kInt || k > kInt64 {
			m.valueError(pk, "reflect.Value.SetInt", k)
		}
		m.rwrite(x)
		m.rset(x, value{n: wrap(x.kind(), a[0].n)})
		return value{}
	},
	"SetUint": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetUint")
		if !isUint(x.kind()) {
			m.valueError(pk, "reflect.Value.SetUint", x.kind())
		}
		m.rwrite(x)
		m.rset(x, value{n: wrap(x.kind(), a[0].n)})
		return value{}
	},
	"SetFloat": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetFloat")
		switch x.kind() {
		case kFloat32:
			m.rwrite(x)
			m.rset(x, floatVal(float64(float32(a[0].float()))))
		case kFloat64:
			m.rwrite(x)
			m.rset(x, a[0])
		default:
			m.valueError(pk, "reflect.Value.SetFloat", x.kind())
		}
		return value{}
	},
	"SetComplex": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetComplex")
		c := a[0].complex()
		switch x.kind() {
		case kComplex64:
			m.rwrite(x)
			m.rset(x, value{r: complex(float64(float32(real(c))), float64(float32(imag(c))))})
		case kComplex128:
			m.rwrite(x)
			m.rset(x, value{r: c})
		default:
			m.valueError(pk, "reflect.Value.SetComplex", x.kind())
		}
		return value{}
	},
	"SetString": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetString")
		m.mustBe(pk, x, kString, "SetString")
		m.rwrite(x)
		m.rset(x, strVal(a[0].str()))
		return value{}
	},
	"SetBool": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetBool")
		m.mustBe(pk, x, kBool, "SetBool")
		m.rwrite(x)
		m.rset(x, boolVal(a[0].bool()))
		return value{}
	},
	"SetBytes": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetBytes")
		m.mustBe(pk, x, kSlice, "SetBytes")
		if x.t.elem.kind != kUint8 {
			m.rpanic("reflect.Value.SetBytes of non-byte slice")
		}
		m.rwrite(x)
		m.rset(x, a[0])
		return value{}
	},
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
	"SetLen": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetLen")
		m.mustBe(pk, x, kSlice, "SetLen")
		m.rread(x)
		if x.t.bytes {
			b := x.get().bytes()
			n := int(a[0].n)
			if n < 0 || n > cap(b) {
				m.rpanic("reflect: slice length out of range in SetLen")
			}
			m.rwrite(x)
			m.rset(x, value{r: b[:n]})
			return value{}
		}
		s := x.get().elems()
		n := int(a[0].n)
		if n < 0 || n > cap(s) {
			m.rpanic("reflect: slice length out of range in SetLen")
		}
		m.rwrite(x)
		m.rset(x, value{r: s[:n]})
		return value{}
	},
	"SetZero": func(m *machine, pk string, x rval, a []value) value {
		m.mustBeAssignable(x, "SetZero")
		m.rwrite(x)
		m.rstore(x, zero(x.t))
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
	"Bytes": func(m *machine, pk string, x rval, a []value) value {
		switch x.kind() {
		case kSlice:
			if x.t.elem.kind != kUint8 {
				m.rpanic("reflect.Value.Bytes of non-byte slice")
			}
			m.rread(x)
			return x.get()
		case kArray:
			if x.t.elem.kind != kUint8 {
				m.rpanic("reflect.Value.Bytes of non-byte array")
			}
			if x.f&flagAddr == 0 {
				m.rpanic("reflect.Value.Bytes of unaddressable byte array")
			}
			return value{r: x.get().bytes()}
		}
		m.valueError(pk, "reflect.Value.Bytes", x.kind())
		return value{}
	},
	"Slice": func(m *machine, pk string, x rval, a []value) value {
		return m.sliceVal(pk, x, int(a[0].n), int(a[1].n), -1).encode()
	},
	"Slice3": func(m *machine, pk string, x rval, a []value) value {
		return m.sliceVal(pk, x, int(a[0].n), int(a[1].n), int(a[2].n)).encode()
	},
	"MapKeys": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kMap, "MapKeys")
		m.rread(x)
		mo, _ := x.get().r.(*mapObj)
		m.modelAccessMap(EvRead, mo)
		var keys []value
		kt := x.t.key
		if mo != nil {
			it := mo.iter(m)
			for {
				k, _, ok := it.next()
				if !ok {
					break
				}
				keys = append(keys, newRval(kt, copyVal(k, kt), x.f&flagRO).encode())
			}
		}
		if keys == nil {
			keys = []value{}
		}
		return value{r: keys}
	},
	"MapIndex": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kMap, "MapIndex")
		k := m.convertTo(decodeValue(a[0]), x.t.key, "reflect.Value.MapIndex")
		m.rread(x)
		mo, _ := x.get().r.(*mapObj)
		m.modelAccessMap(EvRead, mo)
		if mo == nil {
			hashKey(k, x.t.key)
			return rval{}.encode()
		}
		v, ok := mo.get(k)
		if !ok {
			return rval{}.encode()
		}
		return newRval(x.t.elem, copyVal(v, x.t.elem), x.f&flagRO).encode()
	},
	"SetMapIndex": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kMap, "SetMapIndex")
		m.mustBeExported(x, "SetMapIndex")
		m.mustBeExported(decodeValue(a[0]), "SetMapIndex")
		k := m.assignTo(decodeValue(a[0]), x.t.key, "reflect.Value.SetMapIndex")
		m.rread(x)
		mo, _ := x.get().r.(*mapObj)
		m.modelAccessMap(EvWrite, mo)
		e := decodeValue(a[1])
		if e.t == nil {
			if mo != nil {
				mo.delete(k)
			}
			return value{}
		}
		m.mustBeExported(e, "SetMapIndex")
		v := m.assignTo(e, x.t.elem, "reflect.Value.SetMapIndex")
		if mo == nil {
			panic(runtimeError("assignment to entry in nil map"))
		}
		mo.set(k, v)
		return value{}
	},
	"MapRange": func(m *machine, pk string, x rval, a []value) value {
		m.mustBe(pk, x, kMap, "MapRange")
		it := zero(m.pkgType(pkgReflect, "MapIter", false))
		it.elems()[0] = x.encode()
		return value{r: &it}
	},
	"NumMethod": func(m *machine, pk string, x rval, a []value) value {
		if x.t == nil {
			m.valueError(pk, "reflect.Value.NumMethod", kInvalid)
		}
		return intVal(int64(len(methodsOf(x.t))))
	},
	"Comparable": func(m *machine, pk string, x rval, a []value) value {
		if x.t == nil {
			return boolVal(false)
		}
		m.rread(x)
		return boolVal(comparableVal(x.get(), x.t))
	},
	"Equal": func(m *machine, pk string, x rval, a []value) value {
		u := decodeValue(a[0])
		if x.kind() == kInterface {
			x = m.elem(pk, x)
		}
		if u.kind() == kInterface {
			u = m.elem(pk, u)
		}
		if x.t == nil || u.t == nil {
			return boolVal((x.t == nil) == (u.t == nil))
		}
		if x.t != u.t {
			return boolVal(false)
		}
		if !x.t.comparable {
			m.rpanic("reflect.Value.Equal: values of type " + x.t.str + " are not comparable")
		}
		m.rread(x)
		m.rread(u)
		return boolVal(equal(x.get(), u.get(), x.t))
	},
	"Convert": func(m *machine, pk string, x rval, a []value) value {
		return m.convertVal(x, typeArg(a[0])).encode()
	},
	"CanConvert": func(m *machine, pk string, x rval, a []value) value {
		t := typeArg(a[0])
		if x.t == nil || !types.ConvertibleTo(x.t.t, t.t) {
			return boolVal(false)
		}
		if x.kind() == kSlice && t.kind == kArray && len(x.get().elems()) < t.len {
			m.rread(x)
			return boolVal(false)
		}
		return boolVal(true)
	},
	"OverflowInt": func(m *machine, pk string, x rval, a []value) value {
		k := x.kind()
		if k < kInt || k > kInt64 {
			m.valueError(pk, "reflect.Value.OverflowInt", k)
		}
		bits := uint(x.t.sizeof() * 8)
		v := int64(a[0].n)
		trunc := (v << (64 - bits)) >> (64 - bits)
		return boolVal(v != trunc)
	},
	"OverflowUint": func(m *machine, pk string, x rval, a []value) value {
		if !isUint(x.kind()) {
			m.valueError(pk, "reflect.Value.OverflowUint", x.kind())
		}
		bits := uint(x.t.sizeof() * 8)
		v := a[0].n
		trunc := (v << (64 - bits)) >> (64 - bits)
		return boolVal(v != trunc)
	},
	"OverflowFloat": func(m *machine, pk string, x rval, a []value) value {
		switch x.kind() {
		case kFloat32:
			f := math.Abs(a[0].float())
			return boolVal(math.MaxFloat32 < f && f <= math.MaxFloat64)
		case kFloat64:
			return boolVal(false)
		}
		m.valueError(pk, "reflect.Value.OverflowFloat", x.kind())
		return value{}
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

// field returns field i of the struct Value x.
func (m *machine) field(x rval, i int) rval {
	if i < 0 || i >= len(x.t.fields) {
		m.rpanic("reflect: Field index out of range")
	}
	f := x.t.fields[i]
	fl := x.f&(flagStickyRO|flagAddr) | uint64(f.typ.kind)
	if f.pkgPath != "" {
		if f.embedded {
			fl |= flagEmbedRO
		} else {
			fl |= flagStickyRO
		}
	}
	return rval{t: f.typ, p: &x.get().elems()[i], f: fl}
}

func (m *machine) fieldByIndex(pk string, x rval, idx []value) rval {
	if len(idx) == 1 {
		m.mustBe(pk, x, kStruct, "FieldByIndex")
		return m.field(x, int(idx[0].n))
	}
	m.mustBe(pk, x, kStruct, "FieldByIndex")
	for j, iv := range idx {
		if j > 0 && x.kind() == kPointer && x.t.elem.kind == kStruct {
			if x.get().r == nil {
				m.rpanic("reflect: indirection through nil pointer to embedded struct")
			}
			x = m.elem(pk, x)
		}
		m.mustBe(pk, x, kStruct, "FieldByIndex")
		x = m.field(x, int(iv.n))
	}
	return x
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

// typeAssert is reflect.TypeAssert[T](x): x.Interface().(T), without
// reflect's allocations.
func (m *machine) typeAssert(x rval, t *rtype) value {
	if x.t == nil {
		m.valueError(pkgReflect, "reflect.TypeAssert", kInvalid)
	}
	if x.f&flagRO != 0 {
		m.rpanic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	m.rread(x)
	i := m.valueInterface(pkgReflect, x).iface()
	switch {
	case i == nil:
	case t.kind == kInterface && i.t.implements(t):
		return tuple(value{r: i}, boolVal(true))
	case i.t == t:
		return tuple(copyVal(i.v, t), boolVal(true))
	}
	return tuple(zero(t), boolVal(false))
}

func (m *machine) valueInterface(pk string, x rval) value {
	if x.t == nil {
		m.valueError(pk, "reflect.Value.Interface", kInvalid)
	}
	if x.f&flagRO != 0 {
		m.rpanic("reflect.Value.Interface: cannot return value obtained from unexported field or method")
	}
	v := x.get()
	if x.t.kind == kInterface {
		return v
	}
	return value{r: &iface{t: x.t, v: copyVal(v, x.t)}}
}

func (m *machine) sliceVal(pk string, x rval, i, j, k int) rval {
	switch x.kind() {
	case kSlice, kArray:
		if x.t.bytes {
			return m.sliceBytes(x, i, j, k)
		}
		var s []value
		st := x.t
		if x.kind() == kArray {
			if x.f&flagAddr == 0 {
				m.rpanic("reflect.Value.Slice: slice of unaddressable array")
			}
			s = x.get().elems()
			st = m.prog.typeOf(types.NewSlice(x.t.elem.t))
		} else {
			m.rread(x)
			s = x.get().elems()
		}
		if k < 0 {
			if i < 0 || j < i || j > cap(s) {
				m.rpanic("reflect.Value.Slice: slice index out of bounds")
			}
			return newRval(st, value{r: s[i:j]}, x.f&flagRO)
		}
		if i < 0 || j < i || k < j || k > cap(s) {
			m.rpanic("reflect.Value.Slice3: slice index out of bounds")
		}
		return newRval(st, value{r: s[i:j:k]}, x.f&flagRO)
	case kString:
		if k >= 0 {
			m.rpanic("reflect.Value.Slice3: slice of string")
		}
		m.rread(x)
		s := x.get().str()
		if i < 0 || j < i || j > len(s) {
			m.rpanic("reflect.Value.Slice: string slice index out of bounds")
		}
		return newRval(x.t, strVal(s[i:j]), x.f&flagRO)
	}
	m.valueError(pk, "reflect.Value.Slice", x.kind())
	return rval{}
}

// sliceBytes is sliceVal of a byte slice or array.
func (m *machine) sliceBytes(x rval, i, j, k int) rval {
	st := x.t
	if x.kind() == kArray {
		if x.f&flagAddr == 0 {
			m.rpanic("reflect.Value.Slice: slice of unaddressable array")
		}
		st = m.prog.typeOf(types.NewSlice(x.t.elem.t))
	} else {
		m.rread(x)
	}
	s := x.get().bytes()
	if k < 0 {
		if i < 0 || j < i || j > cap(s) {
			m.rpanic("reflect.Value.Slice: slice index out of bounds")
		}
		return newRval(st, bytesSlice(s[i:j]), x.f&flagRO)
	}
	if i < 0 || j < i || k < j || k > cap(s) {
		m.rpanic("reflect.Value.Slice3: slice index out of bounds")
	}
	return newRval(st, bytesSlice(s[i:j:k]), x.f&flagRO)
}

func (m *machine) convertVal(x rval, t *rtype) rval {
	if x.t == nil {
		m.valueError(pkgReflect, "reflect.Value.Convert", kInvalid)
	}
	if t == nil || !types.ConvertibleTo(x.t.t, t.t) {
		m.rpanic("reflect.Value.Convert: value of type " + x.t.str + " cannot be converted to type " + t.str)
	}
	m.rread(x)
	v := x.get()
	switch {
	case t.kind == kInterface:
		if x.t.kind != kInterface {
			v = value{r: &iface{t: x.t, v: copyVal(v, x.t)}}
		}
	case types.Identical(x.t.t.Underlying(), t.t.Underlying()):
		v = copyVal(v, t)
	default:
		conv := converter(x.t, t)
		if conv == nil {
			if x.t.kind != t.kind {
				panic(&UnsupportedError{What: "reflect.Value.Convert from " + x.t.str + " to " + t.str})
			}
			v = copyVal(v, t)
		} else {
			v = conv(v)
		}
	}
	return newRval(t, v, x.f&flagRO)
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
