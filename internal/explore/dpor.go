package explore

import (
	"fmt"
	"maps"
	"slices"

	"github.com/vtcheck/vt/interp"
)

// Dynamic partial-order reduction with source sets and sleep sets (Abdulla,
// Aronis, Jonsson, Sagonas: "Optimal dynamic partial order reduction",
// POPL 2014, the source-DPOR algorithm), by re-execution.
//
// A transition is a goroutine's run from the scheduling point where it is
// picked to its next one (or to where it blocks or exits); time passing is
// a transition of its own (goroutine -1). Its footprint is what its events
// touched (footprint.go). Two transitions are dependent when they belong to
// the same goroutine or their footprints conflict; a goroutine's first
// transition happens after the go statement that created it, and a woken
// goroutine's next transition after the transition that woke it.
//
// After each execution the analysis computes happens-before with vector
// clocks over the transitions and finds every race: a pair of dependent
// transitions of different goroutines ordered by nothing but each other.
// For each race (i, k) it computes the initials of the part of the
// execution after i that does not happen after i, followed by k: the
// goroutines that could run first to reverse the race. If none of them is
// in i's backtrack set yet, one is added (k's goroutine when it is an
// initial). Sleep sets carry the alternatives already explored at a point
// to the points after it, as long as what ran in between is independent of
// them; an execution in which every runnable goroutine is asleep is
// redundant and abandoned at once (Result.SleepPruned).
//
// The other choices of an execution (which ready case a select takes,
// whether time passes, random values, where a map range starts) are
// branched on exhaustively, as dfs does: every alternative of each of them
// is explored under the goroutine order DPOR explores. So DPOR with no
// preemption bound explores at least one execution of every Mazurkiewicz
// trace: every reachable data race (the detector h sees the same
// happens-before in every execution of a trace), deadlock, leak, panic or
// failed assertion is found.
//
// A transition that blocks depends on the operations on what it waits for
// (a select: on all its channels); one that waits for no object (a sleep)
// is dependent with every other one, and so is the exit of a goroutine the
// exploration did not create (the root: what others do after it returned
// differs). What a transition only looked at (interp.EvLook: a select's
// channels, len of a channel, a TryLock that failed) it reads.

// dnode is a choice of the exploration's current path.
type dnode struct {
	c    choice
	pick bool  // the goroutine to run (else a select case, time or a value)
	ids  []int // pick: the goroutines of the alternatives, in order
	// sleep holds the goroutines whose next transitions need no
	// exploring here, with their footprints.
	sleep     map[int]sleeper
	backtrack gset
	// done holds the alternatives explored, with the union of the
	// footprints of their transitions here (over every execution below).
	// It is never written: a change makes a new map.
	done map[int]*cfoot
	cur  *cfoot // the same for the alternative being explored
	// known is the number of events before this choice: the cells they
	// touched have the same canonical names in every execution through it.
	known int32
}

// sleeper is a goroutine in a sleep set: the footprint of its next
// transition, in the canonical names of the execution it was explored in,
// which are those of the current one below known.
type sleeper struct {
	f     *cfoot
	known int32
}

// dpor is the state of a DPOR exploration: its current path.
type dpor struct {
	// joins holds the join points stored (dporjoin.go); nil: the
	// executions do not look for them.
	joins *joinSet
	// noSettle: plain accesses of settled stretches are kept
	// (dporsettle.go), for tests.
	noSettle bool
	nodes    []*dnode
	bound    int  // preemption bound (-1: none)
	pruned   bool // an alternative was left out for the bound
	// floor is the first choice next backtracks at (a worker's subtree,
	// parallel.go; 0 otherwise). The backtrack points that races ask for
	// above it are not added but kept in above, for the search to add
	// when it takes the subtree's executions.
	floor int
	above []backtrackAt
	hb    *hbScratch // the analysis' memory
	// unanalysed says why the last execution could not be analysed (too
	// large: maxHBEntries); the search cannot go on.
	unanalysed string
	// lastCut: the last execution of the search (dporRun.last) was too
	// long to analyse; the search ends with it, not exhaustive.
	lastCut bool
	// shard of shards: this exploration owns the executions whose first
	// choice of a goroutine takes an alternative a with a mod shards =
	// shard (options.go, Options.Shard); shards 0: not sharded.
	shard, shards int
}

