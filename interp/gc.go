package interp

// The collector's observable effect: runtime.GC runs the cleanups
// (runtime.AddCleanup) of objects that are no longer reachable, each on a
// goroutine of its own, as Go's cleanup goroutines do.
//
// Reachability is the host's: an interpreted object is the host's memory
// (a cell, an array of cells or of bytes), and everything the program can
// still reach the host reaches through the machine (globals, goroutines'
// frames, channels, timers, the models' tables). At runtime.GC the
// machine first drops what it holds that the program cannot use again:
// the registers of its frames that hold no live value (liveness over the
// function's SSA, as Go's stack maps have it), the frames it keeps for
// reuse, its scratch values. Then the host collects, and a cleanup runs
// when the weak pointer to its object is gone. The decision errs one way
// only: whatever else the host keeps (a non-escaping local until its
// function returns, the values a snapshot's undo log keeps for a rollback,
// an observer's records) keeps the object, and its cleanup waits; a
// cleanup never runs while the program can reach its object.
// runtime.SetFinalizer's finalizers never run: a finalizer receives its
// object, which the machine would have to keep, so the host would always
// see it reachable.

import (
	"go/token"
	"runtime"
	"unsafe"
	"weak"

	"golang.org/x/tools/go/ssa"
)

// gcState is a run's cleanups: those registered and not run nor stopped,
// the goroutines running them, and the goroutines waiting for them
// (runtime_blockUntilEmptyCleanupQueue).
type gcState struct {
	cleanups []*cleanupReg
	nextID   uint64
	running  int
	waiters  []*Goroutine
	// due: runtime.GC was called; the machine collects at the next
	// scheduling point (collect).
	due bool
}

// cleanupReg is a cleanup registered by runtime.AddCleanup: the object
// (weakly: a cell or a byte), the function and its argument, and where it
// was registered.
type cleanupReg struct {
	id      uint64
	cell    weak.Pointer[value]
	byteP   weak.Pointer[byte]
	fn, arg value
	pos     token.Pos
}

// collected reports whether the object of r is gone.
func (r *cleanupReg) collected() bool {
	if r.cell != (weak.Pointer[value]{}) {
		return r.cell.Value() == nil
	}
	return r.byteP.Value() == nil
}

// addCleanup is runtime.AddCleanup(ptr, fn, arg): it returns the
// runtime.Cleanup value, whose id names the registration for Stop.
func addCleanup(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	ptr, fn, arg := a[0], a[1], a[2]
	if ptr.r == nil {
		m.rpanic("runtime.AddCleanup: ptr is nil")
	}
	if i := arg.iface(); i != nil && i.v.r == ptr.r && i.v.n == ptr.n {
		m.rpanic("runtime.AddCleanup: ptr is equal to arg, cleanup will never run")
	}
	m.finalizers++ // named by a leak's message (goroutines.go) while it has not run
	ct := m.prog.runtimeNamed("Cleanup")
	c := zero(ct)
	r := &cleanupReg{fn: fn, arg: arg, pos: fr.pos()}
	switch p := ptr.r.(type) {
	case *value:
		r.cell = weak.Make(p)
	case *byte:
		r.byteP = weak.Make(p)
	default:
		// An object the interpreter does not hold as a host allocation
		// of its own (a view of other memory): never collected.
		return fr.done(dst, c)
	}
	m.gc.nextID++
	r.id = m.gc.nextID
	m.gc.cleanups = append(m.gc.cleanups, r)
	c.elems()[fieldIndex(ct.t, "id")] = uintVal(r.id)
	return fr.done(dst, c)
}

// stopCleanup is (runtime.Cleanup).Stop: the cleanup will not run.
func stopCleanup(m *machine, a []value) value {
	ct := m.prog.runtimeNamed("Cleanup")
	id := a[0].elems()[fieldIndex(ct.t, "id")].n
	for i, r := range m.gc.cleanups {
		if r.id == id {
			m.gc.cleanups = append(m.gc.cleanups[:i], m.gc.cleanups[i+1:]...)
			break
		}
	}
	return value{}
}

// runtimeGC is runtime.GC: sync.Pool's items move to the victim cache, the
// allocation statistics count everything freed (allocs.go), and the
// cleanups of objects no longer reachable start: at the next scheduling
// point (collect), where the host's stack holds none of the program's
// values, as Go's cleanups run after the collection, on goroutines of
// their own.
func runtimeGC(fr *frame, _ []value, dst int32) *frame {
	m := fr.g.m
	m.poolCleanup()
	m.gcFree()
	if len(m.gc.cleanups) > 0 {
		m.gc.due = true
	}
	return fr.done(dst, value{})
}

