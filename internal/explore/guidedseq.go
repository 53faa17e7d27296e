package explore

import (
	"go/build"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vtcheck/vt/internal/race"
	"github.com/vtcheck/vt/interp"
)

// The guided search's own location sequences (autoSequences) come from
// the happens-before and lock structure of two observation executions
// without preemption: one that runs the goroutines in the order of their
// creation, one in the reverse order (a goroutine whose branch depends on
// what others did takes its other branch there). Each execution is
// reduced to actions: per goroutine, in program order, its accesses to
// shared memory (plain or atomic reads and writes, at the program's own
// lines) and its lock operations, each read with how many of the other
// goroutines that write its location it saw (wrote it before the read).
// Three structures make sequences, whatever the shape of the code:
//
//   - Stages (two-stage, reorder): goroutines W that write X and then Y
//     (two stages of one update; they may be locked, atomic, or under
//     channels) and a goroutine C that reads both. "Between": every W's
//     write of X, then C's two reads (C sees every update half done);
//     "reorder": C's read of X, every W's write of Y, C's read of Y (C
//     sees the second stages and not the first).
//   - Lock-order cycles among any number of goroutines (each holds one
//     lock of the cycle and wants the next, across both executions: a
//     nested acquisition taken only on one branch is seen in one of them):
//     every outer acquisition, then every inner one. A goroutine that read
//     shared memory between its two acquisitions is put where its read saw
//     what it saw in the execution it nested in: before every writer (it
//     saw none of them), or after the writers' lines (it saw them all).
//   - Lost updates: two goroutines that read X and then write X (at
//     another line): both reads, then both writes. (In one line, x++,
//     it is a race: a sequence only when races are asked for.)
//
// Lines, not goroutines, make a sequence: every goroutine that runs the
// same code is an instance of the same line, which is what a deep bug
// of many goroutines needs (every writer's first stage).

// actKind is the kind of an action.
type actKind uint8

const (
	actRead actKind = iota
	actWrite
	actLock // Lock or RLock
	actUnlock
)

// action is an event of an observation execution.
type action struct {
	g    int
	kind actKind
	obj  int // the object's node (observation.node)
	line srcLine
	// seen is, for a read, the number of other goroutines that wrote the
	// object before it.
	seen int
}

// observation is one observation execution reduced to actions.
type observation struct {
	acts    []action
	created map[int]int // goroutine -> its creator
	// writers are, per object, the goroutines that wrote it, in order.
	writers map[int][]int
}

// objects names the objects of the observation executions: a node per
// (execution, address), joined (union-find) across executions where the
// same goroutine does the same operation at the same line for the same
// time (what identifies an object that the executions allocate anew).
type objects struct {
	parent []int
	nodes  map[objAt]int
	link   map[linkKey]int
}

type objAt struct {
	exec int
	addr interp.Addr
}

type linkKey struct {
	g, n int
	line srcLine
}

func (o *objects) node(exec int, a interp.Addr) int {
	k := objAt{exec, a}
	if n, ok := o.nodes[k]; ok {
		return n
	}
	n := len(o.parent)
	o.parent = append(o.parent, n)
	o.nodes[k] = n
	return n
}

func (o *objects) find(n int) int {
	for o.parent[n] != n {
		o.parent[n] = o.parent[o.parent[n]]
		n = o.parent[n]
	}
	return n
}

func (o *objects) union(a, b int) { o.parent[o.find(a)] = o.find(b) }

// maxActions bounds the actions an observation records (a long execution
// is studied in its beginning only).
const maxActions = 1 << 18

// maxSequences bounds the sequences autoSequences makes.
const maxSequences = 8

// ownCode tells the program's own source files (not the standard
// library's, the module cache's or vt's harness).
type ownCode struct {
	fset  *token.FileSet
	files map[string]bool
	lines map[token.Pos]srcLine // own positions' lines (cache)
}