// progress estimates the fraction of the search's space (its stage's)
// explored so far, from the position of its path in the tree: at each
// choice, the alternatives known there (explored, being explored, waiting
// in the backtrack set) weigh alike, as in Knuth's estimate of a tree's
// size along one path. Backtrack sets grow as races are found, so the
// estimate errs high early; it is a hint for sharing time (portfolio.go),
// never a claim.
func (d *dpor) progress() float64 {
	f, w := 0.0, 1.0
	for _, nd := range d.nodes {
		before, total := nd.c.chosen, nd.c.n
		if nd.pick {
			before, total = 0, 1
			for a, g := range nd.ids {
				if a == nd.c.chosen {
					continue
				}
				_, asleep := nd.sleep[g]
				switch {
				case nd.done[g] != nil:
					before++
					total++
				case nd.backtrack.has(g) && !asleep:
					total++
				}
			}
		}
		if total <= 1 {
			continue
		}
		f += w * float64(before) / float64(total)
		w /= float64(total)
	}
	return f
}

// firstPick returns the index of the first choice of a goroutine on the
// path (-1: none).
func (d *dpor) firstPick() int {
	for i, nd := range d.nodes {
		if nd.pick {
			return i
		}
	}
	return -1
}

// owns reports whether alternative a of the first choice of a goroutine is
// this shard's.
func (d *dpor) owns(a int) bool {
	return d.shards <= 1 || a%d.shards == d.shard
}

// ownsRun reports whether an execution (run r, choices of s) beyond the
// path is this shard's (one without a choice of a goroutine is shard 0's).
func (d *dpor) ownsRun(r *dporRun, s *scheduler) bool {
	if d.shards <= 1 {
		return true
	}
	for i, c := range s.choices.all() {
		if i < len(d.nodes) && d.nodes[i].pick {
			return d.owns(c.chosen)
		}
		if _, ok := r.newIDs[i]; ok && i >= len(d.nodes) {
			return d.owns(c.chosen)
		}
	}
	return d.shard == 0
}

// dtrans is one transition of an execution.
type dtrans struct {
	g    int // goroutine id; -1: time passing
	node int // index of the choice that picked it (-1: no choice)
	fp   footprint
	cf   cfoot // fp in canonical names
	from []int // earlier transitions that happen before it: its creator's, its waker's
}

// dporRun follows one execution for DPOR: it is the scheduler's tracker.
type dporRun struct {
	d       *dpor
	trans   []*dtrans
	slab    transSlab // the memory of trans
	cur     *dtrans
	edges   map[int][]int   // goroutine id -> transitions its next one happens after
	created map[int]bool    // goroutines created during the execution
	blocked map[int]uintptr // goroutine id -> the object it blocked on
	// wgRound holds, per WaitGroup, the transitions that called Done
	// since it was last incremented from zero; wgCount its counter as the
	// execution changed it.
	wgRound map[uintptr][]int
	wgCount map[uintptr]int64
	waitWG  map[int]uintptr // goroutine id -> the WaitGroup its Wait blocked on
	// carry is the sleep set since the last pick choice, filtered by the
	// transitions since; sleep is the one at the current point.
	carry map[int]sleeper
	sleep map[int]sleeper
	// Of the choices beyond the path: their sleep sets, alternatives and
	// numbers of events before them.
	newSleep map[int]map[int]sleeper
	newIDs   map[int][]int
	newKnown map[int]int32
	pending  int // choice index of the current point's pick (-1: none)
	names    canon
	// Join points (dporjoin.go): armed is the number of points of the
	// current quiescent stretch still to check (reset at every point
	// that is not quiescent); the keys of those passed; joinCut: the
	// execution ended at a stored one.
	armed    int
	joinWait *joinWait // the footprint to touch before the next check
	retry    bool      // the goroutine alone retries the operation it was woken in
	joinKeys []interp.StateKey
	joinCut  bool
	settle   settle // settled stretches (dporsettle.go)
	// over: the execution has more than maxDporTrans transitions; DPOR
	// records nothing more of it and will not analyse it.
	over bool
	// last: no execution of the search can follow this one (the
	// execution budget allows no other), so nothing reads what DPOR
	// records of it but the analysis that decides whether the search is
	// exhausted. Past lastDporTrans transitions DPOR lets go of it as
	// past maxDporTrans, without a note: the search ends there anyway.
	last bool
}

