package interp

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	modelapi "github.com/vtcheck/vt/interp/model"
)

// Models are the interpreter's own implementations of functions of the
// standard library (tier 2: sync, time, reflect, ...) and host calls for
// pure leaf functions (tier 3: math, parts of strings). Every modeled
// package has one table: in the file models_<package>.go for the models
// that live inside the machine, in a package under interp/models for
// those written against the models' API (package interp/model,
// modelapi.go); stdlib.go lists the tables and the rest of the
// standard-library policy.

// model is the interpreter's implementation of one function.
type model struct {
	native  nativeFn  // computes the result from the arguments, or
	control controlFn // may block, stop at a scheduling point or call back
	// why says why the function is modeled rather than interpreted from
	// its Go body (noBody for a function without one).
	why string
	// mem declares what it does to the program's memory.
	mem memUse
	// borrows says that the model reads its argument slice only while it
	// runs: it neither keeps the slice nor calls back into interpreted
	// code, so the caller may pass a buffer it reuses (syncControl, and
	// the tier-3 natives).
	borrows bool
	// tuple, if set, computes native's results (a pure leaf of several
	// results) into res instead of allocating a tuple: direct calls from
	// compiled code use it (compiler.tupleCall).
	tuple tupleFn
	// instantiate, if set, makes the model of each instantiation fn of a
	// generic function (native and control are nil).
	instantiate func(p *Program, fn *ssa.Function) model
}

// tupleFn is a pure leaf's model that writes its len(res) results to res
// (see model.tuple). It must not retain args or res.
type tupleFn func(args, res []value)

// lookupTuple returns the tuple model (model.tuple) of fn if lookupNative
// finds fn's table entry (no hook, annotation or memory declaration takes
// precedence), or nil.
func lookupTuple(p *Program, fn *ssa.Function) tupleFn {
	if fn == nil {
		return nil
	}
	name := fn.String()
	if p.isHookable(name) || p.annotation(name) != nil {
		return nil
	}
	md, ok := models[name]
	if !ok {
		if o := fn.Origin(); o != nil {
			md, ok = models[o.String()]
		}
	}
	if !ok || md.mem.own || len(md.mem.readsElems)+len(md.mem.writesElems)+len(md.mem.readsMap) > 0 {
		return nil
	}
	return md.tuple
}

// memUse declares what a model does to the memory of the program that it
// reaches through its arguments: the accesses Go's race detector checks
// when the function runs as compiled Go, which the model must report as
// memory events (EvRead, EvWrite with Op OpModel) like the interpreted
// code it replaces. A model without a declaration takes its package's
// default (memDefaults); TestModelMemory fails for a model whose
// parameters can reach memory and that has neither.
type memUse struct {
	// readsElems and writesElems list the arguments (the receiver first)
	// whose elements, a slice of scalars, the model reads or writes: the
	// call reports those accesses before the model runs.
	readsElems, writesElems []int
	// readsMap lists the map arguments the model reads (as a whole).
	readsMap []int
	// own: the model reports its accesses itself (modelAccessValue,
	// modelAccessElems, modelAccessMap), as what it touches depends on
	// what it does (reflect, sort's swapper, ...), or runs the function's
	// Go body, whose loads and stores are the accesses (math/rand's
	// generators).
	own bool
	// none says why the model makes no access the race detector would
	// check: its arguments are values, or the memory it touches is not
	// the program's (a synchronization object, the runtime's own state).
	none string
}

func (u memUse) declared() bool {
	return u.own || u.none != "" || len(u.readsElems)+len(u.writesElems)+len(u.readsMap) > 0
}

// reads, writes, readsMapArg, ownAccesses and noMemory declare a model's
// memory use (memUse).
func (md model) reads(args ...int) model  { md.mem.readsElems = args; return md }
func (md model) writes(args ...int) model { md.mem.writesElems = args; return md }
func (md model) readsMapArg(args ...int) model {
	md.mem.readsMap = args
	return md
}
func (md model) ownAccesses() model        { md.mem.own = true; return md }
func (md model) noMemory(why string) model { md.mem.none = why; return md }
func (u memUse) withDefault(d memUse) memUse {
	if u.declared() {
		return u
	}
	return d
}

