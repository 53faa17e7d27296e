package explore

import (
	"errors"
	"fmt"
	"iter"
	"math"
)

// portfolio is the default strategy: its members take turns, each for a
// slice of interpreted steps, so that none starves the others.
//
//   - dpor: DPOR with the preemption bound 0, then 1, then none (or up to
//     the bound the options fix). It is the member that proves: when it
//     covers its space, the exploration is exhaustive.
//   - random: random walks, for shallow bugs.
//   - pct: PCT's random priorities, for bugs of small depth in long
//     executions.
//   - guided: the guided search along the location sequences of the
//     program's lock patterns (guided.go), with transactions, for deep
//     bugs; it runs a bounded number of executions and leaves.
//
// The slices are measured in work (x.work: interpreted steps, and a fixed
// cost per execution), not time, so that an exploration is the same on a
// fast and a slow machine. Member after member, round after round, each
// slice is twice the one before (sliceOf), but for one: round 0 gives every
// member a short slice (a small program is proved, a shallow bug found,
// at once), round 1 the DPOR member a long one (a program it proves in
// about a second is proved without the samplers' executions), and then
// the turns are even, so that a deep bug that only a sampler reaches
// waits for about a second and a fair share, not for the proof. When the
// DPOR member's last stage is estimated near its end (nearEnd), it keeps
// the turn: a proof near its end is not charged with the samplers'
// executions.
// A member keeps its search state between its slices and resumes where
// it stopped: each runs as a coroutine (iter.Pull) that gives up its turn
// in budgetLeft.
//
// The exploration ends at the first failure (Result.FoundBy names the
// member), when a member covers its whole space (dpor: exhaustive), or
// when the budget is spent.
type portfolio struct {
	members []*member
	cur     *member
	round   int // the round running (or to start with, resumed)
}

// member is a strategy of the portfolio and its turn.
type member struct {
	s      strategy
	proves bool // the DPOR member
	// resume runs the member until it gives up its turn (or returns);
	// stop ends a member that is waiting for its turn.
	resume func() (struct{}, bool)
	stop   func()
	yield  func(struct{}) bool
	end    int64 // the explorer's work at which the running slice ends
	cov    coverage
	err    error
	done   bool
	// stopped: the portfolio ended the member (done is set then too);
	// outOfBudget: the exploration's budget ended it.
	stopped, outOfBudget bool
	// The DPOR member's near-end estimates (nearEnd): predicted is the
	// stage work at which the first trusted estimate of the stage predFor
	// said it ends; distrust says an estimate of it failed.
	predFor   *dpor
	predicted int64
	distrust  bool
}

// Slices (units of work): portfolioSlice in round 0, doubling every
// round; the DPOR member's slice of round 1 is dporLongSlice.
const (
	portfolioSlice = 1 << 16
	dporLongSlice  = 1 << 23
	maxSliceShift  = 24
)

// sliceOf returns the slice of member m in round r of the portfolio of x.
// A sharded exploration has one slice per member, to its end: its members'
// turns would fall at other places in each shard (every shard runs a
// different part of the DPOR member's search), and the shards' samples
// would not add up to the unsplit exploration's.
func sliceOf(x *explorer, m *member, round int) int64 {
	if x.o.Shards > 0 {
		return math.MaxInt64 / 2
	}
	if m.proves && round == 1 {
		return dporLongSlice
	}
	return portfolioSlice << min(round, maxSliceShift)
}

func newPortfolio(x *explorer) strategy {
	p := &portfolio{}
	p.members = append(p.members, &member{s: &dporSearch{bounds: portfolioBounds(x.o.Preempt), stage: -1}, proves: true})
	p.members = append(p.members, &member{s: &sampling{kind: "random"}})
	if x.o.Shards == 0 {
		// Sharded searches leave the guided search out: its trials are
		// not split.
		p.members = append(p.members, &member{s: &guidedSearch{limit: portfolioGuided, perTrial: portfolioGuidedTrial, txn: x.o.Transactions || !x.o.Given["transactions"]}})
	}
	p.members = append(p.members, &member{s: &sampling{kind: "pct"}})
	return p
}

