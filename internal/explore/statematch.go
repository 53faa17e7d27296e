package explore

// State matching: the "stateful" strategy. It explores like dfs with no
// preemption bound, but hashes the state at every scheduling point
// (interp.HashState: the program's memory, goroutines and world, plus h
// and the fair scheduler's state) and ends an execution that reaches a
// state an earlier execution reached: everything after that state was
// (or is being) explored from there. A spin loop that comes back to the
// same state ends too, so programs whose goroutines wait by spinning
// have a finite space.
//
// Why an alternative to DPOR and not combined with it: pruning a matched
// state is sound for a search that explores every enabled transition of
// every state it keeps (a full depth-first search: the subtree of the
// state matched is complete, or on the current path). DPOR explores a
// subset of the transitions of a state, chosen from what happens later in
// the executions that went through it; a state reached again through
// another path may need transitions the first visit's subtree did not
// take, and recovering them (Yang et al., "Efficient stateful dynamic
// partial order reduction", SPIN 2008) needs the whole visible graph of
// the explored space. Full DFS with matching is simple and sound; it
// wins where executions revisit states (spin loops, symmetric goroutines
// doing the same work), DPOR where independent steps commute.
//
// Livelock. An execution that comes back to a state on its own path has
// found a cycle. If every step of the cycle was idle (changed nothing
// others observe), no timer could fire in it, and every goroutine runnable
// throughout it ran in it (a fair cycle), the goroutines can spin in it
// forever under a fair schedule: a livelock, reported with the verdict
// steps. Other cycles are cut like matched states.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vtcheck/vt/interp"
)

// stateSet is the set of states a stateful exploration has stored.
type stateSet struct {
	seen    map[interp.StateKey]struct{}
	matched int // executions ended at a matched state or cycle
	refused int // scheduling points whose state could not be hashed
}

// pathPoint is one scheduling point of the current execution, for cycles.
type pathPoint struct {
	key      interp.StateKey
	picked   int   // goroutine that took the transition from here
	runnable []int // goroutines runnable here
	effect   bool  // the transition into this point was not idle
	timer    bool  // time could have passed in the transition from here
}

// stateMatch follows one execution of a stateful exploration: its path
// of states, and the scheduler's hooks.
type stateMatch struct {
	set    *stateSet
	extra  func(*interp.Canon) // observers' part of the state (h)
	g      *interp.Goroutine   // a goroutine of the run, while its state is hashed
	path   []pathPoint
	onPath map[interp.StateKey]int
	// cycleLen is the length of the cycle the execution closed (0: none);
	// fair says every goroutine runnable throughout it ran in it, idle
	// that its steps changed nothing others observe and no timer could
	// fire in it.
	cycleLen   int
	fair, idle bool
}

func newStateMatch(set *stateSet) *stateMatch {
	return &stateMatch{set: set, onPath: map[interp.StateKey]int{}}
}

// point is called by the scheduler at a scheduling point, before it
// chooses among ordered; replaying says the choice comes from the prefix
// (the state was stored when an earlier execution first reached it). It
// reports whether the execution goes on.
func (sm *stateMatch) point(s *scheduler, runnable []*interp.Goroutine, replaying bool) bool {
	sm.g = runnable[0]
	key, ok, _ := interp.HashState(runnable[0], func(c *interp.Canon) {
		s.fair.digest(c)
		c.WriteUint(s.draws)
		if sm.extra != nil {
			sm.extra(c)
		}
	})
	if !ok {
		sm.set.refused++
		// A state the encoding cannot represent matches nothing; the
		// path's cycles through it cannot be told either.
		sm.path = append(sm.path, pathPoint{picked: -1})
		return true
	}
	effect := s.last == nil || !s.last.Idle()
	if len(sm.path) > 0 && sm.path[len(sm.path)-1].picked < 0 {
		effect = true // through a state the encoding refused
	}
	if j, cyc := sm.onPath[key]; cyc && !replaying {
		sm.set.matched++
		sm.cycleLen = len(sm.path) - j
		sm.fair, sm.idle = sm.cycle(j, effect)
		return false
	}
	if !replaying {
		if _, seen := sm.set.seen[key]; seen {
			sm.set.matched++
			return false
		}
		sm.set.seen[key] = struct{}{}
	}
	ids := make([]int, len(runnable))
	for i, g := range runnable {
		ids[i] = g.ID()
	}
	sm.onPath[key] = len(sm.path)
	sm.path = append(sm.path, pathPoint{key: key, picked: -1, runnable: ids, effect: effect})
	return true
}

