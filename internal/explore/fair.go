package explore

import (
	"cmp"
	"fmt"
	"go/token"
	"math"
	"slices"

	"github.com/vtcheck/vt/interp"
)

// Fair scheduling, after CHESS (Musuvathi and Qadeer, "Fair stateless model
// checking", PLDI 2008). A goroutine that yields — it waits for another one
// and says so, or is seen to spin — gives way to the goroutines that have
// been runnable all along since its previous yield and have not run since:
// it gets a lower priority than each of them (a priority edge), and a
// goroutine with an edge to a runnable goroutine is not scheduled, whatever
// the strategy. An edge goes away when its target runs. So a spin-wait never
// starves the goroutine it waits for, in any strategy, and an execution
// that still does not end under this fair scheduler is a real livelock.
//
// What a yield is, in Go (the interpreter says which operations are idle,
// interp.Goroutine.Idle):
//
//   - runtime.Gosched, as in CHESS;
//   - an idle cycle: the goroutine comes back to a scheduling point (same
//     operation, same position in its own code and in the function it is
//     in) having done only idle operations since it was there last (loads,
//     failed TryLock or CompareAndSwap, receives from a closed channel,
//     selects that took their default case); but a cycle in which a
//     CompareAndSwap failed only if it looked at the same objects and
//     cells as the previous cycle back to that point (a loop that fails a
//     CompareAndSwap on one slot and tries the next makes progress and is
//     no yield: taking it for one left out the schedules where it goes on
//     at once, and reachable states). An idle cycle is a poll (time
//     passing is what it may wait for: the clock's rule) only if it looked
//     at what the cycle before it looked at: a loop that waits on each of
//     a hundred closed channels in turn yields, but lets no time pass;
//   - a cycle repeated spinLimit times since its last yield, idle or not
//     (a TryAcquire built on a mutex, a lock-check-unlock loop): Go's own
//     scheduler preempts a goroutine that runs that long, so a schedule
//     in which others wait longer still is not one vt needs to explore.
//
// Goroutines only stop running by themselves in vt (blocking in their own
// operation), so the paper's set of threads a thread disabled is always
// empty here.

// fairness is the state of the fair scheduler for one execution.
type fairness struct {
	n          int      // transitions so far: the index of the current state
	gs         []*fairG // by goroutine id (ids are small and dense)
	mark       []int    // by goroutine id: the stamp of enabled's last pass that saw it runnable
	stamp      int
	runnable   []*interp.Goroutine
	lastChange int // state at which the set of runnable goroutines last changed
	lastEffect int // state after the last transition that was not idle
	checkedAt  int // state at the previous progress check (stillSpinning; -1: none yet)
	lastWrite  int // state in which the last plain write was seen (when memory events are observed)
	lastTime   int // state in which the virtual clock last moved
	// free counts the goroutines that are enabled and wait for nobody:
	// the runnable goroutines that may run, kept as they change (a
	// scheduling point needs their number, not a pass over them).
	free int
	// freeIDs holds their ids.
	freeIDs idSet
	// head and tail hold the enabled goroutines in the order of their
	// age (fairG.age), which only grows, to the current state, when a
	// goroutine is enabled or scheduled (it moves to the tail then).
	head, tail *fairG
	// waiting holds the enabled goroutines that wait (fairG.blocked), by
	// the age up to which they wait: as the oldest enabled goroutine's
	// age grows, they may run again from the least.
	waiting waitHeap
	// made holds the views made in this execution, spare those of an
	// earlier one, for newG to reuse.
	made, spare []*fairG
}

