package interp

// Compiled calls (static, dynamic, interface methods, models), closures,
// and go and defer statements.

import (
	"go/token"
	"go/types"
	"slices"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// callee resolves the function a call instruction calls, at run time.
type callee struct {
	static *function // non-nil for static calls
	fnReg  int       // call mode: register of the func value
	recv   int       // invoke mode: register of the interface value (-1 otherwise)
	id     string    // invoke mode: method id
	cache  atomic.Pointer[methodCache]
	args   []int
}

// methodCache is a call site's polymorphic inline cache: the methods seen
// for up to maxCached dynamic types, replaced as a whole (copy on write).
// The pairs are inline, so that a lookup reads one object.
type methodCache struct {
	n       int
	entries [maxCached]cachedMethod
}

// cachedMethod is the method of a call site for dynamic type t.
type cachedMethod struct {
	t *rtype
	f *function
}

const maxCached = 8

// find returns the method cached for dynamic type t, if any (mc may be
// nil: no method is cached yet).
func (mc *methodCache) find(t *rtype) (*function, bool) {
	if mc != nil {
		for _, e := range mc.entries[:mc.n] {
			if e.t == t {
				return e.f, true
			}
		}
	}
	return nil, false
}

// with returns a cache of mc's methods (those that fit) and f for t.
func (mc *methodCache) with(t *rtype, f *function) *methodCache {
	nc := &methodCache{}
	if mc != nil && mc.n < maxCached {
		*nc = *mc
	}
	nc.entries[nc.n] = cachedMethod{t, f}
	nc.n++
	return nc
}

func (c *compiler) callee(cc *ssa.CallCommon) *callee {
	ce := &callee{recv: -1, fnReg: -1}
	if cc.IsInvoke() {
		ce.recv = c.reg(cc.Value)
		ce.id = cc.Method.Id()
	} else if fn, ok := cc.Value.(*ssa.Function); ok {
		ce.static = c.prog.funcOf(fn)
	} else {
		ce.fnReg = c.reg(cc.Value)
	}
	ce.args = c.regList(cc.Args)
	return ce
}

// resolve returns the function to call, the receiver (invoke mode) and
// the closure environment.
func (ce *callee) resolve(fr *frame) (f *function, recv value, hasRecv bool, env []value) {
	if ce.static != nil {
		return ce.static, value{}, false, nil
	}
	if ce.recv >= 0 {
		i := fr.regs[ce.recv].iface()
		if i == nil {
			panic(nilDeref)
		}
		mc := ce.cache.Load()
		if f, ok := mc.find(i.t); ok {
			return f, i.v, true, nil
		}
		f := i.t.method(ce.id)
		if f == nil {
			panic(runtimeError("interp: method " + ce.id + " not found on " + i.t.str))
		}
		ce.cache.Store(mc.with(i.t, f))
		return f, i.v, true, nil
	}
	cl, _ := fr.regs[ce.fnReg].r.(*closure)
	if cl == nil {
		panic(nilDeref)
	}
	return cl.fn, value{}, false, cl.env
}

// cached is resolve for micro-code (micro.go): the function a dynamic
// call calls when its inline cache knows it, or ok false (a nil interface
// or closure, a dynamic type not in the cache).
func (ce *callee) cached(regs []value) (f *function, recv value, hasRecv bool, env []value, ok bool) {
	if ce.recv >= 0 {
		i, _ := regs[ce.recv].r.(*iface)
		if i == nil {
			return nil, value{}, false, nil, false
		}
		if f, ok := ce.cache.Load().find(i.t); ok {
			return f, i.v, true, nil, true
		}
		return nil, value{}, false, nil, false
	}
	cl, _ := regs[ce.fnReg].r.(*closure)
	if cl == nil {
		return nil, value{}, false, nil, false
	}
	return cl.fn, value{}, false, cl.env, true
}

// setArgs writes a call's arguments into nf's first registers: the
// receiver (if hasRecv), the caller's registers args, then the closure's
// free variables env.
func (nf *frame) setArgs(regs []value, recv value, hasRecv bool, args []int, env []value) {
	j := 0
	if hasRecv {
		nf.regs[0] = recv
		j = 1
	}
	for _, a := range args {
		nf.regs[j] = regs[a]
		j++
	}
	if len(env) > 0 { // copy of value cells calls the runtime even for none
		copy(nf.regs[j:], env)
	}
}

// gatherArgs returns the argument values of a call (with the receiver
// first in invoke mode) in a fresh slice.
func (ce *callee) gatherArgs(fr *frame, recv value, hasRecv bool) []value {
	n := len(ce.args)
	if hasRecv {
		n++
	}
	args := make([]value, 0, n)
	if hasRecv {
		args = append(args, recv)
	}
	for _, a := range ce.args {
		args = append(args, fr.regs[a])
	}
	return args
}

func (c *compiler) call(i *ssa.Call) op {
	cc := &i.Call
	dst := c.regs[i]
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		if b.Name() == "Add" {
			return c.unsafeAdd(i, dst)
		}
		return c.builtin(b.Name(), cc.Args, dst, cc.Pos())
	}
	ce := c.callee(cc)
	pos := cc.Pos()
	if f := ce.static; f != nil {
		if tf := c.tupleCalls[i]; tf != nil {
			return c.tupleCall(i, tf, ce.args)
		}
		if nat, ctl, borrows := lookupNative(c.prog, f.ssa); nat != nil || ctl != nil {
			tmp := &function{prog: c.prog, name: f.name, native: nat, control: ctl, borrowsArgs: borrows, ssa: f.ssa}
			return c.nativeCall(tmp, ce.args, dst, pos)
		}
		args := ce.args
		c.plainCalls[i] = minst{op: mCall, d: int32(dst), fn: f, ext: &mext{args: int32s(args)}}
		return func(fr *frame) *frame {
			m := fr.g.m
			m.step()
			nf := m.calleeFrame(fr, f)
			for j, a := range args {
				nf.regs[j] = fr.regs[a]
			}
			nf.g, nf.caller, nf.retDst = fr.g, fr, int32(dst)
			fr.pc++
			return nf
		}
	}
	c.plainCalls[i] = minst{op: mDynCall, d: int32(dst), ext: &mext{ce: ce}}
	return func(fr *frame) *frame {
		m := fr.g.m
		m.step()
		f, recv, hasRecv, env := ce.resolve(fr)
		if !f.ready.Load() {
			m.prog.compile(f)
		}
		if f.native != nil || f.control != nil {
			return f.invokeNative(fr, ce.gatherArgs(fr, recv, hasRecv), int32(dst))
		}
		nf := m.calleeFrame(fr, f)
		nf.setArgs(fr.regs, recv, hasRecv, ce.args, env)
		nf.g, nf.caller, nf.retDst = fr.g, fr, int32(dst)
		fr.pc++
		return nf
	}
}