// withMem returns the model's function, wrapped, when it touches the
// program's memory, to report the declared accesses of its arguments and
// to let it report its own: at the call, with the caller's frame and
// position, naming the function (name, as Go's tracebacks do).
func (md model) withMem(name string) (nativeFn, controlFn) {
	u := md.mem
	if !u.own && len(u.readsElems)+len(u.writesElems)+len(u.readsMap) == 0 {
		return md.native, md.control
	}
	inner := md.control
	if inner == nil {
		nat := md.native
		inner = func(fr *frame, args []value, dst int32) *frame { return fr.done(dst, nat(fr.g.m, args)) }
	}
	return nil, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		if m.watchMem {
			fr.g.top, m.callee = fr, name
			for _, i := range u.readsElems {
				m.modelAccessSeq(EvRead, args[i])
			}
			for _, i := range u.writesElems {
				m.modelAccessSeq(EvWrite, args[i])
			}
			for _, i := range u.readsMap {
				if mo, _ := args[i].r.(*mapObj); mo != nil {
					m.modelAccessMap(EvRead, mo)
				}
			}
		}
		return inner(fr, args, dst)
	}
}

// withMemCtl is withMem for a model that reports its own accesses.
func (md model) withMemCtl(name string) controlFn {
	_, ctl := md.withMem(name)
	return ctl
}

// modelFrame returns the frame and position of the running model's
// accesses (nil when memory is not watched).
func (m *machine) modelFrame() (*frame, token.Pos) {
	if !m.watchMem {
		return nil, token.NoPos
	}
	return m.cur.top, modelPos(m.cur.top)
}

// modelAccessValue reports an access of kind k, by the modeled function
// running (see withMem), to the value of type t in the cell p.
func (m *machine) modelAccessValue(k EventKind, p *value, t *rtype) {
	if !m.watchMem || p == nil {
		return
	}
	fr := m.cur.top
	m.accessValue(fr, k, OpModel, p, t, modelPos(fr))
}

// modelAccessValueAt reports an access of kind k, by the modeled function
// running, to the one scalar cell at a.
func (m *machine) modelAccessValueAt(k EventKind, a Addr) {
	if !m.watchMem || a.IsNil() {
		return
	}
	fr := m.cur.top
	m.emit(fr, Event{Kind: k, Op: OpModel, Addr: a, N: 1, Pos: modelPos(fr), Func: m.callee})
}

// modelAccessElems reports an access of kind k, by the modeled function
// running, to the elements es of one array (of type et; nil for scalars).
func (m *machine) modelAccessElems(k EventKind, es []value, et *rtype) {
	if !m.watchMem || len(es) == 0 {
		return
	}
	fr := m.cur.top
	if et == nil {
		m.emit(fr, Event{Kind: k, Op: OpModel, Addr: addrOf(&es[0]), N: len(es), Pos: modelPos(fr), Func: m.callee})
		return
	}
	m.accessElems(fr, k, OpModel, es, et, modelPos(fr))
}

// modelAccessSeq reports an access of kind k, by the modeled function
// running, to the elements of the slice v: its cells, or its bytes for a
// byte slice.
func (m *machine) modelAccessSeq(k EventKind, v value) {
	if b, ok := v.unflat().([]byte); ok {
		m.modelAccessBytes(k, b)
		return
	}
	m.modelAccessElems(k, v.elems(), nil)
}

// modelAccessBytes reports an access of kind k, by the modeled function
// running, to the byte cells b.
func (m *machine) modelAccessBytes(k EventKind, b []byte) {
	if !m.watchMem || len(b) == 0 {
		return
	}
	fr := m.cur.top
	m.emit(fr, Event{Kind: k, Op: OpModel, Addr: addrOfByte(&b[0]), N: len(b), Pos: modelPos(fr), Func: m.callee})
}

// modelAccessMap reports an access of kind k, by the modeled function
// running, to the map mo.
func (m *machine) modelAccessMap(k EventKind, mo *mapObj) {
	if !m.watchMem || mo == nil {
		return
	}
	fr := m.cur.top
	m.accessMap(fr, k, OpModel, mo, modelPos(fr))
}

// modelPos is the position of a model's accesses: the call in fr, or in
// its caller for a frame of a synthetic function (reflect's swapper).
func modelPos(fr *frame) token.Pos {
	pos := fr.pos()
	if !pos.IsValid() && fr.caller != nil {
		pos = fr.caller.callPos()
	}
	return pos
}

// modelTable holds the models of one package, by the function's full name
// as go/ssa writes it: "(*sync.Mutex).Lock", "time.Sleep"; a generic
// function's entry serves all its instantiations.
type modelTable map[string]model

// noBody is the reason of a model of a function without a Go body
// (assembly, or implemented by the runtime through linkname).
const noBody = modelapi.NoBody

// native and control make table entries.
func native(why string, f nativeFn) model {
	// A pure leaf over immutable arguments (tier 3) borrows them.
	return model{native: f, why: why, borrows: why == whyHost}
}
func control(why string, f controlFn) model { return model{control: f, why: why} }

