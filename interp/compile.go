package interp

// Compiling SSA functions, once, into ops over a register file: the
// compiler, registers and constants, jumps, and the dispatch of
// instructions to the files that compile them (memory.go, arith.go,
// convert.go, ops.go, calls.go, chan.go, map.go, builtins.go).

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// function is an SSA function compiled for the interpreter: a slice of ops
// over a register file. Constants and the addresses of globals are
// preloaded registers (template); parameters come first, then free
// variables.
type function struct {
	prog *Program
	ssa  *ssa.Function // nil for synthetic functions
	id   int
	name string

	ready atomic.Bool
	code  []op
	// micro is the micro-code of code, one instruction per op, and orig
	// the ops' closures where code holds the entry of the micro loop
	// (see micro.go); both nil for a function without micro-code.
	micro     []minst
	orig      []op
	pos       []token.Pos // position of each op
	template  []value
	globals   []globalSlot
	nparams   int
	recoverPC int

	native  nativeFn  // simple native model, if any
	control controlFn // native model with control over the caller's frame
	// borrowsArgs: control reads its argument slice only while it runs
	// (model.borrows).
	borrowsArgs bool
	rawBody     bool // compile the SSA body even if a model or hook exists
	nlocals     int  // cells of non-escaping locals (frame.locals)
	// preloaded lists the registers with an initial value in the template
	// (constants, functions, globals' addresses).
	preloaded []int

	goroot, gorootSet bool // see inGoroot
}

type globalSlot struct{ reg, index int }

// nativeFn is a model of a function written in Go: it computes a result
// (a tuple []value for several results) from its arguments. It must not
// retain args. It raises Go panics with panicValue / runtimeError values.
type nativeFn func(m *machine, args []value) value

// controlFn is a native model that may block, yield or call back into
// interpreted code. When done it stores its result in fr.regs[dst] (if
// dst >= 0), advances fr.pc and returns fr; to block or yield it returns nil
// without advancing fr.pc, and is called again with the same arguments.
type controlFn func(fr *frame, args []value, dst int32) *frame

func (f *function) String() string { return f.name }

// inGoroot reports whether f belongs to the Go distribution (the standard
// library) or is a synthetic wrapper. A function of a _test.go file is the
// program's own code wherever it lies: under vt test of a standard package,
// its tests are what the user runs (a timer they set is theirs, a position
// in them is what they recognize).
func (f *function) inGoroot() bool {
	if f.gorootSet {
		return f.goroot
	}
	f.gorootSet = true
	if f.ssa == nil || isWrapper(f.ssa) {
		f.goroot = true
		return true
	}
	pkg := fnPackage(f.ssa)
	std, known := f.prog.std[pkg]
	if !known {
		// A package made after the load (none today): by its path.
		std = pkg != "" && !strings.Contains(strings.SplitN(pkg, "/", 2)[0], ".") && pkg != "main"
	}
	if std && f.ssa.Pos().IsValid() {
		if file := f.prog.SSA.Fset.File(f.ssa.Pos()); file != nil && strings.HasSuffix(file.Name(), "_test.go") {
			std = false
		}
	}
	f.goroot = std
	return f.goroot
}

// compile compiles f (once).
func (p *Program) compile(f *function) {
	p.compileMu.Lock()
	defer p.compileMu.Unlock()
	if f.ready.Load() {
		return
	}
	c := &compiler{prog: p, fn: f, regs: map[ssa.Value]int{}, plainCalls: map[*ssa.Call]minst{}}
	c.compile()
	f.ready.Store(true)
}

type compiler struct {
	prog   *Program
	fn     *function
	sf     *ssa.Function
	regs   map[ssa.Value]int
	nregs  int
	tmpl   []value
	blocks []int // pc of each block
	fused  map[ssa.Value]bool
	// fwd maps a forwarded local (and its field addresses) to the value
	// stored in it; fwdStore marks that store (see findForwarded).
	fwd      map[ssa.Value]ssa.Value
	fwdStore map[*ssa.Store]bool
	// branchFused marks integer comparisons used only by the If right
	// after them: the If compares and branches in one op.
	branchFused map[*ssa.BinOp]bool
	// tupleCalls maps the direct calls of tuple models whose results only
	// the Extracts right after them read to the model; tupleExtract marks
	// those Extracts, which the call does (see findTupleCalls).
	tupleCalls   map[*ssa.Call]tupleFn
	tupleExtract map[*ssa.Extract]bool
	code         []op
	pos          []token.Pos
	// moves are the function's returns of slices the gc compiler moves
	// from the stack, and stackAppends the positions of their appends
	// (see appendWeb); made on first use.
	moves        map[*ssa.Return]sliceMove
	stackAppends map[token.Pos]bool
	movesDone    bool
	// moveTmps are the temporary registers of the phi moves of an edge
	// (from, to) whose destinations overlap their sources (see jumpTo).
	moveTmps map[[2]*ssa.BasicBlock][]int
	// plainCalls are the micro instructions of the static calls of
	// compiled functions (see compiler.call).
	plainCalls map[*ssa.Call]minst
}