// invokeNative calls the native model of f from fr.
func (f *function) invokeNative(fr *frame, args []value, dst int32) *frame {
	if f.control != nil {
		return f.control(fr, args, dst)
	}
	res := f.native(fr.g.m, args)
	if dst >= 0 {
		fr.regs[dst] = res
	}
	fr.pc++
	return fr
}

// borrowArgs copies the registers argRegs into the machine's argument
// buffer, for a model that borrows its arguments (model.borrows); the
// caller clears it after the call.
func borrowArgs(fr *frame, argRegs []int) []value {
	args := fr.g.m.argBuf[:len(argRegs)]
	for j, a := range argRegs {
		args[j] = fr.regs[a]
	}
	return args
}

// nativeCall compiles a direct call of a native model.
func (c *compiler) nativeCall(f *function, argRegs []int, dst int, pos token.Pos) op {
	if ctl := f.control; ctl != nil {
		if f.borrowsArgs && len(argRegs) <= len(machine{}.argBuf) {
			// The model only reads its arguments while it runs: pass
			// the machine's buffer (one goroutine runs at a time).
			return func(fr *frame) *frame {
				args := borrowArgs(fr, argRegs)
				next := ctl(fr, args, int32(dst))
				clear(args)
				return next
			}
		}
		return func(fr *frame) *frame {
			args := make([]value, len(argRegs))
			for j, a := range argRegs {
				args[j] = fr.regs[a]
			}
			return ctl(fr, args, int32(dst))
		}
	}
	nat := f.native
	if f.borrowsArgs && len(argRegs) <= len(machine{}.argBuf) {
		// A pure leaf: pass the machine's buffer.
		return func(fr *frame) *frame {
			args := borrowArgs(fr, argRegs)
			fr.regs[dst] = nat(fr.g.m, args)
			clear(args)
			fr.pc++
			return fr
		}
	}
	switch len(argRegs) {
	case 0:
		return func(fr *frame) *frame {
			fr.regs[dst] = nat(fr.g.m, nil)
			fr.pc++
			return fr
		}
	case 1:
		a0 := argRegs[0]
		return func(fr *frame) *frame {
			var args [1]value
			args[0] = fr.regs[a0]
			fr.regs[dst] = nat(fr.g.m, args[:])
			fr.pc++
			return fr
		}
	case 2:
		a0, a1 := argRegs[0], argRegs[1]
		return func(fr *frame) *frame {
			var args [2]value
			args[0], args[1] = fr.regs[a0], fr.regs[a1]
			fr.regs[dst] = nat(fr.g.m, args[:])
			fr.pc++
			return fr
		}
	}
	return func(fr *frame) *frame {
		args := make([]value, len(argRegs))
		for j, a := range argRegs {
			args[j] = fr.regs[a]
		}
		fr.regs[dst] = nat(fr.g.m, args)
		fr.pc++
		return fr
	}
}

