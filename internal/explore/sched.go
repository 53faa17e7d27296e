package explore

import (
	"cmp"
	"fmt"
	"go/token"
	"math/rand"
	"slices"
	"sync/atomic"
	"time"

	"github.com/vtcheck/vt/interp"
)

// choice is one nondeterministic decision of an execution.
type choice struct {
	n          int  // number of alternatives dfs may take (1: a sampled value)
	chosen     int  // index taken
	preemptive bool // alternatives other than 0 preempt a runnable goroutine (or let time pass)
	// Alternative i answers (off+i) mod n: for a value the program
	// receives (a random draw, where a map iteration starts), so that
	// alternative 0 differs from draw to draw; for time, so that letting
	// time pass comes first where a goroutine spins.
	off int
	// val is the choice in the replay token: the answer (the index of the
	// goroutine, whether time passed, the value).
	val int
	// fixed: the search takes alternative 0 only (the regions strategy
	// does not preempt there, regions.go).
	fixed bool
}

// valueOf returns the answer of alternative i.
func (c *choice) valueOf(i int) int {
	if c.n > 1 {
		return (c.off + i) % c.n
	}
	return i
}

// step is one scheduling point of an execution, for traces.
type step struct {
	g   int
	op  interp.Op
	pos token.Pos
	// early, for a timer's firing (op OpTimer), is how far its deadline
	// was when it fired while goroutines could still run (a short timer
	// let fire by a choice), plus one; 0: it fired when it had to.
	early time.Duration
}

// chooser decides a choice beyond the replayed prefix. ordered is nil for
// choices other than the next goroutine.
type chooser interface {
	choose(n int, preemptive bool, ordered []*interp.Goroutine) int
}

// sampler is a chooser that draws the values of sampled choices (random
// numbers of ranges too large to enumerate) itself; others get them from
// the seed and the position of the draw, the same in every execution.
type sampler interface {
	sample() uint64
}

// scheduler drives one execution: it replays a prefix of choices, asks the
// strategy beyond it, and records every choice and scheduling point. Before
// start (the root of the exploration was not reached yet) it runs
// goroutines deterministically without recording anything.
type scheduler struct {
	started  bool
	prefix   []int
	diverged bool // the prefix did not fit the execution (stale schedule)
	choices  choiceLog
	strategy chooser
	last     *interp.Goroutine
	trace    []step
	ordered  []*interp.Goroutine
	// The runnable set of the last Pick (interp.RunnableScheduler): its
	// version (0: unknown), the index in it of the goroutine picked
	// (last), and how many of its goroutines are stopped at an operation
	// that may block (mayBlock; last counted at lastOp). A point where
	// the set is the same reads them instead of passing over it.
	ver      uint64
	lastIdx  int
	blocking int
	maxTrace int
	points   int // scheduling points seen after start (the trace may be shorter)
	raceAt   int // points when the race detector found a race (0: none)
	// raceChoices is the number of choices made when it did.
	raceChoices int

	// fair is the fair scheduler (fair.go): it decides which runnable
	// goroutines may run; the strategy chooses among them. lastOp is the
	// operation last was stopped at when it was picked: the one its
	// transition performed.
	fair     *fairness
	lastOp   interp.Op
	yielding bool // the last goroutine picked yields
	// polling: its yield was a poll (a Gosched, or a cycle that changed
	// nothing): time passing is what it waits for.
	polling bool
	// settled: the fair scheduler has seen the transition last took
	// (settle); lastYield and lastPoll are what it said.
	settled             bool
	lastYield, lastPoll bool
	// sinceClock counts the scheduling points since the virtual clock
	// last moved.
	sinceClock int

	// Time, data and datagrams (see Options.Clock, Enumerate and UDPLoss).
	synctest  bool          // time passes only when every goroutine is blocked
	short     time.Duration // a deadline at most this far is short (clockRule)
	early     time.Duration // the next timer fires early (step.early)
	enumerate int           // data choices of at most this many values are alternatives
	udpLoss   bool          // a datagram sent may be lost (an alternative)
	seed      uint64        // of data choices' offsets and sampled values
	draws     uint64        // data choices so far

	// track follows the execution for DPOR (nil otherwise); abandoned:
	// DPOR found the rest of the execution redundant and ended it.
	track     *dporRun
	abandoned bool

	// match follows the execution for the stateful strategy (nil
	// otherwise; statematch.go).
	match *stateMatch
	// joinExtra adds the observers' part of the state at DPOR's join
	// points (nil: the execution does not look for them; dporjoin.go).
	joinExtra func(*interp.Goroutine, *interp.Canon)
	// outOfTime reports that the exploration's budget is spent; a search
	// that hashes states asks it at each point (hashing a large state
	// takes long, and the run's own check counts steps), and stops the
	// execution there (budgetStop).
	outOfTime  func() bool
	budgetStop bool
	// txn: releases end the transaction before them (Options.
	// Transactions, transactions.go); txnSaved counts the choices that
	// saved.
	txn      bool
	txnSaved int
	// watch, if set, sees every event of the execution (the guided and
	// jrf strategies' bookkeeping).
	watch func(*interp.Event)
	// prof records the stacks at choices for a profile (nil: none).
	prof *profRun
	// expect is the verdict the vt.Check call of a whole test expects in
	// code, if it said (expectSet).
	expect    string
	expectSet bool
	// regionsOnly: the regions strategy, which preempts a goroutine only
	// at its choice points (regions.go).
	regionsOnly bool
	inLibrary   func(token.Pos) bool // whether a position is in the habanero library
	// afterAcquire: the last goroutine has just entered a permission
	// region (the regions strategy chooses at its next point).
	afterAcquire bool
}