func newOwnCode(t Target) *ownCode {
	c := &ownCode{files: map[string]bool{}, lines: map[token.Pos]srcLine{}}
	if t.Pkg == nil {
		return c
	}
	prog := t.Pkg.Prog
	c.fset = prog.Fset
	goroot := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	for fn := range ssautil.AllFunctions(prog) {
		if !fn.Pos().IsValid() {
			continue
		}
		f := prog.Fset.Position(fn.Pos()).Filename
		if _, ok := c.files[f]; ok {
			continue
		}
		own := !strings.HasPrefix(f, goroot) && !strings.Contains(f, "/pkg/mod/")
		if p := fn.Package(); p != nil && p.Pkg != nil && p.Pkg.Path() == vtPkg {
			own = false
		}
		c.files[f] = own
	}
	return c
}

// line returns the line of pos if it is in the program's own code.
func (c *ownCode) line(pos token.Pos) (srcLine, bool) {
	if c.fset == nil || !pos.IsValid() {
		return srcLine{}, false
	}
	if l, ok := c.lines[pos]; ok {
		return l, l.line > 0
	}
	p := c.fset.Position(pos)
	var l srcLine
	if c.files[p.Filename] {
		l = srcLine{file: filepath.Base(p.Filename), line: p.Line}
	}
	c.lines[pos] = l
	return l, l.line > 0
}

// reverseChoice runs the goroutine that ran last on (no preemption) and
// else the newest goroutine that can run, handing every event to watch.
type reverseChoice struct{ watch func(*interp.Event) }

func (reverseChoice) choose(n int, preemptive bool, ordered []*interp.Goroutine) int {
	if ordered == nil || preemptive {
		return 0
	}
	return n - 1
}

func (r reverseChoice) attach(s *scheduler) { s.watch = r.watch }

// observe runs one observation execution (exec 0: creation order, 1:
// reverse) and returns its actions; with ls, the lockset detector sees its
// events too.
func (x *explorer) observe(exec int, objs *objects, own **ownCode, ls *race.Lockset) (*observation, error) {
	type rawEv struct {
		g    int
		kind actKind
		addr interp.Addr
		pos  token.Pos
		sf   []interp.StackFrame // a synchronization event's stack, when its position is not the program's
	}
	var raw []rawEv
	created := map[int]int{}
	watch := func(ev *interp.Event) {
		if ls != nil {
			ls.Event(ev)
		}
		if ev.G == nil || len(raw) >= maxActions {
			return
		}
		var k actKind
		switch ev.Kind {
		case interp.EvGoStart:
			created[ev.G.ID()] = ev.Other.ID()
			return
		case interp.EvRead, interp.EvAtomicLoad:
			k = actRead
		case interp.EvWrite, interp.EvAtomicStore, interp.EvAtomicRMW:
			k = actWrite
		case interp.EvLock, interp.EvRLock:
			k = actLock
		case interp.EvUnlock, interp.EvRUnlock:
			k = actUnlock
		default:
			return
		}
		r := rawEv{g: ev.G.ID(), kind: k, addr: ev.Addr, pos: ev.Pos}
		if ev.Kind != interp.EvRead && ev.Kind != interp.EvWrite {
			// A model's event may be placed in the library (a deferred
			// Unlock): the program's frame that called it says where.
			r.sf = ev.G.Stack()
		}
		raw = append(raw, r)
	}
	var err error
	if exec == 0 {
		_, err = x.execute(nil, watchChoice{watch})
	} else {
		_, err = x.execute(nil, reverseChoice{watch})
	}
	if err != nil {
		return nil, err
	}
	if *own == nil {
		// After the execution: the interpreter builds functions as they
		// first run.
		*own = newOwnCode(x.t)
	}
	oc := *own
	ob := &observation{created: created, writers: map[int][]int{}}
	count := map[linkKey]int{} // occurrences of (goroutine, line)
	for _, r := range raw {
		l, ok := oc.line(r.pos)
		for i := 0; !ok && i < len(r.sf); i++ {
			l, ok = oc.line(r.sf[i].Pos)
		}
		if !ok {
			continue
		}
		n := objs.node(exec, r.addr)
		if r.kind == actLock {
			// Locks are named across the executions (memory is not: the
			// k-th access at a line may be to another object when the
			// goroutines run in another order).
			lk := linkKey{g: r.g, line: l}
			lk.n = count[lk]
			count[linkKey{g: r.g, line: l}]++
			if m, ok := objs.link[lk]; ok {
				objs.union(n, m)
			} else {
				objs.link[lk] = n
			}
		}
		a := action{g: r.g, kind: r.kind, obj: n, line: l}
		switch r.kind {
		case actRead:
			for _, w := range ob.writers[n] {
				if w != r.g {
					a.seen++
				}
			}
		case actWrite:
			if !slices.Contains(ob.writers[n], r.g) {
				ob.writers[n] = append(ob.writers[n], r.g)
			}
		}
		ob.acts = append(ob.acts, a)
	}
	return ob, nil
}