// maxTupleResults bounds the results of a tuple model (model.tuple).
const maxTupleResults = 4

// findTupleCalls finds the direct calls of tuple models (model.tuple) whose
// results are only read by the Extracts right after them
// (extractedAtOnce): such a call writes each result straight to its
// Extract's register, and the Extracts compile to nothing. No tuple is
// allocated, and none is left in a register.
func (c *compiler) findTupleCalls(sf *ssa.Function) {
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fn, ok := call.Call.Value.(*ssa.Function)
			if !ok || len(call.Call.Args) > len(machine{}.argBuf) || !extractedAtOnce(call) {
				continue
			}
			tf := lookupTuple(c.prog, fn)
			if tf == nil {
				continue
			}
			if c.tupleCalls == nil {
				c.tupleCalls = map[*ssa.Call]tupleFn{}
				c.tupleExtract = map[*ssa.Extract]bool{}
			}
			c.tupleCalls[call] = tf
			for _, r := range *call.Referrers() {
				c.tupleExtract[r.(*ssa.Extract)] = true
			}
		}
	}
}

// extractedAtOnce reports whether the results of the call i are only read
// by Extracts that directly follow it in its block.
func extractedAtOnce(i *ssa.Call) bool {
	t, ok := i.Type().(*types.Tuple)
	if !ok || t.Len() > maxTupleResults {
		return false
	}
	refs := i.Referrers()
	if refs == nil {
		return false
	}
	instrs := i.Block().Instrs
	at := slices.Index(instrs, ssa.Instruction(i))
	if at < 0 || at+len(*refs) >= len(instrs) {
		return false
	}
	for j, r := range *refs {
		if _, ok := r.(*ssa.Extract); !ok {
			return false
		}
		if e, ok := instrs[at+1+j].(*ssa.Extract); !ok || e.Tuple != ssa.Value(i) {
			return false
		}
	}
	return true
}

// numericOnly reports whether the arguments and results of the call i are
// all integers or floats, whose values hold no pointer (value.r is nil).
func numericOnly(i *ssa.Call) bool {
	numeric := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
	}
	for _, a := range i.Call.Args {
		if !numeric(a.Type()) {
			return false
		}
	}
	t := i.Type().(*types.Tuple)
	for j := range t.Len() {
		if !numeric(t.At(j).Type()) {
			return false
		}
	}
	return true
}

// tupleCall compiles the call i of the tuple model tf (see findTupleCalls):
// the model writes its results to the machine's buffer, and the op copies
// each to the register of its Extract.
func (c *compiler) tupleCall(i *ssa.Call, tf tupleFn, argRegs []int) op {
	n := i.Type().(*types.Tuple).Len()
	outs := make([]int, n) // the register of each result's Extract, or -1
	for j := range outs {
		outs[j] = -1
	}
	for _, r := range *i.Referrers() {
		e := r.(*ssa.Extract)
		outs[e.Index] = c.regs[e]
	}
	if n == 2 && numericOnly(i) {
		// Numbers only: the buffers hold no pointers, nothing to clear.
		o0, o1 := outs[0], outs[1]
		return func(fr *frame) *frame {
			m := fr.g.m
			args := borrowArgs(fr, argRegs)
			res := m.resBuf[:2]
			tf(args, res)
			if o0 >= 0 {
				fr.regs[o0] = res[0]
			}
			if o1 >= 0 {
				fr.regs[o1] = res[1]
			}
			fr.pc++
			return fr
		}
	}
	return func(fr *frame) *frame {
		m := fr.g.m
		args := borrowArgs(fr, argRegs)
		res := m.resBuf[:n]
		tf(args, res)
		for j, o := range outs {
			if o >= 0 {
				fr.regs[o] = res[j]
			}
		}
		clear(args)
		clear(res)
		fr.pc++
		return fr
	}
}

// funcValue returns a closure value that calls the resolved callee with
// its bound receiver (for go and defer).
func (ce *callee) bind(fr *frame) (value, []value) {
	f, recv, hasRecv, env := ce.resolve(fr)
	args := ce.gatherArgs(fr, recv, hasRecv)
	return value{r: &closure{fn: f, env: env}}, args
}

