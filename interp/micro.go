package interp

// Micro-code: a second encoding of a compiled function, executed by one
// switch loop instead of one closure call per op.
//
// Every op of a function keeps its closure (function.code). For the ops in
// the micro subset (integer and float arithmetic, shifts and comparisons,
// pointer equality, numeric conversions, loads and stores of non-aggregate
// fields and elements, element addresses, tuple elements, len and cap,
// jumps and branches with their phi moves, static, dynamic and interface
// calls of compiled functions, returns), the
// compiler also writes a minst at the same pc (function.micro); the others
// get a callout (mCallout). If at least two of a function's ops, and a
// quarter of them, are micro instructions, every slot of its code holds
// the entry of the micro loop (runMicro) and the closures move to
// function.orig.
//
// The loop runs instruction after instruction: it follows jumps, enters
// the functions it calls and returns to its callers, and runs a callout's
// closure in place. It goes back to the dispatcher (machine.execSlice)
// when a closure returns another frame or blocks. A Go panic in a closure
// unwinds to execSlice, which names the frame it called as the panicking
// one, unless the loop was running a frame it entered itself: then
// machine.microFrame names that frame.
//
// Some sequences of instructions run in one dispatch (see installMicro):
// an mAdd and the jump after it (mAddJump), a float field update x.f op= y
// (mFieldUpdate), two field loads and their float arithmetic (mFieldPair),
// a float load and the arithmetic after it (mLoadFieldF, mLoadIndexF); and
// a jump to a loop header runs the header's compare-and-branch. Each
// instruction of such a sequence still does exactly what it does alone
// (registers, events, deoptimization at its own pc).
//
// What bounds the loop is less the number of dispatches than chains of
// dependent loads. So an instruction keeps what comes next one load away:
// register operands are byte offsets from the first register (toOffsets),
// jump and branch targets byte offsets from the first instruction (t0,
// t1), flags say whether an edge must be read at all (eflag), and a static
// call names its callee (fn). The loop walks an instruction pointer; pcs
// are computed on the slow paths (pcOf).
//
// A scalar result (an integer, a float, a boolean) is written to its
// register's n only: a register of a scalar SSA value never holds a
// reference (its template value is zero, every op writes value{n: ...} to
// it, and only numeric values share a register, see coalescePhis), so its
// r is already nil.
//
// A minst only handles its common case. Whenever its op would do anything
// else (a nil pointer, an index out of range, a view of a word through
// unsafe, a division by zero, a narrow integer read under an observer, a
// step at which the machine checks its limits, a callee not compiled yet
// or with a model, a deferred call at a return), the loop deoptimizes: it
// sets the frame's pc to the instruction and lets its closure run it (see
// machine.deopt). Loads and stores report their memory events and log
// their writes for a snapshot as their closures do. So every register
// after each instruction, and every event, panic and step count, is the
// closures' own; micro-code only skips their dispatch. TestMicroSameAsClosures
// checks it on the benchmark programs and on an observed run.