// portfolioBounds are the preemption bounds of the portfolio's DPOR member
// for the option preempt: 0 (the schedules without preemption, where dfs
// starts too), then up to portfolioBound, then none (-2); none (-1); 0 up
// to a fixed bound (≥ 0).
func portfolioBounds(preempt int) []int {
	switch {
	case preempt == -1:
		return []int{-1}
	case preempt == -2:
		bounds := []int{}
		for b := 0; b <= portfolioBound; b++ {
			bounds = append(bounds, b)
		}
		return append(bounds, -1)
	default:
		bounds := []int{0}
		for b := 1; b < min(preempt, portfolioBound+1); b++ {
			bounds = append(bounds, b)
		}
		if preempt > 0 {
			bounds = append(bounds, preempt)
		}
		return bounds
	}
}

const (
	// portfolioBound is the last preemption bound of the DPOR member's
	// bounded stages.
	portfolioBound = 1
	// portfolioGuided bounds the executions of the portfolio's guided
	// search, portfolioGuidedTrial those of each of its trials: the
	// greedy search finds a deep bug its sequence fits in its first
	// executions, and a correct program with lock patterns should not
	// pay much.
	portfolioGuided      = 100
	portfolioGuidedTrial = 20
)

func (p *portfolio) name() string {
	if p.cur == nil {
		return "portfolio"
	}
	return p.cur.s.name()
}

func (p *portfolio) search(x *explorer) (coverage, error) {
	defer func() {
		x.slice = nil
		for _, m := range p.members {
			if m.stop != nil {
				m.stopped = m.stopped || !m.done
				m.stop() // its budgetLeft returns false: it returns
			}
		}
	}()
	for round := p.round; ; round++ {
		p.round = round
		live := 0
		for _, m := range p.members {
			if m.done {
				continue
			}
			if !x.budgetLeft() {
				return notCovered, nil
			}
			p.cur = m
			if m.resume == nil {
				m.start(x)
			}
			m.slice(x, sliceOf(x, m, round))
			for !m.done && m.nearEnd(x) {
				// The proof is close: it goes on before the samplers
				// take their turns (their executions would add to the
				// proof's, not to its chance).
				m.end = x.work() + sliceOf(x, m, round)
				m.turn(x)
			}
			if !m.done {
				live++
				continue
			}
			if m.err != nil || x.res.Failure != nil {
				return notCovered, m.err
			}
			if m.cov.exhaustive {
				return m.cov, nil
			}
			// It covered what it could (guided's trials, a DPOR search
			// too large to analyse): the others go on.
		}
		if live == 0 {
			return notCovered, nil
		}
	}
}

// slice runs the member for a slice of n units of work. The DPOR member's
// long slice goes in pieces of dporPiece, and ends after a piece when
// the running stage is estimated to need more than longFactor times the
// rest of the slice (the samplers should not wait for a search that will
// not end in it) and is not near its end.
func (m *member) slice(x *explorer, n int64) {
	end := x.work() + n
	d, ok := m.s.(*dporSearch)
	if !ok || n <= dporPiece || x.o.Shards > 0 || !adaptiveSchedule {
		m.end = end
		m.turn(x)
		return
	}
	for {
		m.end = min(end, x.work()+dporPiece)
		m.turn(x)
		left := end - x.work()
		if m.done || left <= 0 || !x.budgetLeft() {
			return
		}
		if rem, ok := d.stageRemaining(); ok && rem > longFactor*left && !m.nearEnd(x) {
			return
		}
	}
}

// adaptiveSchedule turns on the long slice's pieces and the distrust of
// failed estimates (tests turn it off to compare with the fixed schedule).
var adaptiveSchedule = true

// dporPiece is the piece of the DPOR member's long slice after which it
// checks that the slice is worth its samplers' wait; longFactor is the
// margin of that check (estimates err high early: they see too little of
// the tree).
const (
	dporPiece  = 1 << 20
	longFactor = 4
)

// turn runs the member until its slice ends (or its search does).
func (m *member) turn(x *explorer) {
	x.slice = m.turnLeft
	m.resume()
	x.slice = nil
}

// start makes the member's search a coroutine.
func (m *member) start(x *explorer) {
	m.resume, m.stop = iter.Pull(func(yield func(struct{}) bool) {
		m.yield = yield
		m.cov, m.err = m.s.search(x)
		m.done = true
		m.outOfBudget = x.res.Budget != "" || x.res.Interrupted || x.res.StoppedIn > 0
	})
}

// turnLeft is the explorer's slice check while the member runs: true
// while its slice lasts (the explorer's work is below its end); at its
// end, the member waits for its next turn (false: the portfolio ended it).
func (m *member) turnLeft(work int64) bool {
	if work < m.end {
		return true
	}
	return m.yield(struct{}{})
}

// execWork is the work an execution costs beyond its steps (setting it up
// from the snapshot, the scheduler's and the observers' bookkeeping): on
// the order of the steps a small program's execution takes.
const execWork = 2048

