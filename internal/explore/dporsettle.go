package explore

import (
	"math"
	"sync/atomic"

	"github.com/vtcheck/vt/interp"
)

// Settled stretches: the plain accesses of one long sequential phase.
//
// A test that runs one goroutine alone for a long time (math/big's
// arithmetic tests, a 10 MB bytes.Buffer) makes millions of memory
// accesses in a few transitions, and naming every cell they touch
// (canon) and keeping their footprints costs memory and time that grow
// with every access. DPOR needs none of them once the goroutine g is
// alone and has joined the others:
//
//   - alone (interp.Goroutine.Quiescent at the scheduling point): every
//     other goroutine has ended or waits in testing.T.Run for a subtest to
//     end, and no timer is pending;
//   - joined (dporRun.joined, the test of join points): every transition
//     so far that touched anything happens before g's next one.
//
// Then a plain access a of g (a read, a write, an allocation) is in no
// race of DPOR's: every earlier transition happens before a's (joined),
// and every later transition of another goroutine happens after it —
// that goroutine is created after a (an EvGoStart edge from a transition
// of g after a's, or of a goroutine created after it), or is woken after
// it (an EvUnblock edge from the waking transition: a T.Run waiter), or
// runs the callback of a timer set after it (the timer's set and fire are
// synchronization events, kept in the footprints: they conflict, which
// orders them). Those edges and the synchronization events stay; only
// plain accesses are left out of the footprints, so no happens-before
// edge that DPOR computes is lost, and no race of a with another
// transition can be missed. Sleep sets: a transition that starts alone
// is at no choice point (one goroutine can run), and a cell first named
// after a choice point is compared as unknown (conservatively) with the
// footprints stored there, so leaving names out only wakes sleepers more.
//
// Before the first scheduling point there is no transition and no
// footprint: the accesses there only name the cells they touch first
// (the same names in every execution, which all share that phase). A
// cell left unnamed gets its name where it is next touched: in the
// shared prefix of two executions, the same name in both; after the point
// they diverge at, a name compared as unknown (conservatively); and an
// address whose name is stale (its object's allocation was not named
// again) can only make two distinct objects look the same, a conflict too
// many. So after preFirst plain accesses before the first point (a test
// that runs long before any scheduling point), the rest are left out.
//
// Being settled ends at any event other than a plain access (it may start
// or wake a goroutine or set a timer) and is taken up again at the next
// plain access or scheduling point if g is still alone there: only g ran
// since, so it still joins everything before. Joined is tested after settleFirst plain
// accesses of a stretch, then after 4× as many, at most settleChecks times
// a stretch and settleBudget times an execution (each test computes the
// execution's happens-before).

const (
	settleFirst  = 1 << 12
	settleChecks = 6
	settleBudget = 64
	preFirst     = 1 << 16
)

// settledCount counts the stretches that settled (and the phases before
// a first point that outgrew preFirst), for tests.
var settledCount atomic.Int64

// settle follows settled stretches for dporRun.
type settle struct {
	quiet   bool // the last scheduling point was quiescent for g
	g       int
	joined  bool // g joined everything before, in this stretch
	settled bool // plain accesses are left out now
	gp      *interp.Goroutine
	recheck bool // an event other than a plain access since g was found alone
	n, next int  // plain accesses counted, and the count of the next test
	checks  int  // tests left in this stretch
	budget  int  // tests made in this execution
	pre     int  // plain accesses before the first scheduling point
}

// stretch is called at each scheduling point, after the transition before
// it ended, with the goroutines that can run.
func (r *dporRun) stretch(runnable []*interp.Goroutine) {
	if r.over {
		return
	}
	s := &r.settle
	s.recheck = false
	if len(runnable) != 1 || !runnable[0].Quiescent() {
		s.quiet, s.joined, s.settled = false, false, false
		return
	}
	if g := runnable[0].ID(); !s.quiet || s.g != g {
		*s = settle{quiet: true, g: g, gp: runnable[0], next: settleFirst, checks: settleChecks, budget: s.budget, pre: s.pre}
	}
	s.settled = s.joined
}

// plain is called for each plain access (EvRead, EvWrite, EvAlloc, EvNew)
// of the current transition; it reports whether the access is left out.
func (r *dporRun) plain() bool {
	s := &r.settle
	if r.d.noSettle {
		return false
	}
	if s.recheck && s.quiet {
		// An event since g was found alone: if g still is, nothing
		// else ran since (a go statement ends a transition, a woken
		// goroutine or a timer set would make it not alone), so what
		// was joined still is.
		s.recheck = false
		if s.gp.Quiescent() {
			s.settled = s.joined
		} else {
			s.quiet, s.joined = false, false
		}
	}
	if s.settled {
		return true
	}
	if r.cur == nil {
		// Before the first scheduling point: there is no transition,
		// the cells are only named.
		s.pre++
		if s.pre == preFirst+1 {
			settledCount.Add(1)
		}
		return s.pre > preFirst
	}
	if !s.quiet || s.joined {
		return false
	}
	if s.n++; s.n < s.next {
		return false
	}
	s.n = 0
	if s.checks == 0 || s.budget >= settleBudget {
		s.next = math.MaxInt
		return false
	}
	s.checks--
	s.budget++
	s.next *= 4
	if r.cur == nil || r.cur.g != s.g {
		return false
	}
	r.cur.fp.finish()
	if ok, _ := r.joined(s.g); ok {
		s.joined, s.settled = true, true
		settledCount.Add(1)
	}
	return s.settled
}

// synced is called for each event other than a plain access: whether
// the goroutine is still alone is asked again at the next plain access.
func (r *dporRun) synced() {
	r.settle.settled = false
	r.settle.recheck = true
}
