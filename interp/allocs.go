package interp

// Allocation counts as Go counts them. runtime.ReadMemStats reports in
// Mallocs and TotalAlloc the heap allocations the gc-compiled program
// would have made, so that testing.AllocsPerRun returns what go test
// returns. The interpreter's own allocations say nothing of that: whether
// an allocation of the source is a heap allocation is the gc compiler's
// decision (its escape analysis, after inlining), read from its -m
// messages (gcescape.go), and the runtime's rules for the size and kind of
// what is allocated (runtime/malloc.go, string.go, slice.go, chan.go).
//
// Counting starts at an execution's first runtime.ReadMemStats: what
// happened before is not observable but through the absolute numbers,
// which no program can compare with anything. Until then, the cost on the
// interpreter's hot path is one test of a flag in the instructions that
// may allocate; a program that never reads its statistics never compiles
// itself with the gc compiler.
//
// An allocation executed in a frame whose call the gc compiler inlined is
// the caller's: the compiler reports everything it inlined at the
// position of the outermost inlined call, and decides it in the context of
// that caller (a Builder's append escapes where it is called from, not in
// strings).
//
// Counted: new(T), &T{...}, []T{...}, variables moved to heap, make of
// slices and channels, append's growth, closures and method values, the
// conversions between
// strings and byte or rune slices, string(rune), string concatenation,
// internal/bytealg.MakeNoZero (strings.Builder's growth) and the models
// listed in modelAllocs. Not counted (docs/semantics.md): interface
// conversions (go/ssa does not place implicit ones in the source, so the
// compiler's message for them cannot be found), maps, the models not in
// modelAllocs, reflection, goroutines and defers.

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// allocStats are an execution's allocation statistics (in world: restored
// with a snapshot).
type allocStats struct {
	// counting: the program read its statistics; allocations are counted
	// from then on.
	counting bool
	mallocs  uint64 // heap allocations
	frees    uint64 // the allocations runtime.GC freed (all of them: see gcFree)
	bytes    uint64 // bytes allocated, in the allocator's size classes
	freed    uint64 // bytes freed
}

// stackBuf is the size of the buffers the gc compiler gives non-escaping
// conversions, concatenations and (since Go 1.25) variable-size makes and
// appends on the stack (runtime.tmpBuf, base.Debug.VariableMakeThreshold).
const stackBuf = 32

// allocSite is a source allocation: where the compiler reports it, of
// which kind, and its sizes.
type allocSite struct {
	pos  token.Pos
	kind escKind
	name string // escMoved: the variable
	// size: the object's size (new, composite literals, variables,
	// closures), or the element size (make, append, conversions).
	size int64
	// stack: an append of a slice the compiler moves to the heap when it
	// is returned (appendWeb).
	stack bool
}

// newAllocSite returns the site of an allocation at pos.
func (c *compiler) newAllocSite(pos token.Pos, k escKind, name string, size int64) *allocSite {
	return &allocSite{pos: pos, kind: k, name: name, size: size}
}

// heapNote counts one heap allocation of size bytes.
func (m *machine) heapNote(size int64) {
	m.allocs.mallocs++
	m.allocs.bytes += uint64(roundupsize(size, true))
}

// gcDecide returns the compiler's decision for the allocation s that fr
// executes: whether it escapes, whether it is a zero-copy conversion, and
// whether the compiler says (ok false: leave it uncounted).
func (m *machine) gcDecide(fr *frame, s *allocSite) (escapes, zeroCopy, ok bool) {
	d := m.gcd
	if d == nil {
		d = m.prog.gcDecisionsFor(m.prog.gcPattern(fr))
		m.gcd = d
	}
	if d.err != nil || s.pos == token.NoPos {
		return false, false, false
	}
	fset := m.prog.SSA.Fset
	pos := s.pos
	for f := fr; f != nil && f.caller != nil && !f.isDefer && f.native == nil; f = f.caller {
		cp := f.caller.callPos()
		if cp == token.NoPos || !d.inlined[gcPosition(fset, cp)] {
			break
		}
		pos = cp
	}
	return d.decide(gcPosition(fset, pos), s.kind, s.name)
}

// gcPosition is pos as the compiler prints it.
func gcPosition(fset *token.FileSet, pos token.Pos) gcPos {
	p := fset.Position(pos)
	return gcPos{p.Filename, p.Line, p.Column}
}