// maxDporTrans bounds the transitions DPOR records of one execution: a
// long one (a test whose goroutines make millions of channel or atomic
// operations) would otherwise keep a transition with its footprint for
// each, gigabytes, for an execution whose happens-before it cannot
// compute anyway (maxHBEntries) or that takes the whole budget. Past it,
// the execution is not analysed: the search goes on by sampling, as for
// maxHBEntries (a variable for tests).
var maxDporTrans = 1 << 22

// lastDporTrans bounds the transitions DPOR records of the search's last
// execution (dporRun.last): an execution that short is still analysed, so
// that a search of one execution that needs no other is exhaustive as
// before; a longer one costs no record per point (a variable for tests).
var lastDporTrans = 1 << 16

// newDporRun returns the tracker of an execution for d. It reuses the
// memory of spare, if not nil: the tracker of an execution the search is
// done with (nothing of it is read again).
func newDporRun(d *dpor, spare *dporRun) *dporRun {
	if spare == nil {
		return &dporRun{d: d, edges: map[int][]int{}, created: map[int]bool{}, blocked: map[int]uintptr{}, carry: map[int]sleeper{},
			wgRound: map[uintptr][]int{}, wgCount: map[uintptr]int64{}, waitWG: map[int]uintptr{},
			newSleep: map[int]map[int]sleeper{}, newIDs: map[int][]int{}, newKnown: map[int]int32{}, pending: -1, armed: joinChecks,
			names: canon{names: map[uintptr]ccell{}}}
	}
	r := spare
	clear(r.trans)
	clear(r.edges)
	clear(r.created)
	clear(r.blocked)
	clear(r.wgRound)
	clear(r.wgCount)
	clear(r.waitWG)
	clear(r.carry)
	clear(r.newSleep)
	clear(r.newIDs)
	clear(r.newKnown)
	clear(r.names.names)
	*r = dporRun{d: d, trans: r.trans[:0], slab: r.slab, edges: r.edges, created: r.created, blocked: r.blocked,
		wgRound: r.wgRound, wgCount: r.wgCount, waitWG: r.waitWG, carry: r.carry,
		newSleep: r.newSleep, newIDs: r.newIDs, newKnown: r.newKnown, pending: -1, armed: joinChecks,
		joinKeys: r.joinKeys[:0], names: canon{names: r.names.names}}
	r.slab.reset()
	return r
}

// transSlab allocates the transitions of executions, one after another,
// in chunks that the next execution's tracker reuses, with the memory of
// their footprints.
type transSlab struct {
	chunks [][]dtrans
	n      int
}

const transChunk = 64

func (s *transSlab) reset() { s.n = 0 }

// next returns a new transition.
func (s *transSlab) next() *dtrans {
	c, i := s.n/transChunk, s.n%transChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]dtrans, transChunk))
	}
	s.n++
	t := &s.chunks[c][i]
	*t = dtrans{fp: footprint{spans: t.fp.spans[:0]}, cf: cfoot{cells: t.cf.cells[:0]}}
	return t
}

// endTransition closes the current transition: it wakes the sleepers its
// footprint conflicts with.
func (r *dporRun) endTransition() {
	t := r.cur
	if t == nil {
		return
	}
	r.cur = nil
	t.fp.finish()
	t.cf.finish()
	for q, sl := range r.carry {
		if q == t.g || sl.f.conflicts(&t.cf, sl.known) {
			delete(r.carry, q)
		}
	}
}

// begin starts a transition of goroutine g (-1: time passing).
func (r *dporRun) begin(g, node int) {
	if r.over {
		return
	}
	if len(r.trans) >= maxDporTrans || r.last && len(r.trans) >= lastDporTrans {
		r.giveUp()
		return
	}
	t := r.slab.next()
	t.g, t.node = g, node
	if g >= 0 {
		t.from = r.edges[g]
		delete(r.edges, g)
	}
	r.trans = append(r.trans, t)
	r.cur = t
	if a, ok := r.blocked[g]; ok {
		// A goroutine woken from an operation on an object resumes by
		// looking at it (a WaitGroup.Wait checks that the group was not
		// reused, a Lock takes the mutex): its first transition touches
		// the object, whatever events it makes.
		delete(r.blocked, g)
		t.fp.add(a, a+1, true)
		r.names.add(&t.cf, a, 0, true)
	}
}