// collect drops what the machine holds that the program cannot use again,
// lets the host collect, and starts the cleanups whose objects are gone.
// It runs at a scheduling point (schedule), every goroutine stopped at
// its top frame.
func (m *machine) collect() {
	m.gc.due = false
	for _, g := range m.gs {
		for f := g.top; f != nil; f = f.caller {
			m.clearDeadRegs(f, f == g.top)
			f.spare, f.tuple = nil, value{}
		}
	}
	m.free, m.last = nil, nil
	m.ev, m.argBuf, m.resBuf = Event{}, [4]value{}, [maxTupleResults]value{}
	m.hostGC()
	kept := m.gc.cleanups[:0]
	var due []*cleanupReg
	for _, r := range m.gc.cleanups {
		if r.collected() {
			due = append(due, r)
		} else {
			kept = append(kept, r)
		}
	}
	clear(m.gc.cleanups[len(kept):])
	m.gc.cleanups = kept
	for _, r := range due {
		m.startCleanup(r)
	}
	if m.gc.running == 0 {
		m.wakeCleanupWaiters()
	}
}

// wakeCleanupWaiters wakes the goroutines waiting for the cleanups to run
// (runtime_blockUntilEmptyCleanupQueue).
func (m *machine) wakeCleanupWaiters() {
	ws := m.gc.waiters
	m.gc.waiters = nil
	for _, w := range ws {
		w.wake()
	}
}

// hostGC runs the host's collector. While a snapshot's undo log is kept,
// it holds the old values of the cells the run wrote, and so what they
// pointed to: compacted, it holds them only while their cells live, so
// collections alternate with compactions until one frees no cell
// (bounded: an object a chain of more such cells keeps waits for the
// next runtime.GC).
func (m *machine) hostGC() {
	if m.logging && !m.undoDropped {
		m.compactUndo()
		m.weakenUndoBytes()
	}
	runtime.GC()
	for range maxUndoRounds {
		if !m.logging || m.undoDropped {
			return
		}
		n := len(m.undoWeak)
		m.compactUndo() // drops the entries of the cells collected
		if len(m.undoWeak) == n {
			return
		}
		runtime.GC()
	}
}

// weakBytes is an entry of the undo log of byte cells moved out by
// weakenUndoBytes: the first of n bytes, held weakly, and their old
// values (one in old, or olds).
type weakBytes struct {
	p    weak.Pointer[byte]
	n    int
	old  byte
	olds []byte
}

// weakenUndoBytes moves the entries of the undo log of byte cells to
// undoBytesWeak, in their order, their bytes held weakly: an array that
// is collected needs no rollback, and the log no longer keeps it.
func (m *machine) weakenUndoBytes() {
	m.noteWrittenOld() // before the entries it reads move
	i, j := 0, 0
	for i < len(m.undoBytes) || j < len(m.undoRanges) {
		if j < len(m.undoRanges) && m.undoRanges[j].at <= i {
			r := m.undoRanges[j]
			m.undoBytesWeak = append(m.undoBytesWeak, weakBytes{p: weak.Make(&r.dst[0]), n: len(r.dst), olds: r.old})
			j++
			continue
		}
		u := m.undoBytes[i]
		m.undoBytesWeak = append(m.undoBytesWeak, weakBytes{p: weak.Make(u.p), n: 1, old: u.old})
		i++
	}
	clear(m.undoBytes)
	clear(m.undoRanges)
	m.undoBytes, m.undoRanges, m.undoRangeBytes = m.undoBytes[:0], m.undoRanges[:0], 0
	m.undoBytesScanned, m.undoRangesScanned = 0, 0
}

// rollbackWeakBytes puts back the bytes of undoBytesWeak that were not
// collected, latest entry first, and empties it.
func (m *machine) rollbackWeakBytes() {
	for k := len(m.undoBytesWeak) - 1; k >= 0; k-- {
		w := m.undoBytesWeak[k]
		p := w.p.Value()
		if p == nil {
			continue
		}
		if w.olds == nil {
			*p = w.old
			continue
		}
		copy(unsafe.Slice(p, w.n), w.olds)
	}
	m.undoBytesWeak = nil
}

// maxUndoRounds bounds hostGC's collections after the first.
const maxUndoRounds = 4

// startCleanup runs r's function on a goroutine of its own, which the run
// does not wait for (Go does not run cleanups at exit). Its creator is
// the goroutine that ran last, the one that called runtime.GC in the
// common case, whose history it follows: in Go, AddCleanup is
// synchronized before the cleanup.
func (m *machine) startCleanup(r *cleanupReg) {
	m.finalizers--
	cl := r.fn.r.(*closure)
	g := m.newGoroutine(nil, m.cur, r.pos)
	g.daemon = true
	m.daemons++
	m.gc.running++
	g.onExit = func() {
		m.gc.running--
		if m.gc.running == 0 {
			m.wakeCleanupWaiters()
		}
	}
	nf := m.newFrame(cl.fn)
	nf.regs[0] = r.arg
	copy(nf.regs[1:], cl.env)
	nf.g, nf.retDst = g, -1
	g.top = nf
	if cl.fn.ssa != nil {
		g.pendPos, g.pendAt = cl.fn.ssa.Pos(), cl.fn.ssa.Pos()
	}
}