// fairG is the fair scheduler's view of one goroutine.
type fairG struct {
	g            *interp.Goroutine
	enabled      bool // runnable in the current state
	enabledSince int  // first state of its current run of states in which it is runnable
	lastSched    int  // last transition it took (-1: none)
	winStart     int  // state after its last yield (or its creation)
	// waitAge: g waits for every other enabled goroutine whose age is at
	// most waitAge (-1: none). Its priority edges, in CHESS's terms: the
	// goroutines runnable since its window started, before its last
	// yield, that have not run since; running or being enabled again
	// makes a goroutine younger than any waitAge.
	waitAge int
	// blocked: it is enabled and waits for an enabled goroutine (the
	// oldest one is at most waitAge old); gen numbers its entries in
	// fairness.waiting.
	blocked bool
	gen     int

	// prev and next link the enabled goroutines (fairness.head).
	prev, next *fairG

	// Cycles: the transitions it took since its last yield (k counts
	// them), the last one that had an effect, and at each scheduling
	// point it came to since (points): the last transition there, how
	// many times it came back, what it had observed and how many
	// CompareAndSwaps had failed when it came there last.
	k          int
	lastEffect int
	points     pointSet
	// What it observed: obs sums a hash of each of its events (kind,
	// object or cells). casFails counts its failed CompareAndSwaps.
	obs      uint64
	casFails int
	// polled: its last transition was a poll (an idle cycle that looked
	// at what the cycle before looked at, or a Gosched).
	polled bool
}

// pointVisit is what the fair scheduler remembers of a goroutine's visits
// to one scheduling point since its last yield (one map per goroutine: a
// goroutine's state costs one small map, whatever it remembers).
type pointVisit struct {
	seen     int    // the transition (fairG.k) at which it came here last
	visits   int    // how many times it came back here
	obsAt    uint64 // fairG.obs when it came here last
	casAt    int    // fairG.casFails when it came here last
	cycle    uint64 // what it observed over its last cycle back here
	hasCycle bool   // cycle is set: it came back here at least once
}

// pointKey is a scheduling point of a goroutine: an operation, where the
// program's own code reached it (pos) and where it is (at). Both count:
// the points inside one call of a library function share pos but are not
// a loop, and one library function called from two lines shares at.
type pointKey struct {
	op      interp.Op
	pos, at token.Pos
}

// pointKeyOf returns the point g is stopped at.
func pointKeyOf(g *interp.Goroutine) pointKey {
	op, pos := g.Pending()
	return pointKey{op, pos, g.PendingAt()}
}

// compare orders point keys (for canonical state hashes).
func (k pointKey) compare(o pointKey) int {
	return cmp.Or(cmp.Compare(k.op, o.op), cmp.Compare(k.pos, o.pos), cmp.Compare(k.at, o.at))
}

func newFairness() *fairness {
	return &fairness{checkedAt: -1}
}

// reuse returns the fair scheduler of a new execution, which is f with
// its memory (the views of goroutines, the tables and lists) reused: f's
// execution is over and nothing reads it again.
func (f *fairness) reuse() *fairness {
	clear(f.gs)
	clear(f.mark)
	clear(f.runnable)
	clear(f.waiting)
	clear(f.freeIDs.words)
	clear(f.freeIDs.sum)
	*f = fairness{checkedAt: -1, gs: f.gs[:0], mark: f.mark[:0], runnable: f.runnable[:0], waiting: f.waiting[:0],
		freeIDs: f.freeIDs, spare: append(f.spare, f.made...), made: f.made[:0]}
	return f
}

// newG returns a new view of goroutine g, first seen in the current state.
func (f *fairness) newG(g *interp.Goroutine) *fairG {
	var fg *fairG
	if n := len(f.spare); n > 0 {
		fg = f.spare[n-1]
		f.spare = f.spare[:n-1]
		points := fg.points
		points.reset()
		*fg = fairG{points: points}
	} else {
		fg = &fairG{}
	}
	fg.g, fg.lastSched, fg.winStart, fg.waitAge = g, -1, f.n, -1
	f.made = append(f.made, fg)
	return fg
}

// get returns the fair scheduler's view of goroutine id, or nil.
func (f *fairness) get(id int) *fairG {
	if id < len(f.gs) {
		return f.gs[id]
	}
	return nil
}

// set records fg as the view of goroutine id.
func (f *fairness) set(id int, fg *fairG) {
	if id >= len(f.gs) {
		f.gs = append(f.gs, make([]*fairG, id+1-len(f.gs))...)
	}
	f.gs[id] = fg
}