func (c *compiler) newReg() int {
	c.nregs++
	c.tmpl = append(c.tmpl, value{})
	return c.nregs - 1
}

func (c *compiler) compile() {
	f := c.fn
	sf := f.ssa
	c.sf = sf
	f.recoverPC = -1
	if !f.rawBody {
		if nat, ctl, borrows := lookupNative(c.prog, sf); nat != nil || ctl != nil {
			f.native, f.control, f.borrowsArgs = nat, ctl, borrows
			c.compileThunk()
			return
		}
	}
	if pkg := fnPackage(sf); pkg != "" && inPolicy(notRun, pkg) && fromSource[f.name] == "" {
		if sf.Name() == "init" && sf.Parent() == nil && sf.Signature.Recv() == nil {
			f.native = func(*machine, []value) value { return value{} }
			c.compileThunk()
			return
		}
		c.compileRefusedCall(shortFuncName(f.name), policyWhy(notRun, pkg))
		return
	}
	if sf.Blocks == nil && sf.Pkg != nil {
		sf.Pkg.Build()
	}
	if sf.Blocks == nil {
		t := c.prog.linknameBody(sf)
		if t == nil {
			c.compileMissing()
			return
		}
		// A function declared without a body that names another by
		// linkname (time/tzdata's registerLoadFromEmbeddedTZData is
		// package time's): it runs that function's body.
		sf = t
		c.sf = t
	}
	c.assignRegs(sf)
	f.nparams = len(sf.Params)
	// Block start pcs: one op per instruction, phis, debug refs and fused
	// address computations none.
	pc := 0
	c.blocks = make([]int, len(sf.Blocks))
	for i, b := range sf.Blocks {
		c.blocks[i] = pc
		for _, instr := range b.Instrs {
			if c.emits(instr) {
				pc++
			}
		}
	}
	if sf.Recover != nil {
		f.recoverPC = c.blocks[sf.Recover.Index]
	}
	var micro []minst
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if !c.emits(instr) {
				continue
			}
			c.code = append(c.code, c.instr(instr))
			c.pos = append(c.pos, instrPos(instr))
			micro = append(micro, c.microOf(instr))
		}
	}
	c.installMicro(micro)
	f.code, f.pos, f.template = c.code, c.pos, c.tmpl
	f.preloaded = c.preloadedRegs()
}

// assignRegs gives sf's parameters, free variables and values their
// registers and decides which instructions are fused, forwarded or
// coalesced (emits): the layout of the function's frame and code, which
// liveness.go computes again for a function on a stack.
func (c *compiler) assignRegs(sf *ssa.Function) {
	for _, p := range sf.Params {
		c.regs[p] = c.newReg()
	}
	for _, fv := range sf.FreeVars {
		c.regs[fv] = c.newReg()
	}
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				c.regs[v] = c.newReg()
			}
		}
	}
	c.findForwarded(sf)
	c.findFused(sf)
	c.findBranchFused(sf)
	c.findTupleCalls(sf)
	// Coalescing knows where fused instructions read (readsOf).
	c.coalescePhis(sf)
	c.aliasChangeTypes(sf)
}

// preloadedRegs lists the registers whose template value is not the zero
// value, and those of globals.
func (c *compiler) preloadedRegs() []int {
	var out []int
	for i, v := range c.tmpl {
		if v.r != nil || v.n != 0 {
			out = append(out, i)
		}
	}
	for _, g := range c.fn.globals {
		out = append(out, g.reg)
	}
	return out
}