// giveUp stops recording the execution (maxDporTrans): no transition, no
// sleeper (every goroutine may run: the execution is not pruned). What it
// recorded is let go at once (update will not read it): gigabytes of
// transitions, footprints and alternatives that the collector would
// otherwise scan again and again for the rest of a long execution. Only
// the alternatives of the first choice of a goroutine beyond the path are
// kept, which ownsRun reads.
func (r *dporRun) giveUp() {
	r.over = true
	r.cur = nil
	clear(r.carry)
	r.sleep = nil
	r.joinWait = nil
	r.trans = nil
	r.slab = transSlab{}
	r.names = canon{names: map[uintptr]ccell{}}
	first := -1
	for i := range r.newIDs {
		if i >= len(r.d.nodes) && (first < 0 || i < first) {
			first = i
		}
	}
	ids := r.newIDs[first]
	r.newIDs, r.newSleep, r.newKnown = map[int][]int{}, map[int]map[int]sleeper{}, map[int]int32{}
	if first >= 0 {
		r.newIDs[first] = ids
	}
	r.edges = map[int][]int{}
}

// point is called at a scheduling point before the choice of the goroutine
// (at choice index idx when there are several alternatives).
func (r *dporRun) point(idx int, ordered []*interp.Goroutine) {
	r.endTransition()
	r.pending = -1
	if r.over || len(ordered) < 2 {
		return
	}
	r.pending = idx
	if idx < len(r.d.nodes) && r.d.nodes[idx].pick {
		r.sleep = r.d.nodes[idx].sleep
		return
	}
	var sl map[int]sleeper // read only: nil when empty
	if len(r.carry) > 0 {
		sl = make(map[int]sleeper, len(r.carry))
		for q, f := range r.carry {
			sl[q] = f
		}
	}
	ids := make([]int, len(ordered))
	for i, g := range ordered {
		ids[i] = g.ID()
	}
	r.sleep = sl
	r.newSleep[idx], r.newIDs[idx], r.newKnown[idx] = sl, ids, r.names.nev
}

// picked is called when goroutine g was picked.
func (r *dporRun) picked(g int) {
	node := r.pending
	if node >= 0 {
		clear(r.carry)
		for q, sl := range r.sleep {
			r.carry[q] = sl
		}
		if node < len(r.d.nodes) {
			nd := r.d.nodes[node]
			for q, f := range nd.done {
				r.carry[q] = sleeper{f, nd.known}
			}
		}
		delete(r.carry, g)
	}
	r.begin(g, node)
}

// asleep reports whether goroutine g need not run at the current point.
func (r *dporRun) asleep(g int) bool {
	if r.over {
		return false
	}
	_, ok := r.sleep[g]
	return ok
}

// event is called for every event of the execution.
func (r *dporRun) event(ev *interp.Event) {
	if r.over {
		return
	}
	switch ev.Kind {
	case interp.EvRead, interp.EvWrite, interp.EvAlloc, interp.EvNew:
		if r.plain() {
			return // a settled stretch (dporsettle.go)
		}
	default:
		r.synced()
	}
	switch ev.Kind {
	case interp.EvTimer:
		if r.cur == nil || r.cur.g >= 0 {
			r.endTransition()
			r.begin(-1, -1)
		}
	case interp.EvGoStart:
		if ev.Other != nil {
			r.created[ev.G.ID()] = true
		}
		if r.cur != nil {
			r.edges[ev.G.ID()] = append(r.edges[ev.G.ID()], len(r.trans)-1)
		}
		return
	case interp.EvBlock:
		if !ev.Addr.IsNil() && ev.G != nil {
			switch ev.Op {
			case interp.OpChanSend, interp.OpChanRecv:
				// The goroutine that completes a blocked send or receive
				// hands the value over (its transition has the channel
				// events): the woken one goes on after the operation
				// without looking at the channel again.
			case interp.OpWaitGroupWait:
				r.waitWG[ev.G.ID()] = ev.Addr.Uintptr()
				r.blocked[ev.G.ID()] = ev.Addr.Uintptr()
			default:
				r.blocked[ev.G.ID()] = ev.Addr.Uintptr()
			}
		}
	case interp.EvWGAdd:
		a := ev.Addr.Uintptr()
		if ev.Seq > 0 && r.wgCount[a] <= 0 {
			r.wgRound[a] = nil
		}
		r.wgCount[a] += ev.Seq
		if ev.Seq < 0 && r.cur != nil {
			r.wgRound[a] = append(r.wgRound[a], len(r.trans)-1)
		}
	case interp.EvUnblock:
		g := ev.G.ID()
		if r.cur != nil {
			r.edges[g] = append(r.edges[g], len(r.trans)-1)
		}
		if a, ok := r.waitWG[g]; ok {
			// A Wait returns after every Done of the round that brought
			// the counter to zero, in every execution of the trace: no
			// order of it before one of them is possible.
			delete(r.waitWG, g)
			r.edges[g] = append(r.edges[g], r.wgRound[a]...)
		}
		return
	case interp.EvGoExit:
		if r.cur != nil && !r.created[ev.G.ID()] {
			r.cur.fp.wild = true
			r.cur.cf.wild = true
		}
		return
	}
	if r.cur != nil {
		r.cur.fp.event(ev)
		r.names.event(&r.cur.cf, ev)
		return
	}
	// Before the first scheduling point: name the cells only.
	var scratch cfoot
	r.names.event(&scratch, ev)
}