// The default of a time choice (ChooseTime) is what a real clock would
// do: time passes at once for a goroutine that polls (time passing is what
// it waits for), once the work done since the timer was set would have
// taken as long as the timer waits, at stepCost per interpreter step, or,
// once timeHorizon scheduling points passed since the clock last moved, at
// horizonStepCost per step: a loop that works and polls a deadline of
// milliseconds ends within thousands of steps, while a timeout of seconds
// that guards a long computation (a test's safety net) still does not fire
// in the first schedule. Either way both alternatives are explored; the
// default is the first schedule's, and it decides which one a preemption
// bound counts.
const (
	stepCost        = time.Nanosecond
	horizonStepCost = time.Microsecond
	timeHorizon     = 1 << 12
)

func newScheduler(prefix []int, strategy chooser, started bool, o *Options) *scheduler {
	return newSchedulerFrom(prefix, strategy, started, o, nil)
}

// newSchedulerFrom is newScheduler reusing the memory of sp (nil: none).
func newSchedulerFrom(prefix []int, strategy chooser, started bool, o *Options, sp *spareRun) *scheduler {
	clock := mustClock(o.Clock)
	s := &scheduler{prefix: prefix, strategy: strategy, started: started, maxTrace: 100000,
		synctest: clock.synctest, short: clock.short, enumerate: o.Enumerate, udpLoss: o.UDPLoss, seed: uint64(o.Seed),
		regionsOnly: o.Strategy == "regions", txn: o.Transactions}
	s.reuse(sp)
	if s.fair == nil {
		s.fair = newFairness()
	}
	return s
}

// spareRun is the memory of an execution that the search is done with
// (nothing of it is read again), for the next execution to reuse.
type spareRun struct {
	track   *dporRun
	trace   []step
	fair    *fairness
	ordered []*interp.Goroutine
	choices []choiceUnit // nil: the search still reads them
}

// reuse gives s the memory of sp (nil: none).
func (s *scheduler) reuse(sp *spareRun) {
	if sp == nil {
		return
	}
	if sp.trace != nil {
		s.trace = sp.trace[:0]
	}
	if cap(sp.choices) > cap(s.choices.units) {
		s.choices.units = sp.choices[:0]
	}
	if sp.fair != nil {
		s.fair = sp.fair.reuse()
	}
	if sp.ordered != nil {
		s.ordered = sp.ordered[:0]
	}
}