// setEnabled sets fu's enabled flag (fu is goroutine u's view): it joins
// the list of enabled goroutines as the youngest, waiting or free, or
// leaves it.
func (f *fairness) setEnabled(u int, fu *fairG, on bool) {
	if fu.enabled == on {
		return
	}
	fu.enabled = on
	if on {
		f.toTail(fu)
		if fu.waitAge >= f.headAge() {
			f.wait(fu)
		} else {
			f.setFree(fu, true)
		}
		return
	}
	wasHead := f.head == fu
	f.unlink(fu)
	if fu.blocked {
		fu.blocked = false
	} else {
		f.setFree(fu, false)
	}
	if wasHead {
		f.release()
	}
}

// age is the state from which fg has been runnable without running:
// max(enabledSince, lastSched+1).
func (fg *fairG) age() int { return max(fg.enabledSince, fg.lastSched+1) }

// headAge is the age of the oldest enabled goroutine (maxInt: none).
func (f *fairness) headAge() int {
	if f.head == nil {
		return math.MaxInt
	}
	return f.head.age()
}

// wait marks fg, enabled, as waiting for an older enabled goroutine.
func (f *fairness) wait(fg *fairG) {
	fg.blocked = true
	fg.gen++
	f.waiting.push(waitEntry{age: fg.waitAge, gen: fg.gen, fg: fg})
}

// release frees the waiting goroutines that no enabled goroutine is old
// enough to hold any more (the oldest one ran, ended or blocked).
func (f *fairness) release() {
	h := f.headAge()
	for len(f.waiting) > 0 && f.waiting[0].age < h {
		e := f.waiting.pop()
		if fg := e.fg; fg.blocked && fg.gen == e.gen {
			fg.blocked = false
			f.setFree(fg, true)
		}
	}
}

// unlink takes fg out of the list of enabled goroutines (fairness.head).
func (f *fairness) unlink(fg *fairG) {
	if fg.prev != nil {
		fg.prev.next = fg.next
	} else if f.head == fg {
		f.head = fg.next
	}
	if fg.next != nil {
		fg.next.prev = fg.prev
	} else if f.tail == fg {
		f.tail = fg.prev
	}
	fg.prev, fg.next = nil, nil
}

// toTail puts fg at the tail of the list of enabled goroutines: it was
// enabled or scheduled in the current state.
func (f *fairness) toTail(fg *fairG) {
	if f.tail == fg {
		return
	}
	f.unlink(fg)
	fg.prev = f.tail
	if f.tail != nil {
		f.tail.next = fg
	} else {
		f.head = fg
	}
	f.tail = fg
}

// setFree counts fg among the goroutines that may run, or no longer.
func (f *fairness) setFree(fg *fairG, on bool) {
	if on {
		f.free++
		f.freeIDs.add(fg.g.ID())
	} else {
		f.free--
		f.freeIDs.remove(fg.g.ID())
	}
}

// firstFree returns the goroutine with the least id that may run, other
// than not (nil if there is none).
func (f *fairness) firstFree(not *interp.Goroutine) *interp.Goroutine {
	for id := f.freeIDs.next(0); id >= 0; id = f.freeIDs.next(id + 1) {
		if fg := f.get(id); fg != nil && fg.g != not {
			return fg.g
		}
	}
	return nil
}

// spinLimit is how many times a goroutine may come back to the start of a
// cycle without yielding while another goroutine waits to run.
const spinLimit = 16