// dporChoice is the chooser of DPOR beyond the path: the first alternative
// whose goroutine is not asleep; when all are, the execution is abandoned.
type dporChoice struct {
	d *dpor
	s *scheduler
}

func (c *dporChoice) choose(n int, _ bool, ordered []*interp.Goroutine) int {
	r := c.s.track
	if ordered == nil || r == nil {
		return 0
	}
	for i, g := range ordered {
		if !r.asleep(g.ID()) {
			return i
		}
	}
	c.s.abandoned = true
	return 0
}

// takesFirst reports that choose takes alternative 0 without looking at
// the alternatives: no goroutine is asleep once DPOR gave the execution
// up.
func (c *dporChoice) takesFirst() bool { r := c.s.track; return r == nil || r.over }

// update takes an execution into the path and adds the backtrack points of
// its races.
func (d *dpor) update(r *dporRun, s *scheduler) {
	if r.over && r.last {
		// The search's last execution: no other follows, nothing to
		// analyse it for (and no note: nothing was left out).
		d.lastCut = true
		return
	}
	if r.over {
		d.unanalysed = fmt.Sprintf("dpor could not analyse an execution of more than %d transitions; "+
			"the search went on by sampling, not exhaustive", maxDporTrans)
		return
	}
	r.endTransition()
	for i, c := range s.choices.all() {
		if i < len(d.nodes) {
			d.nodes[i].c = c
			continue
		}
		nd := &dnode{c: c}
		if ids, ok := r.newIDs[i]; ok {
			nd.pick, nd.ids, nd.sleep, nd.known = true, ids, r.newSleep[i], r.newKnown[i]
			nd.backtrack = gset{ids[c.chosen]}
			if d.shards > 0 && d.firstPick() < 0 {
				// Sharded: every alternative of the first choice of a
				// goroutine is explored, so that each shard knows the
				// alternatives there without the others' executions.
				for _, g := range ids {
					nd.backtrack.add(g)
				}
			}
		}
		d.nodes = append(d.nodes, nd)
	}
	for _, t := range r.trans {
		if t.node >= 0 && t.node < len(d.nodes) {
			nd := d.nodes[t.node]
			if nd.cur == nil {
				nd.cur = &cfoot{}
			}
			nd.cur.union(&t.cf)
		}
	}
	d.races(r.trans)
}

