package explore

import (
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/vtcheck/vt/interp"
)

// The jrf strategy is the race-directed heuristic search of Kim,
// Yavuz-Kahveci and Sanders ("Precise Data Race Detection in a Relaxed
// Memory Model using Model Checking", the JRF extension of Java
// PathFinder). Their search keeps states in a priority queue ordered by
// depth × MAX + the heuristic value of the transition that reached the
// state (their Figure 5): a state's children always outrank the states
// left in the queue, so the search is depth-first with the children of
// each state taken in the order of their heuristic values. vt explores by
// re-execution, so jrf is exactly that: a depth-first search without a
// preemption bound whose alternatives at each choice of a goroutine are
// ordered by the value of Figure 6 of the paper:
//
//	8  the transition writes a location last written by another goroutine (WF or WW)
//	7  it writes one last written by itself (WW)
//	6  it reads a location last written by another goroutine (WF)
//	5  it reads one last written by itself (WF and WW)
//	4  it acquires an object never released before (ARA)
//	3  anything else
//	2  it acquires an object released before (ARA or AF)
//	1  it releases (AF)
//
// A value whose heuristics are all off is 3. The transition of a
// goroutine is what it does from its pending scheduling point to the
// next; vt predicts it from what the same goroutine did from the same
// source position before (in this execution or an earlier one), and its
// scheduling point's operation. written_by and prior_release are kept per
// execution, from its events. Accesses by trusted packages (vt.Trust,
// and sync, sync/atomic and vt) do not count, as the race detector does
// not check them, nor do accesses to a location vt.Benign named. Ties keep the scheduler's order (the goroutine that ran
// last first). The race detector h judges the execution as under every
// strategy: the heuristics only order the search.

// jrfHeuristics is a set of the four heuristics.
type jrfHeuristics struct{ WF, WW, ARA, AF bool }

func (h jrfHeuristics) String() string {
	var s []string
	for _, x := range []struct {
		on   bool
		name string
	}{{h.WF, "WF"}, {h.WW, "WW"}, {h.ARA, "ARA"}, {h.AF, "AF"}} {
		if x.on {
			s = append(s, x.name)
		}
	}
	return strings.Join(s, ",")
}

// parseJRF parses a comma-separated set of heuristics.
func parseJRF(v string) (jrfHeuristics, error) {
	var h jrfHeuristics
	for _, s := range strings.Split(v, ",") {
		switch strings.ToUpper(strings.TrimSpace(s)) {
		case "WF":
			h.WF = true
		case "WW":
			h.WW = true
		case "ARA":
			h.ARA = true
		case "AF":
			h.AF = true
		case "":
		default:
			return h, want("comma-separated heuristics among WF, WW, ARA, AF")
		}
	}
	return h, nil
}

// value is Figure 6's value of a transition.
func (h jrfHeuristics) value(t transitionKind) int {
	switch {
	case t == tWriteOther && (h.WF || h.WW):
		return 8
	case t == tWriteSelf && h.WW:
		return 7
	case t == tReadOther && h.WF:
		return 6
	case t == tReadSelf && h.WF && h.WW:
		return 5
	case t == tAcquireFresh && h.ARA:
		return 4
	case t == tAcquireReleased && (h.ARA || h.AF):
		return 2
	case t == tRelease && h.AF:
		return 1
	}
	return 3
}

// transitionKind classifies a transition for Figure 6.
type transitionKind int

const (
	tOther transitionKind = iota
	tWriteOther
	tWriteSelf
	tReadOther
	tReadSelf
	tAcquireFresh
	tAcquireReleased
	tRelease
)

// jrfFootprint is what a goroutine's transition from one position did: its
// first plain write and read, and the object of its scheduling point.
type jrfFootprint struct {
	write, read bool
	w, r        interp.Addr
	obj         interp.Addr
	hasObj      bool
}

type jrfKey struct {
	g   int
	pos token.Pos
}

// jrf is the state of the jrf search across executions.
type jrf struct {
	h       jrfHeuristics
	learned map[jrfKey]*jrfFootprint
	trusted map[string]bool // files of trusted packages
	prog    *interp.Program
	files   map[token.Pos]string
}

// jrfChoice is the chooser of one execution of the jrf search.
type jrfChoice struct {
	j *jrf
	s *scheduler
	// orders are the ranked alternatives of the choices beyond the
	// prefix, by the index of the choice.
	orders map[int][]int
	// written_by and prior_release of the execution.
	writtenBy    map[interp.Addr]int
	priorRelease map[interp.Addr]bool
	cur          map[int]*jrfFootprint // each goroutine's transition in progress
	// benigns are the locations vt.Benign named: accesses to them do
	// not count.
	benigns map[interp.Addr]bool
	seen    int // trace steps seen
}

func (c *jrfChoice) attach(s *scheduler) {
	c.s = s
	s.watch = c.event
}

func (c *jrfChoice) event(ev *interp.Event) {
	s := c.s
	if n := len(s.trace); n != c.seen && n > 0 {
		// A new transition began: goroutine st.g from st.pos.
		c.seen = n
		st := s.trace[n-1]
		if st.g != 0 {
			fp := &jrfFootprint{}
			c.j.learned[jrfKey{st.g, st.pos}] = fp
			c.cur[st.g] = fp
		}
	}
	if ev.G == nil {
		return
	}
	id := ev.G.ID()
	fp := c.cur[id]
	switch ev.Kind {
	case interp.EvWrite, interp.EvRead:
		if c.j.isTrusted(ev.Pos) || c.benigns[ev.Addr] {
			return
		}
		if ev.Kind == interp.EvWrite {
			if fp != nil && !fp.write {
				fp.write, fp.w = true, ev.Addr
			}
			c.writtenBy[ev.Addr] = id
		} else if fp != nil && !fp.read {
			fp.read, fp.r = true, ev.Addr
		}
	case interp.EvUnlock, interp.EvRUnlock, interp.EvChanSend, interp.EvChanClose, interp.EvAtomicStore, interp.EvAtomicRMW, interp.EvCondSignal, interp.EvWGAdd:
		c.priorRelease[ev.Addr] = true
		c.syncObj(fp, ev.Addr)
	case interp.EvLock, interp.EvRLock, interp.EvChanRecv, interp.EvAtomicLoad, interp.EvWGWait, interp.EvCondWait:
		c.syncObj(fp, ev.Addr)
	}
}

