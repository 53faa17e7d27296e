package interp

// The machine's side of the models' API (package interp/model): the
// machine as the models see it, the view of its values as the API's, and
// the translation of the API's tables into the machine's (stdlib.go
// registers them).

import (
	"bytes"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"

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
	case f.Instantiate != nil:
		inst := f.Instantiate
		md.instantiate = func(p *Program, fn *ssa.Function) model {
			targs := make([]modelapi.Type, len(fn.TypeArgs()))
			for i, t := range fn.TypeArgs() {
				targs[i] = typeAPI(p.typeOf(t))
			}
			imd := apiModel(name, inst(targs))
			imd.why, imd.mem = md.why, md.mem
			return imd
		}
	case f.Control != nil:
		cf := f.Control
		md.control = func(fr *frame, args []value, dst int32) *frame {
			m := fr.g.m
			fr.g.top, m.callee = fr, name
			next := cf(m.api(), apiValues(args))
			switch call := fromAPI(next.Call); {
			case next.Stop || next.Block != modelapi.OpNone:
				return apiControlNext(fr, &next)
			case next.Fatal != "":
				return m.fatal(fr, next.Fatal)
			case next.Body && next.Then != nil:
				then := next.Then
				return fr.callBodyThen(m.ownBody(name), args, dst, func(res value) value {
					return fromAPI(then(m.api(), apiValue(res)))
				})
			case next.Body:
				return fr.callBody(m.ownBody(name), args, dst)
			case call.r != nil:
				cl, _ := call.r.(*closure)
				if cl == nil {
					panic(nilDeref)
				}
				cargs := append(fromAPIs(next.Args), cl.env...)
				then := next.Then
				return m.callThen(fr, cl.fn, cargs, func(res value) *frame {
					if then != nil {
						res = fromAPI(then(m.api(), apiValue(res)))
					}
					return fr.done(dst, res)
				})
			}
			return fr.done(dst, fromAPI(next.Result))
		}
	}
	return md
}

// apiType is a type as the models see it (modelapi.Type): the machine's
// rtype, with the API's methods kept apart from the machine's.
type apiType rtype

// typeAPI returns t as the models see it (nil for nil).
func typeAPI(t *rtype) modelapi.Type {
	if t == nil {
		return nil
	}
	return (*apiType)(t)
}

// fromAPIType returns the machine's type of the API's t (nil for nil).
func fromAPIType(t modelapi.Type) *rtype {
	if t == nil {
		return nil
	}
	return (*rtype)(t.(*apiType))
}

// The methods of apiType are modelapi.Type's, documented there.

func (t *apiType) String() string            { return t.str }
func (t *apiType) Kind() reflect.Kind        { return reflect.Kind(t.kind) }
func (t *apiType) Go() types.Type            { return t.t }
func (t *apiType) Elem() modelapi.Type       { return typeAPI(t.elem) }
func (t *apiType) Key() modelapi.Type        { return typeAPI(t.key) }
func (t *apiType) Len() int                  { return t.len }
func (t *apiType) NumField() int             { return len(t.fields) }
func (t *apiType) Field(i int) modelapi.Type { return typeAPI(t.fields[i].typ) }
func (t *apiType) Size() int64               { return (*rtype)(t).gcSize() }
func (t *apiType) Comparable() bool          { return t.comparable }

func (a *apiMachine) TypeOf(t types.Type) modelapi.Type { return typeAPI(a.prog.typeOf(t)) }

func (a *apiMachine) LookupType(pkg, name string) modelapi.Type {
	return typeAPI((*machine)(a).lookupType(pkg, name))
}

func (a *apiMachine) Dynamic(v modelapi.Value) (modelapi.Type, modelapi.Value) {
	i := fromAPI(v).iface()
	if i == nil {
		return nil, modelapi.Value{}
	}
	return typeAPI(i.t), apiValue(i.v)
}

func (a *apiMachine) MakeInterface(t modelapi.Type, v modelapi.Value) modelapi.Value {
	return apiValue(value{r: &iface{t: fromAPIType(t), v: fromAPI(v)}})
}

func (a *apiMachine) Copy(v modelapi.Value, t modelapi.Type) modelapi.Value {
	return apiValue(copyVal(fromAPI(v), fromAPIType(t)))
}

func (a *apiMachine) Key(v modelapi.Value, t modelapi.Type) any {
	return hashKey(fromAPI(v), fromAPIType(t))
}