// races computes happens-before over the transitions and adds a backtrack
// alternative for each race not yet covered.
func (d *dpor) races(ts []*dtrans) {
	if d.hb == nil {
		d.hb = new(hbScratch)
	}
	if _, nt := d.hb.threads(ts); int64(len(ts))*int64(nt) > maxHBEntries {
		d.unanalysed = fmt.Sprintf("dpor could not analyse an execution of %d transitions by %d goroutines "+
			"(its vector clocks need %d MB); the search went on by sampling, not exhaustive",
			len(ts), nt, int64(len(ts))*int64(nt)*4>>20)
		return
	}
	thr, vc, rs := d.hb.run(ts)
	if testHappensBefore != nil {
		testHappensBefore(ts, thr, vc, rs)
	}
	for _, rc := range rs {
		i := rc.i
		var nd *dnode
		if n := ts[i].node; n >= 0 && n < len(d.nodes) && d.nodes[n].pick {
			nd = d.nodes[n]
		}
		var init []int
		if nd != nil {
			init = d.hb.initials(ts, vc, thr, i, rc.k)
		}
		// k's goroutine may be unable to run at i: its operation would
		// block there (a Lock while i's goroutine holds the mutex it
		// unlocks at i). Reverse instead with the latest earlier
		// transition on what k touches, where it can (the Lock that
		// took the mutex).
		for nd == nil || !enabledIn(init, nd.ids) {
			j := i - 1
			for ; j >= 0; j-- {
				if thr[j] != thr[rc.k] && ts[j].g >= 0 && ts[j].node >= 0 && ts[j].node < len(d.nodes) &&
					d.nodes[ts[j].node].pick && ts[j].fp.conflicts(&ts[rc.k].fp) {
					break
				}
			}
			if j < 0 {
				break
			}
			i, nd = j, d.nodes[ts[j].node]
			init = d.hb.initials(ts, vc, thr, i, rc.k)
		}
		if nd == nil {
			continue
		}
		b := backtrackAt{node: ts[i].node, q: ts[rc.k].g, init: init}
		if b.node < d.floor {
			b.init = slices.Clone(init) // init is the analysis' memory
			d.above = append(d.above, b)
			continue
		}
		nd.addBacktrack(b)
	}
}

// gset is a small set of goroutine ids.
type gset []int

func (s gset) has(g int) bool { return slices.Contains(s, g) }

func (s *gset) add(g int) {
	if !s.has(g) {
		*s = append(*s, g)
	}
}

// backtrackAt is what a race asks of the choice node: that one of the
// goroutines of init (the initials that reverse it) run there, q (the
// goroutine of the race's later transition) if it can.
type backtrackAt struct {
	node int
	init []int
	q    int
}

// addBacktrack adds an alternative for b to nd's backtrack set, unless one
// of b's initials is in it already.
func (nd *dnode) addBacktrack(b backtrackAt) {
	for _, g := range b.init {
		if nd.backtrack.has(g) {
			return
		}
	}
	if slices.Contains(b.init, b.q) && contains(nd.ids, b.q) {
		nd.backtrack.add(b.q)
		return
	}
	for _, g := range nd.ids {
		if slices.Contains(b.init, g) {
			nd.backtrack.add(g)
			return
		}
	}
	for _, g := range nd.ids {
		nd.backtrack.add(g)
	}
}

// maxHBEntries bounds the entries of the vector clocks of one execution's
// analysis (one per transition and goroutine: 256 MB).
var maxHBEntries int64 = 1 << 26

// testHappensBefore, if set (by tests), sees what happensBefore computed
// for every execution.
var testHappensBefore func(ts []*dtrans, thr []int, vc [][]int32, rs []hbRace)

// hbRace is a pair of dependent transitions i < k of different goroutines
// ordered by nothing but each other.
type hbRace struct{ i, k int }

// threads numbers the goroutines of ts in order of their first transition:
// thr[k] is the number of ts[k]'s goroutine (time passing is one too).
func threads(ts []*dtrans) (thr []int, nt int) {
	thr = make([]int, len(ts))
	index := map[int]int{}
	for k, t := range ts {
		i, ok := index[t.g]
		if !ok {
			i = len(index)
			index[t.g] = i
		}
		thr[k] = i
	}
	return thr, len(index)
}

// happensBefore computes happens-before over the transitions with vector
// clocks (vc[k][thr[i]] > i: transition i happens before k) and the races.
// A transition happens after the previous one of its goroutine, after
// those it comes from (creation, wakeup), and after every earlier
// transition it conflicts with; a race is such a conflict that nothing
// else orders. Only the latest accesses of each cell are compared with a
// transition (the last write and the reads since, kept in a table as the
// transitions go; a wild transition, which conflicts with everything,
// with the latest of each goroutine): every earlier conflicting one
// happens before one of them. Near-linear in the events, where comparing
// every pair of transitions was quadratic (happensBeforePairwise, which
// tests check it against).
func happensBefore(ts []*dtrans) (thr []int, vc [][]int32, rs []hbRace) {
	return new(hbScratch).run(ts)
}

