package interp

// The machine's side of the models' API for reflection
// (modelapi.Reflection, and the layout and methods of modelapi.Type): its
// type descriptors as values, the variables every kind of pointer points
// to, and the methods of types.

import (
	"go/types"
	"unsafe"

	modelapi "github.com/vtcheck/vt/interp/model"
)

// The methods of apiType and apiMachine below are modelapi.Type's and
// modelapi.Reflection's, documented there.

func (t *apiType) Align() int64 { return (*rtype)(t).gcLayout().align }

func (t *apiType) Offset(i int) int64 { return (*rtype)(t).gcLayout().offsets[i] }

func (t *apiType) Implements(u modelapi.Type) bool {
	return (*rtype)(t).implements(fromAPIType(u))
}

// lookupType returns the type declared as name at package level in
// package pkg of the binary the machine runs, or nil (LookupType): cached
// per program and package variant, as the models of reflect look their
// types up at every call.
func (m *machine) lookupType(pkg, name string) *rtype {
	sp := m.pkg(pkg)
	if sp == nil {
		return nil
	}
	ri := m.prog.reflectInfo()
	key := pkgTypeKey{sp, name, false}
	ri.mu.Lock()
	t, ok := ri.types[key]
	ri.mu.Unlock()
	if ok {
		return t
	}
	if tn := sp.Type(name); tn != nil {
		t = m.prog.typeOf(tn.Type())
	}
	ri.mu.Lock()
	ri.types[key] = t
	ri.mu.Unlock()
	return t
}

// A type's descriptor, as a value of the program, is its *rtype.

func (a *apiMachine) Descriptor(t modelapi.Type) modelapi.Value {
	return apiValue(value{r: fromAPIType(t)})
}

func (a *apiMachine) Described(v modelapi.Value) modelapi.Type {
	t, _ := fromAPI(v).r.(*rtype)
	return typeAPI(t)
}

func (a *apiMachine) PointerTo(t modelapi.Type) modelapi.Type {
	return typeAPI((*machine)(a).ptrTo(fromAPIType(t)))
}

func (a *apiMachine) Deref(p modelapi.Value, t modelapi.Type) modelapi.Value {
	switch q := fromAPI(p).r.(type) {
	case nil:
		return modelapi.Value{}
	case *value:
		return apiValue(*q)
	}
	return apiValue(loadPtr(fromAPI(p), fromAPIType(t)))
}

func (a *apiMachine) Assign(p, v modelapi.Value, t modelapi.Type) {
	m := (*machine)(a)
	switch q := fromAPI(p).r.(type) {
	case *byte:
		m.setByte(q, byte(fromAPI(v).n))
	case *value:
		m.store(q, fromAPI(v), fromAPIType(t))
	default:
		panic(nilDeref)
	}
}

func (a *apiMachine) Access(p modelapi.Value, t modelapi.Type, write bool) {
	m := (*machine)(a)
	if !m.watchMem {
		return
	}
	k := EvRead
	if write {
		k = EvWrite
	}
	switch q := fromAPI(p).r.(type) {
	case *byte:
		m.modelAccessBytes(k, unsafe.Slice(q, 1))
	case *value:
		m.modelAccessValue(k, q, fromAPIType(t))
	}
}

func (a *apiMachine) MethodFunc(t modelapi.Type, id string) modelapi.Value {
	f := fromAPIType(t).method(id)
	if f == nil {
		return modelapi.Value{}
	}
	return apiValue(value{r: &closure{fn: f}})
}

func (a *apiMachine) PanicValue(v modelapi.Value) { panic(&panicValue{fromAPI(v)}) }

func (a *apiMachine) Len(v modelapi.Value, t modelapi.Type) int {
	x, rt := fromAPI(v), fromAPIType(t)
	switch rt.kind {
	case kSlice:
		return seqLen(x, rt)
	case kArray:
		return rt.len
	case kString:
		return len(x.str())
	case kMap:
		mo, _ := x.r.(*mapObj)
		return mo.len()
	case kChan:
		if c, _ := x.r.(*chanObj); c != nil && !c.syncTimer { // a synchronous timer's: 0, as in Go
			return c.count
		}
		return 0
	}
	panic(runtimeError("interp: Len of a " + rt.str))
}