// autoSequences runs the observation executions and returns the location
// sequences the program's structure suggests (see above). races adds, for
// the race the lockset detector finds in the first execution, its two
// accesses, and for each potential race it warns of (two accesses that
// execution ordered only by the order in which goroutines took a lock),
// the later access then the earlier. The portfolio's member leaves them
// out: its dpor stages find races, and the lockset detector warns of
// many races that synchronization other than locks prevents.
func (x *explorer) autoSequences(races bool) ([][]srcLine, error) {
	objs := &objects{nodes: map[objAt]int{}, link: map[linkKey]int{}}
	var own *ownCode
	ls := race.NewLockset(race.Options{Prog: x.t.Prog, Trust: append([]string{vtPkg, "sync", "sync/atomic"}, x.o.Trust...)})
	var obs []*observation
	for exec := range 2 {
		var l *race.Lockset
		if exec == 0 {
			l = ls
		}
		ob, err := x.observe(exec, objs, &own, l)
		if err != nil {
			return nil, err
		}
		obs = append(obs, ob)
	}
	var seqs [][]srcLine
	add := func(s []srcLine) {
		if len(s) < 2 || len(seqs) >= maxSequences {
			return
		}
		for _, o := range seqs {
			if slices.Equal(o, s) {
				return
			}
		}
		seqs = append(seqs, s)
	}
	if races {
		loc := func(p token.Pos) srcLine {
			q := x.t.Prog.Position(p)
			return srcLine{file: filepath.Base(q.Filename), line: q.Line}
		}
		if r := ls.Race(); r != nil && r.Cur.Pos.IsValid() && r.Prev.Pos.IsValid() {
			add([]srcLine{loc(r.Prev.Pos), loc(r.Cur.Pos)})
		}
		for _, w := range ls.Warnings() {
			if w.Cur.Pos.IsValid() && w.Prev.Pos.IsValid() {
				add([]srcLine{loc(w.Cur.Pos), loc(w.Prev.Pos)})
			}
		}
	}
	for _, s := range cycleSequences(obs, objs) {
		add(s)
	}
	for _, ob := range obs {
		for _, s := range stageSequences(ob) {
			add(s)
		}
	}
	for _, ob := range obs {
		for _, s := range lostUpdateSequences(ob, races) {
			add(s)
		}
	}
	return seqs, nil
}

// repeat returns n copies of l.
func repeat(l srcLine, n int) []srcLine {
	out := make([]srcLine, n)
	for i := range out {
		out[i] = l
	}
	return out
}

// access is a goroutine's first access of a kind to an object: its line
// and index among the goroutine's actions.
type access struct {
	line srcLine
	at   int
}

// byGoroutine splits the memory actions of ob by goroutine: per goroutine
// its first read and its first write of each object (lock operations
// left out), and the objects it wrote in the order of its first writes.
func byGoroutine(ob *observation) (reads, writes map[int]map[int]access, order map[int][]int) {
	reads, writes, order = map[int]map[int]access{}, map[int]map[int]access{}, map[int][]int{}
	idx := map[int]int{}
	for _, a := range ob.acts {
		i := idx[a.g]
		idx[a.g]++
		m := reads
		if a.kind == actWrite {
			m = writes
		} else if a.kind != actRead {
			continue
		}
		if m[a.g] == nil {
			m[a.g] = map[int]access{}
		}
		if _, ok := m[a.g][a.obj]; !ok {
			m[a.g][a.obj] = access{a.line, i}
			if a.kind == actWrite {
				order[a.g] = append(order[a.g], a.obj)
			}
		}
	}
	return reads, writes, order
}