// countNew counts an object of s (new, a composite literal, a variable)
// if the compiler put it on the heap.
func (m *machine) countNew(fr *frame, s *allocSite) {
	if s.size == 0 {
		return // mallocgc's zero-size objects are all one
	}
	if e, _, ok := m.gcDecide(fr, s); ok && e {
		m.heapNote(s.size)
	}
}

// countMake counts make([]T, n, k) of s: on the heap if it escapes, or if
// it is larger than the stack buffer of a non-escaping make of a variable
// size (a constant size is an Alloc in SSA).
func (m *machine) countMake(fr *frame, s *allocSite, k uint64) {
	size := int64(k) * s.size
	if size == 0 {
		return
	}
	if e, _, ok := m.gcDecide(fr, s); ok && (e || size > stackBuf) {
		m.heapNote(size)
	}
}

// countGrow counts an append of s that grew its slice to newLen elements
// and capacity newCap: growslice allocates, but for a non-escaping append
// whose new length fits the stack buffer (ssagen's backing store for
// appends).
func (m *machine) countGrow(fr *frame, s *allocSite, newLen, newCap int) {
	size := int64(newCap) * s.size
	if size == 0 {
		return
	}
	e, _, ok := m.gcDecide(fr, s)
	if s.stack {
		e = false // an escaping slice grows in its stack buffer first
	}
	if ok && (e || int64(newLen)*s.size > stackBuf) {
		m.heapNote(size)
	}
}

// convKind is a conversion that may allocate.
type convKind uint8

const (
	convBytesToString convKind = iota + 1
	convRunesToString
	convStringToBytes
	convStringToRunes
	convIntToString
)

// convKindOf returns the kind of a conversion from from to to (0: one that
// does not allocate).
func convKindOf(from, to types.Type) convKind {
	fu, tu := from.Underlying(), to.Underlying()
	if tb, ok := tu.(*types.Basic); ok && tb.Info()&types.IsString != 0 {
		switch f := fu.(type) {
		case *types.Slice:
			if isByteType(f.Elem()) {
				return convBytesToString
			}
			return convRunesToString
		case *types.Basic:
			if f.Info()&types.IsInteger != 0 {
				return convIntToString
			}
		}
		return 0
	}
	if fb, ok := fu.(*types.Basic); ok && fb.Info()&types.IsString != 0 {
		if t, ok := tu.(*types.Slice); ok {
			if isByteType(t.Elem()) {
				return convStringToBytes
			}
			return convStringToRunes
		}
	}
	return 0
}

// countConv counts the conversion of v by s (of kind k), with the
// runtime's rules: no message (a conversion the compiler did not make an
// allocation of, as in a comparison) or a zero-copy one allocates
// nothing; a non-escaping one uses a 32-byte stack buffer.
func (m *machine) countConv(fr *frame, s *allocSite, k convKind, v value) {
	var size int64
	switch k {
	case convBytesToString:
		size = int64(len(v.bytes()))
		if size < 2 {
			return // "", and one-byte strings are static (staticuint64s)
		}
	case convRunesToString:
		for _, r := range v.elems() {
			size += int64(utf8.RuneLen(rune(int32(r.n))))
		}
		size += 3 // slicerunetostring's rawstringtmp(buf, size+3)
	case convStringToBytes:
		size = int64(len(v.str()))
	case convStringToRunes:
		size = 4 * int64(utf8.RuneCountInString(v.str()))
	case convIntToString:
		size = 4 // intstring's rawstring(4), when it escapes
	}
	if size == 0 {
		return
	}
	e, zc, ok := m.gcDecide(fr, s)
	if !ok || zc {
		return
	}
	limit := int64(stackBuf)
	if k == convStringToRunes {
		limit = 4 * stackBuf // a [32]rune buffer
	}
	if e || (k != convIntToString && size > limit) {
		m.heapNote(size)
	}
}

// countConcat counts a concatenation of the strings parts by s:
// concatstrings returns the one non-empty string itself, and uses the
// stack buffer for a non-escaping result that fits.
func (m *machine) countConcat(fr *frame, s *allocSite, parts []value) {
	n, size := 0, int64(0)
	for _, p := range parts {
		if l := len(p.str()); l > 0 {
			n++
			size += int64(l)
		}
	}
	if n < 2 {
		return
	}
	if e, _, ok := m.gcDecide(fr, s); ok && (e || size > stackBuf) {
		m.heapNote(size)
	}
}

