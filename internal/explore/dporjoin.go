package explore

// Join points: state matching inside DPOR where it is sound.
//
// DPOR explores a test that runs concurrent phases one after the other
// (a table-driven test calling a concurrent function for each row, a
// function that starts workers and waits for them twice) as a tree: every
// trace of the first phase is followed by every trace of the second, so the
// executions multiply with the phases, although the phases rarely leave
// different states behind. Matching states in general is unsound with DPOR
// (statematch.go says why): the transitions DPOR explores from a state
// depend on what the executions through it did before and after. At a join
// point they do not:
//
//   - one goroutine is left (the others ended or wait for a test to end)
//     and no timer is pending, so nothing happens next but what it does;
//   - every transition so far happens before the point (the goroutine
//     joined the others: a WaitGroup, a channel, the end of a Launch), so
//     no transition after it races with one before it, and the exploration
//     below it adds backtrack points only below it;
//   - the sleep set there is empty, so the first visit explored every
//     trace below it.
//
// So the executions below a join point depend on its state alone (the
// program's, h's, the fair scheduler's: the same encoding as the stateful
// strategy), and an execution that reaches a join point whose state an
// earlier one reached beyond its replayed prefix ends there: the first
// visit explored (or is exploring) everything after it. DPOR with no
// preemption bound only (a bound makes what is explored below depend on
// the preemptions before), not sharded, with no fixed step bound.
//
// Parallel workers do not run ahead in a stage with join points: a
// worker, not knowing the states the search stored since it started,
// would not end executions where the search does, and what DPOR explores
// below them (the sleep sets from their footprints) would differ. (They
// would need the search's stored states as it takes their executions;
// not done.)

import (
	"strings"

	"github.com/vtcheck/vt/interp"
)

// joinSet is the set of join-point states of one DPOR stage.
type joinSet struct {
	seen map[interp.StateKey]struct{}
}

// joinPoint is called at each scheduling point of a DPOR execution after
// the transition before it ended (runnable are the goroutines that can
// run; replaying says the point is in the replayed prefix). It reports
// whether the execution ends here: its state is a join point an earlier
// execution stored.
func (r *dporRun) joinPoint(s *scheduler, runnable []*interp.Goroutine, replaying bool) bool {
	g := runnable[0]
	if r.over {
		return false // not recorded (maxDporTrans)
	}
	if len(runnable) != 1 || !g.Quiescent() {
		r.armed, r.joinWait, r.retry = joinChecks, nil, false
		return false
	}
	// The first points of a quiescent stretch only: the goroutine alone
	// running on is no new join, once it joined the others (the first
	// points may come before: it goes on to read what they wrote).
	op, _ := g.Pending()
	if r.armed == 0 || replaying || len(r.carry) > 0 {
		r.retry = op == interp.OpResume
		return false
	}
	// A goroutine woken from a blocking operation resumes at it and
	// retries it in the transition after: h learns what the operation
	// acquires only then. Its state at the resume and at the retry is no
	// join point (h there has less settled than after: DigestAt).
	if op == interp.OpResume {
		r.retry = true
		return false
	}
	if r.retry {
		r.retry = false
		return false
	}
	if r.joinWait != nil && !r.joinWait.touched(r.trans) {
		return false
	}
	r.armed--
	joined, wait := r.joined(g.ID())
	if !joined {
		r.joinWait = wait
		return false
	}
	r.armed, r.joinWait = 0, nil
	key, ok, _ := interp.HashState(g, func(c *interp.Canon) {
		s.fair.digest(c)
		c.WriteUint(s.draws)
		// What the default of a time choice depends on (ChooseTime),
		// but for the steps since each timer was set, left out: two
		// states that differ only there differ only in which
		// alternative of a time choice a preemption bound counts.
		c.WriteUint(uint64(s.sinceClock))
		s.joinExtra(g, c)
	})
	if !ok {
		return false
	}
	if _, seen := r.d.joins.seen[key]; seen {
		r.joinCut = true
		return true
	}
	r.joinKeys = append(r.joinKeys, key)
	r.d.joins.seen[key] = struct{}{}
	return false
}

// joinWait is what a goroutine alone must touch before it can have joined
// the others: the footprints of their last transitions not ordered before
// its next one. It can only come after such a transition by a chain of
// dependences that ends in one of its own transitions conflicting with
// one of them (a last transition not ordered before it that has no
// dependent transition after it is among them), so the checks in
// between would fail: they are skipped, and do not count against the
// stretch's checks.
type joinWait struct {
	fp   footprint
	from int // the transitions before from were known when it was made
}

// touched reports whether a transition of ts since w was made conflicts
// with w; it moves w past them.
func (w *joinWait) touched(ts []*dtrans) bool {
	hit := false
	for _, t := range ts[min(w.from, len(ts)):] {
		if t.fp.wild || w.fp.conflicts(&t.fp) {
			hit = true
			break
		}
	}
	w.from = len(ts)
	return hit
}

// joined reports whether every transition so far that touched anything
// happens before the next one of goroutine g. (A transition that touched
// nothing, such as a goroutine's exit after its last operation, races with
// no other.) When it does not, it returns what g must touch first.
func (r *dporRun) joined(g int) (bool, *joinWait) {
	ts := r.trans
	if len(ts) == 0 {
		return true, nil
	}
	h := new(hbScratch)
	if _, nt := h.threads(ts); int64(len(ts))*int64(nt) > maxHBEntries {
		return false, nil // too large to tell: no join point
	}
	thr, vc, _ := h.run(ts)
	last := map[int]int{} // thread → its last transition that touched something
	mine := -1
	for k, t := range ts {
		if t.fp.wild || len(t.fp.spans) > 0 {
			last[thr[k]] = k
		}
		if t.g == g {
			mine = k
		}
	}
	v := make([]int32, len(vc[len(vc)-1]))
	if mine >= 0 {
		join(v, vc[mine])
	}
	for _, f := range r.edges[g] {
		join(v, vc[f])
	}
	var w *joinWait
	for t, k := range last {
		if t < len(v) && v[t] > int32(k) {
			continue
		}
		if w == nil {
			w = &joinWait{from: len(ts)}
		}
		w.fp.union(&ts[k].fp)
	}
	return w == nil, w
}

// attachJoins gives the execution s drives the observers' part of the
// state of its join points (as stateChoice.prepare does for the stateful
// strategy); it reports whether the execution looks for join points.
func (x *explorer) attachJoins(s *scheduler, o *observer, out *strings.Builder) bool {
	if s.track == nil || s.track.d.joins == nil {
		return false
	}
	s.joinExtra = x.observersDigest(o, out, true)
	return true
}

// joinChecks is the number of points of a quiescent stretch at which an
// execution checks for a join point: each check computes the execution's
// happens-before, so a long stretch that never joins costs a few, not one
// per point.
const joinChecks = 8

// minJoins is the number of join points the first execution of a stage
// must pass for the stage to look for them: the start and the end of a
// test are join points of every execution (matching them saves nothing);
// a test that runs concurrent phases one after the other has one more
// after each.
const minJoins = 3