// hbScratch holds the memory of happensBefore's computations, reused from
// one execution's analysis to the next (the results of run are valid until
// the next run).
type hbScratch struct {
	thr   []int
	vc    [][]int32
	buf   []int32
	last  []int
	cells map[uintptr]int32 // cell -> index in acc
	acc   []hbAccess
	cand  []int
	rs    []hbRace
	index map[int]int
	// initials' memory
	part, init []int
	seen       []bool
}

// hbAccess is what happensBefore knows of one cell's latest accesses.
type hbAccess struct {
	write int   // last write (-1: none since the table was cleared)
	reads []int // reads since
}

// threads numbers the goroutines of ts as threads does, into h's memory.
func (h *hbScratch) threads(ts []*dtrans) (thr []int, nt int) {
	if h.index == nil {
		h.index = map[int]int{}
	}
	clear(h.index)
	h.thr = slices.Grow(h.thr[:0], len(ts))[:len(ts)]
	for k, t := range ts {
		i, ok := h.index[t.g]
		if !ok {
			i = len(h.index)
			h.index[t.g] = i
		}
		h.thr[k] = i
	}
	return h.thr, len(h.index)
}

func (h *hbScratch) run(ts []*dtrans) (thr []int, vc [][]int32, rs []hbRace) {
	thr, nt := h.threads(ts)
	h.vc = slices.Grow(h.vc[:0], len(ts))[:len(ts)]
	vc = h.vc
	h.buf = slices.Grow(h.buf[:0], len(ts)*nt)[:len(ts)*nt]
	clear(h.buf)
	h.last = slices.Grow(h.last[:0], nt)[:nt]
	last := h.last
	for i := range last {
		last[i] = -1
	}
	if h.cells == nil {
		h.cells = map[uintptr]int32{}
	}
	clear(h.cells)
	cells := h.cells
	for i := range h.acc {
		h.acc[i].reads = h.acc[i].reads[:0]
	}
	h.acc = h.acc[:0]
	lastWild := -1
	cand := h.cand[:0]
	rs = h.rs[:0]
	for k, t := range ts {
		v := h.buf[k*nt : (k+1)*nt : (k+1)*nt]
		if l := last[thr[k]]; l >= 0 {
			copy(v, vc[l])
		}
		for _, f := range t.from {
			join(v, vc[f])
		}
		v[thr[k]] = int32(k + 1)
		cand = cand[:0]
		if lastWild >= 0 {
			cand = append(cand, lastWild)
		}
		if t.fp.wild {
			for _, l := range last {
				if l >= 0 {
					cand = append(cand, l)
				}
			}
		} else {
			for _, sp := range t.fp.spans {
				for p := sp.lo; p < sp.hi; p += cellSize {
					ai, ok := cells[p]
					if !ok {
						ai = int32(len(h.acc))
						if len(h.acc) < cap(h.acc) {
							h.acc = h.acc[:len(h.acc)+1]
							h.acc[ai].write = -1
						} else {
							h.acc = append(h.acc, hbAccess{write: -1})
						}
						cells[p] = ai
					}
					a := &h.acc[ai]
					if a.write >= 0 {
						cand = append(cand, a.write)
					}
					if sp.write {
						cand = append(cand, a.reads...)
						a.write, a.reads = k, a.reads[:0]
					} else {
						a.reads = append(a.reads, k)
					}
				}
			}
		}
		slices.Sort(cand)
		for c := len(cand) - 1; c >= 0; c-- {
			i := cand[c]
			if c+1 < len(cand) && cand[c+1] == i {
				continue
			}
			if i >= k || thr[i] == thr[k] || v[thr[i]] > int32(i) {
				continue
			}
			if ts[i].g >= 0 && t.g >= 0 {
				rs = append(rs, hbRace{i, k})
			}
			join(v, vc[i])
		}
		if t.fp.wild {
			lastWild = k
			clear(cells)
		}
		vc[k] = v
		last[thr[k]] = k
	}
	h.cand, h.rs = cand, rs
	return thr, vc, rs
}