// stageSequences are the sequences of two-stage updates in ob: goroutines
// (two or more) that write X and then Y at the same lines, and a goroutine
// that created none of them and reads both.
func stageSequences(ob *observation) [][]srcLine {
	reads, writes, order := byGoroutine(ob)
	type stage struct {
		x, y   int
		lx, ly srcLine
	}
	who := map[stage][]int{}
	var stages []stage
	for _, g := range sortedKeys(order) {
		objs := order[g]
		for i := 0; i+1 < len(objs); i++ {
			sx, sy := writes[g][objs[i]], writes[g][objs[i+1]]
			if sx.line == sy.line {
				continue
			}
			st := stage{objs[i], objs[i+1], sx.line, sy.line}
			if who[st] == nil {
				stages = append(stages, st)
			}
			who[st] = append(who[st], g)
		}
	}
	var out [][]srcLine
	for _, st := range stages {
		ws := who[st]
		if len(ws) < 2 {
			continue // one writer: a shallow bug (dpor's)
		}
		for _, c := range sortedKeys(reads) {
			rx, okx := reads[c][st.x]
			ry, oky := reads[c][st.y]
			if !okx || !oky || slices.Contains(ws, c) || slices.ContainsFunc(ws, func(w int) bool { return ob.created[w] == c }) {
				continue
			}
			first, second := rx, ry
			if ry.at < rx.at {
				first, second = ry, rx
			}
			between := repeat(st.lx, len(ws))
			between = append(between, first.line)
			if second.line != first.line {
				between = append(between, second.line)
			}
			out = append(out, between)
			if rx.at < ry.at && rx.line != ry.line {
				reorder := append([]srcLine{rx.line}, repeat(st.ly, len(ws))...)
				out = append(out, append(reorder, ry.line))
			}
			break // the other readers of both make the same sequences, or others of no more use
		}
	}
	return out
}

// lostUpdateSequences are the sequences of lost updates in ob: two
// goroutines that each read an object and later write it at another line;
// with races, also two updates in one line (x++: unless it is atomic, and
// then it loses nothing, a race).
func lostUpdateSequences(ob *observation, races bool) [][]srcLine {
	reads, writes, _ := byGoroutine(ob)
	type rw struct{ r, w srcLine }
	// Per object, in the order of the goroutines, each that read it and
	// then wrote it; objects in the order of their first write.
	pairs := map[int][]rw{}
	for _, g := range sortedKeys(writes) {
		for obj, w := range writes[g] {
			if r, ok := reads[g][obj]; ok && r.at <= w.at {
				pairs[obj] = append(pairs[obj], rw{r.line, w.line})
			}
		}
	}
	var out [][]srcLine
	done := map[int]bool{}
	for _, a := range ob.acts {
		if a.kind != actWrite || done[a.obj] {
			continue
		}
		done[a.obj] = true
		ps := pairs[a.obj]
		if len(ps) < 2 {
			continue
		}
		if ps[0].r == ps[0].w && ps[1].r == ps[1].w {
			// Updates in one line (x++): two visits of it, one
			// goroutine's after the other's, unordered if they can be.
			if races && ps[0].r == ps[1].r {
				out = append(out, []srcLine{ps[0].r, ps[0].r})
			}
			continue
		}
		// A pair of different lines first (a goroutine that takes
		// another path), else two instances of the same.
		p, q := ps[0], ps[1]
		for _, o := range ps[1:] {
			if o != p {
				q = o
				break
			}
		}
		out = append(out, []srcLine{p.r, q.r, p.w, q.w})
		if len(out) >= maxSequences {
			break
		}
	}
	return out
}

// nestAct is a nested acquisition: goroutine g took inner while it held
// outer (object classes), at those lines; ctx are its reads in between.
type nestAct struct {
	g            int
	outer, inner int
	lo, li       srcLine
	early, late  []srcLine // reads in between that saw no writer / every writer
	writers      []srcLine // for late reads: each writer's line, once per writer
}