// picked records the goroutine the scheduler picked at the current point.
func (sm *stateMatch) picked(g *interp.Goroutine) {
	if n := len(sm.path); n > 0 {
		sm.path[n-1].picked = g.ID()
	}
}

// timerOffered records that time could pass at the current point.
func (sm *stateMatch) timerOffered() {
	if n := len(sm.path); n > 0 {
		sm.path[n-1].timer = true
	}
}

// cycle reports whether the cycle from path[j] back to the same state
// now (reached by a transition with effect or not) is fair — every
// goroutine runnable at all its points ran in it — and idle: no step had
// an effect and no timer could fire.
func (sm *stateMatch) cycle(j int, effect bool) (fair, idle bool) {
	cycle := sm.path[j:]
	idle = !effect
	ran := map[int]bool{}
	always := map[int]int{} // goroutine → points of the cycle it was runnable at
	for i, p := range cycle {
		if p.picked < 0 {
			return false, false
		}
		if p.timer || i > 0 && p.effect {
			idle = false
		}
		ran[p.picked] = true
		for _, id := range p.runnable {
			always[id]++
		}
	}
	for id, n := range always {
		if n == len(cycle) && !ran[id] {
			return false, idle // runnable throughout, never ran
		}
	}
	return true, idle
}

// verdict classifies an execution that closed a cycle (after the function
// returned: afterMain): goroutines that can run forever after the
// function returned leak, as under dfs; a fair cycle of idle steps is a
// livelock; any other cycle is cut. kind is "" for a cut.
func (sm *stateMatch) verdict(afterMain bool) (kind, message string) {
	switch {
	case sm.cycleLen == 0 || !sm.fair:
	case afterMain:
		return "leak", fmt.Sprintf("the function returned while goroutines kept running: they can cycle forever through the same %d states (found by state matching)", sm.cycleLen)
	case sm.idle:
		return "steps", fmt.Sprintf("livelock: the goroutines can cycle forever through the same %d states, none making progress, under a fair schedule (found by state matching)", sm.cycleLen)
	}
	return "", ""
}