import (
	"fmt"
	"go/token"
	"math"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// mop is the operation of a micro instruction.
type mop uint8

const (
	mCallout mop = iota // not in the subset: the op's closure runs

	// Integers of 64 bits (int, int64, uint, uint64, uintptr); registers
	// d = x op y.
	mAdd
	mSub
	mMul
	mAnd
	mOr
	mXor
	mAndNot
	// Integers of any width, then wrapped to kind k.
	mAddW
	mSubW
	mMulW
	mXorW
	mNegW
	mComplW
	// Division and remainder (wrapped to kind k); a zero divisor is the
	// closure's panic.
	mQuoS
	mQuoU
	mRemS
	mRemU
	// Integer and boolean comparisons.
	mEq
	mNe
	mLtS
	mLtU
	mLeS
	mLeU
	mGtS
	mGtU
	mGeS
	mGeU
	mNot
	// Shifts (x << y wrapped to kind k, x >> y signed and unsigned); a
	// shift count of 64 or more, or a negative one, is the closure's.
	mShl
	mShrS
	mShrU
	// Equality of pointers and channels: equal if the same reference,
	// unequal if one is nil; any other pair is the closure's.
	mPtrEq
	mPtrNe
	// float64 arithmetic; the F32 forms round to float32.
	mFAdd
	mFSub
	mFMul
	mFDiv
	mFAdd32
	mFSub32
	mFMul32
	mFDiv32
	mFNeg
	mFEq
	mFNe
	mFLt
	mFLe
	mFGt
	mFGe
	// d = conv(x): a numeric conversion.
	mConv
	// Scalar loads and stores: d = x.field(aux) / x.field(aux) = y; the
	// narrow forms normalize integers of 16 and 32 bits (wrap(k)).
	mLoadField
	mLoadFieldW
	mStoreField
	// d = *x and *x = z of a scalar variable through a pointer register
	// (globals, escaped locals, pointer parameters); the narrow form
	// normalizes as mLoadFieldW does.
	mLoadPtr
	mLoadPtrW
	mStorePtr
	// mLoadField and mLoadIndex followed by float arithmetic, which runs
	// in the load's tail (see installMicro).
	mLoadFieldF
	mLoadIndexF
	// mLoadFieldF, its float arithmetic and a store of the result to the
	// same field (x.f op= y), in one dispatch.
	mFieldUpdate
	// mLoadField followed by mLoadFieldF and its arithmetic (a.x - b.x),
	// in one dispatch.
	mFieldPair
	// d = x[y] and x[y] = z of a slice or pointer to array (ptr) of value
	// cells; and of bytes (native []byte, element kind k).
	mLoadIndex
	mLoadIndexW
	mStoreIndex
	mLoadByte
	mStoreByte
	// Control: jump along edge 0; branch on register x (edge 0 if true,
	// 1 if false); compare-and-branch, cmp being the comparison's mop.
	mJump
	mIf
	// d = x + y (as mAdd), then the jump that follows it.
	mAddJump
	// Compare-and-branch, in the order of mEq ... mGeU.
	mIfEq
	mIfNe
	mIfLtS
	mIfLtU
	mIfLeS
	mIfLeU
	mIfGtS
	mIfGtU
	mIfGeS
	mIfGeU
	// d = fn(args...): a static call of a compiled function; return x
	// (x < 0: no result) to a compiled caller.
	mCall
	mRet
	// d = ce(args...): a call of a function value or an interface method
	// whose inline cache knows the dynamic type.
	mDynCall
	// d = x.field(aux) of a struct value (also a forwarded local's field,
	// see compiler.load, and a tuple's element, Extract) and d = x (a
	// forwarded local).
	mField
	mMove
	// d = &x[y] of value cells and of bytes.
	mIndexAddr
	mIndexAddrByte
	// d = len(x) of a string; len(x) and cap(x) of a slice (of value
	// cells or of bytes).
	mLenStr
	mLen
	mCap
)

// minst is one micro instruction.
type minst struct {
	op    mop
	k     kind  // result kind of wrapping forms; element kind of bytes
	ptr   bool  // index forms: x is a pointer to an array
	sgn   bool  // index forms: the index is signed
	nedge uint8 // the edges in edge: mJump 1; mIf and the mIfXx 2
	eflag eflag // what the edges do, readable without loading them
	d, x  int32
	y, z  int32
	aux   int32 // field index; a call's result register
	// t0 and t1 are the targets of edge 0 and edge 1 as byte offsets
	// from the first instruction (see toOffsets): the next instruction's
	// address after a jump or branch is one load away.
	t0, t1 int32
	fn     *function // mCall: the callee (one load away, as t0 and t1)
	edge   *[2]medge
	ext    *mext // the operands of the rarer instructions
}

// edges returns in's control edges.
func (in *minst) edges() []medge {
	if in.edge == nil {
		return nil
	}
	return in.edge[:in.nedge]
}

// eflag says what a micro instruction's edges do.
type eflag uint8

const (
	eStep0  eflag = 1 << iota // edge 0 counts a step
	eMoves0                   // edge 0 moves values
	eMoves1                   // edge 1 moves values
)

// withEdges returns in with control edges es (one or two).
func withEdges(in minst, es ...medge) minst {
	in.edge, in.nedge = new([2]medge), uint8(len(es))
	copy(in.edge[:], es)
	in.eflag = 0
	if es[0].step {
		in.eflag |= eStep0
	}
	if len(es[0].dsts) > 0 {
		in.eflag |= eMoves0
	}
	if len(es) > 1 && len(es[1].dsts) > 0 {
		in.eflag |= eMoves1
	}
	return in
}

// A minst is one cache line: these fail to compile otherwise.
var (
	_ [64 - unsafe.Sizeof(minst{})]byte
	_ [unsafe.Sizeof(minst{}) - 64]byte
)

// mext holds the operands of the rarer micro instructions, out of minst so
// that an instruction fills one cache line (64 bytes).
type mext struct {
	conv func(value) value // mConv
	ce   *callee           // mDynCall
	args []int32           // mCall
	pos  token.Pos         // loads and stores: the position of their events
}

// medge is a control edge: the phi moves (parallel) and the target pc;
// step: the edge counts a step (every branch, and jumps to loop headers
// and merges, like the closures).
type medge struct {
	target     int32
	dsts, srcs []int32
	// tmps: the temporary registers the moves go through when a
	// destination is also a source (those of jumpTo, so that registers
	// hold what the closures leave in them).
	tmps []int32
	step bool
}

// microOf returns the micro instruction of instr (emitted at the next pc),
// or one of op mCallout if it has none. It is called after c.instr(instr), so
// every operand has its register.
func (c *compiler) microOf(instr ssa.Instruction) minst {
	switch i := instr.(type) {
	case *ssa.BinOp:
		return c.microBinOp(i)
	case *ssa.UnOp:
		return c.microUnOp(i)
	case *ssa.Convert:
		from, to := c.typ(i.X.Type()), c.typ(i.Type())
		if numeric(from.kind) && numeric(to.kind) {
			return minst{op: mConv, d: c.r32(i), x: c.r32(i.X), ext: &mext{conv: converter(from, to)}}
		}
	case *ssa.Store:
		return c.microStore(i)
	case *ssa.Call:
		if b, ok := i.Call.Value.(*ssa.Builtin); ok {
			return c.microBuiltin(i, b.Name())
		}
		return c.plainCalls[i]
	case *ssa.IndexAddr:
		o := c.indexOperand(i)
		if o.zero != nil {
			return minst{}
		}
		in := minst{op: mIndexAddr, d: c.r32(i), x: int32(o.x), y: int32(o.idx), ptr: o.isPtr}
		if o.bytes {
			in.op = mIndexAddrByte
		}
		return in
	case *ssa.Field:
		return minst{op: mField, d: c.r32(i), x: c.r32(i.X), aux: int32(i.Field)}
	case *ssa.Extract:
		// A tuple is a []value, as a struct is.
		return minst{op: mField, d: c.r32(i), x: c.r32(i.Tuple), aux: int32(i.Index)}
	case *ssa.Return:
		if _, moved := c.sliceMoves()[i]; moved || len(i.Results) > 1 {
			return minst{}
		}
		in := minst{op: mRet, x: -1}
		if len(i.Results) == 1 {
			in.x = c.r32(i.Results[0])
		}
		return in
	case *ssa.Jump:
		b := i.Block()
		return withEdges(minst{op: mJump}, c.microEdge(b, b.Succs[0], len(b.Succs[0].Preds) > 1 || b.Succs[0].Index <= b.Index))
	case *ssa.If:
		b := i.Block()
		edges := []medge{c.microEdge(b, b.Succs[0], true), c.microEdge(b, b.Succs[1], true)}
		if cmp, ok := i.Cond.(*ssa.BinOp); ok && c.branchFused[cmp] {
			in := c.microBinOp(cmp)
			if in.op < mEq || in.op > mGeU {
				return minst{}
			}
			in.op = in.op - mEq + mIfEq
			return withEdges(in, edges...)
		}
		return withEdges(minst{op: mIf, x: c.r32(i.Cond)}, edges...)
	}
	return minst{}
}

// microBuiltin is the micro instruction of a call of builtin name, if
// any: len and cap of strings and slices.
func (c *compiler) microBuiltin(i *ssa.Call, name string) minst {
	if (name != "len" && name != "cap") || len(i.Call.Args) != 1 {
		return minst{}
	}
	t := c.typ(i.Call.Args[0].Type())
	in := minst{d: c.r32(i), x: c.r32(i.Call.Args[0])}
	isCap := name == "cap"
	switch {
	case t.kind == kString && !isCap:
		in.op = mLenStr
	case t.kind == kSlice && isCap:
		in.op = mCap
	case t.kind == kSlice:
		in.op = mLen
	}
	return in
}

// numeric reports whether kind k is an integer or a float.
func numeric(k kind) bool { return isInt(k) || isFloat(k) }

// fullWidth reports whether integers of kind k need no wrapping.
func fullWidth(k kind) bool {
	return k == kInt || k == kInt64 || k == kUint || k == kUint64 || k == kUintptr
}

func (c *compiler) r32(v ssa.Value) int32 { return int32(c.reg(v)) }

func int32s(rs []int) []int32 {
	out := make([]int32, len(rs))
	for j, r := range rs {
		out[j] = int32(r)
	}
	return out
}

func (c *compiler) microBinOp(i *ssa.BinOp) minst {
	k := c.typ(i.X.Type()).kind
	in := minst{k: k, x: c.r32(i.X), y: c.r32(i.Y)}
	if !c.branchFused[i] {
		in.d = c.r32(i)
	}
	signed := !isUint(k)
	pick := func(s, u mop) mop {
		if signed {
			return s
		}
		return u
	}
	switch {
	case k == kPointer || k == kChan:
		switch i.Op {
		case token.EQL:
			in.op = mPtrEq
		case token.NEQ:
			in.op = mPtrNe
		}
	case isInt(k) || k == kBool:
		switch i.Op {
		case token.EQL:
			in.op = mEq
		case token.NEQ:
			in.op = mNe
		}
		if k == kBool {
			return in
		}
		switch i.Op {
		case token.LSS:
			in.op = pick(mLtS, mLtU)
		case token.LEQ:
			in.op = pick(mLeS, mLeU)
		case token.GTR:
			in.op = pick(mGtS, mGtU)
		case token.GEQ:
			in.op = pick(mGeS, mGeU)
		case token.AND:
			in.op = mAnd
		case token.OR:
			in.op = mOr
		case token.AND_NOT:
			in.op = mAndNot
		case token.ADD:
			in.op = wide(k, mAdd, mAddW)
		case token.SUB:
			in.op = wide(k, mSub, mSubW)
		case token.MUL:
			in.op = wide(k, mMul, mMulW)
		case token.XOR:
			in.op = wide(k, mXor, mXorW)
		case token.QUO:
			in.op = pick(mQuoS, mQuoU)
		case token.REM:
			in.op = pick(mRemS, mRemU)
		case token.SHL:
			in.op = mShl
		case token.SHR:
			in.op = pick(mShrS, mShrU)
		}
	case k == kFloat64 || k == kFloat32:
		f32 := k == kFloat32
		switch i.Op {
		case token.ADD:
			in.op = f32or(f32, mFAdd, mFAdd32)
		case token.SUB:
			in.op = f32or(f32, mFSub, mFSub32)
		case token.MUL:
			in.op = f32or(f32, mFMul, mFMul32)
		case token.QUO:
			in.op = f32or(f32, mFDiv, mFDiv32)
		case token.EQL:
			in.op = mFEq
		case token.NEQ:
			in.op = mFNe
		case token.LSS:
			in.op = mFLt
		case token.LEQ:
			in.op = mFLe
		case token.GTR:
			in.op = mFGt
		case token.GEQ:
			in.op = mFGe
		}
	}
	return in
}

func wide(k kind, full, narrow mop) mop {
	if fullWidth(k) {
		return full
	}
	return narrow
}

func f32or(f32 bool, f64op, f32op mop) mop {
	if f32 {
		return f32op
	}
	return f64op
}

func (c *compiler) microUnOp(i *ssa.UnOp) minst {
	k := c.typ(i.X.Type()).kind
	switch i.Op {
	case token.NOT:
		return minst{op: mNot, d: c.r32(i), x: c.r32(i.X)}
	case token.SUB:
		switch {
		case isInt(k):
			return minst{op: mNegW, k: k, d: c.r32(i), x: c.r32(i.X)}
		case isFloat(k):
			return minst{op: mFNeg, d: c.r32(i), x: c.r32(i.X)}
		}
	case token.XOR:
		if isInt(k) {
			return minst{op: mComplW, k: k, d: c.r32(i), x: c.r32(i.X)}
		}
	case token.MUL:
		if v := c.fwd[i.X]; v != nil && !rangeOnlyLength(i) {
			if fa, ok := i.X.(*ssa.FieldAddr); ok {
				return minst{op: mField, d: c.r32(i), x: c.r32(v), aux: int32(fa.Field)}
			}
			return minst{op: mMove, d: c.r32(i), x: c.r32(v)}
		}
		return c.microLoad(i)
	}
	return minst{}
}

// microLoad is the micro instruction of a load of a scalar field or
// element (fused), or of a scalar through a pointer register (see
// compiler.load), if any.
func (c *compiler) microLoad(i *ssa.UnOp) minst {
	et := c.typ(i.X.Type()).elem
	if rangeOnlyLength(i) || c.fwd[i.X] != nil || et.aggregate {
		return minst{}
	}
	narrow := narrowInt(et.kind)
	if !c.fused[i.X] {
		// Through a pointer register (see compiler.load): a variable's
		// cell; bytes may be elements of a byte array, left to the
		// closure.
		if isByteKind(et.kind) {
			return minst{}
		}
		op := mLoadPtr
		if narrow {
			op = mLoadPtrW
		}
		return minst{op: op, k: et.kind, d: c.r32(i), x: c.r32(i.X), ext: posExt(i.Pos())}
	}
	switch a := i.X.(type) {
	case *ssa.FieldAddr:
		op := mLoadField
		if narrow {
			op = mLoadFieldW
		}
		return minst{op: op, k: et.kind, d: c.r32(i), x: c.r32(a.X), aux: int32(a.Field), ext: posExt(i.Pos())}
	case *ssa.IndexAddr:
		o := c.indexOperand(a)
		if o.zero != nil {
			return minst{}
		}
		in := minst{d: c.r32(i), x: int32(o.x), y: int32(o.idx), ptr: o.isPtr, sgn: o.signed, k: o.ek, ext: posExt(i.Pos())}
		switch {
		case o.bytes:
			in.op = mLoadByte
		case narrow:
			in.op, in.k = mLoadIndexW, et.kind
		default:
			in.op = mLoadIndex
		}
		return in
	}
	return minst{}
}

// microStore is the micro instruction of a store of a scalar field or
// element (fused), or through a pointer register (see compiler.store), if
// any.
func (c *compiler) microStore(i *ssa.Store) minst {
	t := c.typ(i.Val.Type())
	if t.aggregate {
		return minst{}
	}
	if !c.fused[i.Addr] {
		// Through a pointer register (see compiler.store).
		if isByteKind(t.kind) {
			return minst{}
		}
		return minst{op: mStorePtr, x: c.r32(i.Addr), z: c.r32(i.Val), ext: posExt(i.Pos())}
	}
	switch a := i.Addr.(type) {
	case *ssa.FieldAddr:
		return minst{op: mStoreField, x: c.r32(a.X), aux: int32(a.Field), z: c.r32(i.Val), ext: posExt(i.Pos())}
	case *ssa.IndexAddr:
		o := c.indexOperand(a)
		if o.zero != nil {
			return minst{}
		}
		in := minst{op: mStoreIndex, x: int32(o.x), y: int32(o.idx), z: c.r32(i.Val), ptr: o.isPtr, sgn: o.signed, ext: posExt(i.Pos())}
		if o.bytes {
			in.op = mStoreByte
		}
		return in
	}
	return minst{}
}

// posExt returns the side of a load or store: its position.
func posExt(pos token.Pos) *mext { return &mext{pos: pos} }

// microEdge is the edge from block from to block to.
func (c *compiler) microEdge(from, to *ssa.BasicBlock, step bool) medge {
	dsts, srcs := c.edgeMoves(from, to)
	e := medge{target: int32(c.blocks[to.Index]), step: step}
	for j, d := range dsts {
		e.dsts = append(e.dsts, int32(d))
		e.srcs = append(e.srcs, int32(srcs[j]))
	}
	if len(dsts) > 2 {
		for _, t := range c.moveTmps[[2]*ssa.BasicBlock{from, to}] {
			e.tmps = append(e.tmps, int32(t))
		}
	}
	return e
}

// installMicro gives every op of the function the entry of the micro loop,
// keeping their closures in f.orig, if at least two of its ops and a
// quarter of them are in the micro subset; otherwise the function keeps
// its closures only. It also marks the loads that float arithmetic
// follows (mLoadFieldF, mLoadIndexF).
func (c *compiler) installMicro(micro []minst) {
	n := 0
	for _, in := range micro {
		if in.op != mCallout {
			n++
		}
	}
	if n < 2 || 4*n < len(micro) || c.prog.noMicro || !microRegsValid(micro, len(c.tmpl)) {
		// Two ops at least, and a quarter of them: a function of
		// callouts would only add a dispatch to each.
		return
	}
	for pc := range micro[:len(micro)-1] {
		// The next instruction is in the load's (the addition's) block:
		// a block ends with a branch, a jump or a return.
		if micro[pc].op == mAdd && micro[pc+1].op == mJump {
			micro[pc].op = mAddJump
		}
		switch micro[pc+1].op {
		case mFMul, mFAdd, mFSub:
			switch micro[pc].op {
			case mLoadField:
				micro[pc].op = mLoadFieldF
			case mLoadIndex:
				micro[pc].op = mLoadIndexF
			}
		}
	}
	for pc := range micro[:len(micro)-2] {
		load, arith, store := &micro[pc], &micro[pc+1], &micro[pc+2]
		if load.op == mLoadFieldF && store.op == mStoreField && store.x == load.x && store.aux == load.aux &&
			store.z == arith.d && arith.d != load.x {
			load.op = mFieldUpdate
		}
	}
	for pc := range micro[:len(micro)-1] {
		if micro[pc].op == mLoadField && micro[pc+1].op == mLoadFieldF {
			micro[pc].op = mFieldPair
		}
	}
	toOffsets(micro)
	f := c.fn
	// The loop reads instructions without a bounds check (codeAt): the
	// last one ends a block, so no instruction falls through past the end
	// but onto a sentinel, a callout whose closure says so.
	f.micro = append(micro, minst{op: mCallout})
	f.orig = make([]op, len(c.code)+1)
	copy(f.orig, c.code)
	name := f.name
	f.orig[len(c.code)] = func(*frame) *frame {
		panic(fmt.Sprintf("interp: micro-code of %s ran past its last instruction", name))
	}
	enter := f.runMicro
	for pc := range micro {
		c.code[pc] = enter
	}
}

// nextInst returns the instruction after in.
func nextInst(in *minst) *minst {
	return (*minst)(unsafe.Add(unsafe.Pointer(in), unsafe.Sizeof(minst{})))
}

// pcOf returns the pc of instruction in of the instructions that start at
// cb.
func pcOf(cb unsafe.Pointer, in *minst) int {
	return int((uintptr(unsafe.Pointer(in)) - uintptr(cb)) / unsafe.Sizeof(minst{}))
}

// toOffsets turns the register operands of micro (indexes of a frame's
// registers, as the compiler writes them) into byte offsets from the
// first register, which runMicro adds to the registers' base without a
// multiplication (see at). An absent operand (-1) stays negative. The
// result register of a call moves to aux, as an index: it becomes the
// callee frame's retDst, which the closures read too.
func toOffsets(micro []minst) {
	off := func(r int32) int32 {
		if r < 0 {
			return r
		}
		return r * int32(unsafe.Sizeof(value{}))
	}
	offs := func(rs []int32) {
		for j, r := range rs {
			rs[j] = off(r)
		}
	}
	for i := range micro {
		in := &micro[i]
		if in.op == mCall || in.op == mDynCall {
			in.aux = in.d
		}
		in.d, in.x, in.y, in.z = off(in.d), off(in.x), off(in.y), off(in.z)
		es := in.edges()
		if len(es) > 0 {
			in.t0 = es[0].target * int32(unsafe.Sizeof(minst{}))
		}
		if len(es) > 1 {
			in.t1 = es[1].target * int32(unsafe.Sizeof(minst{}))
		}
		for j := range es {
			e := &es[j]
			offs(e.dsts)
			offs(e.srcs)
			offs(e.tmps)
		}
	}
}

// codeAt returns instruction pc of the instructions that start at cb,
// without a bounds check: every edge's target is an instruction of its
// function (microRegsValid), and past the last instruction there is only
// the sentinel (installMicro), which does not fall through.
func codeAt(cb unsafe.Pointer, pc int) *minst {
	return (*minst)(unsafe.Add(cb, uintptr(pc)*unsafe.Sizeof(minst{})))
}

// at returns the register at byte offset o (see toOffsets) of the
// registers that start at rb, without a bounds check: installMicro gives
// micro-code only to functions whose instructions name registers of their
// frames (microRegsValid), and runMicro checks a frame's length when it
// enters it.
func at(rb unsafe.Pointer, o int32) *value {
	return (*value)(unsafe.Add(rb, uintptr(uint32(o))))
}

// microRegsValid reports whether every register operand of micro is one of
// the n registers of its function's frames (an instruction's own operands
// may also be -1: an absent result or return value), and every edge's
// target one of micro's instructions.
func microRegsValid(micro []minst, n int) bool {
	within := func(lo int32, rs ...int32) bool {
		for _, r := range rs {
			if r < lo || int(r) >= n {
				return false
			}
		}
		return true
	}
	for _, in := range micro {
		if !within(-1, in.d, in.x, in.y, in.z) {
			return false
		}
		for _, e := range in.edges() {
			if e.target < 0 || int(e.target) >= len(micro) {
				return false
			}
			if !within(0, e.dsts...) || !within(0, e.srcs...) || !within(0, e.tmps...) {
				return false
			}
		}
		if in.ext != nil && !within(0, in.ext.args...) {
			return false
		}
	}
	return true
}

// refWords returns the words of v's reference: its dynamic type and its
// data pointer (zero for nil).
func refWords(v *value) [2]uintptr { return *(*[2]uintptr)(unsafe.Pointer(&v.r)) }

// stepDue reports whether the next step is one at which the machine checks
// its limits (see machine.step): the closure must take it.
func (m *machine) stepDue() bool { return m.steps+1 >= m.checkAt }

// runMicro runs fr's function from fr.pc in micro-code (see the top of
// this file).
func (f *function) runMicro(fr *frame) *frame {
	m := fr.g.m
	entry := fr
	pc := fr.pc
	// The outer loop changes frames (calls and returns); the inner one
	// runs a frame's code and only changes pc. Keeping fr, f, code and
	// regs invariant in the inner loop keeps the compiler from spilling
	// them at every dispatch (nbody: nine stores per instruction).
frames:
	for {
		code, regs := f.micro, fr.regs
		if len(regs) < len(f.template) {
			return m.deopt(f, fr, entry, pc) // not a frame of f's (never)
		}
		rb := unsafe.Pointer(unsafe.SliceData(regs))
		cb := unsafe.Pointer(unsafe.SliceData(code))
		in := codeAt(cb, pc)
		for {
			var (
				e     *medge
				taken bool
				cell  *value // the cell of a load or store
			)
			switch in.op {
			case mCallout:
				// The closure runs here, as for a deopt.
				pc := pcOf(cb, in)
				if next := m.deopt(f, fr, entry, pc); next != fr || fr.pc != pc+1 {
					return next
				}
			case mAdd:
				at(rb, in.d).n = at(rb, in.x).n + at(rb, in.y).n
			case mSub:
				at(rb, in.d).n = at(rb, in.x).n - at(rb, in.y).n
			case mMul:
				at(rb, in.d).n = at(rb, in.x).n * at(rb, in.y).n
			case mAnd:
				at(rb, in.d).n = at(rb, in.x).n & at(rb, in.y).n
			case mOr:
				at(rb, in.d).n = at(rb, in.x).n | at(rb, in.y).n
			case mXor:
				at(rb, in.d).n = at(rb, in.x).n ^ at(rb, in.y).n
			case mAndNot:
				at(rb, in.d).n = at(rb, in.x).n &^ at(rb, in.y).n
			case mAddW:
				at(rb, in.d).n = wrap(in.k, at(rb, in.x).n+at(rb, in.y).n)
			case mSubW:
				at(rb, in.d).n = wrap(in.k, at(rb, in.x).n-at(rb, in.y).n)
			case mMulW:
				at(rb, in.d).n = wrap(in.k, at(rb, in.x).n*at(rb, in.y).n)
			case mXorW:
				at(rb, in.d).n = wrap(in.k, at(rb, in.x).n^at(rb, in.y).n)
			case mNegW:
				at(rb, in.d).n = wrap(in.k, -at(rb, in.x).n)
			case mComplW:
				at(rb, in.d).n = wrap(in.k, ^at(rb, in.x).n)
			case mQuoS, mQuoU, mRemS, mRemU:
				y := at(rb, in.y).n
				if y == 0 {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				x := at(rb, in.x).n
				var r uint64
				switch in.op {
				case mQuoS:
					r = wrap(in.k, uint64(int64(x)/int64(y)))
				case mQuoU:
					r = x / y
				case mRemS:
					r = wrap(in.k, uint64(int64(x)%int64(y)))
				default:
					r = x % y
				}
				at(rb, in.d).n = r
			case mNot:
				at(rb, in.d).n = at(rb, in.x).n ^ 1
			case mShl, mShrS, mShrU:
				x, sh := at(rb, in.x).n, at(rb, in.y).n
				if sh >= 64 {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				switch in.op {
				case mShl:
					x = wrap(in.k, x<<sh)
				case mShrS:
					x = uint64(int64(x) >> sh)
				default:
					x >>= sh
				}
				at(rb, in.d).n = x
			case mPtrEq, mPtrNe:
				// The references' words, compared without a dynamic
				// type's equality: a pointer's or a channel's is that of
				// its words.
				a, b := refWords(at(rb, in.x)), refWords(at(rb, in.y))
				var eq bool
				switch {
				case a == b:
					eq = true
				case a[0] == 0 || b[0] == 0: // one is nil
				default:
					return m.deopt(f, fr, entry, pcOf(cb, in)) // see equal
				}
				at(rb, in.d).n = b2u(eq == (in.op == mPtrEq))
			case mEq, mNe, mLtS, mLtU, mLeS, mLeU, mGtS, mGtU, mGeS, mGeU:
				at(rb, in.d).n = b2u(intCompare(in.op, at(rb, in.x).n, at(rb, in.y).n))
			case mFAdd:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() + at(rb, in.y).float())
			case mFSub:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() - at(rb, in.y).float())
			case mFMul:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() * at(rb, in.y).float())
			case mFDiv:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() / at(rb, in.y).float())
			case mFAdd32:
				at(rb, in.d).n = math.Float64bits(float64(float32(at(rb, in.x).float() + at(rb, in.y).float())))
			case mFSub32:
				at(rb, in.d).n = math.Float64bits(float64(float32(at(rb, in.x).float() - at(rb, in.y).float())))
			case mFMul32:
				at(rb, in.d).n = math.Float64bits(float64(float32(at(rb, in.x).float() * at(rb, in.y).float())))
			case mFDiv32:
				at(rb, in.d).n = math.Float64bits(float64(float32(at(rb, in.x).float() / at(rb, in.y).float())))
			case mFNeg:
				at(rb, in.d).n = math.Float64bits(-at(rb, in.x).float())
			case mFEq:
				at(rb, in.d).n = b2u(at(rb, in.x).float() == at(rb, in.y).float())
			case mFNe:
				at(rb, in.d).n = b2u(at(rb, in.x).float() != at(rb, in.y).float())
			case mFLt:
				at(rb, in.d).n = b2u(at(rb, in.x).float() < at(rb, in.y).float())
			case mFLe:
				at(rb, in.d).n = b2u(at(rb, in.x).float() <= at(rb, in.y).float())
			case mFGt:
				at(rb, in.d).n = b2u(at(rb, in.x).float() > at(rb, in.y).float())
			case mFGe:
				at(rb, in.d).n = b2u(at(rb, in.x).float() >= at(rb, in.y).float())
			case mConv:
				*at(rb, in.d) = in.ext.conv(*at(rb, in.x))
			case mLoadField, mLoadFieldW, mStoreField, mLoadFieldF:
				p, _ := at(rb, in.x).r.(*value)
				if p == nil || (m.watchMem && in.op == mLoadFieldW) {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if _, flat := p.r.(elemsData); flat && uint32(in.aux) < uint32(p.n) {
					// A flat aggregate's field (written so that the
					// data pointer needs no register of its own).
					cell = flatCell(dataPtr(p), uint64(in.aux))
				} else if cell = boxedField(p, in.aux); cell == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if in.op == mStoreField {
					goto store
				}
				goto load
			case mFieldUpdate:
				// Three instructions: the load, the arithmetic, the store
				// (see installMicro), each with its events.
				if cell = microField(rb, in); cell == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if m.watchMem {
					fr.pc = pcOf(cb, in)
					m.emitAccess(fr, EvRead, addrOf(cell), in.ext.pos)
				}
				at(rb, in.d).n = cell.n
				in = nextInst(in)
				x, y := at(rb, in.x).float(), at(rb, in.y).float()
				switch in.op {
				case mFMul:
					x *= y
				case mFAdd:
					x += y
				default:
					x -= y
				}
				at(rb, in.d).n = math.Float64bits(x)
				in = nextInst(in)
				if m.watchMem || m.logging {
					fr.pc = pcOf(cb, in)
					m.noteWrite(fr, cell, in.ext.pos)
				}
				cell.n = math.Float64bits(x)
			case mFieldPair:
				// Two loads (see installMicro), each with its event, then
				// the arithmetic.
				if cell = microField(rb, in); cell == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if m.watchMem {
					fr.pc = pcOf(cb, in)
					m.emitAccess(fr, EvRead, addrOf(cell), in.ext.pos)
				}
				*at(rb, in.d) = *cell
				in = nextInst(in)
				if cell = microField(rb, in); cell == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if m.watchMem {
					fr.pc = pcOf(cb, in)
					m.emitAccess(fr, EvRead, addrOf(cell), in.ext.pos)
				}
				*at(rb, in.d) = *cell
				in = nextInst(in)
				x, y := at(rb, in.x).float(), at(rb, in.y).float()
				switch in.op {
				case mFMul:
					x *= y
				case mFAdd:
					x += y
				default:
					x -= y
				}
				at(rb, in.d).n = math.Float64bits(x)
			case mLoadPtr, mLoadPtrW, mStorePtr:
				cell, _ = at(rb, in.x).r.(*value)
				if cell == nil || (m.watchMem && in.op == mLoadPtrW) {
					return m.deopt(f, fr, entry, pcOf(cb, in)) // also a *byte or an integer's pointer
				}
				if in.op == mStorePtr {
					goto store
				}
				goto load
			case mLoadIndex, mLoadIndexW, mStoreIndex, mLoadIndexF:
				// A flat slice's cell, inline; any other sequence's
				// through microElemAt.
				i, x := at(rb, in.y).n, at(rb, in.x)
				if p, ok := x.r.(elemsData); ok && i < uint64(uint32(x.n)) {
					cell = flatCell(unsafe.Pointer(p), i)
				} else {
					cell = microElemAt(rb, in, i)
				}
				if cell == nil || (m.watchMem && in.op == mLoadIndexW) {
					return m.deopt(f, fr, entry, pcOf(cb, in)) // also a negative signed index
				}
				if in.op == mStoreIndex {
					goto store
				}
				goto load
			case mLoadByte, mStoreByte:
				i, x := at(rb, in.y).n, at(rb, in.x)
				var p *byte
				if bp, ok := x.r.(bytesData); ok && i < uint64(uint32(x.n)) {
					p = (*byte)(unsafe.Add(unsafe.Pointer(bp), uintptr(i)))
				} else {
					p = microByteAt(rb, in, i)
				}
				if p == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if in.op == mLoadByte {
					if m.watchMem {
						fr.pc = pcOf(cb, in)
						m.emitAccess(fr, EvRead, addrOfByte(p), in.ext.pos)
					}
					at(rb, in.d).n = byteVal(*p, in.k).n
				} else {
					if m.watchMem {
						fr.pc = pcOf(cb, in)
						m.emitAccess(fr, EvWrite, addrOfByte(p), in.ext.pos)
					}
					if m.logging {
						m.setByte(p, byte(at(rb, in.z).n))
					} else {
						*p = byte(at(rb, in.z).n)
					}
				}
			case mJump:
				goto jump
			case mAddJump:
				at(rb, in.d).n = at(rb, in.x).n + at(rb, in.y).n
				in = nextInst(in)
				goto jump
			case mIf:
				taken = at(rb, in.x).n != 0
				goto branch
			case mIfEq:
				taken = at(rb, in.x).n == at(rb, in.y).n
				goto branch
			case mIfNe:
				taken = at(rb, in.x).n != at(rb, in.y).n
				goto branch
			case mIfLtS:
				taken = int64(at(rb, in.x).n) < int64(at(rb, in.y).n)
				goto branch
			case mIfLeS:
				taken = int64(at(rb, in.x).n) <= int64(at(rb, in.y).n)
				goto branch
			case mIfGtS:
				taken = int64(at(rb, in.x).n) > int64(at(rb, in.y).n)
				goto branch
			case mIfGeS:
				taken = int64(at(rb, in.x).n) >= int64(at(rb, in.y).n)
				goto branch
			case mIfLtU, mIfLeU, mIfGtU, mIfGeU:
				taken = intCompare(in.op-mIfEq+mEq, at(rb, in.x).n, at(rb, in.y).n)
				goto branch
			case mCall:
				// A static call: mDynCall's path without a receiver or
				// free variables, kept apart because fib's calls are 11%
				// faster for it.
				callee := in.fn
				if m.stepDue() || !callee.ready.Load() {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				m.steps++
				// calleeFrame's first cases, inlined here and in
				// mDynCall.
				nf := fr.spare
				if nf != nil && nf.fn == callee && !verifyPreloaded {
					fr.spare = nil
				} else if nf = nil; uint(callee.id) < uint(len(m.last)) && !m.opts.HashStates && !verifyPreloaded {
					if nf = m.last[callee.id]; nf != nil {
						m.last[callee.id] = nil
					}
				}
				if nf == nil {
					nf = m.calleeFrame(fr, callee)
				}
				for j, a := range in.ext.args {
					nf.regs[j] = regs[a]
				}
				nf.g, nf.caller, nf.retDst = fr.g, fr, in.aux
				fr.pc = pcOf(cb, in) + 1
				if callee.micro == nil {
					return nf
				}
				fr, f, pc = nf, callee, 0
				continue frames
			case mDynCall:
				side := in.ext
				callee, recv, hasRecv, env, ok := side.ce.cached(regs)
				if !ok || callee.native != nil || callee.control != nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if m.stepDue() || !callee.ready.Load() {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				m.steps++
				nf := fr.spare // calleeFrame's first cases, inlined
				if nf != nil && nf.fn == callee && !verifyPreloaded {
					fr.spare = nil
				} else if nf = nil; uint(callee.id) < uint(len(m.last)) && !m.opts.HashStates && !verifyPreloaded {
					if nf = m.last[callee.id]; nf != nil {
						m.last[callee.id] = nil
					}
				}
				if nf == nil {
					nf = m.calleeFrame(fr, callee)
				}
				nf.setArgs(regs, recv, hasRecv, side.ce.args, env)
				nf.g, nf.caller, nf.retDst = fr.g, fr, in.aux
				fr.pc = pcOf(cb, in) + 1
				if callee.micro == nil {
					return nf
				}
				fr, f, pc = nf, callee, 0
				continue frames
			case mField:
				x := at(rb, in.x)
				if fp, ok := x.r.(elemsData); ok && uint32(in.aux) < uint32(x.n) {
					*at(rb, in.d) = *flatCell(unsafe.Pointer(fp), uint64(in.aux))
				} else if es, ok := x.r.([]value); ok {
					*at(rb, in.d) = es[in.aux] // a tuple, or an aggregate a model made boxed
				} else {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
			case mMove:
				*at(rb, in.d) = *at(rb, in.x)
			case mIndexAddr:
				i, x := at(rb, in.y).n, at(rb, in.x)
				var c *value
				if p, ok := x.r.(elemsData); ok && i < uint64(uint32(x.n)) {
					c = flatCell(unsafe.Pointer(p), i)
				} else if c = microElemAt(rb, in, i); c == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				*at(rb, in.d) = value{r: c}
			case mIndexAddrByte:
				b := microByteAt(rb, in, at(rb, in.y).n)
				if b == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				*at(rb, in.d) = value{r: b}
			case mLenStr:
				at(rb, in.d).n = uint64(len(at(rb, in.x).str()))
			case mLen, mCap:
				n, ok := sliceLenCap(*at(rb, in.x), in.op == mCap)
				if !ok {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				at(rb, in.d).n = uint64(n)
			case mRet:
				c := fr.caller
				if len(fr.defers) > 0 || c == nil || c.native != nil || fr.isDefer || c.fn == nil {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				if fr.retDst >= 0 {
					if in.x >= 0 {
						c.regs[fr.retDst] = *at(rb, in.x)
					} else {
						c.regs[fr.retDst] = value{}
					}
				}
				if c.spare == nil && !m.opts.HashStates && recyclable(fr) {
					fr.reset() // returned's first case, inlined
					c.spare = fr
				} else {
					m.returned(c, fr)
				}
				cf := c.fn
				if cf.micro == nil {
					return c
				}
				fr, f, pc = c, cf, c.pc
				continue frames
			default:
				return m.deopt(f, fr, entry, pcOf(cb, in))
			}
			in = nextInst(in)
			continue
		load:
			// A load of the scalar or reference cell (mLoadField, mLoadIndex
			// and their narrow forms).
			if m.watchMem {
				fr.pc = pcOf(cb, in)
				m.emitAccess(fr, EvRead, addrOf(cell), in.ext.pos)
			}
			if in.op == mLoadFieldW || in.op == mLoadIndexW || in.op == mLoadPtrW {
				at(rb, in.d).n = wrap(in.k, cell.n)
			} else {
				*at(rb, in.d) = *cell
			}
			if in.op != mLoadFieldF && in.op != mLoadIndexF {
				in = nextInst(in)
				continue
			}
			in = nextInst(in)
			// Float code loads its operands and combines them at once: the
			// arithmetic that follows the load runs here, without a dispatch
			// of its own (installMicro marks such loads). nbody: 5-8%.
			switch in.op {
			case mFMul:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() * at(rb, in.y).float())
			case mFAdd:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() + at(rb, in.y).float())
			case mFSub:
				at(rb, in.d).n = math.Float64bits(at(rb, in.x).float() - at(rb, in.y).float())
			default:
				continue
			}
			in = nextInst(in)
			continue
		store:
			// A store to cell (mStoreField, mStoreIndex).
			if m.watchMem || m.logging {
				fr.pc = pcOf(cb, in)
				m.noteWrite(fr, cell, in.ext.pos)
			}
			*cell = *at(rb, in.z)
			in = nextInst(in)
			continue
		jump:
			// A jump (mJump, and the one after mAddJump). The flags say
			// whether its edge must be read at all.
			if in.eflag&eStep0 != 0 {
				if m.stepDue() {
					return m.deopt(f, fr, entry, pcOf(cb, in))
				}
				m.steps++
			}
			if in.eflag&eMoves0 != 0 {
				if e = &in.edge[0]; len(e.dsts) == 1 {
					*at(rb, e.dsts[0]) = *at(rb, e.srcs[0])
				} else {
					e.move(rb)
				}
			}
			in = (*minst)(unsafe.Add(cb, uintptr(uint32(in.t0))))
			// A loop's header often starts with its condition: the branch
			// runs here, without a dispatch of its own.
			switch in.op {
			case mIfLtS:
				taken = int64(at(rb, in.x).n) < int64(at(rb, in.y).n)
				goto branch
			case mIfLeS:
				taken = int64(at(rb, in.x).n) <= int64(at(rb, in.y).n)
				goto branch
			}
			continue
		branch:
			// A branch (mIf and the mIfXx): taken says which edge.
			if m.stepDue() {
				return m.deopt(f, fr, entry, pcOf(cb, in))
			}
			m.steps++
			if taken {
				if in.eflag&eMoves0 != 0 {
					in.edge[0].moveAt(rb)
				}
				in = (*minst)(unsafe.Add(cb, uintptr(uint32(in.t0))))
			} else {
				if in.eflag&eMoves1 != 0 {
					in.edge[1].moveAt(rb)
				}
				in = (*minst)(unsafe.Add(cb, uintptr(uint32(in.t1))))
			}
		}
	}
}

// deopt runs the closure of the op at pc of f in fr and returns the frame
// it returns: a callout's, and a micro instruction's outside its common
// case. In a frame other than the one execSlice called (entry), it
// names fr as the frame of a Go panic the closure raises (microFrame).
func (m *machine) deopt(f *function, fr, entry *frame, pc int) *frame {
	fr.pc = pc
	if fr == entry {
		return f.orig[pc](fr)
	}
	m.microFrame = fr
	next := f.orig[pc](fr)
	m.microFrame = nil
	return next
}

// moveAt does e's phi moves in the registers that start at rb, the
// commonest (one) inline.
func (e *medge) moveAt(rb unsafe.Pointer) {
	if len(e.dsts) == 1 {
		*at(rb, e.dsts[0]) = *at(rb, e.srcs[0])
		return
	}
	e.move(rb)
}

// move does e's phi moves in the registers that start at rb.
func (e *medge) move(rb unsafe.Pointer) {
	switch {
	case len(e.dsts) == 1:
		*at(rb, e.dsts[0]) = *at(rb, e.srcs[0])
	case len(e.dsts) == 2:
		v0, v1 := *at(rb, e.srcs[0]), *at(rb, e.srcs[1])
		*at(rb, e.dsts[0]), *at(rb, e.dsts[1]) = v0, v1
	case e.tmps != nil:
		for j, s := range e.srcs {
			*at(rb, e.tmps[j]) = *at(rb, s)
		}
		for j, d := range e.dsts {
			*at(rb, d) = *at(rb, e.tmps[j])
		}
	default:
		for j, d := range e.dsts {
			*at(rb, d) = *at(rb, e.srcs[j])
		}
	}
}

// intCompare compares integers (or booleans) a and b by the comparison
// op.
func intCompare(op mop, a, b uint64) bool {
	switch op {
	case mEq:
		return a == b
	case mNe:
		return a != b
	case mLtS:
		return int64(a) < int64(b)
	case mLtU:
		return a < b
	case mLeS:
		return int64(a) <= int64(b)
	case mLeU:
		return a <= b
	case mGtS:
		return int64(a) > int64(b)
	case mGtU:
		return a > b
	case mGeS:
		return int64(a) >= int64(b)
	}
	return a >= b // mGeU
}

// sliceLenCap returns the length (or, if isCap, the capacity) of the slice
// v: value cells or bytes, flat or boxed, or nil (ok false for anything
// else, a zeroSlice).
func sliceLenCap(v value, isCap bool) (n int, ok bool) {
	switch s := v.r.(type) {
	case elemsData, bytesData:
		l, c := flatLenCap(v.n)
		if isCap {
			return c, true
		}
		return l, true
	case []value:
		if isCap {
			return cap(s), true
		}
		return len(s), true
	case []byte:
		if isCap {
			return cap(s), true
		}
		return len(s), true
	}
	return 0, v.r == nil
}

// flatCell returns cell i of the value cells that start at base (a flat
// slice's or aggregate's data pointer), without a bounds check: the
// caller has compared i with the length.
func flatCell(base unsafe.Pointer, i uint64) *value {
	return (*value)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(value{})))
}

// dataPtr returns the data word of v's reference.
func dataPtr(v *value) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&v.r))[1] }

