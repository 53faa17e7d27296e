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

	// Fairness: a goroutine that yields (runtime.Gosched) or spins (stops
	// at the same operation and position spinLimit times in a row) is not
	// preferred over the others, and switching away from it is no
	// preemption, so spin-waits make progress as they do under Go's
	// scheduler.
	spinOp  interp.Op
	spinPos token.Pos
	spins   int
}

const spinLimit = 16

func newScheduler(prefix []int, strategy chooser, started bool) *scheduler {
	return &scheduler{prefix: prefix, strategy: strategy, started: started, maxTrace: 100000}
}

// Pick implements interp.Scheduler. Alternatives are ordered with the last
// goroutine first (continuing it is not a preemption), then by id.
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
	yielding := false
	if lastIdx >= 0 {
		op, pos := runnable[lastIdx].Pending()
		if op == s.spinOp && pos == s.spinPos {
			s.spins++
		} else {
			s.spinOp, s.spinPos, s.spins = op, pos, 0
		}
		yielding = op == interp.OpGosched || s.spins >= spinLimit
	}
	s.ordered = s.ordered[:0]
	if lastIdx >= 0 && !yielding {
		s.ordered = append(s.ordered, runnable[lastIdx])
	}
	for i, g := range runnable {
		if i != lastIdx {
			s.ordered = append(s.ordered, g)
		}
	}
	if lastIdx >= 0 && yielding {
		s.ordered = append(s.ordered, runnable[lastIdx])
	}
	c := 0
	if len(s.ordered) > 1 {
		c = s.next(len(s.ordered), lastIdx >= 0 && !yielding, s.ordered)
	}
	g := s.ordered[c]
	if g != s.last {
		s.spins = 0
	}
	s.last = g
	s.points++
	if len(s.trace) < s.maxTrace {
		op, pos := g.Pending()
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