func (a *apiMachine) Cap(v modelapi.Value, t modelapi.Type) int {
	x, rt := fromAPI(v), fromAPIType(t)
	switch rt.kind {
	case kSlice:
		return seqCap(x, rt)
	case kArray:
		return rt.len
	case kChan:
		if c, _ := x.r.(*chanObj); c != nil && !c.syncTimer { // a synchronous timer's: 0, as in Go
			return c.capacity
		}
		return 0
	}
	panic(runtimeError("interp: Cap of a " + rt.str))
}

func (a *apiMachine) Index(v modelapi.Value, t modelapi.Type, i int) modelapi.Value {
	x := fromAPI(v)
	if fromAPIType(t).bytes {
		return apiValue(value{r: &x.bytes()[i]})
	}
	return apiValue(value{r: &x.elems()[i]})
}

func (a *apiMachine) Slice(v modelapi.Value, t modelapi.Type, i, j, k int) modelapi.Value {
	x := fromAPI(v)
	if fromAPIType(t).bytes {
		b := x.bytes()
		if k < 0 {
			return apiValue(bytesSlice(b[i:j]))
		}
		return apiValue(bytesSlice(b[i:j:k]))
	}
	s := x.elems()
	if k < 0 {
		return apiValue(value{r: s[i:j]})
	}
	return apiValue(value{r: s[i:j:k]})
}

func (a *apiMachine) NewSlice(t modelapi.Type, n, c int) modelapi.Value {
	rt := fromAPIType(t)
	if rt.bytes {
		return apiValue(value{r: make([]byte, n, c)})
	}
	return apiValue(value{r: makeElems(rt.elem, n, c)})
}

func (a *apiMachine) NewMap(t modelapi.Type) modelapi.Value {
	return apiValue(value{r: newMap((*machine)(a), fromAPIType(t))})
}

func (a *apiMachine) MapIndex(v modelapi.Value, t modelapi.Type, k modelapi.Value) (modelapi.Value, bool) {
	mo, _ := fromAPI(v).r.(*mapObj)
	if mo == nil {
		hashKey(fromAPI(k), fromAPIType(t).key) // (panics for an unhashable key)
		return modelapi.Value{}, false
	}
	e, ok := mo.get(fromAPI(k))
	return apiValue(e), ok
}

func (a *apiMachine) SetMapIndex(v modelapi.Value, t modelapi.Type, k, e modelapi.Value) {
	mo, _ := fromAPI(v).r.(*mapObj)
	if mo == nil {
		panic(runtimeError("assignment to entry in nil map"))
	}
	mo.set(fromAPI(k), fromAPI(e))
}

func (a *apiMachine) DeleteMapIndex(v modelapi.Value, t modelapi.Type, k modelapi.Value) {
	if mo, _ := fromAPI(v).r.(*mapObj); mo != nil {
		mo.delete(fromAPI(k))
	}
}

func (a *apiMachine) MapRange(v modelapi.Value, t modelapi.Type, yield func(k, e modelapi.Value) bool) {
	mo, _ := fromAPI(v).r.(*mapObj)
	if mo == nil {
		return
	}
	it := mo.iter((*machine)(a))
	for {
		k, e, ok := it.next()
		if !ok || !yield(apiValue(k), apiValue(e)) {
			return
		}
	}
}

func (a *apiMachine) AccessMap(v modelapi.Value, write bool) {
	k := EvRead
	if write {
		k = EvWrite
	}
	mo, _ := fromAPI(v).r.(*mapObj)
	(*machine)(a).modelAccessMap(k, mo)
}

func (a *apiMachine) Complex(v modelapi.Value) complex128 { return fromAPI(v).complex() }

func (a *apiMachine) MakeComplex(c complex128) modelapi.Value { return apiValue(value{r: c}) }

func (a *apiMachine) Equal(x, y modelapi.Value, t modelapi.Type) bool {
	return equal(fromAPI(x), fromAPI(y), fromAPIType(t))
}

func (a *apiMachine) Convert(v modelapi.Value, from, to modelapi.Type) modelapi.Value {
	f, t, x := fromAPIType(from), fromAPIType(to), fromAPI(v)
	if types.Identical(f.t.Underlying(), t.t.Underlying()) {
		return apiValue(copyVal(x, t))
	}
	if conv := converter(f, t); conv != nil {
		return apiValue(conv(x))
	}
	if f.kind != t.kind {
		panic(&UnsupportedError{What: "the conversion from " + f.str + " to " + t.str})
	}
	return apiValue(copyVal(x, t))
}