// transition records that t took a transition: it performed op (the
// operation it was stopped at when picked) and ran to its next scheduling
// point, blocked or exited. It reports whether the transition was a
// yield, and whether the yield was a poll: a Gosched, or a cycle that
// changed nothing (a goroutine waiting for another, or for time), rather
// than a cycle with effects repeated spinLimit times (a loop that works,
// yielded only so that the others run too). A cycle is recognized when t
// arrives at a scheduling point it already stopped at since its last
// yield: at the head of its loop, where a spinning goroutine holds nothing
// the others need.
func (f *fairness) transition(t *interp.Goroutine, op interp.Op) (yield, poll bool) {
	idle := t.Idle()
	if !idle {
		f.lastEffect = f.n
	}
	ft := f.get(t.ID())
	if ft == nil {
		return false, false
	}
	ft.k++
	if !idle {
		ft.lastEffect = ft.k
	}
	yield = op == interp.OpGosched
	poll = yield
	ft.polled = poll
	key := pointKeyOf(t)
	if t.Blocked() || !key.op.IsPoint() {
		return yield, poll
	}
	i := ft.points.find(key)
	ok := i >= 0
	var pv pointVisit
	if ok {
		pv = ft.points.list[i].pv
	}
	if ok {
		// Back at a point: the transitions since the last visit form a
		// cycle. An idle one is a yield, unless a CompareAndSwap failed
		// in it: then the goroutine usually goes on in its own state (it
		// tries the next slot, or the new value), and only a second cycle
		// that looked at what the first looked at is one. An idle cycle
		// is a poll (the goroutine waits for another one, or for time)
		// if it looked at what the cycle before looked at: one that
		// looked elsewhere walks a collection (waiting on each of a
		// hundred contexts in turn). A cycle repeated spinLimit times is
		// spinning.
		pv.visits++
		c := ft.obs - pv.obsAt
		repeated := pv.hasCycle && pv.cycle == c
		failedCAS := ft.casFails > pv.casAt
		if ft.lastEffect <= pv.seen && (!failedCAS || repeated) {
			yield, poll = true, repeated
		} else if pv.visits >= spinLimit {
			yield = true
		}
		pv.cycle, pv.hasCycle = c, true
	}
	pv.seen, pv.obsAt, pv.casAt = ft.k, ft.obs, ft.casFails
	if ok {
		ft.points.list[i].pv = pv
	} else {
		ft.points.add(key, pv)
	}
	ft.polled = poll
	return yield, poll
}

// observe adds what the event looked at to its goroutine's observations.
func (f *fairness) observe(ev *interp.Event) {
	if ev.G == nil || ev.Kind == interp.EvNew || ev.Kind == interp.EvAlloc {
		// Allocations look at nothing (and are fresh each time).
		return
	}
	fg := f.get(ev.G.ID())
	if fg == nil {
		return
	}
	if ev.Kind == interp.EvAtomicLoad && isCAS(ev.Op) {
		fg.casFails++
	}
	h := uint64(ev.Kind)<<56 ^ uint64(ev.Addr.Uintptr()) ^ uint64(ev.N)<<40
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	fg.obs += h
}

// yielded gives t, which yielded, a lower priority than every goroutine
// that has been runnable since t's previous yield without running; then t
// starts a new window. Call it in the state after the yield, once enabled
// has been updated.
func (f *fairness) yielded(t *interp.Goroutine) {
	ft := f.get(t.ID())
	if ft == nil {
		return
	}
	if checkFairCounts {
		f.checkAges(t, ft.winStart)
	}
	// It waits for the goroutines runnable since its window started that
	// have not run since: those of age at most its start (it is younger).
	ft.waitAge = ft.winStart
	if ft.enabled && !ft.blocked && ft.waitAge >= f.headAge() {
		f.setFree(ft, false)
		f.wait(ft)
	}
	ft.winStart = f.n
	ft.points.reset()
	// The new window starts where t stands: the head of its loop, which
	// its next cycles come back to first.
	if key := pointKeyOf(t); key.op.IsPoint() {
		ft.points.add(key, pointVisit{seen: ft.k, obsAt: ft.obs, casAt: ft.casFails})
	}
}

// checkAges checks that the goroutines a yield of t with window start w
// waits for, a prefix of the list by age, are those that a pass over the
// runnable goroutines finds (for tests: checkFairCounts).
func (f *fairness) checkAges(t *interp.Goroutine, w int) {
	var byList, byPass []int
	n := 0
	for fu := f.head; fu != nil; fu = fu.next {
		n++
		if fu.next != nil && fu.age() > fu.next.age() {
			panic("fair scheduler: the enabled goroutines are not in the order of their age")
		}
		if fu.age() <= w && fu.g != t {
			byList = append(byList, fu.g.ID())
		}
	}
	for _, g := range f.runnable {
		fu := f.get(g.ID())
		if g != t && fu != nil && fu.enabledSince <= w && fu.lastSched < w {
			byPass = append(byPass, g.ID())
		}
	}
	slices.Sort(byList)
	if n != len(f.runnable) || !slices.Equal(byList, byPass) {
		panic(fmt.Sprintf("fair scheduler: %d enabled listed of %d runnable; a yield waits for %v by age, %v by a pass", n, len(f.runnable), byList, byPass))
	}
}

