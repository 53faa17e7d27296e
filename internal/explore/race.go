package explore

import (
	"slices"

	"github.com/vtcheck/vt/internal/race"
	"github.com/vtcheck/vt/interp"
)

// benignHook is vt.Benign, which marks a location whose races are ignored.
const benignHook = vtPkg + ".Benign"

// raceState is the race detection of an explorer.
type raceState struct {
	// capture, during the re-run of an execution with a race, lists the
	// accesses whose stacks the report needs; captured is its detector.
	capture  []int64
	captured race.Checker
	det      race.Checker // reused across executions
	benign   interp.Hook  // det's vt.Benign hook
}

// newChecker returns a race detector of the kind named by o.Race.
func newChecker(kind string, o race.Options) race.Checker {
	if kind == "lockset" {
		return race.NewLockset(o)
	}
	return race.New(o)
}

// detector returns the race detector of one execution (nil when race
// detection is off) and hooks vt.Benign to it.
func (x *explorer) detector(hooks map[string]interp.Hook) race.Checker {
	if x.o.Race == "" {
		return nil
	}
	// The harness (package vt) is trusted: its bookkeeping is not the
	// program's. So are sync and sync/atomic, as under Go's race detector
	// (the compiler does not instrument them): their code that runs from
	// source (Cond, Once) synchronizes through models whose edges count.
	trust := func() []string { return append([]string{vtPkg, "sync", "sync/atomic"}, x.o.Trust...) }
	var d race.Checker
	switch {
	case x.race.capture != nil:
		d = newChecker(x.o.Race, race.Options{Prog: x.t.Prog, Trust: trust(), Capture: x.race.capture})
	case x.race.det != nil:
		d = x.race.det
		d.Reset()
		hooks[benignHook] = x.race.benign
		return d
	default:
		d = newChecker(x.o.Race, race.Options{Prog: x.t.Prog, Trust: trust()})
		x.race.det = d
	}
	benign := func(c *interp.HookCall) interp.HookAction {
		if a, ok := benignAddr(c); ok {
			d.Benign(a)
		}
		return interp.HookAction{}
	}
	if d == x.race.det {
		x.race.benign = benign
	}
	hooks[benignHook] = benign
	return d
}

// benignAddr returns the location a call of vt.Benign names.
func benignAddr(c *interp.HookCall) (interp.Addr, bool) {
	if len(c.Args) == 0 {
		return interp.Addr{}, false
	}
	p := c.Args[0]
	if e := p.Elem(); e.IsValid() {
		p = e
	}
	a := p.Addr()
	return a, !a.IsNil()
}

// benignTo makes the vt.Benign hook of hooks tell f too.
func benignTo(hooks map[string]interp.Hook, f func(interp.Addr)) {
	prev := hooks[benignHook]
	hooks[benignHook] = func(c *interp.HookCall) interp.HookAction {
		if a, ok := benignAddr(c); ok {
			f(a)
		}
		if prev != nil {
			return prev(c)
		}
		return interp.HookAction{}
	}
}

// maxWarnings bounds Result.Warnings.
const maxWarnings = 10

// warnings returns the potential races an execution's detector saw (the
// lockset detector's), once each, at most maxWarnings.
func warnings(d race.Checker, prog *interp.Program) []string {
	w, ok := d.(interface{ Warnings() []*race.Race })
	if !ok {
		return nil
	}
	var out []string
	for _, r := range w.Warnings() {
		if len(out) >= maxWarnings {
			break
		}
		line := "potential " + r.Summary(prog) + ": ordered only by the order in which they took a lock; no lock is held at both"
		if !slices.Contains(out, line) {
			out = append(out, line)
		}
	}
	return out
}

// raceVerdict classifies an execution in which d found a race. To show the
// stacks of both accesses, it runs the same schedule again, recording the
// stacks at those two accesses (executions are deterministic).
func (x *explorer) raceVerdict(r *execResult, d race.Checker) {
	rc := d.Race()
	r.kind, r.goroutines, r.race = "race", nil, rc
	if x.race.capture != nil {
		x.race.captured = d
		return
	}
	choices := r.sched.choices.vals(r.sched.choices.len())
	x.race.capture = []int64{rc.Cur.Ord, rc.Prev.Ord}
	_, err := x.execute(choices, firstChoice{})
	dc := x.race.captured
	x.race.capture, x.race.captured = nil, nil
	creations := d.Creations()
	if err == nil && dc != nil && dc.Race() != nil && dc.Race().Cur.Ord == rc.Cur.Ord && dc.Race().Prev.Ord == rc.Prev.Ord {
		rc, creations = dc.Race(), dc.Creations()
	}
	r.message, r.race = rc.Report(x.t.Prog, creations, isHarness), rc
}
