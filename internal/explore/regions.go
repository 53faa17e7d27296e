package explore

// Region-informed search: the "regions" strategy, the search of Mercer et
// al.'s JPF-HJ (Algorithm 1 of "Gradual permission regions"), as a variant
// of the stateful strategy. It is the stateful depth-first search with no
// preemption bound, over stored states that include the permission state,
// except that a goroutine is preempted only where the paper's search
// preempts a task: right after it entered a permission region (it holds
// the region: another task may now try to enter a conflicting one), at an
// isolated section's entry, and at a blocking point (an operation
// that can block: a receive, a send, a select, a lock, a wait, a future's
// Get, the end of a finish, a phaser's wait, a DDF await). Everywhere else
// the running goroutine goes on, and the point is no choice of the search
// (a choice with one alternative explored: replay tokens stay those of
// every other strategy). When a goroutine blocks or ends, any runnable
// goroutine may run next, as always.
//
// What it claims. For a program whose shared data is all covered by
// regions and isolated sections (an empty sharing report) and whose
// goroutines synchronize only through operations that are blocking points
// here (no atomics, no unlock races), every region conflict, deadlock and
// panic that a full search reaches is reached by this one: between two
// such points a goroutine touches only what its regions cover, so its
// steps commute with every other goroutine's (the paper's Theorem 1).
// Data races are found as under any search: h orders accesses by the
// program's synchronization, not by the interleaving.

import (
	"cmp"
	"go/token"
	"path/filepath"
	"slices"

	"github.com/vtcheck/vt/internal/perm"
	"github.com/vtcheck/vt/interp"
)

// regionChoiceOps are the operations before which the regions strategy
// lets another goroutine run.
var regionChoiceOps = func() [256]bool {
	var ops [256]bool
	for _, op := range []interp.Op{
		interp.OpIsolatedEnter,
		interp.OpChanSend, interp.OpChanRecv, interp.OpSelect,
		interp.OpMutexLock, interp.OpRWMutexLock, interp.OpRWMutexRLock,
		interp.OpWaitGroupWait, interp.OpCondWait, interp.OpSleep,
		interp.OpFutureGet, interp.OpFinishEnd, interp.OpPhaserWait, interp.OpPhaserNext, interp.OpDDFAwait,
		interp.OpAccept, interp.OpNetRead, interp.OpNetWrite, interp.OpPipeRead, interp.OpPipeWrite,
	} {
		ops[op] = true
	}
	return ops
}()

// regionFixed reports whether the regions strategy keeps goroutine g
// running at its pending operation (no other goroutine may run there).
// The habanero library's own locks and waits are no choices: its
// operations are, at their marks (a blocked goroutine lets others run).
func (s *scheduler) regionFixed(g *interp.Goroutine) bool {
	if s.afterAcquire && g == s.last {
		return false // just entered a region
	}
	op, pos := g.Pending()
	if !regionChoiceOps[op] {
		return true
	}
	return op < interp.OpAsync && s.inLibrary != nil && s.inLibrary(pos)
}

// habaneroCode knows which positions are in the habanero library's code
// (the regions strategy's executions, and their replays, make no choices
// at the library's own locks and waits).
type habaneroCode struct {
	in  map[token.Pos]bool
	dir *string // the library's directory, once known ("": not loaded)
}

// contains returns whether a position of t's program is in the library.
func (h *habaneroCode) contains(t Target) func(token.Pos) bool {
	return func(pos token.Pos) bool {
		if h.in == nil {
			h.in = map[token.Pos]bool{}
		}
		in, ok := h.in[pos]
		if !ok {
			in = filepath.Dir(t.Prog.Position(pos).Filename) == h.directory(t)
			h.in[pos] = in
		}
		return in
	}
}

// directory returns the directory of the habanero library's source in
// t's program ("": the program does not load it).
func (h *habaneroCode) directory(t Target) string {
	if h.dir == nil {
		dir := ""
		if t.Pkg != nil {
			if p := t.Pkg.Prog.ImportedPackage(habaneroPkg); p != nil {
				if f := p.Func("Launch"); f != nil {
					dir = filepath.Dir(t.Prog.Position(f.Pos()).Filename)
				}
			}
		}
		h.dir = &dir
	}
	return *h.dir
}

// usesHabanero reports whether the target's code reaches the habanero
// library (reach.go): its default strategy is regions.
func usesHabanero(t Target) bool {
	return reaches(t, habaneroPkg)
}

// digest adds the permission state of the execution to c: every location
// whose state is not Null, named by its cell in the walk (a location the
// walk did not meet cannot be annotated again) and its type, with its
// state. Goroutines are their ids, as in the rest of the state.
func (c *permChecker) digest(cn *interp.Canon) {
	if c.fault != nil {
		cn.Refuse("a permission conflict was found")
		return
	}
	if c.tr == nil {
		cn.WriteUint(0)
		return
	}
	type entry struct {
		cell uint64
		typ  string
		s    perm.State
	}
	var es []entry
	c.tr.Each(func(l perm.Loc, s perm.State) {
		loc := l.Obj.(location)
		id, ok := cn.CellID(loc.addr)
		if !ok {
			return
		}
		es = append(es, entry{id, loc.typ, s})
	})
	slices.SortFunc(es, func(a, b entry) int { return cmp.Or(cmp.Compare(a.cell, b.cell), cmp.Compare(a.typ, b.typ)) })
	cn.WriteUint(uint64(len(es)))
	for _, e := range es {
		cn.WriteUint(e.cell)
		cn.WriteString(e.typ)
		cn.WriteUint(uint64(e.s.Kind))
		cn.WriteUint(uint64(e.s.Owner))
		cn.WriteUint(uint64(e.s.R))
		cn.WriteUint(uint64(e.s.W))
		ts := make([]perm.TaskID, 0, len(e.s.Shared))
		for t := range e.s.Shared {
			ts = append(ts, t)
		}
		slices.Sort(ts)
		cn.WriteUint(uint64(len(ts)))
		for _, t := range ts {
			cn.WriteUint(uint64(t))
			cn.WriteUint(uint64(e.s.Shared[t]))
		}
	}
}