// work is the work of the exploration so far, in steps: what the
// portfolio's slices measure.
func (x *explorer) work() int64 {
	r := x.res
	return r.Steps + execWork*int64(r.Executions+r.SleepPruned+r.StatesMatched+r.OtherShards)
}

// nearEnd reports whether m is the DPOR member in its last stage and
// expects to end it within finishFactor times the work that stage took so
// far (dporSearch.remaining). An estimate is trusted until it fails: when
// the stage's work passes twice the end the first trusted estimate
// predicted, the stage is not near its end again (the samplers go on
// taking their turns; DeadlockGated's DPOR stage kept the turn for 48,334
// executions on estimates that erred high).
func (m *member) nearEnd(x *explorer) bool {
	d, ok := m.s.(*dporSearch)
	if !ok || x.o.Shards > 0 || !x.budgetLeft() {
		return false
	}
	if d.d != m.predFor {
		m.predFor, m.predicted, m.distrust = d.d, 0, false // a new stage
	}
	if m.distrust && adaptiveSchedule {
		return false
	}
	if m.predicted > 0 && d.work > 2*m.predicted {
		m.distrust = true
		return false
	}
	rem, ok := d.remaining()
	if !ok || rem > finishFactor*d.work {
		return false
	}
	if m.predicted == 0 {
		m.predicted = d.work + rem
	}
	return true
}

// finishFactor: the DPOR member keeps the turn when the rest of its search
// is estimated at no more than this many times the work done in its
// stage.
const finishFactor = 16

// portfolioFrontier is where a portfolio stands (resume.go): its round
// and its members' states, in the order of its members.
type portfolioFrontier struct {
	Round   int              `json:"round"`
	Members []memberFrontier `json:"members"`
}

// memberFrontier is a portfolio member's state: done (it covered what it
// could), or its search's: the DPOR member's frontier and its redo count,
// a sampler's next sample and depth estimate. The guided member, unless
// done, starts over.
type memberFrontier struct {
	Name string        `json:"name"`
	Done bool          `json:"done,omitempty"`
	DPOR *dporFrontier `json:"dpor,omitempty"`
	Redo int           `json:"redo,omitempty"`
	Next int           `json:"next,omitempty"`
	Est  int           `json:"est,omitempty"`
}

// memberName names a member's strategy in a frontier.
func memberName(m *member) string {
	switch s := m.s.(type) {
	case *dporSearch:
		return "dpor"
	case *sampling:
		return s.kind
	}
	return "guided"
}

func (p *portfolio) saveFrontier(x *explorer, f *frontierFile) (int, bool) {
	pf := &portfolioFrontier{Round: p.round}
	for _, m := range p.members {
		mf := memberFrontier{Name: memberName(m)}
		switch s := m.s.(type) {
		case *dporSearch:
			// It ends by itself only where it covers its space (then
			// so does the portfolio) or gives up (too large for DPOR).
			var sub frontierFile
			redo, ok := s.saveFrontier(x, &sub)
			if ok {
				mf.DPOR, mf.Redo = sub.DPOR, redo
			} else {
				mf.Done = true
			}
		case *sampling:
			mf.Next, mf.Est = s.next, s.est // samplers sample until the budget ends
		default:
			// The guided search: done when it ran its trials; else it
			// starts over.
			mf.Done = m.done && !m.stopped && !m.outOfBudget
		}
		pf.Members = append(pf.Members, mf)
	}
	f.Portfolio = pf
	return 0, true
}

func (p *portfolio) loadFrontier(x *explorer, f *frontierFile) error {
	pf := f.Portfolio
	if pf == nil || len(pf.Members) != len(p.members) {
		return errors.New("not a frontier of this portfolio")
	}
	for i, m := range p.members {
		mf := pf.Members[i]
		if mf.Name != memberName(m) {
			return fmt.Errorf("member %d is %s, not %s", i+1, memberName(m), mf.Name)
		}
	}
	for i, m := range p.members {
		mf := pf.Members[i]
		m.done = mf.Done
		switch s := m.s.(type) {
		case *dporSearch:
			if !mf.Done && mf.DPOR != nil {
				if err := s.loadFrontier(x, &frontierFile{DPOR: mf.DPOR, Redo: mf.Redo}); err != nil {
					return err
				}
			}
		case *sampling:
			s.next, s.est = mf.Next, mf.Est
		}
	}
	p.round = pf.Round
	return nil
}