// spare takes from s what the next execution can reuse: s keeps only
// what the search reads of a taken execution that ended well (its
// outcome, and its choices unless withChoices: the caller's search reads
// them no more).
func (s *scheduler) spare(withChoices bool) *spareRun {
	sp := &spareRun{track: s.track, trace: s.trace, fair: s.fair, ordered: s.ordered}
	s.trace, s.fair, s.ordered, s.prof = nil, nil, nil, nil
	if withChoices {
		sp.choices, s.choices = s.choices.units, choiceLog{}
	}
	if t := s.track; t != nil {
		stub := &dporRun{d: t.d, joinCut: t.joinCut}
		if t.d.shards > 1 {
			// For ownsRun: the execution's first choice of a goroutine
			// (t.d's path holds its choices now).
			stub.newIDs = map[int][]int{}
			if i := t.d.firstPick(); i >= 0 {
				stub.newIDs[i] = t.d.nodes[i].ids
			}
		}
		s.track = stub
	}
	return sp
}

// Pick implements interp.Scheduler. Only the goroutines that the fair
// scheduler allows are alternatives. They are ordered with the last
// goroutine first (continuing it is not a preemption), then by id; a
// goroutine that yields (it just yielded, or is about to call
// runtime.Gosched) comes last, and switching away from it is no
// preemption.
func (s *scheduler) Pick(runnable []*interp.Goroutine) int { return s.pick(runnable, 0) }

// PickRunnable implements interp.RunnableScheduler: Pick, which costs
// O(1) in the number of goroutines at a point where the runnable set is
// the one of the previous point and the last goroutine goes on (the
// default, or a replayed choice that continues it).
func (s *scheduler) PickRunnable(runnable []*interp.Goroutine, version uint64) int {
	return s.pick(runnable, version)
}

// mayBlock reports whether a goroutine stopped at op may be one that
// interp.Goroutine.WouldBlock reports (filterBlocked).
func mayBlock(op interp.Op) bool {
	return op == interp.OpMutexLock || op == interp.OpRWMutexRLock
}