// countChan counts make(chan T, n): makechan allocates the channel with
// its buffer, or apart from it if T has pointers; channels are never on
// the stack.
func (m *machine) countChan(elem types.Type, n int) {
	esz := gcSizes.Sizeof(elem)
	const hchanSize = 96
	mem := esz * int64(n)
	if mem == 0 || !hasPointers(elem) {
		m.heapNote(hchanSize + mem)
		return
	}
	m.heapNote(hchanSize)
	m.heapNote(mem)
}

// concatLeaves returns the operands of the string concatenation i and of
// the concatenations it continues (a + b + c is (a + b) + c in SSA, one
// concatstrings call for the compiler), and whether i is itself the inner
// part of another's (it then counts nothing).
func concatLeaves(i *ssa.BinOp) (leaves []ssa.Value, inner bool) {
	if refs := i.Referrers(); refs != nil && len(*refs) == 1 {
		if o, ok := (*refs)[0].(*ssa.BinOp); ok && isConcat(o) && o.X == ssa.Value(i) {
			return nil, true
		}
	}
	// The compiler flattens the left operands: (a + b) + c.
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if b, ok := v.(*ssa.BinOp); ok && isConcat(b) {
			if refs := b.Referrers(); refs != nil && len(*refs) == 1 {
				walk(b.X)
				leaves = append(leaves, b.Y)
				return
			}
		}
		leaves = append(leaves, v)
	}
	walk(i.X)
	leaves = append(leaves, i.Y)
	return leaves, false
}

// isConcat reports whether b concatenates strings.
func isConcat(b *ssa.BinOp) bool {
	return b.Op == token.ADD && isString(b.Type())
}

// readMemStats is runtime.ReadMemStats: it starts the counting, and
// writes the counts into the MemStats at p.
func (m *machine) readMemStats(p value) {
	m.allocs.counting = true
	cell, ok := p.r.(*value)
	if !ok || cell == nil {
		return
	}
	st := m.prog.runtimeNamed("MemStats").t
	fields := cell.elems()
	set := func(name string, v uint64) {
		i := fieldIndex(st, name)
		m.set(&fields[i], value{n: v})
	}
	a := &m.allocs
	set("Mallocs", a.mallocs)
	set("Frees", a.frees)
	set("TotalAlloc", a.bytes)
	set("HeapAlloc", a.bytes-a.freed)
	set("Alloc", a.bytes-a.freed)
	set("HeapObjects", a.mallocs-a.frees)
}

// gcFree is what runtime.GC does to the statistics: with no collector to
// tell what is live, it frees everything counted so far (the heap is
// empty after a collection), so that a test measuring what survives a
// collection finds nothing.
func (m *machine) gcFree() {
	m.allocs.frees = m.allocs.mallocs
	m.allocs.freed = m.allocs.bytes
}

// allocSiteOf returns the site of the heap Alloc a, by what it allocates
// (go/ssa's comment): new(T), a composite literal, a slice literal, the
// array of a variadic call (placed at the call, as the compiler's "...
// argument"), make([]T, constant), or a variable.
func (c *compiler) allocSiteOf(a *ssa.Alloc) *allocSite {
	size := gcSizes.Sizeof(deref(a.Type()))
	pos := a.Pos()
	switch a.Comment {
	case "new":
		return c.newAllocSite(pos, escNew, "", size)
	case "complit":
		return c.newAllocSite(pos, escLit, "", size)
	case "slicelit":
		return c.newAllocSite(pos, escSliceLit, "", size)
	case "makeslice":
		return c.newAllocSite(pos, escMake, "", size)
	case "varargs":
		for _, r := range *a.Referrers() {
			if sl, ok := r.(*ssa.Slice); ok {
				for _, rr := range *sl.Referrers() {
					if call, ok := rr.(ssa.CallInstruction); ok {
						pos = call.Pos()
					}
				}
			}
		}
		return c.newAllocSite(pos, escVarargs, "", size)
	}
	return c.newAllocSite(pos, escMoved, a.Comment, size)
}

// modelAlloc returns the heap allocations (how many, and their bytes) the
// Go body of a model would make for arguments a and result r.
type modelAlloc func(m *machine, a []value, r value) (n int, size int64)