// blockUntilEmptyCleanupQueue is runtime_blockUntilEmptyCleanupQueue (the
// runtime's hook for the tests of sync and unique): it waits until the
// cleanups started have returned, and reports true. Its timeout is not
// modeled: a cleanup that never returns leaves the caller blocked.
func blockUntilEmptyCleanupQueue(fr *frame, _ []value, dst int32) *frame {
	m := fr.g.m
	if m.gc.running == 0 && !m.gc.due {
		return fr.done(dst, boolVal(true))
	}
	m.gc.waiters = append(m.gc.waiters, fr.g)
	return fr.block(OpSemacquire, fr.pos())
}

// clearDeadRegs zeroes the registers of fr that hold no value live at its
// pc (top: fr is about to run the op at pc; else it is in the call before
// it). A function whose liveness is unknown keeps every register.
func (m *machine) clearDeadRegs(fr *frame, top bool) {
	if fr.fn == nil || fr.fn.ssa == nil || fr.native != nil {
		return
	}
	lv := m.prog.livenessOf(fr.fn)
	if lv == nil {
		return
	}
	pc := fr.pc
	if !top {
		pc--
	}
	for _, r := range lv.deadRegs(pc) {
		if r < len(fr.regs) {
			fr.regs[r] = value{}
		}
	}
}

// fnLiveness is the liveness of a compiled function's registers: for each
// op, the block and index of its SSA instruction; for each register, the
// values it holds; for each block, the values live at its end.
type fnLiveness struct {
	sf      *ssa.Function
	at      [][2]int          // per op: block index, instruction index
	index   map[ssa.Value]int // the values with a register
	regOf   []int             // value index → register
	byReg   map[int][]int     // register → value indexes
	out     []bitset          // per block: the values live at its end
	c       *compiler         // readsOf's view of fused and forwarded instructions
	recover bool              // a recover block: every value may be read after a panic
}

// livenessOf returns f's liveness, computed once per program (nil when it
// is unknown: a model, a thunk, a function compiled otherwise).
func (p *Program) livenessOf(f *function) *fnLiveness {
	t := &p.traces
	t.mu.Lock()
	defer t.mu.Unlock()
	if lv, ok := t.live[f]; ok {
		return lv
	}
	lv := p.computeLiveness(f)
	if t.live == nil {
		t.live = map[*function]*fnLiveness{}
	}
	t.live[f] = lv
	return lv
}

// computeLiveness lays f out again as compile did (assignRegs, emits) and
// computes its values' liveness (the compiler's own analysis, readsOf,
// over every value). It returns nil if the layout differs from f's code.
func (p *Program) computeLiveness(f *function) *fnLiveness {
	if f.native != nil || f.control != nil || !f.ready.Load() {
		return nil
	}
	sf := f.ssa
	if sf.Blocks == nil {
		sf = p.linknameBody(sf)
		if sf == nil || sf.Blocks == nil {
			return nil
		}
	}
	c := &compiler{prog: p, fn: &function{prog: p, ssa: sf, name: f.name}, regs: map[ssa.Value]int{}, plainCalls: map[*ssa.Call]minst{}}
	c.sf = sf
	c.assignRegs(sf)
	lv := &fnLiveness{sf: sf, c: c, index: map[ssa.Value]int{}, byReg: map[int][]int{}, recover: sf.Recover != nil}
	for _, b := range sf.Blocks {
		for i, instr := range b.Instrs {
			if c.emits(instr) {
				lv.at = append(lv.at, [2]int{b.Index, i})
			}
		}
	}
	if len(lv.at) != len(f.code) {
		return nil
	}
	for v, r := range c.regs {
		i := len(lv.regOf)
		lv.index[v] = i
		lv.regOf = append(lv.regOf, r)
		lv.byReg[r] = append(lv.byReg[r], i)
	}
	lv.out = c.liveness(sf, lv.index).out
	return lv
}

// deadRegs returns the registers that hold only values dead before the
// op at pc runs: no path from it reads them again.
func (lv *fnLiveness) deadRegs(pc int) []int {
	if pc < 0 || pc >= len(lv.at) || lv.recover {
		return nil
	}
	bi, k := lv.at[pc][0], lv.at[pc][1]
	b := lv.sf.Blocks[bi]
	live := lv.out[bi].clone()
	for j := len(b.Instrs) - 1; j >= k; j-- {
		instr := b.Instrs[j]
		if v, ok := instr.(ssa.Value); ok {
			if i, ok := lv.index[v]; ok {
				live.remove(i)
			}
		}
		if _, ok := instr.(*ssa.Phi); ok {
			continue
		}
		lv.c.readsOf(instr, func(v ssa.Value) {
			if i, ok := lv.index[v]; ok {
				live.add(i)
			}
		})
	}
	var dead []int
	for r, vals := range lv.byReg {
		isLive := false
		for _, i := range vals {
			if live.has(i) {
				isLive = true
				break
			}
		}
		if !isLive {
			dead = append(dead, r)
		}
	}
	return dead
}