// cycleSequences are the sequences of the lock-order cycles of the
// observations (of two to four goroutines).
func cycleSequences(obs []*observation, objs *objects) [][]srcLine {
	var nests []nestAct
	seen := map[[3]int]bool{}
	for _, ob := range obs {
		// The first write line of each object, per goroutine.
		wline := map[[2]int]srcLine{}
		for _, a := range ob.acts {
			if a.kind == actWrite {
				if _, ok := wline[[2]int{a.obj, a.g}]; !ok {
					wline[[2]int{a.obj, a.g}] = a.line
				}
			}
		}
		type held struct {
			obj   int
			line  srcLine
			reads []action
		}
		heldBy := map[int][]held{}
		for _, a := range ob.acts {
			switch a.kind {
			case actLock:
				hs := heldBy[a.g]
				for _, h := range hs {
					k := [3]int{a.g, objs.find(h.obj), objs.find(a.obj)}
					if seen[k] || k[1] == k[2] {
						continue
					}
					seen[k] = true
					n := nestAct{g: a.g, outer: k[1], inner: k[2], lo: h.line, li: a.line}
					for _, r := range h.reads {
						ws := ob.writers[r.obj]
						others := 0
						for _, w := range ws {
							if w != r.g {
								others++
							}
						}
						switch {
						case others == 0:
						case r.seen == 0:
							n.early = append(n.early, r.line)
						case r.seen == others:
							n.late = append(n.late, r.line)
							for _, w := range ws {
								if w != r.g {
									n.writers = append(n.writers, wline[[2]int{r.obj, w}])
								}
							}
						}
					}
					nests = append(nests, n)
				}
				heldBy[a.g] = append(hs, held{obj: a.obj, line: a.line})
			case actUnlock:
				hs := heldBy[a.g]
				for i := len(hs) - 1; i >= 0; i-- {
					if objs.find(hs[i].obj) == objs.find(a.obj) {
						heldBy[a.g] = slices.Delete(hs, i, i+1)
						break
					}
				}
			case actRead:
				if hs := heldBy[a.g]; len(hs) > 0 && !slices.ContainsFunc(hs[len(hs)-1].reads, func(r action) bool { return r.obj == a.obj }) {
					hs[len(hs)-1].reads = append(hs[len(hs)-1].reads, a)
				}
			}
		}
	}
	// Simple cycles of nests of distinct goroutines, each found once
	// (from its least nest), within a bounded walk.
	from := map[int][]int{} // outer class -> nests
	for i, n := range nests {
		from[n.outer] = append(from[n.outer], i)
	}
	var out [][]srcLine
	var path []int
	steps := 0
	var walk func(start, cur int)
	walk = func(start, cur int) {
		for _, i := range from[nests[cur].inner] {
			steps++
			if len(out) >= maxSequences || steps > maxCycleSteps {
				return
			}
			n := nests[i]
			if i <= start || slices.ContainsFunc(path, func(j int) bool { return nests[j].g == n.g }) {
				continue
			}
			if n.inner == nests[start].outer {
				out = append(out, cycleSequence(nests, append(slices.Clone(path), i)))
				continue
			}
			if len(path) < 4 {
				path = append(path, i)
				walk(start, i)
				path = path[:len(path)-1]
			}
		}
	}
	for s := range nests {
		path = append(path[:0], s)
		walk(s, s)
	}
	return out
}

// maxCycleSteps bounds the walk that looks for lock-order cycles.
const maxCycleSteps = 1 << 16

// cycleSequence is the sequence of the cycle of nests: the outer
// acquisitions (those whose reads saw no writer first, with their reads;
// those whose reads saw every writer after the writers, with theirs),
// then the inner ones.
func cycleSequence(nests []nestAct, cyc []int) []srcLine {
	var s []srcLine
	for _, i := range cyc {
		if n := nests[i]; len(n.early) > 0 {
			s = append(append(s, n.lo), n.early...)
		}
	}
	for _, i := range cyc {
		if n := nests[i]; len(n.early) == 0 && len(n.late) == 0 {
			s = append(s, n.lo)
		}
	}
	for _, i := range cyc {
		if n := nests[i]; len(n.early) == 0 && len(n.late) > 0 {
			s = append(append(append(s, n.writers...), n.lo), n.late...)
		}
	}
	for _, i := range cyc {
		s = append(s, nests[i].li)
	}
	return s
}
