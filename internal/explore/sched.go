package explore

import (
	"go/token"
	"math/rand"

	"github.com/vtcheck/vt/interp"
)

// choice is one nondeterministic decision of an execution.
type choice struct {
	n          int  // number of alternatives
	chosen     int  // index taken
	preemptive bool // alternatives other than 0 preempt a runnable goroutine
}

// step is one scheduling point of an execution, for traces.
type step struct {
	g   int
	op  interp.Op
	pos token.Pos
}

// chooser decides a choice beyond the replayed prefix. runnable is nil for
// select choices.
type chooser interface {
	choose(n int, preemptive bool, ordered []*interp.Goroutine) int
}

// scheduler drives one execution: it replays a prefix of choices, asks the
// strategy beyond it, and records every choice and scheduling point. Before
// start (the root of the exploration was not reached yet) it runs
// goroutines deterministically without recording anything.
type scheduler struct {
	started  bool
	prefix   []int
	diverged bool // the prefix did not fit the execution (stale schedule)
	choices  []choice
	strategy chooser
	last     *interp.Goroutine
	trace    []step
	ordered  []*interp.Goroutine
	maxTrace int
	points   int // scheduling points seen after start (the trace may be shorter)

	// fair is the fair scheduler (fair.go): it decides which runnable
	// goroutines may run; the strategy chooses among them. lastOp is the
	// operation last was stopped at when it was picked: the one its
	// transition performed.
	fair   *fairness
	lastOp interp.Op
}

func newScheduler(prefix []int, strategy chooser, started bool) *scheduler {
	return &scheduler{prefix: prefix, strategy: strategy, started: started, maxTrace: 100000, fair: newFairness()}
}

// Pick implements interp.Scheduler. Only the goroutines that the fair
// scheduler allows are alternatives. They are ordered with the last
// goroutine first (continuing it is not a preemption), then by id; a
// goroutine that yields (it just yielded, or is about to call
// runtime.Gosched) comes last, and switching away from it is no
// preemption.
func (s *scheduler) Pick(runnable []*interp.Goroutine) int {
	lastIdx := -1
	for i, g := range runnable {
		if g == s.last {
			lastIdx = i
			break
		}
	}
	if !s.started {
		if lastIdx < 0 {
			lastIdx = 0
		}
		s.last = runnable[lastIdx]
		return lastIdx
	}
	f := s.fair
	f.enabled(runnable)
	yielding := false
	if s.last != nil && f.transition(s.last, s.lastOp) {
		f.yielded(s.last)
		yielding = true
	}
	lastOK := lastIdx >= 0 && f.schedulable(runnable[lastIdx])
	if lastOK {
		if op, _ := runnable[lastIdx].Pending(); op == interp.OpGosched {
			yielding = true
		}
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
	if len(s.ordered) == 0 {
		// Cannot happen (priority edges form no cycle); stay live anyway.
		s.ordered = append(s.ordered, runnable...)
	}
	c := 0
	if len(s.ordered) > 1 {
		c = s.next(len(s.ordered), lastOK && !yielding, s.ordered)
	}
	g := s.ordered[c]
	f.scheduled(g)
	s.last = g
	op, pos := g.Pending()
	s.lastOp = op
	s.points++
	if len(s.trace) < s.maxTrace {
		s.trace = append(s.trace, step{g: g.ID(), op: op, pos: pos})
	}
	for i, r := range runnable {
		if r == g {
			return i
		}
	}
	return 0
}

// Choose implements interp.Scheduler.
func (s *scheduler) Choose(g *interp.Goroutine, c interp.Choice, n int) int {
	if !s.started {
		return 0
	}
	return s.next(n, false, nil)
}

func (s *scheduler) next(n int, preemptive bool, ordered []*interp.Goroutine) int {
	var c int
	if i := len(s.choices); i < len(s.prefix) {
		c = s.prefix[i]
		if c >= n {
			s.diverged = true
			c = 0
		}
	} else {
		c = s.strategy.choose(n, preemptive, ordered)
	}
	s.choices = append(s.choices, choice{n: n, chosen: c, preemptive: preemptive})
	return c
}

// firstChoice always takes alternative 0: no preemption, first ready case.
type firstChoice struct{}

func (firstChoice) choose(int, bool, []*interp.Goroutine) int { return 0 }

// randomChoice takes a uniformly random alternative.
type randomChoice struct{ rng *rand.Rand }

func (r randomChoice) choose(n int, _ bool, _ []*interp.Goroutine) int { return r.rng.Intn(n) }

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