// aliasChangeTypes gives every ChangeType (a conversion between types of
// one underlying type: Word(x), time.Duration(n)) its operand's register
// instead of an op that copies it (copy propagation). A register holds its
// SSA value until the value's definition runs again; a use of the
// ChangeType is dominated by the ChangeType, which comes after its operand's
// definition, so no use can see the operand's next value (phi moves are
// parallel over registers, see jumpTo).
func (c *compiler) aliasChangeTypes(sf *ssa.Function) {
	var resolve func(v ssa.Value) int
	resolve = func(v ssa.Value) int {
		if ct, ok := v.(*ssa.ChangeType); ok {
			r := resolve(ct.X)
			c.regs[ct] = r
			return r
		}
		return c.reg(v)
	}
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			if ct, ok := instr.(*ssa.ChangeType); ok {
				resolve(ct)
			}
		}
	}
}

func (c *compiler) emits(instr ssa.Instruction) bool {
	switch instr := instr.(type) {
	case *ssa.Phi, *ssa.DebugRef:
		return false
	case *ssa.FieldAddr:
		return !c.fused[instr] && c.fwd[instr] == nil && !onlyForRangeLength(instr)
	case *ssa.IndexAddr:
		return !c.fused[instr] && !onlyForRangeLength(instr)
	case *ssa.UnOp:
		return !rangeOnlyLength(instr)
	case *ssa.Alloc:
		return c.fwd[instr] == nil
	case *ssa.BinOp:
		return !c.branchFused[instr]
	case *ssa.Store:
		return !c.fwdStore[instr] && !selfStore(instr)
	case *ssa.Extract:
		return !c.tupleExtract[instr]
	case *ssa.ChangeType:
		return false // its operand's register (aliasChangeTypes)
	}
	return true
}