// locate finds the last goroutine in runnable (its index, -1 if it is not
// there) and counts the goroutines that may block (s.blocking): from the
// previous point's if the set is the same (version), else by a pass over
// it.
func (s *scheduler) locate(runnable []*interp.Goroutine, version uint64) (lastIdx int, same bool) {
	if version != 0 && version == s.ver && s.last != nil && s.lastIdx < len(runnable) && runnable[s.lastIdx] == s.last {
		// Only the last goroutine ran since: it left lastOp.
		op, _ := s.last.Pending()
		s.blocking += b2i(mayBlock(op)) - b2i(mayBlock(s.lastOp))
		return s.lastIdx, true
	}
	lastIdx, s.blocking = -1, 0
	if countPickWork {
		pickWork.Add(int64(len(runnable)))
	}
	for i, g := range runnable {
		if g == s.last {
			lastIdx = i
		}
		if op, _ := g.Pending(); mayBlock(op) {
			s.blocking++
		}
	}
	return lastIdx, false
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// takesFirst reports whether a chooser takes alternative 0 at its next
// choice without looking at the alternatives.
type takesFirst interface{ takesFirst() bool }

// fastPick lets Pick take the short way (pickFast); tests turn it off to
// compare with the long way.
var fastPick = true

// countPickWork makes Pick count, in pickWork, the goroutines it passes
// over (tests of the cost of a point), its calls in pickCalls, and the
// calls that took the short way in pickShort.
var (
	countPickWork bool
	pickWork      atomic.Int64
	pickCalls     atomic.Int64
	pickShort     atomic.Int64
	// commonWork and commonCalls count the work and the calls of the
	// common case: the runnable set is the previous point's and the last
	// goroutine goes on without yielding.
	commonWork, commonCalls atomic.Int64
)

// checkFastPick makes every Pick that takes the short way (the runnable
// set and the last goroutine's turn unchanged) check its alternatives
// against the long way's (tests set it).
var checkFastPick = false

func (s *scheduler) pick(runnable []*interp.Goroutine, version uint64) int {
	if s.prof != nil {
		defer s.prof.picked(s, s.choices.len(), s.last)
	}
	if (s.match != nil || s.joinExtra != nil) && s.outOfTime != nil && s.outOfTime() {
		s.budgetStop = true
		return -1
	}
	if countPickWork {
		pickCalls.Add(1)
		defer s.countCommon(pickWork.Load(), s.last, version != 0 && version == s.ver)
	}
	lastIdx, same := s.locate(runnable, version)
	if !s.started {
		if lastIdx < 0 {
			lastIdx = 0
		}
		s.last = runnable[lastIdx]
		s.ver = 0 // the fair scheduler has not seen the set
		return lastIdx
	}
	f := s.fair
	if !same {
		f.enabled(runnable)
	}
	yielding, polling := false, false
	if s.last != nil {
		if y, p := s.settle(); y {
			f.yielded(s.last)
			yielding, polling = true, p
		}
	}
	lastOK := lastIdx >= 0 && f.schedulable(runnable[lastIdx])
	if lastOK {
		if op, _ := runnable[lastIdx].Pending(); op == interp.OpGosched {
			yielding, polling = true, true
		}
	}
	s.yielding, s.polling = yielding, polling
	if checkFairCounts {
		free := 0
		for _, g := range runnable {
			if f.schedulable(g) != f.schedulableSlow(g) {
				panic(fmt.Sprintf("fair scheduler: goroutine %d: waiting %v disagrees with the goroutines it waits for", g.ID(), !f.schedulable(g)))
			}
			if f.schedulable(g) {
				free++
			}
		}
		if free != f.free {
			panic(fmt.Sprintf("fair scheduler: %d goroutines may run, counted %d", free, f.free))
		}
	}
	if fastPick && f.free > 0 && s.match == nil && s.joinExtra == nil && !s.regionsOnly && !s.txn &&
		(s.track == nil || s.track.over && s.blocking == 0) {
		return s.pickFast(runnable, lastIdx, lastOK, yielding, version)
	}
	s.order(runnable, lastIdx, lastOK, yielding)
	if len(s.ordered) == 0 {
		// Cannot happen (priority edges form no cycle); stay live anyway.
		s.ordered = append(s.ordered, runnable...)
	}
	preemptive := lastOK && !yielding
	if preemptive && len(s.ordered) > 1 {
		if op, _ := s.ordered[0].Pending(); s.transaction(op, s.lastOp, runnable) {
			s.ordered = s.ordered[:1] // transactions.go
			s.txnSaved++
		}
	}
	if s.track != nil {
		// DPOR: a goroutine whose operation would block is no
		// alternative while another can progress (running it would only
		// block it; it runs when its object is free).
		s.ordered = filterBlocked(s.ordered)
		preemptive = preemptive && s.ordered[0] == s.last
		s.track.point(s.choices.len(), s.ordered)
		s.track.stretch(runnable)
		if s.joinExtra != nil && s.track.joinPoint(s, runnable, s.choices.len() < len(s.prefix)) {
			// A join point explored already: the execution ends.
			s.abandoned = true
			return -1
		}
	}
	// The regions strategy keeps the running goroutine at a point that is
	// none of its choices (regions.go), and stores states only where it
	// chooses.
	fixed := s.regionsOnly && preemptive && s.regionFixed(s.ordered[0])
	matching := s.match != nil && !(s.regionsOnly && (fixed || len(s.ordered) < 2))
	s.afterAcquire = false
	if matching && !s.match.point(s, runnable, s.choices.len() < len(s.prefix)) {
		// A state explored already (or a cycle): the execution ends.
		s.abandoned = true
		return -1
	}
	c := 0
	if len(s.ordered) > 1 {
		c = s.next(len(s.ordered), preemptive, s.ordered)
		s.choices.setLastFixed(fixed)
	}
	if s.abandoned {
		return -1
	}
	g := s.ordered[c]
	if matching {
		s.match.picked(g)
	}
	if s.track != nil {
		s.track.picked(g.ID())
	}
	idx := lastIdx
	if idx < 0 || runnable[idx] != g {
		idx = indexOf(runnable, g)
	}
	s.took(g, idx, version)
	return idx
}

// order builds the alternatives (s.ordered): the goroutines of runnable
// that the fair scheduler lets run, the last one (at lastIdx, -1: none)
// first if it may run (lastOK) and does not yield, last if it yields.
func (s *scheduler) order(runnable []*interp.Goroutine, lastIdx int, lastOK, yielding bool) {
	f := s.fair
	if countPickWork {
		pickWork.Add(int64(len(runnable)))
	}
	s.ordered = s.ordered[:0]
	if lastOK && !yielding {
		s.ordered = append(s.ordered, runnable[lastIdx])
	}
	for i, g := range runnable {
		if i != lastIdx && f.schedulable(g) {
			s.ordered = append(s.ordered, g)
		}
	}
	if lastOK && yielding {
		s.ordered = append(s.ordered, runnable[lastIdx])
	}
}

// pickFast is Pick where nothing but the fair scheduler decides the
// alternatives (no state matching, join points, regions or transactions;
// DPOR, if any, gave the execution up and no goroutine is stopped at an
// operation that may block, so filterBlocked would keep them all) and some
// goroutine may run. The alternatives are those that may run: the last
// goroutine first if it goes on (lastOK, not yielding), else the others
// by id, then the last if it may run (it yields). Their number is the fair
// scheduler's count and the first of them its least id that may run: they
// are listed only if a choice takes another or the strategy looks at
// them, so that the default costs the same whatever the number of
// goroutines.
func (s *scheduler) pickFast(runnable []*interp.Goroutine, lastIdx int, lastOK, yielding bool, version uint64) int {
	if countPickWork {
		pickShort.Add(1)
	}
	f := s.fair
	n := f.free
	preemptive := lastOK && !yielding
	first := s.last
	if !preemptive {
		if g := f.firstFree(s.last); g != nil {
			first = g
		} // else the last goroutine is the only one that may run (lastOK)
	}
	built := false
	if checkFastPick {
		s.order(runnable, lastIdx, lastOK, yielding)
		if len(s.ordered) != n || s.ordered[0] != first {
			panic(fmt.Sprintf("scheduler: %d alternatives counted, %d listed; first %d, listed first %d", n, len(s.ordered), first.ID(), s.ordered[0].ID()))
		}
		if s.track != nil && len(filterBlocked(s.ordered)) != n {
			panic("scheduler: a goroutine would block where none may")
		}
		built = true
	}
	if s.track != nil {
		s.track.point(s.choices.len(), nil) // given up: records nothing
	}
	s.afterAcquire = false
	c := 0
	if n > 1 {
		var ordered []*interp.Goroutine
		if tf, ok := s.strategy.(takesFirst); s.choices.len() >= len(s.prefix) && !(ok && tf.takesFirst()) {
			if !built {
				s.order(runnable, lastIdx, lastOK, yielding)
				built = true
			}
			ordered = s.ordered
		}
		c = s.next(n, preemptive, ordered)
		s.choices.setLastFixed(false)
	}
	if s.abandoned {
		return -1
	}
	g := first
	if c != 0 {
		if !built {
			s.order(runnable, lastIdx, lastOK, yielding)
		}
		g = s.ordered[c]
	}
	idx := lastIdx
	if idx < 0 || runnable[idx] != g {
		idx = indexOf(runnable, g)
	}
	if s.track != nil {
		s.track.picked(g.ID())
	}
	s.took(g, idx, version)
	return idx
}

// took records that g, at index idx of the runnable set of the given
// version, takes the next transition.
func (s *scheduler) took(g *interp.Goroutine, idx int, version uint64) {
	s.fair.scheduled(g)
	s.settled = false
	s.sinceClock = min(s.sinceClock+1, timeHorizon)
	s.last = g
	op, pos := g.Pending()
	s.lastOp = op
	s.points++
	if len(s.trace) < s.maxTrace {
		s.trace = append(s.trace, step{g: g.ID(), op: op, pos: pos})
	}
	s.ver, s.lastIdx = version, idx
}

// countCommon adds the work of a Pick that started at work, if it was the
// common case, to commonWork (countPickWork).
func (s *scheduler) countCommon(work int64, last *interp.Goroutine, same bool) {
	if same && s.started && !s.yielding && last != nil && s.last == last {
		commonWork.Add(pickWork.Load() - work)
		commonCalls.Add(1)
	}
}

// indexOf returns the index of g in gs, which is ordered by id (0 if it is
// not there).
func indexOf(gs []*interp.Goroutine, g *interp.Goroutine) int {
	id := g.ID()
	if i, ok := slices.BinarySearchFunc(gs, id, func(r *interp.Goroutine, id int) int { return cmp.Compare(r.ID(), id) }); ok && gs[i] == g {
		return i
	}
	if countPickWork {
		pickWork.Add(int64(len(gs)))
	}
	for i, r := range gs {
		if r == g {
			return i
		}
	}
	return 0
}

// Choose implements interp.Scheduler. Letting time pass counts as a
// preemption (it is not what happens when nobody chooses it); random draws
// and map iteration starts are data choices.
func (s *scheduler) Choose(g *interp.Goroutine, c interp.Choice, n int) int {
	if c == interp.ChooseTimer {
		// Asked only by an interpreter that does not ask ChooseTime
		// (which profiles the choice itself).
		return s.ChooseTime(0, 0)
	}
	if s.prof != nil {
		defer s.prof.chose(s, s.choices.len(), g)
	}
	switch c {
	case interp.ChooseRandom, interp.ChooseMapStart:
		return s.data(n)
	case interp.ChooseDatagramLoss:
		// The interpreter asks about every datagram (RunOptions.
		// DatagramLoss is always on): a loss is an alternative only with
		// udploss, which a vt.Check call may set in code (codeOptions).
		if !s.started || !s.udpLoss {
			return 0
		}
		return s.next(n, false, nil)
	}
	if !s.started {
		return 0
	}
	return s.next(n, false, nil)
}

// ChooseTime implements interp.TimeScheduler: whether time passes now,
// for the earliest observable timer, wait away, set steps ago (see the
// clock option, clock.go). Letting time pass early counts as a
// preemption; its default is a real clock's (see stepCost).
func (s *scheduler) ChooseTime(wait time.Duration, steps int64) int {
	if s.prof != nil {
		defer s.prof.chose(s, s.choices.len(), nil)
	}
	if !s.started || s.synctest {
		return 0
	}
	if s.match != nil {
		s.match.timerOffered()
	}
	worked := wait <= time.Duration(steps)*stepCost
	if wait > s.short {
		_, polling := s.settle()
		// A long deadline: no choice. Time passes when nothing but time
		// can make progress, or when the work done since the timer was
		// set would have taken as long as it waits (at stepCost, or at
		// horizonStepCost once the clock has stood still for timeHorizon
		// points: a loop that works until a context's deadline ends).
		if polling && s.fair.waitsOnlyForTime() || worked || s.sinceClock >= timeHorizon && wait <= time.Duration(steps)*horizonStepCost {
			return 1
		}
		return 0
	}
	var c int
	if s.polling || worked || s.sinceClock >= timeHorizon && wait <= time.Duration(steps)*horizonStepCost {
		// A goroutine polls (a channel, a context, the clock), or the
		// program has worked as long as the timer waits: time passing
		// is what a real clock does here.
		c = s.nextMapped(2, 1, true)
	} else {
		c = s.next(2, true, nil)
		if c == 1 {
			s.early = wait + 1 // timerFired records it
		}
	}
	return c
}

// settle has the fair scheduler see the transition the last goroutine
// picked took, once (Pick, or ChooseTime before it at the same point),
// and returns whether it yielded and whether that was a poll.
func (s *scheduler) settle() (yield, poll bool) {
	if !s.settled {
		s.settled = true
		s.lastYield, s.lastPoll = false, false
		if s.last != nil {
			s.lastYield, s.lastPoll = s.fair.transition(s.last, s.lastOp)
		}
	}
	return s.lastYield, s.lastPoll
}

// data makes a data choice of a value in [0, n) (n = 0: in [0, 2⁶³)): an
// alternative of the search when 2 ≤ n ≤ enumerate, else a sampled value
// (one alternative). Before the exploration's root, values come from the
// seed and are not recorded.
func (s *scheduler) data(n int) int {
	s.draws++
	h := interp.SplitMix64(s.seed + s.draws*0x9e3779b97f4a7c15)
	if !s.started {
		v := int(h >> 1)
		if n > 0 {
			v %= n
		}
		return v
	}
	i := s.choices.len()
	if n >= 2 && n <= s.enumerate {
		return s.nextMapped(n, int(h%uint64(n)), false)
	}
	var v int
	if i < len(s.prefix) {
		v = s.prefix[i]
		if v < 0 || n > 0 && v >= n {
			s.diverged = true
			v = 0
		}
	} else {
		r := h
		if sp, ok := s.strategy.(sampler); ok {
			r = sp.sample()
		}
		v = int(r >> 1)
		if n > 0 {
			v %= n
		}
	}
	s.record(choice{n: 1, val: v})
	return v
}

// timerFired records that time passed (a timer fired) in the trace.
func (s *scheduler) timerFired(pos token.Pos) {
	s.sinceClock = 0
	if s.fair != nil {
		s.fair.lastTime = s.fair.n
	}
	early := s.early
	s.early = 0
	if !s.started {
		return
	}
	s.points++
	if len(s.trace) < s.maxTrace {
		s.trace = append(s.trace, step{op: interp.OpTimer, pos: pos, early: early})
	}
}

func (s *scheduler) next(n int, preemptive bool, ordered []*interp.Goroutine) int {
	var c int
	if i := s.choices.len(); i < len(s.prefix) {
		c = s.prefix[i]
		if c >= n {
			s.diverged = true
			c = 0
		}
	} else {
		c = s.strategy.choose(n, preemptive, ordered)
	}
	s.record(choice{n: n, chosen: c, preemptive: preemptive, val: c})
	return c
}

// record appends c to the execution's choices.
func (s *scheduler) record(c choice) { s.choices.add(c) }

// nextMapped is next for a choice whose alternative i answers
// (off+i) mod n.
func (s *scheduler) nextMapped(n, off int, preemptive bool) int {
	c := choice{n: n, off: off, preemptive: preemptive}
	if i := s.choices.len(); i < len(s.prefix) {
		v := s.prefix[i]
		if v < 0 || v >= n {
			s.diverged = true
			v = off
		}
		c.chosen = (v - off + n) % n
	} else {
		c.chosen = s.strategy.choose(n, preemptive, nil)
	}
	c.val = c.valueOf(c.chosen)
	s.record(c)
	return c.val
}

// firstChoice always takes alternative 0: no preemption, first ready case.
type firstChoice struct{}

func (firstChoice) choose(int, bool, []*interp.Goroutine) int { return 0 }

func (firstChoice) takesFirst() bool { return true }

// randomChoice takes a uniformly random alternative.
type randomChoice struct{ rng *rand.Rand }

func (r randomChoice) choose(n int, _ bool, _ []*interp.Goroutine) int { return r.rng.Intn(n) }

func (r randomChoice) sample() uint64 { return r.rng.Uint64() }

// pctChoice is probabilistic concurrency testing (Burckhardt et al.): every
// goroutine gets a random priority when first seen, the highest-priority
// runnable goroutine runs, and at d-1 random steps the running goroutine's
// priority drops below all initial ones.
type pctChoice struct {
	rng      *rand.Rand
	prio     map[int]int
	changes  map[int]int // step -> new priority
	steps    int
	nextPrio int
}

func newPCT(rng *rand.Rand, depth, estSteps int) *pctChoice {
	p := &pctChoice{rng: rng, prio: map[int]int{}, changes: map[int]int{}, nextPrio: depth + 1}
	for i := 1; i < depth; i++ {
		p.changes[1+rng.Intn(max(estSteps, 1))] = i
	}
	return p
}

func (p *pctChoice) sample() uint64 { return p.rng.Uint64() }

func (p *pctChoice) choose(n int, _ bool, ordered []*interp.Goroutine) int {
	if ordered == nil {
		return p.rng.Intn(n)
	}
	p.steps++
	best, bestPrio := 0, -1
	for i, g := range ordered {
		pr, ok := p.prio[g.ID()]
		if !ok {
			// A new goroutine: a random priority above the change values.
			pr = p.nextPrio + p.rng.Intn(1000)
			p.prio[g.ID()] = pr
		}
		if pr > bestPrio {
			best, bestPrio = i, pr
		}
	}
	if np, ok := p.changes[p.steps]; ok {
		p.prio[ordered[best].ID()] = np
		best, bestPrio = 0, -1
		for i, g := range ordered {
			if pr := p.prio[g.ID()]; pr > bestPrio {
				best, bestPrio = i, pr
			}
		}
	}
	return best
}

// filterBlocked drops from gs the goroutines whose operation would block,
// unless every one would.
func filterBlocked(gs []*interp.Goroutine) []*interp.Goroutine {
	n := 0
	for _, g := range gs {
		if !g.WouldBlock() {
			n++
		}
	}
	if n == 0 || n == len(gs) {
		return gs
	}
	out := gs[:0]
	for _, g := range gs {
		if !g.WouldBlock() {
			out = append(out, g)
		}
	}
	return out
}