// syncControl makes the entry of a control that borrows its arguments
// (model.borrows): the models of sync's and sync/atomic's operations,
// whose argument slices are then not allocated per call.
func syncControl(why string, f controlFn) model {
	return model{control: f, why: why, borrows: true}
}

// lookupNative returns the model of fn, if any: a hook or an annotation
// the tool declared, a table's entry, or the fallback of fn's package.
func lookupNative(p *Program, fn *ssa.Function) (nat nativeFn, ctl controlFn, borrows bool) {
	if fn == nil {
		return nil, nil, false
	}
	name := fn.String()
	if p.isHookable(name) {
		return nil, hookCtl(p, name, p.bodyOf(fn)), false
	}
	if a := p.annotation(name); a != nil {
		return nil, annotationCtl(a, p.bodyOf(fn)), false
	}
	if md, ok := models[name]; ok {
		nat, ctl := md.withMem(runtimeFuncName(&function{ssa: fn, name: name}))
		nat, ctl = withModelAllocs(name, nat, ctl)
		return nat, ctl, md.borrows
	}
	if o := fn.Origin(); o != nil {
		if md, ok := models[o.String()]; ok {
			if md.instantiate != nil {
				md = md.instantiate(p, fn)
			}
			nat, ctl := md.withMem(runtimeFuncName(&function{ssa: fn, name: name}))
			return nat, ctl, md.borrows
		}
	}
	if fb := modelFallbacks[fnPackage(fn)]; fb != nil {
		return fb(fn), nil, false
	}
	if target, ok := p.linknames[name]; ok && fn.Blocks == nil {
		// A function of the program's own packages that the runtime
		// provides through linkname (runtime.fastrand, runtime.memhash).
		if md, ok := runtimeLinknameModels[target]; ok {
			nat, ctl := md.withMem(target)
			return nat, ctl, md.borrows
		}
		if md, ok := models[target]; ok {
			nat, ctl := md.withMem(target)
			return nat, ctl, md.borrows
		}
	}
	return nil, nil, false
}

// tuple returns a multi-result value.
func tuple(vs ...value) value { return sliceVal(slices.Clone(vs)) }

// goBytes returns the bytes of a []byte value: interpreter memory, for a
// model that only reads them.
func goBytes(v value) []byte { return v.bytes() }

// fieldIndex returns the index of the named field of struct type t.
func fieldIndex(t types.Type, name string) int {
	st := t.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	panic("interp: no field " + name + " in " + t.String())
}

// --- helpers for control natives ---

// done completes a control native with result res.
func (fr *frame) done(dst int32, res value) *frame {
	if dst >= 0 {
		fr.regs[dst] = res
	}
	fr.pc++
	return fr
}

// callValue calls the function value fn with args from a control native;
// its result goes to dst when it returns.
func (fr *frame) callValue(fn value, args []value, dst int32) *frame {
	cl, _ := fn.r.(*closure)
	if cl == nil {
		panic(nilDeref)
	}
	m := fr.g.m
	fr.pc++
	nf := m.newFrame(cl.fn)
	copy(nf.regs, args)
	copy(nf.regs[len(args):], cl.env)
	nf.g, nf.caller, nf.retDst = fr.g, fr, dst
	return nf
}

// callBody calls body (a function's own code, see bodyOf) with args from
// a control native; its result goes to dst when it returns.
func (fr *frame) callBody(body *function, args []value, dst int32) *frame {
	fr.pc++
	nf := fr.g.m.newFrame(body)
	copy(nf.regs, args)
	nf.g, nf.caller, nf.retDst = fr.g, fr, dst
	return nf
}

// bodyOf returns a function for fn's own body, bypassing models and hooks.
func (p *Program) bodyOf(fn *ssa.Function) *function {
	p.funcsMu.Lock()
	defer p.funcsMu.Unlock()
	if f, ok := p.bodies[fn]; ok {
		return f
	}
	f := &function{prog: p, ssa: fn, id: len(p.funcList), name: fn.String(), rawBody: true}
	if p.bodies == nil {
		p.bodies = map[*ssa.Function]*function{}
	}
	p.bodies[fn] = f
	p.funcList = append(p.funcList, f)
	return f
}

// bodyByName returns the own body of the function or method with the
// full name name ("pkgpath.F", "(*pkgpath.T).M", "(pkgpath.T).M") in the
// binary the machine runs (see pkgscope.go), or nil.
func (m *machine) bodyByName(name string) *function {
	fn := m.prog.lookupFuncIn(m.scope, name)
	if fn == nil {
		return nil
	}
	return m.prog.bodyOf(fn)
}