// selfStore reports whether s assigns a variable its own value, loaded just
// before with nothing in between that could change it: x = x, or the store
// of a named result in `return x` where x is that result. Go's compiler
// elides such assignments to a variable (no write, so no race with a
// goroutine that reads the variable meanwhile), and so does the
// interpreter.
func selfStore(s *ssa.Store) bool {
	if !selfStoreShape(s) {
		return false
	}
	ld := s.Val.(*ssa.UnOp)
	instrs := s.Block().Instrs
	between := false
	for _, in := range instrs {
		if in == ssa.Instruction(ld) {
			between = true
			continue
		}
		if in == ssa.Instruction(s) {
			return between
		}
		if !between {
			continue
		}
		switch x := in.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				return false
			}
		case *ssa.Store:
			if !selfStoreShape(x) {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// selfStoreShape reports whether s stores into a variable (a local, a
// global or a captured variable) a value loaded from it in the same block.
func selfStoreShape(s *ssa.Store) bool {
	switch s.Addr.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FreeVar:
	default:
		return false
	}
	ld, ok := s.Val.(*ssa.UnOp)
	return ok && ld.Op == token.MUL && ld.X == s.Addr && ld.Block() == s.Block()
}

func instrPos(instr ssa.Instruction) token.Pos {
	switch i := instr.(type) {
	case *ssa.Call:
		return i.Call.Pos()
	case *ssa.Go:
		return i.Call.Pos()
	case *ssa.Defer:
		return i.Call.Pos()
	}
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	if b := instr.Block(); b != nil {
		// Fall back to the position of another instruction of the block.
		for _, o := range b.Instrs {
			if p := o.Pos(); p.IsValid() {
				return p
			}
		}
	}
	return token.NoPos
}

// compileThunk makes a native callable as an ordinary function (function
// values, defer, go): call the native with the parameters, return.
func (c *compiler) compileThunk() {
	sig := c.fn.ssa.Signature
	n := sig.Params().Len()
	if sig.Recv() != nil {
		n++
	}
	c.thunk(n, c.fn.ssa.Pos())
}

// thunk compiles c.fn, a native with nparams parameters, as a function
// that calls it and returns its result; pos is the position of both ops.
func (c *compiler) thunk(nparams int, pos token.Pos) {
	f := c.fn
	args := make([]int, nparams)
	for i := range args {
		args[i] = c.newReg()
	}
	f.nparams = nparams
	res := c.newReg()
	c.code = append(c.code, c.nativeCall(f, args, res, token.NoPos), func(fr *frame) *frame {
		return fr.ret(fr.regs[res])
	})
	c.pos = append(c.pos, pos, pos)
	f.code, f.pos, f.template = c.code, c.pos, c.tmpl
}

// isWrapper reports whether fn is a synthetic wrapper (a bound or
// promoted method, a thunk), which tracebacks do not show; an instance of a
// generic function is synthetic too, but it is the program's code.
func isWrapper(fn *ssa.Function) bool {
	return fn.Synthetic != "" && fn.Origin() == nil
}

// fnPackage returns the path of the package fn belongs to ("" if none).
func fnPackage(fn *ssa.Function) string {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	if o := fn.Origin(); o != nil && o.Pkg != nil {
		return o.Pkg.Pkg.Path()
	}
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

// compileMissing compiles a function with no body and no model into an op
// that refuses to run it.
func (c *compiler) compileMissing() {
	name := c.fn.name
	switch pkg := fnPackage(c.fn.ssa); {
	case strings.HasPrefix(c.fn.ssa.Name(), "_Cfunc_") || strings.HasPrefix(c.fn.ssa.Name(), "_cgo"):
		c.refusal(cgoRefusal)
		return
	case pkg == "syscall" || strings.HasPrefix(pkg, "internal/syscall/"):
		c.compileRefusedCall(shortFuncName(name), "a system call the virtual OS does not model")
		return
	}
	c.compileRefused(fmt.Sprintf("call of %s: it has no Go body (assembly, cgo or linkname) and the interpreter has no model of it", name))
}

// shortFuncName drops the directories of a function's package path:
// "os/exec.Command" is "exec.Command", "(*os/exec.Cmd).Run" is
// "(*exec.Cmd).Run".
func shortFuncName(name string) string {
	prefix := ""
	if strings.HasPrefix(name, "(") {
		i := strings.IndexFunc(name, func(r rune) bool { return r != '(' && r != '*' })
		prefix, name = name[:i], name[i:]
	}
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return prefix + name
	}
	if slash := strings.LastIndexByte(name[:dot], '/'); slash >= 0 {
		name = name[slash+1:]
	}
	return prefix + name
}

// cgoRefusal refuses a call into C: cgo's generated wrappers
// (_Cfunc_NAME calling _cgo_runtime_cgocall) end in the runtime, which
// has no model. The error names C.NAME and the program's call of it.
func cgoRefusal(fr *frame) *UnsupportedError {
	call := "a cgo call"
	pos := token.NoPos
	for f := fr; f != nil; f = f.caller {
		if f.fn == nil || f.fn.ssa == nil {
			continue
		}
		if name := f.fn.ssa.Name(); strings.HasPrefix(name, "_Cfunc_") || strings.HasPrefix(name, "_cgo") {
			if c, ok := strings.CutPrefix(name, "_Cfunc_"); ok {
				call = "C." + c
			}
			continue
		}
		pos = f.callPos()
		break
	}
	return &UnsupportedError{Call: call, What: "cgo is refused under vt (C code cannot run in the interpreter)", Pos: fr.g.m.prog.position(pos)}
}

// compileRefusedCall compiles f into an op that stops the run with an
// *UnsupportedError: call is refused because why, at the program's own
// call site.
func (c *compiler) compileRefusedCall(call, why string) {
	c.refusal(func(fr *frame) *UnsupportedError {
		pos := token.NoPos
		if cl := fr.caller; cl != nil {
			pos = cl.userPos(cl.callPos())
		}
		return &UnsupportedError{Call: call, What: why, Pos: fr.g.m.prog.position(pos)}
	})
}

// compileRefused compiles f into an op that stops the run with an
// *UnsupportedError saying what.
func (c *compiler) compileRefused(what string) {
	c.refusal(func(fr *frame) *UnsupportedError {
		pos := token.NoPos
		if fr.caller != nil {
			pos = fr.caller.callPos()
		}
		return &UnsupportedError{Pos: fr.g.m.prog.position(pos), What: what}
	})
}

// refusal compiles f into an op that stops the run with the error mk
// makes.
func (c *compiler) refusal(mk func(fr *frame) *UnsupportedError) {
	f := c.fn
	sig := f.ssa.Signature
	n := sig.Params().Len()
	if sig.Recv() != nil {
		n++
	}
	for range n {
		c.newReg()
	}
	f.nparams = n
	c.code = append(c.code, func(fr *frame) *frame {
		e := mk(fr)
		e.inCallee = true
		e.Stack = fr.g.m.stackStrings(fr)[1:]
		panic(e)
	})
	c.pos = append(c.pos, f.ssa.Pos())
	f.code, f.pos, f.template = c.code, c.pos, c.tmpl
}

// reg returns the register holding operand v, allocating template
// registers for constants, globals and functions.
func (c *compiler) reg(v ssa.Value) int {
	if r, ok := c.regs[v]; ok {
		return r
	}
	r := c.newReg()
	c.regs[v] = r
	switch v := v.(type) {
	case *ssa.Const:
		c.tmpl[r] = c.constValue(v)
	case *ssa.Global:
		c.fn.globals = append(c.fn.globals, globalSlot{reg: r, index: c.prog.globalIndex(v)})
	case *ssa.Function:
		c.tmpl[r] = value{r: &closure{fn: c.prog.funcOf(v)}}
	case *ssa.Builtin:
		panic(fmt.Sprintf("interp: builtin %s used as a value", v.Name()))
	default:
		panic(fmt.Sprintf("interp: no register for %T %v in %s", v, v, c.sf))
	}
	return r
}

func (c *compiler) regList(vs []ssa.Value) []int {
	rs := make([]int, len(vs))
	for i, v := range vs {
		rs[i] = c.reg(v)
	}
	return rs
}

func (c *compiler) typ(t types.Type) *rtype { return c.prog.typeOf(t) }

// constValue converts an SSA constant of its type.
func (c *compiler) constValue(k *ssa.Const) value {
	t := c.typ(k.Type())
	if k.Value == nil {
		return zero(t)
	}
	return constOf(k.Value, t)
}

func constOf(cv constant.Value, t *rtype) value {
	switch t.kind {
	case kBool:
		return boolVal(constant.BoolVal(cv))
	case kString:
		return strVal(constant.StringVal(cv))
	case kFloat32:
		f, _ := constant.Float32Val(constant.ToFloat(cv))
		return floatVal(float64(f))
	case kFloat64:
		f, _ := constant.Float64Val(constant.ToFloat(cv))
		return floatVal(f)
	case kComplex64:
		re, _ := constant.Float32Val(constant.Real(cv))
		im, _ := constant.Float32Val(constant.Imag(cv))
		return value{r: complex(float64(re), float64(im))}
	case kComplex128:
		re, _ := constant.Float64Val(constant.Real(cv))
		im, _ := constant.Float64Val(constant.Imag(cv))
		return value{r: complex(re, im)}
	case kInt, kInt8, kInt16, kInt32, kInt64:
		i, _ := constant.Int64Val(constant.ToInt(cv))
		return intVal(i)
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		u, _ := constant.Uint64Val(constant.ToInt(cv))
		return uintVal(u)
	case kUnsafePointer:
		// unsafe.Pointer(uintptr(c)), folded: a pointer made from an
		// integer (see intPointer).
		if u, _ := constant.Uint64Val(constant.ToInt(cv)); u != 0 {
			return value{r: intPointer(u)}
		}
		return value{}
	}
	panic(fmt.Sprintf("interp: constant %v of type %s", cv, t))
}

// edgeMoves returns the phi assignments for the edge from block from to
// block to, as parallel moves (dst, src).
func (c *compiler) edgeMoves(from, to *ssa.BasicBlock) (dsts, srcs []int) {
	pred := -1
	for i, p := range to.Preds {
		if p == from {
			pred = i
			break
		}
	}
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		d, s := c.regs[phi], c.reg(phi.Edges[pred])
		if d == s {
			continue // a value coalesced with the phi (coalescePhis)
		}
		dsts = append(dsts, d)
		srcs = append(srcs, s)
	}
	return
}