// oneIf is one allocation of size bytes if cond holds.
func oneIf(cond bool, size int64) (int, int64) {
	if cond {
		return 1, size
	}
	return 0, 0
}

// modelAllocs are the allocations that the Go bodies of models running on
// the host would make, by the bodies' rules: the models written against
// the models' API declare theirs (model.Func.Allocs, added here by
// stdlib.go); the other models that allocate in Go are left uncounted
// (docs/semantics.md). A model that returns a substring or allocates
// nothing has no entry.
var modelAllocs = map[string]modelAlloc{
	"internal/bytealg.MakeNoZero": func(_ *machine, a []value, _ value) (int, int64) {
		return oneIf(a[0].int() > 0, a[0].int())
	},
}

// withModelAllocs wraps the model of name, if modelAllocs has its
// allocations, to count them.
func withModelAllocs(name string, nat nativeFn, ctl controlFn) (nativeFn, controlFn) {
	ac := modelAllocs[name]
	if ac == nil {
		return nat, ctl
	}
	if nat != nil {
		return func(m *machine, a []value) value {
			r := nat(m, a)
			if m.allocs.counting {
				m.countModel(ac(m, a, r))
			}
			return r
		}, nil
	}
	return nil, func(fr *frame, args []value, dst int32) *frame {
		pc, m := fr.pc, fr.g.m
		next := ctl(fr, args, dst)
		// Counted when the model answered on the host (a body it calls
		// instead counts its own) with a result someone reads.
		if m.allocs.counting && next == fr && fr.pc == pc+1 && dst >= 0 {
			m.countModel(ac(m, args, fr.regs[dst]))
		}
		return next
	}
}

// countModel counts n allocations of size bytes in all.
func (m *machine) countModel(n int, size int64) {
	for range n {
		m.heapNote(size / int64(n))
	}
}

// appendWeb finds the appends of a local slice that the gc compiler's
// slice pass (cmd/compile/internal/slice) gives a stack backing store
// because the slice escapes only by being returned: a web of appends
// (s = append(s, ...)) and phis starting from nil, whose only other uses
// are len, indexing, and one return. Those appends are reported as
// escaping, but grow on the stack up to its 32-byte buffer, and the
// return moves a slice still there to the heap (runtime.moveSliceNoCap).
// It returns the appends and the return, or nils if a is not in such a
// web.
func appendWeb(a *ssa.Call) (appends []*ssa.Call, ret *ssa.Return, retIndex int) {
	seen := map[ssa.Value]bool{}
	var phis []*ssa.Phi
	work := []ssa.Value{a}
	ok := true
	add := func(v ssa.Value) {
		if !seen[v] {
			seen[v] = true
			work = append(work, v)
		}
	}
	// source takes in x, a value the web's slice may come from: nil, or
	// another append or phi of the web.
	source := func(x ssa.Value) {
		switch x := x.(type) {
		case *ssa.Const:
			ok = ok && x.IsNil()
		case *ssa.Phi, *ssa.Call:
			add(x)
		default:
			ok = false
		}
	}
	seen[a] = true
	for len(work) > 0 && ok {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		// Where v comes from.
		switch v := v.(type) {
		case *ssa.Call:
			if !isAppend(v) {
				return nil, nil, 0
			}
			appends = append(appends, v)
			source(v.Call.Args[0])
		case *ssa.Phi:
			phis = append(phis, v)
			for _, e := range v.Edges {
				source(e)
			}
		default:
			ok = false
		}
		if !ok {
			break
		}
		// Where v goes.
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Call:
				switch {
				case isAppend(r) && r.Call.Args[0] == v:
					add(r)
				case isBuiltin(r, "len"):
				default:
					ok = false
				}
			case *ssa.Phi:
				add(r)
			case *ssa.Return:
				if ret != nil && ret != r {
					ok = false // the pass follows one transition
				}
				ret = r
				for i, x := range r.Results {
					if x == v {
						retIndex = i
					}
				}
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					switch rr := rr.(type) {
					case *ssa.Store:
						ok = ok && rr.Addr == ssa.Value(r)
					case *ssa.UnOp:
						ok = ok && rr.Op == token.MUL
					case *ssa.DebugRef:
					default:
						ok = false
					}
				}
			case *ssa.Index, *ssa.DebugRef:
			default:
				ok = false
			}
		}
	}
	if !ok || ret == nil {
		return nil, nil, 0
	}
	// The pass wants two appends, or one in a loop.
	loop := false
	for _, p := range phis {
		for _, ap := range appends {
			if p.Block().Dominates(ap.Block()) && slices.Contains(p.Edges, ssa.Value(ap)) {
				loop = true
			}
		}
	}
	if len(appends) < 2 && !loop {
		return nil, nil, 0
	}
	return appends, ret, retIndex
}