// microField returns the cell of the field a field instruction (mLoadField
// and its forms, mStoreField) names in a flat struct, or nil (a nil
// pointer, a boxed struct: the closure's).
func microField(rb unsafe.Pointer, in *minst) *value {
	if p, _ := at(rb, in.x).r.(*value); p != nil {
		if _, flat := p.r.(elemsData); flat && uint32(in.aux) < uint32(p.n) {
			return flatCell(dataPtr(p), uint64(in.aux))
		}
	}
	return nil
}

// boxedField returns the cell of field i of the boxed aggregate in cell p,
// or nil if p does not hold one.
func boxedField(p *value, i int32) *value {
	if es, ok := p.r.([]value); ok && uint32(i) < uint32(len(es)) {
		return &es[i]
	}
	return nil
}

// microElemAt returns the cell of element i of the value cells an index
// instruction indexes, or nil if there is none (not value cells, a nil
// pointer, an index out of range).
func microElemAt(rb unsafe.Pointer, in *minst, i uint64) *value {
	v := microSeq(rb, in)
	es, ok := v.r.([]value)
	if p, flat := v.r.(elemsData); flat {
		es, ok = flatElems(p, v.n), true
	}
	if !ok || i >= uint64(len(es)) {
		return nil
	}
	return &es[i]
}

// microByteAt returns element i of the bytes an index instruction
// indexes, or nil if there is none.
func microByteAt(rb unsafe.Pointer, in *minst, i uint64) *byte {
	v := microSeq(rb, in)
	b, ok := v.r.([]byte)
	if p, flat := v.r.(bytesData); flat {
		b, ok = flatBytes(p, v.n), true
	}
	if !ok || i >= uint64(len(b)) {
		return nil
	}
	return &b[i]
}

// microSeq returns the slice or array an index instruction indexes (the
// zero value for a nil pointer to an array).
func microSeq(rb unsafe.Pointer, in *minst) value {
	v := *at(rb, in.x)
	if in.ptr {
		p, _ := v.r.(*value)
		if p == nil {
			return value{}
		}
		v = *p
	}
	return v
}