// jumpTo returns a function that moves phi values and sets the pc for the
// edge from -> to.
func (c *compiler) jumpTo(from, to *ssa.BasicBlock) func(fr *frame) {
	target := c.blocks[to.Index]
	dsts, srcs := c.edgeMoves(from, to)
	switch len(dsts) {
	case 0:
		return func(fr *frame) { fr.pc = target }
	case 1:
		d, s := dsts[0], srcs[0]
		return func(fr *frame) { fr.regs[d] = fr.regs[s]; fr.pc = target }
	case 2:
		d0, s0, d1, s1 := dsts[0], srcs[0], dsts[1], srcs[1]
		return func(fr *frame) {
			v0, v1 := fr.regs[s0], fr.regs[s1]
			fr.regs[d0], fr.regs[d1] = v0, v1
			fr.pc = target
		}
	}
	// Parallel moves: sequential when no destination is also a source,
	// else through temporary registers; no allocation either way.
	conflict := false
	isDst := map[int]bool{}
	for _, d := range dsts {
		isDst[d] = true
	}
	for _, s := range srcs {
		if isDst[s] {
			conflict = true
		}
	}
	if !conflict {
		return func(fr *frame) {
			for i, d := range dsts {
				fr.regs[d] = fr.regs[srcs[i]]
			}
			fr.pc = target
		}
	}
	tmps := make([]int, len(srcs))
	for i := range tmps {
		tmps[i] = c.newReg()
	}
	if c.moveTmps == nil {
		c.moveTmps = map[[2]*ssa.BasicBlock][]int{}
	}
	c.moveTmps[[2]*ssa.BasicBlock{from, to}] = tmps
	return func(fr *frame) {
		for i, s := range srcs {
			fr.regs[tmps[i]] = fr.regs[s]
		}
		for i, d := range dsts {
			fr.regs[d] = fr.regs[tmps[i]]
		}
		fr.pc = target
	}
}