// digest adds the fair scheduler's state to c: what decides which
// goroutines it lets run now and later — the priority edges, and the
// order (not the values) of the counters its decisions compare.
func (f *fairness) digest(c *interp.Canon) {
	// Counters over states: each goroutine's enabledSince, lastSched and
	// winStart are compared with each other's; n is the largest.
	var ns []int
	var ids []int
	for id, fg := range f.gs {
		if fg == nil {
			continue
		}
		ids = append(ids, id)
		ns = append(ns, fg.enabledSince, fg.lastSched, fg.winStart)
	}
	ns = append(ns, f.n)
	slices.Sort(ns)
	ns = slices.Compact(ns)
	rank := func(v int) uint64 {
		i, _ := slices.BinarySearch(ns, v)
		return uint64(i)
	}
	c.WriteUint(uint64(len(ids)))
	for _, id := range ids {
		fg := f.gs[id]
		c.WriteUint(uint64(id))
		c.WriteUint(b2u(fg.enabled))
		c.WriteUint(rank(fg.enabledSince))
		c.WriteUint(rank(fg.lastSched))
		c.WriteUint(rank(fg.winStart))
		ws := f.waitsFor(fg)
		slices.Sort(ws)
		c.WriteUint(uint64(len(ws)))
		for _, u := range ws {
			c.WriteUint(uint64(u))
		}
		// Cycles: the transitions since the last yield are counted by k;
		// lastEffect and the points' last transitions are compared with
		// each other; visits counts up to spinLimit.
		ks := []int{fg.k, fg.lastEffect}
		type seenPoint struct {
			key    pointKey
			at, vs int
		}
		var pts []seenPoint
		for _, e := range fg.points.list {
			pts = append(pts, seenPoint{e.key, e.pv.seen, e.pv.visits})
			ks = append(ks, e.pv.seen)
		}
		slices.Sort(ks)
		ks = slices.Compact(ks)
		krank := func(v int) uint64 {
			i, _ := slices.BinarySearch(ks, v)
			return uint64(i)
		}
		c.WriteUint(krank(fg.k))
		c.WriteUint(krank(fg.lastEffect))
		slices.SortFunc(pts, func(a, b seenPoint) int {
			return a.key.compare(b.key)
		})
		c.WriteUint(uint64(len(pts)))
		for _, p := range pts {
			c.WriteUint(uint64(p.key.op))
			c.WriteUint(uint64(p.key.pos))
			c.WriteUint(uint64(p.key.at))
			c.WriteUint(krank(p.at))
			c.WriteUint(uint64(p.vs))
		}
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// statefulSearch explores depth first with no preemption bound, ending
// every execution at the first state an earlier one stored (see above).
// The regions strategy (regions.go) is this search with choices only at
// the operations of permission regions and tasks.
type statefulSearch struct {
	regions bool
	set     *stateSet
}

func newStateful(regions bool) *statefulSearch { return &statefulSearch{regions: regions} }

func (s *statefulSearch) name() string {
	if s.regions {
		return "regions"
	}
	return "stateful"
}

func (s *statefulSearch) search(x *explorer) (coverage, error) {
	// dfs itself, with no bound: its executions end at stored states
	// (stateChoice), and it runs on one machine (workers).
	s.set = &stateSet{seen: map[interp.StateKey]struct{}{}}
	defer func() { x.res.States, x.res.StatesMatched = len(s.set.seen), s.set.matched }()
	return newDFS(-1, func() chooser { return stateChoice{s.set} }).search(x)
}

// stateChoice is the chooser of the stateful search's executions: dfs's
// first choice, in an execution that is part of the stateful exploration
// (its states are stored in set and matched against it).
type stateChoice struct{ set *stateSet }

func (stateChoice) choose(int, bool, []*interp.Goroutine) int { return 0 }

func (stateChoice) takesFirst() bool { return true }

// prepare makes the execution s drives part of the stateful exploration,
// with the race detector's h (if any) in its states. Where a test watches
// outputs (onExec), the output so far (out) is part of the state too, so
// that the outputs of complete executions are exactly those of dfs.
func (c stateChoice) prepare(x *explorer, s *scheduler, o *observer, out *strings.Builder) bool {
	s.match = newStateMatch(c.set)
	digest := x.observersDigest(o, out, false)
	s.match.extra = func(c *interp.Canon) { digest(s.match.g, c) }
	return true
}

// observersDigest returns what adds the observers' part of the state to
// a stored state's encoding (g is a goroutine of the run): the permission
// state, h, and where a test watches outputs (onExec), the output so far
// (out), so that the outputs of complete executions are exactly those
// without matching. At a join point (join: g is the only goroutine left
// and everything before happens before its next step), h's part leaves
// out what nothing later can race with (race.Detector.DigestAt).
func (x *explorer) observersDigest(o *observer, out *strings.Builder, join bool) func(*interp.Goroutine, *interp.Canon) {
	return func(g *interp.Goroutine, c *interp.Canon) {
		if x.onExec != nil {
			interp.FlushOutput(g)
			c.WriteString(out.String())
		}
		if o.perm != nil {
			o.perm.digest(c) // the permission state (regions.go)
		}
		if d, ok := o.race.(joinDigester); ok && join {
			d.DigestAt(g.ID(), c)
			return
		}
		switch d := o.race.(type) {
		case nil:
		case digester:
			d.Digest(c)
		default:
			c.Refuse("the race detector's state has no digest")
		}
	}
}

// digester is a race detector whose state can be part of a stored state.
type digester interface{ Digest(*interp.Canon) }

// joinDigester is a race detector whose state at a join point can be part
// of a stored state, without what is settled there.
type joinDigester interface {
	DigestAt(g int, c *interp.Canon)
}