// happensBeforePairwise is happensBefore by comparing every pair of
// transitions: quadratic, for tests.
func happensBeforePairwise(ts []*dtrans) (thr []int, vc [][]int32, rs []hbRace) {
	thr, nt := threads(ts)
	vc = make([][]int32, len(ts))
	last := make([]int, nt)
	for i := range last {
		last[i] = -1
	}
	for k, t := range ts {
		v := make([]int32, nt)
		if l := last[thr[k]]; l >= 0 {
			copy(v, vc[l])
		}
		for _, f := range t.from {
			join(v, vc[f])
		}
		v[thr[k]] = int32(k + 1)
		for i := k - 1; i >= 0; i-- {
			if thr[i] == thr[k] || v[thr[i]] > int32(i) {
				continue
			}
			if !ts[i].fp.conflicts(&t.fp) {
				continue
			}
			if ts[i].g >= 0 && t.g >= 0 {
				rs = append(rs, hbRace{i, k})
			}
			join(v, vc[i])
		}
		vc[k] = v
		last[thr[k]] = k
	}
	return thr, vc, rs
}

// initials returns the goroutines that can run first in the part of the
// execution after i that does not happen after i, followed by k (in the
// order of their transitions there), in h's memory: valid until the next
// call. thr and vc are h's last run's.
func (h *hbScratch) initials(ts []*dtrans, vc [][]int32, thr []int, i, k int) []int {
	v := h.part[:0]
	for j := i + 1; j < k; j++ {
		if vc[j][thr[i]] <= int32(i) {
			v = append(v, j)
		}
	}
	v = append(v, k)
	h.part = v
	seen := h.seen[:0]
	for range len(h.index) {
		seen = append(seen, false)
	}
	h.seen = seen
	out := h.init[:0]
	for a, j := range v {
		if seen[thr[j]] {
			continue
		}
		seen[thr[j]] = true
		if ts[j].g < 0 {
			continue
		}
		first := true
		for _, p := range v[:a] {
			if vc[j][thr[p]] > int32(p) {
				first = false
				break
			}
		}
		if first {
			out = append(out, ts[j].g)
		}
	}
	h.init = out
	return out
}

// enabledIn reports whether one of the goroutines of init is among ids.
func enabledIn(init []int, ids []int) bool {
	for _, g := range ids {
		if slices.Contains(init, g) {
			return true
		}
	}
	return false
}

func join(v, w []int32) {
	for i := range w {
		if i < len(v) && w[i] > v[i] {
			v[i] = w[i]
		}
	}
}

func contains(ids []int, g int) bool {
	for _, x := range ids {
		if x == g {
			return true
		}
	}
	return false
}

// next moves the path to the next execution to explore and returns its
// prefix of choices; ok is false when the exploration is complete.
func (d *dpor) next() (prefix []int, ok bool) {
	pre := make([]int, len(d.nodes)+1)
	for i, nd := range d.nodes {
		pre[i+1] = pre[i]
		if nd.c.preemptive && nd.c.chosen != 0 {
			pre[i+1]++
		}
	}
	f := d.firstPick()
	for i := len(d.nodes) - 1; i >= d.floor; i-- {
		nd := d.nodes[i]
		if i > f && f >= 0 && !d.owns(d.nodes[f].c.chosen) {
			// Below another shard's alternative: its executions are not
			// this shard's.
			continue
		}
		next := -1
		if !nd.pick {
			if nd.c.chosen+1 < nd.c.n {
				if d.bound >= 0 && nd.c.preemptive && pre[i]+1 > d.bound {
					d.pruned = true
				} else {
					next = nd.c.chosen + 1
				}
			}
		} else {
			for a, g := range nd.ids {
				if a == nd.c.chosen || !nd.backtrack.has(g) || nd.done[g] != nil {
					continue
				}
				if _, asleep := nd.sleep[g]; asleep {
					continue
				}
				if d.bound >= 0 && nd.c.preemptive && a != 0 && pre[i]+1 > d.bound {
					d.pruned = true
					continue
				}
				next = a
				break
			}
			if next >= 0 {
				f := nd.cur
				if f == nil {
					f = &cfoot{}
				}
				// A new map, not a write into the old: a worker's view
				// of the path may share it (parallel.go).
				done := make(map[int]*cfoot, len(nd.done)+1)
				maps.Copy(done, nd.done)
				done[nd.ids[nd.c.chosen]] = f
				nd.done = done
				nd.cur = nil
			}
		}
		if next < 0 {
			continue
		}
		nd.c.chosen = next
		nd.c.val = nd.c.valueOf(next)
		d.nodes = d.nodes[:i+1]
		prefix = make([]int, i+1)
		for j, n := range d.nodes {
			prefix[j] = n.c.val
		}
		return prefix, true
	}
	d.nodes = nil
	return nil, false
}