// instr compiles one instruction.
func (c *compiler) instr(instr ssa.Instruction) op {
	switch i := instr.(type) {
	case *ssa.Jump:
		move := c.jumpTo(i.Block(), i.Block().Succs[0])
		if len(i.Block().Succs[0].Preds) > 1 || i.Block().Succs[0].Index <= i.Block().Index {
			return func(fr *frame) *frame { fr.g.m.step(); move(fr); return fr }
		}
		return func(fr *frame) *frame { move(fr); return fr }
	case *ssa.If:
		b := i.Block()
		t, e := c.jumpTo(b, b.Succs[0]), c.jumpTo(b, b.Succs[1])
		if cmp, ok := i.Cond.(*ssa.BinOp); ok && c.branchFused[cmp] {
			return c.compareBranch(cmp, t, e)
		}
		cond := c.reg(i.Cond)
		return func(fr *frame) *frame {
			fr.g.m.step()
			if fr.regs[cond].n != 0 {
				t(fr)
			} else {
				e(fr)
			}
			return fr
		}
	case *ssa.Return:
		if mv, ok := c.sliceMoves()[i]; ok {
			return c.moveAtReturn(i, mv, c.ret(i))
		}
		return c.ret(i)
	case *ssa.RunDefers:
		return func(fr *frame) *frame {
			if len(fr.defers) > 0 {
				return fr.runDefer()
			}
			fr.pc++
			return fr
		}
	case *ssa.Panic:
		x := c.reg(i.X)
		return func(fr *frame) *frame {
			v := fr.regs[x]
			if v.r == nil {
				v = fr.g.m.panicNilError()
			}
			return fr.g.startPanic(fr, v)
		}
	case *ssa.Store:
		return c.store(i)
	case *ssa.MapUpdate:
		return c.mapUpdate(i)
	case *ssa.Send:
		return c.send(i)
	case *ssa.Go:
		return c.goStmt(i)
	case *ssa.Defer:
		return c.deferStmt(i)
	case *ssa.Call:
		return c.call(i)
	case ssa.Value:
		return c.valueInstr(i)
	}
	panic(fmt.Sprintf("interp: unknown instruction %T", instr))
}

func (c *compiler) ret(i *ssa.Return) op {
	rs := c.regList(i.Results)
	switch len(rs) {
	case 0:
		return func(fr *frame) *frame {
			if len(fr.defers) > 0 {
				return fr.runDefer()
			}
			return fr.ret(value{})
		}
	case 1:
		r := rs[0]
		return func(fr *frame) *frame {
			if len(fr.defers) > 0 {
				return fr.runDefer()
			}
			return fr.ret(fr.regs[r])
		}
	}
	n := len(rs)
	return func(fr *frame) *frame {
		if len(fr.defers) > 0 {
			return fr.runDefer()
		}
		if c := fr.caller; c != nil && c.native == nil {
			// A compiled caller: the tuple goes to the call's register,
			// which only that call writes, and the Extracts that follow
			// the call in its block copy the results out before anything
			// else runs; so the frame's own tuple serves every return.
			// (A native caller may keep what it receives.)
			t, _ := fr.tuple.r.([]value)
			if len(t) != n {
				t = make([]value, n)
				fr.tuple = value{r: t}
			}
			for j, r := range rs {
				t[j] = fr.regs[r]
			}
			return fr.ret(fr.tuple)
		}
		t := make([]value, n)
		for j, r := range rs {
			t[j] = fr.regs[r]
		}
		return fr.ret(value{r: t})
	}
}