func (a *apiMachine) New(t modelapi.Type, v modelapi.Value) modelapi.Value {
	c := fromAPI(v)
	return apiValue(value{r: &c})
}

func (a *apiMachine) Func(name string) modelapi.Value {
	f := (*machine)(a).bodyByName(name)
	if f == nil {
		return modelapi.Value{}
	}
	return apiValue(value{r: &closure{fn: f}})
}

func (a *apiMachine) Zero(t modelapi.Type) modelapi.Value { return apiValue(zero(fromAPIType(t))) }

func (a *apiMachine) Global(pkg, name string) (modelapi.Value, modelapi.Type) {
	m := (*machine)(a)
	p := m.pkg(pkg)
	if p == nil {
		return modelapi.Value{}, nil
	}
	g := p.Var(name)
	if g == nil {
		return modelapi.Value{}, nil
	}
	t := m.prog.typeOf(g.Type().(*types.Pointer).Elem())
	return apiValue(value{r: m.global(m.prog.globalIndex(g))}), typeAPI(t)
}

func (a *apiMachine) Store(p, v modelapi.Value, t modelapi.Type) {
	c := fromAPI(p).ptr()
	if c == nil {
		panic(nilDeref)
	}
	(*machine)(a).store(c, fromAPI(v), fromAPIType(t))
}

func (a *apiMachine) SetBytes(dst modelapi.Value, b []byte) int {
	return (*machine)(a).setBytes(fromAPI(dst).bytes(), b)
}

func (a *apiMachine) Draw(n uint64) uint64 { return (*machine)(a).draw(n) }
func (a *apiMachine) Rand() uint64         { return (*machine)(a).nextRand() }
func (a *apiMachine) Clock() (start, now int64) {
	return virtualEpoch, a.clock
}

func (a *apiMachine) State(k *modelapi.StateKey) modelapi.State {
	st := a.models[k]
	if st == nil {
		st = k.New()
		if a.models == nil {
			a.models = map[*modelapi.StateKey]modelapi.State{}
		}
		a.models[k] = st
	}
	return st
}

// cloneModelStates returns a copy of the models' states ss (world.clone).
func cloneModelStates(ss map[*modelapi.StateKey]modelapi.State) map[*modelapi.StateKey]modelapi.State {
	if ss == nil {
		return nil
	}
	c := make(map[*modelapi.StateKey]modelapi.State, len(ss))
	for k, st := range ss {
		c[k] = st.Clone()
	}
	return c
}

// apiHasher is a state hash's encoding as the models see it
// (modelapi.Hasher).
type apiHasher struct{ c *Canon }

func (h apiHasher) WriteUint(u uint64)   { h.c.WriteUint(u) }
func (h apiHasher) WriteString(s string) { h.c.WriteString(s) }
func (h apiHasher) Refuse(why string)    { h.c.Refuse(why) }
func (h apiHasher) Cell(c modelapi.Cell) (uint64, bool) {
	p, _ := (*(*any)(unsafe.Pointer(&c))).(*value)
	if p == nil {
		return 0, false
	}
	return h.c.CellID(addrOf(p))
}

// A modelapi.Cell has the layout of an any holding the pointer's
// reference (checked by TestModelValueLayout's neighbour,
// TestModelCellLayout).
var _ = [1]struct{}{}[unsafe.Sizeof(modelapi.Cell{})-unsafe.Sizeof(any(nil))]

// encodeModelStates writes the models' states, in the order of their
// keys' names, leaving out those that encode as a new state does: a run
// whose models made a state and left it as new is in the state of one
// that made none.
func (m *machine) encodeModelStates(c *Canon) {
	ks := make([]*modelapi.StateKey, 0, len(m.models))
	for k := range m.models {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b *modelapi.StateKey) int { return strings.Compare(a.Name, b.Name) })
	n := 0
	for _, k := range ks {
		start := len(c.buf)
		c.WriteString(k.Name)
		m.models[k].Hash(apiHasher{c})
		fresh := &Canon{}
		fresh.WriteString(k.Name)
		k.New().Hash(apiHasher{fresh})
		if bytes.Equal(fresh.buf, c.buf[start:]) {
			c.buf = c.buf[:start]
			continue
		}
		n++
	}
	c.WriteUint(uint64(n))
}