// isAppend reports whether c calls the builtin append.
func isAppend(c *ssa.Call) bool { return isBuiltin(c, "append") }

// isBuiltin reports whether c calls the builtin name.
func isBuiltin(c *ssa.Call, name string) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

// sliceMove is a return of a slice that the gc compiler moves to the heap
// if it is on the stack (appendWeb).
type sliceMove struct {
	index int        // of the result
	site  *allocSite // of one of its appends, for the compiler's decision
}

// sliceMoves returns the function's returns that move a slice (appendWeb).
func (c *compiler) sliceMoves() map[*ssa.Return]sliceMove {
	if c.movesDone || c.sf == nil {
		return c.moves
	}
	c.movesDone = true
	for _, b := range c.sf.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isAppend(call) || c.stackAppends[call.Pos()] {
				continue
			}
			appends, ret, idx := appendWeb(call)
			if ret == nil {
				continue
			}
			if c.moves == nil {
				c.moves = map[*ssa.Return]sliceMove{}
				c.stackAppends = map[token.Pos]bool{}
			}
			for _, a := range appends {
				c.stackAppends[a.Pos()] = true
			}
			et := call.Type().Underlying().(*types.Slice).Elem()
			c.moves[ret] = sliceMove{index: idx, site: c.newAllocSite(call.Pos(), escAppend, "", gcSizes.Sizeof(et))}
		}
	}
	return c.moves
}

// moveAtReturn wraps the op of the return i to count the move of mv.
func (c *compiler) moveAtReturn(i *ssa.Return, mv sliceMove, ret op) op {
	r := c.reg(i.Results[mv.index])
	return func(fr *frame) *frame {
		if m := fr.g.m; m.allocs.counting && len(fr.defers) == 0 {
			m.countMove(fr, mv.site, fr.regs[r])
		}
		return ret(fr)
	}
}

// countMove counts the move of the slice v to the heap when it is still
// in its stack buffer (moveSliceNoCap: a new array for its length).
func (m *machine) countMove(fr *frame, s *allocSite, v value) {
	var l, k int
	switch r := v.unflat().(type) {
	case []byte:
		l, k = len(r), cap(r)
	case []value:
		l, k = len(r), cap(r)
	default:
		return
	}
	if l == 0 || int64(k)*s.size > stackBuf {
		return
	}
	if e, _, ok := m.gcDecide(fr, s); ok && e {
		m.heapNote(int64(l) * s.size)
	}
}

// tmpString reports whether the string(b) of i is only compared, used as
// a map key or concatenated with a non-empty literal: the compiler then reads b's bytes in place
// (slicebytetostringtmp) and allocates nothing.
func tmpString(i *ssa.Convert) bool {
	refs := i.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.BinOp:
			switch r.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			case token.ADD:
				if !concatHasLiteral(r) {
					return false
				}
			default:
				return false
			}
		case *ssa.Lookup:
			if r.Index != ssa.Value(i) {
				return false
			}
			if _, ok := r.X.Type().Underlying().(*types.Map); !ok {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// concatHasLiteral reports whether the concatenation b belongs to has a
// non-empty constant operand (walk's order.go then converts its string(b)
// operands in place).
func concatHasLiteral(b *ssa.BinOp) bool {
	for {
		refs := b.Referrers()
		if refs == nil || len(*refs) != 1 {
			break
		}
		o, ok := (*refs)[0].(*ssa.BinOp)
		if !ok || !isConcat(o) || o.X != ssa.Value(b) {
			break
		}
		b = o
	}
	leaves, _ := concatLeaves(b)
	for _, l := range leaves {
		if k, ok := l.(*ssa.Const); ok && k.Value != nil && constant.StringVal(k.Value) != "" {
			return true
		}
	}
	return false
}