func (c *jrfChoice) benign(a interp.Addr) {
	if c.benigns == nil {
		c.benigns = map[interp.Addr]bool{}
	}
	c.benigns[a] = true
}

func (c *jrfChoice) syncObj(fp *jrfFootprint, a interp.Addr) {
	if fp != nil && !fp.hasObj {
		fp.obj, fp.hasObj = a, true
	}
}

func (j *jrf) isTrusted(pos token.Pos) bool {
	if !pos.IsValid() || len(j.trusted) == 0 {
		return false
	}
	f, ok := j.files[pos]
	if !ok {
		f = j.prog.Position(pos).Filename
		j.files[pos] = f
	}
	return j.trusted[f]
}

// kind predicts the Figure 6 class of g's next transition.
func (c *jrfChoice) kind(g *interp.Goroutine) transitionKind {
	op, pos := g.Pending()
	id := g.ID()
	fp := c.j.learned[jrfKey{id, pos}]
	if fp != nil && fp.write {
		if w, ok := c.writtenBy[fp.w]; ok && w != id {
			return tWriteOther
		}
		return tWriteSelf
	}
	if fp != nil && fp.read {
		if w, ok := c.writtenBy[fp.r]; ok && w != id {
			return tReadOther
		}
		return tReadSelf
	}
	name := op.String()
	switch {
	case op == interp.OpChanRecv || strings.Contains(name, "Lock") && !strings.Contains(name, "Unlock") ||
		strings.Contains(name, ".Wait") || strings.Contains(name, "Load") || strings.Contains(name, "Swap") || strings.Contains(name, ".Add"):
		if fp != nil && fp.hasObj && c.priorRelease[fp.obj] {
			return tAcquireReleased
		}
		return tAcquireFresh
	case op == interp.OpChanSend || op == interp.OpChanClose || strings.Contains(name, "Unlock") ||
		strings.Contains(name, "Done") || strings.Contains(name, "Store") || strings.Contains(name, "Signal") || strings.Contains(name, "Broadcast"):
		return tRelease
	}
	return tOther
}

func (c *jrfChoice) choose(n int, _ bool, ordered []*interp.Goroutine) int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if ordered != nil {
		val := make([]int, n)
		for i, g := range ordered {
			val[i] = c.j.h.value(c.kind(g))
		}
		slices.SortStableFunc(order, func(a, b int) int { return val[b] - val[a] })
	}
	c.orders[c.s.choices.len()] = order
	return order[0]
}

// jrfSearch is the jrf strategy: it explores depth first with the
// alternatives of each choice in the order of their heuristic values,
// without a preemption bound.
type jrfSearch struct{}

func (jrfSearch) name() string { return "jrf" }

func (jrfSearch) search(x *explorer) (coverage, error) {
	j := &jrf{h: x.o.JRF, learned: map[jrfKey]*jrfFootprint{}, prog: x.t.Prog, files: map[token.Pos]string{}}
	j.trusted = x.trustedFiles()
	// The search stack: per level, the ranked alternatives and how many
	// of them were taken.
	type level struct {
		order []int
		taken int
	}
	var stack []level
	var prefix []int
	for x.budgetLeft() {
		c := &jrfChoice{j: j, orders: map[int][]int{}, writtenBy: map[interp.Addr]int{}, priorRelease: map[interp.Addr]bool{}, cur: map[int]*jrfFootprint{}}
		done, err := x.run(prefix, c)
		if done || err != nil {
			return notCovered, err
		}
		choices := &x.last.sched.choices
		stack = stack[:min(len(stack), len(prefix), choices.len())]
		for k := len(stack); k < choices.len(); k++ {
			o, ok := c.orders[k]
			if !ok {
				o = []int{0} // a sampled value: no alternative
			}
			stack = append(stack, level{order: o, taken: 1})
		}
		x.res.States += len(c.orders)
		i := len(stack) - 1
		for ; i >= 0 && stack[i].taken >= len(stack[i].order); i-- {
		}
		if i < 0 {
			return coverage{exhaustive: true, bound: -1}, nil
		}
		alt := stack[i].order[stack[i].taken]
		stack[i].taken++
		stack = stack[:i+1]
		last := choices.at(i)
		prefix = append(choices.vals(i), last.valueOf(alt))
	}
	return notCovered, nil
}

// trustedFiles returns the files of the packages whose accesses the race
// detector does not check: vt's harness, sync, sync/atomic and vt.Trust's.
func (x *explorer) trustedFiles() map[string]bool {
	out := map[string]bool{}
	if x.t.Pkg == nil {
		return out
	}
	prog := x.t.Pkg.Prog
	for _, path := range append([]string{vtPkg, "sync", "sync/atomic"}, x.o.Trust...) {
		p := prog.ImportedPackage(path)
		if p == nil {
			continue
		}
		for _, m := range p.Members {
			if pos := m.Pos(); pos.IsValid() {
				f := prog.Fset.Position(pos).Filename
				out[f] = true
				out[filepath.Clean(f)] = true
			}
		}
	}
	return out
}