func (c *compiler) goStmt(i *ssa.Go) op {
	cc := &i.Call
	pos := i.Pos() // the go keyword, as in Go's "created by" lines
	if _, ok := cc.Value.(*ssa.Builtin); !ok {
		// The new goroutine's frame takes the arguments directly: no
		// closure or argument slice is made for it.
		ce := c.callee(cc)
		return func(fr *frame) *frame {
			if fr.point(OpGo, pos) {
				return nil
			}
			f, recv, hasRecv, env := ce.resolve(fr)
			m := fr.g.m
			ng := m.newGoroutine(fr, nil, pos)
			nf := m.newFrame(f)
			nf.setArgs(fr.regs, recv, hasRecv, ce.args, env)
			nf.g = ng
			nf.retDst = -1
			ng.top = nf
			if f.ssa != nil {
				ng.pendPos, ng.pendAt = f.ssa.Pos(), f.ssa.Pos()
			}
			fr.pc++
			return fr
		}
	}
	bind := c.binder(cc)
	return func(fr *frame) *frame {
		if fr.point(OpGo, pos) {
			return nil
		}
		g := fr.g
		fv, args := bind(fr)
		m := g.m
		cl := fv.r.(*closure)
		ng := m.newGoroutine(fr, nil, pos)
		nf := m.newFrame(cl.fn)
		copy(nf.regs, args)
		copy(nf.regs[len(args):], cl.env)
		nf.g = ng
		nf.retDst = -1
		ng.top = nf
		if cl.fn.ssa != nil {
			ng.pendPos, ng.pendAt = cl.fn.ssa.Pos(), cl.fn.ssa.Pos()
		}
		fr.pc++
		return fr
	}
}

// binder returns a function that evaluates the function value and the
// arguments of the call of a go or defer statement.
func (c *compiler) binder(cc *ssa.CallCommon) func(fr *frame) (value, []value) {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		th := c.builtinThunk(b, cc.Args)
		args := c.regList(cc.Args)
		return func(fr *frame) (value, []value) { return th, gather(fr, args) }
	}
	return c.callee(cc).bind
}

func gather(fr *frame, regs []int) []value {
	vs := make([]value, len(regs))
	for i, r := range regs {
		vs[i] = fr.regs[r]
	}
	return vs
}

func (c *compiler) deferStmt(i *ssa.Defer) op {
	cc := &i.Call
	pos := cc.Pos()
	bind := c.binder(cc)
	if fnReg := c.deferFuncReg(cc); fnReg >= 0 {
		// A nil function value panics when the deferred call runs.
		inner := bind
		bind = func(fr *frame) (value, []value) {
			if fr.regs[fnReg].r == nil {
				return value{}, nil
			}
			return inner(fr)
		}
	}
	stack := -1
	if i.DeferStack != nil {
		stack = c.reg(i.DeferStack)
	}
	return func(fr *frame) *frame {
		fv, args := bind(fr)
		target := fr
		if stack >= 0 {
			if t, ok := fr.regs[stack].r.(*frame); ok {
				target = t
			}
		}
		target.defers = append(target.defers, deferred{fn: fv, args: args, pos: pos})
		fr.pc++
		return fr
	}
}

// deferFuncReg returns the register of a deferred call's function value in
// call mode, or -1.
func (c *compiler) deferFuncReg(cc *ssa.CallCommon) int {
	if cc.IsInvoke() {
		return -1
	}
	switch cc.Value.(type) {
	case *ssa.Function, *ssa.Builtin:
		return -1
	}
	return c.reg(cc.Value)
}

// builtinThunk returns a closure that applies builtin b to its parameters,
// for go and defer statements of builtins.
func (c *compiler) builtinThunk(b *ssa.Builtin, args []ssa.Value) value {
	f := c.prog.newFunction(b.Name())
	bc := &compiler{prog: c.prog, fn: f, regs: map[ssa.Value]int{}}
	ts := make([]types.Type, len(args))
	regs := make([]int, len(args))
	for j, a := range args {
		ts[j] = a.Type()
		regs[j] = bc.newReg()
	}
	f.nparams = len(args)
	dst := bc.newReg()
	bc.code = append(bc.code, bc.builtinRegs(b.Name(), ts, regs, dst, token.NoPos, false), func(fr *frame) *frame { return fr.ret(value{}) })
	bc.pos = []token.Pos{token.NoPos, token.NoPos}
	f.code, f.pos, f.template = bc.code, bc.pos, bc.tmpl
	f.ready.Store(true)
	return value{r: &closure{fn: f}}
}
