package interp

// The machine's side of the models' API (package interp/model): the
// machine as the models see it, the view of its values as the API's, and
// the translation of the API's tables into the machine's (stdlib.go
// registers them).

import (
	"unsafe"

	modelapi "github.com/vtcheck/vt/interp/model"
)

// A modelapi.Value has the layout of a value (checked here and by
// TestModelValueLayout): the machine hands its registers to the models as
// they are, without copying or allocating.
var _ = [1]struct{}{}[unsafe.Sizeof(value{})-unsafe.Sizeof(modelapi.Value{})]

// apiValue views v as the models' API has it.
func apiValue(v value) modelapi.Value { return *(*modelapi.Value)(unsafe.Pointer(&v)) }

// fromAPI is the value of the API's v.
func fromAPI(v modelapi.Value) value { return *(*value)(unsafe.Pointer(&v)) }

// apiValues views the cells vs (their capacity too) as the models' API
// has them.
func apiValues(vs []value) []modelapi.Value {
	return unsafe.Slice((*modelapi.Value)(unsafe.Pointer(unsafe.SliceData(vs))), cap(vs))[:len(vs)]
}

// fromAPIs views the API's values vs (their capacity too) as cells.
func fromAPIs(vs []modelapi.Value) []value {
	return unsafe.Slice((*value)(unsafe.Pointer(unsafe.SliceData(vs))), cap(vs))[:len(vs)]
}

// whyHost is the reason of a host call (tier 3), as the API has it.
const whyHost = modelapi.Host

// apiMachine is the machine as the models see it (modelapi.Machine): a
// type of its own, so that the API's methods stay apart from the
// machine's.
type apiMachine machine

func (m *machine) api() *apiMachine { return (*apiMachine)(m) }

// The methods of apiMachine are modelapi.Machine's, documented there.

func (a *apiMachine) String(v modelapi.Value) string     { return fromAPI(v).str() }
func (a *apiMachine) MakeString(s string) modelapi.Value { return apiValue(strVal(s)) }
func (a *apiMachine) AnyString(s string) modelapi.Value {
	return apiValue((*machine)(a).anyString(s))
}
func (a *apiMachine) Bytes(v modelapi.Value) []byte { return fromAPI(v).bytes() }
func (a *apiMachine) Elems(v modelapi.Value) []modelapi.Value {
	return apiValues(fromAPI(v).elems())
}
func (a *apiMachine) MakeSlice(es []modelapi.Value) modelapi.Value {
	return apiValue(sliceVal(fromAPIs(es)))
}
func (a *apiMachine) MakeStruct(fs ...modelapi.Value) modelapi.Value {
	return apiValue(sliceVal(fromAPIs(fs)))
}
func (a *apiMachine) MakeTuple(rs ...modelapi.Value) modelapi.Value {
	return apiValue(sliceVal(fromAPIs(rs)))
}

func (a *apiMachine) Load(p modelapi.Value) modelapi.Value {
	c := fromAPI(p).ptr()
	if c == nil {
		panic(nilDeref)
	}
	return apiValue(*c)
}

func (a *apiMachine) Field(p modelapi.Value, i int) modelapi.Value {
	c := fromAPI(p).ptr()
	if c == nil {
		panic(nilDeref)
	}
	return apiValue(value{r: &c.elems()[i]})
}

func (a *apiMachine) Read(p modelapi.Value) {
	if c := fromAPI(p).ptr(); c != nil {
		(*machine)(a).modelAccessElems(EvRead, unsafe.Slice(c, 1), nil)
	}
}

func (a *apiMachine) Method(v modelapi.Value, name string) (fn, recv modelapi.Value) {
	i := fromAPI(v).iface()
	if i == nil {
		panic(nilDeref)
	}
	f := i.t.method(name)
	if f == nil {
		panic(runtimeError("interp: method " + name + " not found on " + i.t.str))
	}
	return apiValue(value{r: &closure{fn: f}}), apiValue(i.v)
}

func (a *apiMachine) Panic(msg string) { panic(&panicValue{(*machine)(a).anyString(msg)}) }

func (a *apiMachine) RuntimeError(msg string) { panic(runtimeError(msg)) }

// apiTables returns the machine's tables of the API's packages ps, and
// the allocations their models declare (see modelAllocs).
func apiTables(ps []modelapi.Package) (map[string]modelTable, map[string]modelAlloc) {
	tables, allocs := map[string]modelTable{}, map[string]modelAlloc{}
	for _, p := range ps {
		t := modelTable{}
		for name, f := range p.Funcs {
			md := apiModel(name, f)
			md.mem = md.mem.withDefault(apiMem(p.Mem))
			t[name] = md
			if ac := f.Allocs; ac != nil {
				allocs[name] = func(m *machine, args []value, res value) (int, int64) {
					return ac(m.api(), apiValues(args), apiValue(res))
				}
			}
		}
		tables[p.Path] = t
	}
	return tables, allocs
}

// apiMem is the machine's memUse of the API's declaration u.
func apiMem(u modelapi.Mem) memUse {
	return memUse{readsElems: u.Reads, writesElems: u.Writes, own: u.Own, none: u.None}
}

// apiModel is the machine's model of the API's f, the model of the
// function name. The API's models borrow their arguments (model.borrows):
// they do not keep them, and call back into the program only after they
// return (modelapi.Next).
func apiModel(name string, f modelapi.Func) model {
	md := model{why: f.Why, mem: apiMem(f.Mem), borrows: true}
	switch {
	case f.Native != nil:
		nf := f.Native
		md.native = func(m *machine, args []value) value {
			return fromAPI(nf(m.api(), apiValues(args)))
		}
	case f.Results != nil:
		rf, n := f.Results, f.NumResults
		md.tuple = func(args, res []value) { rf(apiValues(args), apiValues(res)) }
		md.native = func(_ *machine, args []value) value {
			res := make([]value, n)
			rf(apiValues(args), apiValues(res))
			return sliceVal(res)
		}
	case f.Control != nil:
		cf := f.Control
		md.control = func(fr *frame, args []value, dst int32) *frame {
			m := fr.g.m
			next := cf(m.api(), apiValues(args))
			switch call := fromAPI(next.Call); {
			case next.Body:
				return fr.callBody(m.ownBody(name), args, dst)
			case call.r != nil:
				cl, _ := call.r.(*closure)
				if cl == nil {
					panic(nilDeref)
				}
				cargs := append(fromAPIs(next.Args), cl.env...)
				return m.callThen(fr, cl.fn, cargs, func(res value) *frame { return fr.done(dst, res) })
			}
			return fr.done(dst, fromAPI(next.Result))
		}
	}
	return md
}