// scheduled records that g takes the next transition: nobody waits for it
// any more.
func (f *fairness) scheduled(g *interp.Goroutine) {
	id := g.ID()
	if fg := f.get(id); fg != nil {
		fg.lastSched = f.n
		if fg.enabled {
			wasHead := f.head == fg
			f.toTail(fg)
			if wasHead {
				f.release()
			}
		}
	}
	f.n++
}

// enabled updates the runnable set of the current state: goroutines seen
// for the first time start their window here, goroutines that left the set
// stop their run of enabled states, and goroutines that ended are
// forgotten.
func (f *fairness) enabled(runnable []*interp.Goroutine) {
	if countPickWork {
		pickWork.Add(int64(len(runnable)))
	}
	changed := len(runnable) != len(f.runnable)
	for i, g := range runnable {
		if !changed && f.runnable[i] != g {
			changed = true
		}
		fg := f.get(g.ID())
		if fg == nil {
			fg = f.newG(g)
			f.set(g.ID(), fg)
		}
		if !fg.enabled {
			fg.enabledSince = f.n
			f.setEnabled(g.ID(), fg, true)
		}
	}
	if !changed {
		return
	}
	f.lastChange = f.n
	f.stamp++
	for _, g := range runnable {
		id := g.ID()
		if id >= len(f.mark) {
			f.mark = append(f.mark, make([]int, id+1-len(f.mark))...)
		}
		f.mark[id] = f.stamp
	}
	for _, g := range f.runnable {
		id := g.ID()
		if id < len(f.mark) && f.mark[id] == f.stamp {
			continue
		}
		if fg := f.get(id); fg != nil {
			f.setEnabled(id, fg, false)
			if !g.Blocked() {
				f.forget(id)
			}
		}
	}
	f.runnable = append(f.runnable[:0], runnable...)
}

// forget drops a goroutine that ended (no longer enabled).
func (f *fairness) forget(id int) {
	f.set(id, nil)
}

// schedulable reports whether g may run in the current state: it waits for
// no runnable goroutine (its flag, kept as goroutines run and yield).
func (f *fairness) schedulable(g *interp.Goroutine) bool {
	fg := f.get(g.ID())
	return fg == nil || !fg.blocked
}

// checkFairCounts makes every Pick check schedulable against
// schedulableSlow (tests set it).
var checkFairCounts = false

// schedulableSlow is schedulable by its definition, over the enabled
// goroutines (for tests of the flag).
func (f *fairness) schedulableSlow(g *interp.Goroutine) bool {
	fg := f.get(g.ID())
	if fg == nil {
		return true
	}
	for fu := f.head; fu != nil; fu = fu.next {
		if fu != fg && fu.age() <= fg.waitAge {
			return false
		}
	}
	return true
}

// waitsFor returns the goroutines g (a view) waits for, in no order: the
// enabled goroutines but g of age at most its waitAge, a prefix of the
// list by age.
func (f *fairness) waitsFor(fg *fairG) []int {
	var ws []int
	for fu := f.head; fu != nil && fu.age() <= fg.waitAge; fu = fu.next {
		if fu != fg {
			ws = append(ws, fu.g.ID())
		}
	}
	return ws
}

// waitEntry is a goroutine waiting until no enabled goroutine is age old
// (fairness.waiting); it is stale if the goroutine's gen moved on.
type waitEntry struct {
	age, gen int
	fg       *fairG
}

// waitHeap is a min-heap of waitEntry by age.
type waitHeap []waitEntry

