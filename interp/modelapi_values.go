package interp

// The machine's side of the models' API for reflection
// (modelapi.Reflection, and the layout and methods of modelapi.Type): its
// type descriptors as values, the variables every kind of pointer points
// to, and the methods of types.

import (
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