func (h *waitHeap) push(e waitEntry) {
	*h = append(*h, e)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if a[p].age <= a[i].age {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *waitHeap) pop() waitEntry {
	a := *h
	e := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a[n] = waitEntry{}
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a[l].age < a[m].age {
			m = l
		}
		if r := l + 1; r < n && a[r].age < a[m].age {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return e
}

// waitsOnlyForTime reports whether no goroutine can make progress but by
// time passing: every runnable goroutine has run since the last transition
// that had an effect, since the runnable set last changed and since the
// clock last moved, and each one's last transition was a poll. Each of
// them would poll again and see the same (its code is deterministic and
// what it looks at is unchanged), so only a timer can change anything: the
// rule of testing/synctest ("durably blocked") extended to goroutines that
// poll. It costs a pass over the runnable goroutines.
func (f *fairness) waitsOnlyForTime() bool {
	since := max(f.lastChange, f.lastEffect, f.lastTime)
	if f.head == nil {
		return false
	}
	for fg := f.head; fg != nil; fg = fg.next {
		if !fg.polled || fg.lastSched < since {
			return false
		}
	}
	return true
}

// livelocked reports whether the execution, stopped at its step bound,
// was spinning: for the last window of states, no transition had an effect
// and no goroutine started, ended, blocked or woke, while the goroutines
// took turns (the fair scheduler saw to that).
func (f *fairness) livelocked() bool {
	quiet := f.n - max(f.lastChange, f.lastEffect)
	return quiet >= 4*spinLimit*max(len(f.runnable), 1)
}

// stillSpinning is the progress check of an execution without a step bound,
// made every autoSteps steps: it reports whether the execution is
// livelocked now, has had no effect and no change since the previous check
// (so a livelock is a whole interval of steps without progress), and went
// through at least minPoints scheduling points in that interval: its
// goroutines spin through scheduling points (a tight loop of loads, failed
// CompareAndSwaps, Gosched), they do not compute. A goroutine that computes
// between idle operations (a loop that consults a sync.Map or a sync.Once
// while it writes plain memory) takes many steps per point and is not a
// livelock; nor is one that writes plain memory, when the observer sees
// memory events (race detection on).
func (f *fairness) stillSpinning(minPoints int) bool {
	prev := f.checkedAt
	f.checkedAt = f.n
	return prev >= 0 && f.n-prev >= minPoints && max(f.lastChange, f.lastEffect, f.lastWrite) < prev && f.livelocked()
}

// isCAS reports whether op is a CompareAndSwap.
func isCAS(op interp.Op) bool {
	switch op {
	case interp.OpAtomicCompareAndSwapInt32, interp.OpAtomicCompareAndSwapInt64, interp.OpAtomicCompareAndSwapUint32,
		interp.OpAtomicCompareAndSwapUint64, interp.OpAtomicCompareAndSwapUintptr, interp.OpAtomicCompareAndSwapPointer,
		interp.OpAtomicValueCompareAndSwap, interp.OpSyncMapCompareAndSwap:
		return true
	}
	return false
}

// pointSet is what a goroutine remembers of the scheduling points it came
// to since its last yield (fairG.points): a list, searched from its end
// (the point a loop comes back to is usually among the last ones), with
// an index once it is long. A goroutine's views are reused from execution
// to execution (fairness.reuse), with their lists: the fair scheduler's
// bookkeeping allocates nothing in steady state and makes no map
// operation while a goroutine stays at a few points.
type pointSet struct {
	list  []pointEntry
	index map[pointKey]int // the index in list of each key, once list is long (nil: none)
}

// pointEntry is one point of a pointSet.
type pointEntry struct {
	key pointKey
	pv  pointVisit
}

// pointIndexAt is the length of a pointSet's list from which it keeps an
// index.
const pointIndexAt = 16

// find returns the index in the list of key, or -1.
func (ps *pointSet) find(key pointKey) int {
	if ps.index != nil {
		if i, ok := ps.index[key]; ok {
			return i
		}
		return -1
	}
	for i := len(ps.list) - 1; i >= 0; i-- {
		if ps.list[i].key == key {
			return i
		}
	}
	return -1
}

// add adds key, which is not in the set, with visit pv.
func (ps *pointSet) add(key pointKey, pv pointVisit) {
	ps.list = append(ps.list, pointEntry{key, pv})
	switch {
	case ps.index != nil:
		ps.index[key] = len(ps.list) - 1
	case len(ps.list) > pointIndexAt:
		ps.index = make(map[pointKey]int, 2*len(ps.list))
		for i, e := range ps.list {
			ps.index[e.key] = i
		}
	}
}

// reset empties the set, keeping its list's memory.
func (ps *pointSet) reset() {
	ps.list = ps.list[:0]
	ps.index = nil
}
