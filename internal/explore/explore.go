package explore

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/pprof/profile"
	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/internal/race"
	"github.com/vtcheck/vt/interp"
)

// Names of the functions of package vt that the engine hooks.
const (
	vtPkg       = "github.com/vtcheck/vt/vt"
	exploreHook = vtPkg + ".explore"
	reportHook  = vtPkg + ".report"
	logHook     = vtPkg + ".logMessage"
)

// Target is what an exploration runs: a test (optionally down to one
// subtest and one vt.Check call in it) or a main package.
type Target struct {
	Prog *interp.Program
	Pkg  *ssa.Package
	// Test is the test to run, "TestX" or "TestX/sub"; empty runs the main
	// function of Pkg.
	Test string
	// Root is the index (from 0) of the vt.Check call, among those the test
	// makes with Test's name, whose function is explored; -1 explores the
	// whole test or main.
	Root int
	// Name names the target in messages and in testdata/vt.
	Name string
	// Dir is the package directory (where testdata/vt is).
	Dir string
}

// Result is the outcome of an exploration.
type Result struct {
	Verdict    string // ok, deadlock, leak, panic, assert, steps
	Strategy   string
	Exhaustive bool // the whole space (under Bound) was explored
	Bound      int  // preemption bound of an exhaustive dfs (-1: none)
	Executions int
	Steps      int64 // total steps of all executions
	MaxDepth   int   // most choices in one execution
	Elapsed    time.Duration
	Failure    *Failure
	// Interrupted: the exploration was stopped by Interrupt.
	Interrupted bool
	// Warnings are potential data races the lockset detector saw: pairs
	// of accesses that an execution ordered only by the order in which
	// goroutines took a lock, with no lock held at both (at most
	// maxWarnings, one line each). They do not change the verdict.
	Warnings []string
	// Budget names the bound that ended an exploration that was not
	// exhaustive and found nothing: "time" or "execs" ("" otherwise).
	Budget string
	// SleepPruned counts the executions DPOR abandoned as redundant (every
	// runnable goroutine was in the sleep set); they are not Executions.
	SleepPruned int
	// FoundBy names the member of the portfolio (or the strategy) whose
	// execution failed: "random", "pct", "dpor (bound 1)", "dpor", ...
	FoundBy string
	// States counts the states the stateful strategy (or dpor at its join
	// points, dporjoin.go) stored, or the transitions the guided and jrf
	// strategies generated (the choices their executions made beyond the
	// replayed prefix); StatesMatched the executions the stateful strategy
	// (or dpor) ended at a state it had stored (or at a cycle).
	States, StatesMatched int
	// Sharing is the sharing report (sharing.go) of a program that uses
	// permission regions or the habanero library: nil when not made, empty
	// when every shared access is covered.
	Sharing []SharedLocation
	// StoppedIn is the execution (from 1) that the time budget or an
	// interrupt stopped before it ended (0: none was).
	StoppedIn int
	// Expect is the verdict a vt.Check call of a whole test expects in
	// code (vt.Expect), when no expectation was given explicitly.
	Expect string
	// Notes say what a user should know about the exploration that is
	// no finding: a saved schedule that no longer fails, or that was
	// removed because it no longer fits the program (corpus.go).
	Notes []string
	// Profile is the exploration's profile (Options.Profile set; see
	// profile.go), for WriteProfile.
	Profile *profile.Profile
	// Speculated counts the executions that workers on other cores ran
	// (parallel.go); SpecUsed those of them the search took.
	Speculated, SpecUsed int
	// Trials counts the trials of the guided strategy (guided.go) that
	// ran; the last found the failure, if one was found.
	Trials int
	// OtherShards counts the executions a sharded exploration ran only to
	// follow the search into its own part (see Options.Shard): they
	// belong to other shards and are not in Executions.
	OtherShards int
	// Skipped is the message of a test that skipped itself (t.Skip,
	// t.SkipNow) in the first execution: go test reports it as SKIP.
	// Empty when the test did not skip.
	Skipped string
	// Setup is the time spent setting the exploration up: package
	// initialization, the test's code before its vt.Check call, and the go
	// command's compilations (for allocation counts). It is not charged to
	// the time budget, which is the exploration's.
	Setup time.Duration
	// Unexplored says why no execution ended (verdict "unexplored"): an
	// exploration that ran no schedule to its end claims nothing, not ok.
	Unexplored string
	// Shard is the part of the space explored, "I/N" from 1 (see
	// Options.Shard); "" all of it.
	Shard string
}

// Failure describes a failing execution.
type Failure struct {
	Kind       string // deadlock, leak, panic, assert, steps
	Message    string
	Goroutines []GoroutineReport
	Schedule   []Step
	Points     int // scheduling points of the execution (Schedule may hold only the first ones)
	// RaceAt is the number of scheduling points of the execution before
	// its race was detected (Kind "race"): the counterexample's length.
	RaceAt    int
	Replay    string // replay token
	Execution int    // which execution (from 1)
	Logs      []string
	SavedTo   string    // schedule file, if saved
	Race      *RaceInfo // the two accesses of a race (Kind "race")
	Picture   string    // the HTML picture of the execution, if written (Options.HTML)
}

// GoroutineReport is a goroutine in a failure report.
type GoroutineReport struct {
	ID        int     `json:"id"`
	Op        string  `json:"op"`
	Stack     []Frame `json:"stack"`
	CreatedBy int     `json:"created_by,omitempty"`
	CreatedAt string  `json:"created_at,omitempty"`
	// Test is the subtest the goroutine runs for (see interp.GoroutineInfo).
	Test string `json:"test,omitempty"`
}

// Frame is a stack frame.
type Frame struct {
	Func string `json:"func"`
	Pos  string `json:"pos"`
}

// Step is one scheduling decision of a schedule.
type Step struct {
	G   int    `json:"g"`
	Op  string `json:"op"`
	Pos string `json:"pos"`
	// Early, for a timer's firing ("timer fires", G 0, Pos where the
	// timer was set), says that it fired while goroutines could still
	// run, its deadline this far away (a Go duration): a failure after it
	// needs a machine slow enough for that time to pass there.
	Early string `json:"early,omitempty"`
}

// execResult is the classification of one execution.
type execResult struct {
	kind       string
	message    string
	goroutines []interp.GoroutineInfo
	logs       []string
	steps      int64
	rootFound  bool
	sched      *scheduler
	// stopped: the time budget ran out (or Interrupt was called) during
	// the execution, which did not end.
	stopped bool
	// abandoned: DPOR ended the execution as redundant (its sleep set
	// held every runnable goroutine).
	abandoned bool
	race      *race.Race // the race of a "race" verdict
	// out is the execution's standard output, when kept; warnings the
	// potential races the lockset detector saw.
	out      string
	warnings []string
	// skip is the message of a test that skipped itself ("" if it did
	// not).
	skip string
}

type explorer struct {
	t Target
	o Options
	// noJoins turns off DPOR's join points (dporjoin.go), for tests that
	// compare.
	noJoins bool
	// noSettle turns off DPOR's settled stretches (dporsettle.go), for
	// tests that compare.
	noSettle bool
	progress io.Writer
	start    time.Time
	// toolAtStart is the program's ToolTime at start (see elapsed);
	// toolTime reads it (Prog.ToolTime; a test may replace it).
	toolAtStart time.Duration
	toolTime    func() time.Duration
	res         *Result
	last        *execResult
	// bufs is the memory executions reuse (execute); inExec: an
	// execution is running (another one inside it makes its own).
	bufs   *execBufs
	inExec bool
	// stopFn is x.stop, made once.
	stopFn func() bool
	// choiceHint is the number of runs of choices of the last execution
	// (choiceLog): the next one's capacity.
	choiceHint int
	snap       *interp.Snapshot // state at the root call, once reached
	// initGoroutines: the package's initialization leaves goroutines
	// running (a pool's janitor, a daemon): a snapshot's runs would not
	// have them, so every execution of a whole test or main initializes
	// again, and the search starts at the root (RunOptions.OnRoot).
	initGoroutines bool
	lastProg       time.Time
	race           raceState
	// strat is the strategy exploring (strategy.go), for progress lines.
	strat strategy
	// slice, while a member of the portfolio runs (portfolio.go), says
	// whether its turn goes on at work (x.work()); at its end it waits
	// for its next turn (false: the portfolio ended it).
	slice func(work int64) bool
	// onExec, if set (by tests), receives the output (stdout) and the
	// verdict ("" ok) of every execution that ended.
	onExec func(out, kind string)
	prof   *profiler // Options.Profile (profile.go)
	rec    *recorder // records the events of an execution to draw (picture.go)
	// pool runs executions on other cores (parallel.go; nil: none).
	pool *pool
	// worker: this explorer is a worker's (parallel.go): it only
	// executes; halt stops its executions; collect: keep their output.
	worker  bool
	halt    *atomic.Bool
	collect bool
	// firstDepth is the number of choices of the first execution taken
	// (-1: none yet).
	firstDepth int
	share      *sharing     // the execution follows accesses for the sharing report (sharing.go)
	hab        habaneroCode // where the habanero library's code is (regions.go)
	annotated  bool         // an execution had an annotation event
	// spare is the memory of an execution the search is done with, for
	// the next one to reuse (nil: none).
	spare *spareRun
	// Resumed explorations (resume.go): redo is the number of the next
	// executions taken that an earlier run counted already (not counted
	// again), redone the number of those taken; resumeFile is the
	// frontier's file ("" none) and prior the frontier loaded (nil: none).
	redo, redone int
	resumeFile   string
	prior        *frontierFile
}

// InitError is the error of a package's initialization, before any test
// or main runs: every test of the package would end in it, so a tool
// reports it once for the package (vt test does).
type InitError struct {
	Pkg string // the import path of the package under test
	Err error  // what stopped the initialization (an *interp.UnsupportedError, ...)
}

// Error names the package and says what stopped its initialization.
func (e *InitError) Error() string {
	return "the initialization of " + e.Pkg + ": " + e.Err.Error()
}

// Unwrap returns the error of the initialization.
func (e *InitError) Unwrap() error { return e.Err }

// Explore runs the exploration of t. Progress lines go to progress every few
// seconds (nil: none). The error is a tool error (an unsupported construct,
// a target that could not be found), not a finding.
func Explore(t Target, o Options, progress io.Writer) (*Result, error) {
	return explore(t, o, progress, nil)
}

// explore is Explore; onExec (nil: none) sees every execution's output.
func explore(t Target, o Options, progress io.Writer, onExec func(out, kind string)) (*Result, error) {
	return exploreWith(t, o, progress, nil, onExec)
}

// exploreWith is explore, with configure (if not nil) setting the
// explorer up before it starts (tests).
func exploreWith(t Target, o Options, progress io.Writer, configure func(*explorer), onExec func(out, kind string)) (*Result, error) {
	t.Prog.Hookable(exploreHook, reportHook, logHook, benignHook, hostHook)
	t.Prog.Annotate(permAnnotations(vtPkg)...)
	t.Prog.Annotate(habaneroAnnotations()...)
	auto := o.Strategy == "portfolio"
	if auto && usesHabanero(t) {
		o.Strategy = "regions" // the default for habanero programs (regions.go)
	}
	t.Prog.HideFrames(vtPkg) // vt's harness is not in the program's error traces
	x := &explorer{t: t, o: o, progress: progress, start: time.Now(), toolAtStart: t.Prog.ToolTime(), toolTime: t.Prog.ToolTime, res: &Result{Verdict: "ok", Strategy: o.Strategy, Bound: -1}, onExec: onExec, firstDepth: -1}
	if o.Shards > 0 && o.Replay == "" {
		x.res.Shard = fmt.Sprintf("%d/%d", o.Shard+1, o.Shards)
	}
	if configure != nil {
		configure(x)
	}
	if o.Profile != "" {
		x.prof = newProfiler()
	}
	// The last of the deferred calls: the exploration and its workers are
	// done with the snapshot; the next test of the package may start from
	// its initialization (interp.Program.SnapshotTest).
	defer func() { x.snap.Release() }()
	defer func() {
		x.res.Elapsed = time.Since(x.start)
		x.res.Setup += x.toolNow() - x.toolAtStart
		x.finishProfile()
		x.checkExplored()
	}()
	if o.Replay != "" {
		return x.replay(o.Replay)
	}
	if n := workers(&o); n > 0 {
		// The coordinator runs executions too: n-1 workers.
		x.pool = newPool(x, n-1)
		defer func() {
			x.pool.close()
			x.res.Speculated, x.res.SpecUsed = int(x.pool.ran.Load()), x.pool.used
		}()
	}
	// Saved failing schedules first: a fixed bug stays fixed.
	if done, err := x.replayCorpus(); done || err != nil {
		return x.res, err
	}
	defer x.sharingReport()
	if auto {
		if done, err := x.espBagsCheck(); done || err != nil {
			return x.res, err
		}
	}
	if o.Shards > 1 && (o.Strategy == "dfs" || o.Strategy == "stateful" || o.Strategy == "regions") {
		return nil, fmt.Errorf("vt: option shard needs strategy portfolio, dpor, random or pct, not %s (-shard off explores all of the space)", o.Strategy)
	}
	mk, ok := strategies[o.Strategy]
	if !ok {
		return nil, fmt.Errorf("vt: unknown strategy %q", o.Strategy)
	}
	x.strat = mk(x)
	if o.Resume == "" {
		return x.res, x.search(x.strat)
	}
	if done, err := x.startResume(x.strat); done || err != nil {
		return x.res, err
	}
	if err := x.search(x.strat); err != nil {
		return x.res, err
	}
	return x.res, x.finishResume(x.strat)
}

func (x *explorer) budgetLeft() bool {
	switch {
	case interrupted.Load():
		x.res.Interrupted = true
	case x.res.StoppedIn > 0:
		// The time ran out inside an execution (runJob): the budget
		// spent is the time, even if that execution was the last the
		// execution budget allowed.
	case x.res.Executions >= x.o.Execs:
		x.res.Budget = "execs"
	case x.timeSpent():
		x.res.Budget = "time"
	case x.slice != nil:
		return x.slice(x.work())
	default:
		return true
	}
	return false
}

// checkExplored turns the result of an exploration in which no execution
// ended (the time budget or an interrupt stopped the first one) and that
// found nothing into verdict "unexplored", saying why: ok would claim
// that schedules were explored.
func (x *explorer) checkExplored() {
	ended := x.res.Executions + x.res.OtherShards + x.redone
	if x.res.StoppedIn > 0 {
		ended--
	}
	if ended > 0 || x.res.Exhaustive || x.res.Verdict != "ok" || x.res.Skipped != "" || x.worker {
		return
	}
	x.res.Verdict = "unexplored"
	switch {
	case x.res.Interrupted:
		x.res.Unexplored = "interrupted before any execution ended"
	default:
		x.res.Unexplored = fmt.Sprintf("the time budget (%s) ran out before any execution ended (set-up, not charged to it, took %s): raise -time", x.o.Time, x.res.Setup.Round(time.Millisecond))
	}
}

// timeSpent reports whether the time budget is spent.
func (x *explorer) timeSpent() bool { return x.elapsed() >= x.o.Time }

// elapsed returns the time spent exploring: since start, less the time the
// program spent in the go command meanwhile (interp.Program.ToolTime: the
// compilation for allocation counts, which, like loading, is not the
// program's).
func (x *explorer) elapsed() time.Duration {
	return time.Since(x.start) - (x.toolNow() - x.toolAtStart)
}

// toolNow returns the program's time in the go command so far (zero for
// an explorer made without toolTime, in tests).
func (x *explorer) toolNow() time.Duration {
	if x.toolTime == nil {
		return 0
	}
	return x.toolTime()
}

// stop is RunOptions.Stop of every execution: the budget holds inside an
// execution too, also one that never reaches a scheduling point.
func (x *explorer) stop() bool {
	return x.setupStop() || x.timeSpent()
}

// setupStop is RunOptions.Stop of the runs that set an exploration up
// (package initialization, the test's code up to its vt.Check call): they
// are not charged to the time budget, which is the exploration's, and
// stop only when the whole exploration is stopped.
func (x *explorer) setupStop() bool {
	return interrupted.Load() || x.halt != nil && x.halt.Load()
}

// run executes once; done reports a failure (recorded in x.res).
func (x *explorer) run(prefix []int, strat chooser) (done bool, err error) {
	r, err := x.execute(prefix, strat)
	return x.commit(r, err)
}

// runJob is run for an execution that workers may have run ahead
// (parallel.go): key names it, mk makes its chooser.
func (x *explorer) runJob(key string, prefix []int, mk func() chooser) (done bool, err error) {
	if x.pool == nil {
		return x.run(prefix, mk())
	}
	r, err := x.pool.take(key, prefix, mk)
	return x.commit(r, err)
}

// testCommitted, if set (by tests), sees every execution the search
// takes (and counts).
var testCommitted func(r *execResult)

// commit takes an execution (run by the coordinator or a worker) into
// the result; done reports a failure (recorded in x.res).
func (x *explorer) commit(r *execResult, err error) (done bool, _ error) {
	if err != nil {
		return true, err
	}
	if x.pool != nil {
		x.pool.start()
	}
	x.last = r
	if r.sched != nil && x.firstDepth < 0 {
		x.firstDepth = r.sched.choices.len()
	}
	if t := r.sched.track; t != nil && t.d.shards > 1 && !r.stopped && !t.d.ownsRun(t, r.sched) {
		// Another shard's execution (see Options.Shard): run only to
		// learn the search's path, not counted or reported.
		x.res.OtherShards++
		x.res.Steps += r.steps
		return false, nil
	}
	x.prof.done(x, r)
	if r.sched != nil && r.sched.expectSet {
		x.res.Expect = r.sched.expect
	}
	for _, w := range r.warnings {
		if len(x.res.Warnings) < maxWarnings && !slices.Contains(x.res.Warnings, w) {
			x.res.Warnings = append(x.res.Warnings, w)
		}
	}
	if x.onExec != nil && !r.abandoned && !r.stopped {
		x.onExec(r.out, r.kind)
	}
	if testCommitted != nil && !r.stopped {
		testCommitted(r)
	}
	if r.abandoned && r.sched.track != nil && r.sched.track.joinCut {
		x.res.StatesMatched++
		x.res.Steps += r.steps
		return false, nil
	}
	if r.abandoned && r.sched.match == nil {
		x.res.SleepPruned++
		x.res.Steps += r.steps
		return false, nil
	}
	if x.res.Executions == 0 && !r.stopped {
		x.res.Skipped = r.skip
	}
	if x.redo > 0 && r.kind == "" && !r.stopped {
		// An earlier run counted it: the search takes it again from the
		// frontier it saved (resume.go).
		x.redo--
		x.redone++
		x.res.Steps += r.steps
		x.res.MaxDepth = max(x.res.MaxDepth, r.sched.choices.len())
		return false, nil
	}
	x.res.Executions++
	x.res.Steps += r.steps
	x.res.MaxDepth = max(x.res.MaxDepth, r.sched.choices.len())
	x.maybeProgress()
	if r.stopped {
		// The budget ran out inside this execution: nothing found.
		x.res.StoppedIn = x.res.Executions
		if interrupted.Load() {
			x.res.Interrupted = true
		} else {
			x.res.Budget = "time"
		}
		return true, nil
	}
	if r.kind == "" {
		return false, nil
	}
	x.res.Verdict = r.kind
	x.res.Failure = x.failure(r)
	if dir := x.t.Dir; dir != "" && x.res.Expect != r.kind && x.o.Corpus != "off" {
		tok, _ := ParseToken(x.res.Failure.Replay)
		name, err := saveSchedule(corpusDir(dir, x.t.Name), tok)
		if err != nil {
			return true, err
		}
		x.res.Failure.SavedTo = name
	}
	return true, x.draw(r, x.res.Failure)
}

func (x *explorer) maybeProgress() {
	if x.progress == nil {
		return
	}
	now := time.Now()
	if x.lastProg.IsZero() {
		x.lastProg = now
		return
	}
	if now.Sub(x.lastProg) < 3*time.Second {
		return
	}
	x.lastProg = now
	el := now.Sub(x.start)
	strat := x.o.Strategy
	if x.strat != nil {
		strat = x.strat.name()
	}
	fmt.Fprintf(x.progress, "vt: %s: elapsed %s, execs %d (%.0f/s), pruned by sleep sets %d, max depth %d, strategy %s\n",
		x.t.Name, el.Round(time.Second), x.res.Executions, float64(x.res.Executions)/el.Seconds(), x.res.SleepPruned, x.res.MaxDepth, strat)
}

// Progress returns w if it is a terminal, else nil: progress lines are for
// people watching, not for CI logs.
func Progress(w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return w
}

// execute runs the target once.
func (x *explorer) execute(prefix []int, strat chooser) (*execResult, error) {
	r := &execResult{}
	s := newSchedulerFrom(prefix, strat, x.t.Root < 0, &x.o, x.spare)
	if n := x.choiceHint + 16; n > cap(s.choices.units) {
		s.choices.units = make([]choiceUnit, 0, n)
	}
	defer func() { x.choiceHint = len(s.choices.units) }()
	r.sched = s
	if x.stopFn == nil {
		x.stopFn = x.stop
	}
	s.outOfTime = x.stopFn
	if s.regionsOnly {
		s.inLibrary = x.hab.contains(x.t)
	}
	if x.prof != nil {
		s.prof = x.prof.newRun()
	}
	if dc, ok := strat.(*dporChoice); ok {
		dc.s = s
		var spare *dporRun
		if x.spare != nil {
			spare = x.spare.track
		}
		s.track = newDporRun(dc.d, spare)
		// No execution can follow this one (the execution budget): a
		// long one is not analysed (dporRun.last). Join points, shards
		// and workers read DPOR's records for more than the next
		// execution: they keep them.
		s.track.last = x.o.Execs-x.res.Executions <= 1 && !x.worker && dc.d.shards <= 1 && dc.d.joins == nil && x.o.Resume == ""
	}
	x.spare = nil
	if a, ok := strat.(interface{ attach(*scheduler) }); ok {
		a.attach(s) // guided.go, jrf.go
	}
	// The memory of the execution's hooks, outcome and output is the
	// last execution's, except in an execution run inside another
	// (raceVerdict's).
	b := x.bufs
	if b == nil || x.inExec {
		b = x.newExecBufs()
		if !x.inExec {
			x.bufs = b
		}
	}
	if !x.inExec {
		x.inExec = true
		defer func() { x.inExec = false }()
	}
	b.r, b.s, b.failures = r, s, b.failures[:0]
	b.out = interp.Outcome{}
	b.stdout.Reset()
	hits := 0
	hooks := b.hooks
	delete(hooks, exploreHook)
	delete(hooks, benignHook)
	if x.t.Root >= 0 && x.snap == nil {
		// Run the test up to the vt.Check call once, and snapshot it there:
		// every execution starts from that snapshot.
		hooks := map[string]interp.Hook{exploreHook: func(c *interp.HookCall) interp.HookAction {
			if c.Args[0].String() != x.t.Test {
				return interp.HookAction{}
			}
			hit := hits
			hits++
			if hit != x.t.Root {
				return interp.HookAction{}
			}
			return interp.HookAction{Call: c.Args[2], Root: true, Snapshot: func(sn *interp.Snapshot) { x.snap = sn }}
		}}
		setupStart := time.Now()
		_, err := x.t.Prog.RunTest(x.t.Pkg, x.t.Test, interp.RunOptions{MaxSteps: setupSteps(x.o.Steps), Hooks: hooks, Seed: x.o.Seed, Stop: x.setupStop, Short: x.o.Short})
		x.res.Setup += time.Since(setupStart)
		if stoppedErr(err) {
			r.stopped = true
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		if x.snap == nil {
			return nil, fmt.Errorf("vt: the interpreted %s did not reach its vt.Check call #%d (does the test reach it deterministically?)", x.t.Test, x.t.Root+1)
		}
		if d := x.snap.Dropped(); len(d) > 0 {
			return nil, droppedError(x.t, d)
		}
		// Loading, initialization and the test's code before the call are
		// done once; the budget is for exploring.
		if !x.worker {
			x.start, x.toolAtStart = time.Now(), x.toolNow()
		}
	}
	if x.t.Root < 0 {
		// A whole test or main: the functions of its vt.Check calls run
		// inline, once per execution.
		hooks[exploreHook] = b.exploreHook
		if x.snap == nil && !x.initGoroutines {
			// Initialize the packages once; every execution starts from
			// the state after initialization.
			var err error
			opts := interp.RunOptions{MaxSteps: setupSteps(x.o.Steps), Seed: x.o.Seed, Stop: x.setupStop, Short: x.o.Short}
			setupStart := time.Now()
			if x.t.Test != "" {
				x.snap, err = x.t.Prog.SnapshotTest(x.t.Pkg, x.t.Test, opts)
			} else {
				x.snap, err = x.t.Prog.SnapshotMain(x.t.Pkg, opts)
			}
			x.res.Setup += time.Since(setupStart)
			if stoppedErr(err) {
				r.stopped = true
				return r, nil
			}
			if err != nil {
				return nil, &InitError{Pkg: strings.TrimSuffix(x.t.Pkg.Pkg.Path(), "_test"), Err: err}
			}
			if len(x.snap.Dropped()) > 0 {
				// Goroutines the initialization started would not run
				// in the snapshot's executions.
				x.snap.Release()
				x.snap, x.initGoroutines = nil, true
			}
			if !x.worker {
				x.start, x.toolAtStart = time.Now(), x.toolNow()
			}
		}
	}
	out := &b.out
	obs := x.observer(hooks, s)
	if b, ok := strat.(interface{ benign(interp.Addr) }); ok {
		benignTo(hooks, b.benign) // jrf.go
	}
	det := obs.race
	stdout := &b.stdout
	hashStates := false
	if p, ok := strat.(preparer); ok {
		hashStates = p.prepare(x, s, obs, stdout)
	}
	opts := interp.RunOptions{Scheduler: s, MaxSteps: x.stepBound(), MoreSteps: x.moreSteps(s), WaitAll: true, Outcome: out, Hooks: hooks, Seed: x.o.Seed,
		Observer: obs, IgnoreMemory: det == nil && s.track == nil && x.share == nil && obs.esp == nil && s.watch == nil, ReportNew: s.track != nil || x.share != nil, Stop: x.stopFn, DatagramLoss: true, Short: x.o.Short}
	if x.initGoroutines {
		opts.OnRoot = func() { s.started, r.rootFound = true, true }
	}
	opts.HashStates = hashStates || x.attachJoins(s, obs, stdout)
	if x.onExec != nil || x.collect {
		opts.Stdout = stdout
		defer func() { r.out = stdout.String() }()
	}
	var err error
	switch {
	case x.snap != nil:
		s.started = true
		r.rootFound = true
		err = x.snap.Run(opts)
		if x.t.Root < 0 && x.t.Test != "" {
			tr := x.snap.TestResult()
			if tr.Failed && len(b.failures) == 0 {
				// The test failed through its *testing.T (t.Error,
				// t.Fatal, testify): its log lines are the message.
				b.failures = append(b.failures, testFailure(tr.Output))
			}
			r.skip = skipMessage(tr)
		}
	case x.t.Test != "":
		var tr interp.TestResult
		tr, err = x.t.Prog.RunTest(x.t.Pkg, x.t.Test, opts)
		if tr.Failed && len(b.failures) == 0 {
			// The test failed through its *testing.T (t.Error, t.Fatal,
			// testify): its log lines are the message.
			b.failures = append(b.failures, testFailure(tr.Output))
		}
		r.skip = skipMessage(tr)
	default:
		_, err = x.t.Prog.RunMain(x.t.Pkg, opts)
	}
	r.steps = out.Steps
	x.annotated = x.annotated || obs.annotated
	if s.track != nil {
		// Close the last transition: from here on the run is only read
		// (by the search, and by a worker's own DPOR, parallel.go).
		s.track.endTransition()
	}
	if det != nil {
		r.warnings = warnings(det, x.t.Prog)
	}
	if s.match != nil && stoppedErr(err) {
		if kind, msg := s.match.verdict(out.AfterMain); kind != "" {
			r.kind, r.message, r.goroutines = kind, msg, out.Goroutines
			if kind == "leak" {
				r.goroutines = userGoroutines(out.Goroutines)
			}
			return r, nil
		}
	}
	if s.budgetStop && stoppedErr(err) {
		r.stopped = true
		return r, nil
	}
	if s.abandoned && stoppedErr(err) {
		r.abandoned = true
		return r, nil
	}
	ended := err == nil || stepLimitErr(err) || stoppedErr(err)
	if f := obs.perm.fault; f != nil && !obs.raceFirst && ended {
		// A permission violation: the annotation panics there.
		permVerdict(r, f)
		return r, nil
	}
	if det != nil && det.Race() != nil && ended {
		// A data race comes first: what happened after it is undefined.
		x.raceVerdict(r, det)
		return r, nil
	}
	switch {
	case stoppedErr(err):
		r.stopped = true
		return r, nil
	case stepLimitErr(err) && out.AfterMain:
		// Goroutines that outlive the function and never stop (a ticker
		// nobody stops, a loop nobody ends) leak as surely as blocked ones.
		r.kind = "leak"
		r.message = fmt.Sprintf("the function returned while goroutines kept running: still running %d steps later", x.stepBound())
		r.goroutines = userGoroutines(out.Goroutines)
		return r, nil
	case stepLimitErr(err):
		r.kind, r.goroutines = "steps", out.Goroutines
		if s.fair.livelocked() {
			r.message = fmt.Sprintf("livelock: the goroutines keep spinning and none makes progress, under a fair schedule (%s)", x.boundWords())
		} else {
			r.message = fmt.Sprintf("step bound reached: the execution did not end within %d steps (an unbounded loop, or a long execution: raise -steps)", x.o.Steps)
		}
		return r, nil
	case err != nil:
		return nil, err
	}
	if x.t.Root >= 0 && !r.rootFound {
		return nil, fmt.Errorf("vt: the interpreted %s did not reach its vt.Check call #%d (does the test reach it deterministically?)", x.t.Test, x.t.Root+1)
	}
	switch {
	case out.Kind == interp.Panicked:
		r.kind, r.message, r.goroutines = "panic", "panic: "+strings.TrimRight(out.Message, "\n"), out.Goroutines
	case out.Kind == interp.Fatal:
		r.kind, r.message, r.goroutines = "panic", "fatal error: "+out.Message, out.Goroutines
	case len(b.failures) > 0:
		r.kind, r.message = "assert", strings.Join(b.failures, "\n")
	case out.Kind == interp.Deadlocked:
		r.kind, r.message, r.goroutines = "deadlock", "fatal error: "+out.Message, userGoroutines(out.Goroutines)
	case out.Kind == interp.Leaked:
		r.kind, r.goroutines = "leak", userGoroutines(out.Goroutines)
		r.message = "the function returned while goroutines remain blocked forever"
		if out.Timers > 0 {
			r.message = "the function returned while goroutines remain blocked, forever or waiting only for timers"
		}
		if out.Finalizers > 0 {
			r.message += fmt.Sprintf(" (%d finalizers were set: finalizers never run under vt, so goroutines that one would stop remain)", out.Finalizers)
		}
	}
	return r, nil
}

// offCheckGoroutine reports whether a stack that called vt.T's FailNow,
// Fatal or Fatalf (method, as the program called it) belongs to a
// goroutine other than the one running the function of vt.Check: that
// goroutine's stack goes through Check's body.
func offCheckGoroutine(stack []interp.StackFrame) (method string, off bool) {
	method = "FailNow"
	for _, f := range stack {
		if strings.HasPrefix(f.Func, vtPkg+".Check.") {
			return method, false
		}
		if m, ok := strings.CutPrefix(f.Func, vtPkg+".(*T)."); ok && m != "fail" {
			method = m
		}
	}
	return method, true
}

// autoSteps is the interval at which an execution is checked for progress
// when no step bound is set (Options.Steps 0): one that is spinning
// without effect (see fairness.livelocked) is a livelock; one that still
// makes progress goes on, bounded only by the time budget. Goroutines that
// keep running after the function returned get autoSteps steps.
const autoSteps = 1_000_000

// spinStepsPerPoint is the most steps per scheduling point, on average over
// an interval of autoSteps steps, of goroutines that spin (see
// fairness.stillSpinning): a spin loop takes a few steps per iteration.
const spinStepsPerPoint = 16

// stepBound is the MaxSteps of an execution.
func (x *explorer) stepBound() int64 {
	if x.o.Steps > 0 {
		return x.o.Steps
	}
	return autoSteps
}

// moreSteps is the MoreSteps of an execution under scheduler s: without
// a step bound set, an execution that reached autoSteps steps goes on while
// it makes progress and the function has not returned.
func (x *explorer) moreSteps(s *scheduler) func(bool) bool {
	if x.o.Steps > 0 {
		return nil
	}
	return func(afterMain bool) bool { return !afterMain && !s.fair.stillSpinning(autoSteps/spinStepsPerPoint) }
}

// boundWords says which bound a livelock verdict reached.
func (x *explorer) boundWords() string {
	if x.o.Steps > 0 {
		return fmt.Sprintf("step bound of %d steps reached", x.o.Steps)
	}
	return fmt.Sprintf("no progress in the last %d steps", autoSteps)
}

// stoppedErr reports whether err says that the run was stopped by
// RunOptions.Stop (the budget ran out inside it).
func stoppedErr(err error) bool {
	if err == nil {
		return false
	}
	var se *interp.StoppedError
	return errors.As(err, &se)
}

// stepLimitErr reports whether err says that the run reached its step
// bound.
func stepLimitErr(err error) bool {
	if err == nil {
		return false
	}
	var sle *interp.StepLimitError
	return errors.As(err, &sle)
}

// execBufs is the memory of an execution's hooks, outcome and output,
// which the next execution reuses (execute).
type execBufs struct {
	r        *execResult
	s        *scheduler
	failures []string
	out      interp.Outcome
	stdout   strings.Builder
	// hooks are the execution's hooks: the report and log hooks, which
	// write to r and failures, and exploreHook and benignHook, set per
	// execution.
	hooks       map[string]interp.Hook
	exploreHook interp.Hook // of a whole test or main (t.Root < 0)
}

// newExecBufs returns the memory of an execution of x.
func (x *explorer) newExecBufs() *execBufs {
	b := &execBufs{}
	b.hooks = map[string]interp.Hook{
		reportHook: func(c *interp.HookCall) interp.HookAction {
			msg := c.Args[1].String()
			site := failureSite(c.G.Stack(), x.t.Prog)
			if msg == "" {
				if len(b.failures) > 0 {
					// FailNow after a reported failure (require.X):
					// nothing new to say.
					return interp.HookAction{}
				}
				msg = "failed"
			}
			b.failures = append(b.failures, site+msg)
			if c.Args[2].Bool() {
				if method, ok := offCheckGoroutine(c.G.Stack()); ok {
					b.failures = append(b.failures, fmt.Sprintf("%st.%s called from goroutine %d, not from the goroutine running the function: "+
						"FailNow, Fatal and Fatalf must be called from the goroutine running the function; elsewhere they stop only the calling goroutine and the function goes on",
						site, method, c.G.ID()))
				}
			}
			return interp.HookAction{}
		},
		logHook: func(c *interp.HookCall) interp.HookAction {
			b.r.logs = append(b.r.logs, failureSite(c.G.Stack(), x.t.Prog)+c.Args[1].String())
			return interp.HookAction{}
		},
		hostHook: hostCallHook, // host.go
	}
	b.exploreHook = func(c *interp.HookCall) interp.HookAction {
		x.codeOptions(c.Args[3].String(), b.s)
		return interp.HookAction{Call: c.Args[2]}
	}
	return b
}

// testFailure returns the log lines of a failed test's go test -v output,
// without its === and --- lines.
func testFailure(output string) string {
	lines := logLines(output)
	if len(lines) == 0 {
		return "the test failed"
	}
	return strings.Join(lines, "\n")
}

// skipMessage is the message of a test that skipped itself (its log
// lines; "skipped" without any), or "" when it did not skip or failed.
func skipMessage(tr interp.TestResult) string {
	if !tr.Skipped || tr.Failed {
		return ""
	}
	lines := logLines(tr.Output)
	if len(lines) == 0 {
		return "skipped"
	}
	return strings.Join(lines, "; ")
}

// logLines are the log lines of a test's go test -v output, trimmed,
// without its === and --- lines.
func logLines(output string) []string {
	var lines []string
	for _, l := range strings.Split(output, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- ") {
			continue
		}
		lines = append(lines, t)
	}
	return lines
}

// userGoroutines drops the test harness's own goroutines (parents blocked
// in t.Run) from a report.
func userGoroutines(gs []interp.GoroutineInfo) []interp.GoroutineInfo {
	var out []interp.GoroutineInfo
	for _, g := range gs {
		if g.Op != interp.OpTestRun {
			out = append(out, g)
		}
	}
	return out
}

// failureSite returns "file.go:line: " of the innermost frame of stack
// outside package vt and testify.
func failureSite(stack []interp.StackFrame, prog *interp.Program) string {
	for _, f := range stack {
		if isHarness(f.Func) {
			continue
		}
		pos := prog.Position(f.Pos)
		return fmt.Sprintf("%s:%d: ", baseName(pos.Filename), pos.Line)
	}
	return ""
}

func isHarness(fn string) bool {
	fn = strings.TrimLeft(fn, "(*")
	for _, p := range []string{vtPkg + ".", "github.com/stretchr/testify/", "testing."} {
		if strings.HasPrefix(fn, p) {
			return true
		}
	}
	return false
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

func (x *explorer) failure(r *execResult) *Failure {
	p := x.t.Prog
	f := &Failure{Kind: r.kind, Message: r.message, Execution: x.res.Executions, Logs: r.logs}
	for _, g := range r.goroutines {
		gr := GoroutineReport{ID: g.ID, Op: g.Op.String(), CreatedBy: g.Creator, Test: g.Test}
		if g.CreatedAt.IsValid() {
			gr.CreatedAt = p.Position(g.CreatedAt).String()
		}
		for _, fr := range g.Stack {
			if isHarness(fr.Func) {
				continue
			}
			gr.Stack = append(gr.Stack, Frame{Func: fr.Func, Pos: p.Position(fr.Pos).String()})
		}
		f.Goroutines = append(f.Goroutines, gr)
	}
	f.Points = r.sched.points
	if r.kind == "race" {
		f.RaceAt = r.sched.raceAt
	}
	for _, st := range r.sched.trace {
		step := Step{G: st.g, Op: st.op.String(), Pos: p.Position(st.pos).String()}
		if st.early > 0 {
			step.Early = (st.early - 1).String()
		}
		f.Schedule = append(f.Schedule, step)
	}
	tok := Token{Hash: p.SourceHash(), Transactions: r.sched.transactions()}
	tok.Choices = r.sched.choices.vals(r.sched.choices.len())
	f.Replay = tok.String()
	if r.race != nil {
		f.Race = x.raceInfo(r.race)
	}
	return f
}

// replay runs exactly the execution of a token.
func (x *explorer) replay(s string) (*Result, error) {
	tok, err := ReadToken(s)
	if err != nil {
		return nil, err
	}
	if h := x.t.Prog.SourceHash(); tok.Hash != h {
		return nil, fmt.Errorf("vt: stale replay token: it was recorded for program %s, but the program is now %s (the source changed); run the exploration again to get a new token", tok.Hash, h)
	}
	x.o.Transactions = tok.Transactions // as the execution ran
	r, err := x.execute(tok.Choices, firstChoice{})
	if err != nil {
		return nil, err
	}
	x.last = r
	x.res.Executions = 1
	x.res.Steps = r.steps
	x.res.MaxDepth = r.sched.choices.len()
	if r.sched.diverged || r.sched.choices.len() < len(tok.Choices) {
		return nil, fmt.Errorf("vt: replay token does not fit the program's executions (made for another test or options?)")
	}
	if r.kind != "" {
		x.res.Verdict = r.kind
	}
	x.res.Failure = x.failure(r)
	if r.kind == "" {
		x.res.Failure.Kind = "ok"
	}
	return x.res, x.draw(r, x.res.Failure)
}

// setupSteps bounds the run that initializes the packages and reaches the
// root of the exploration: it is no execution, and package initialization
// (net/http's, imported by testify, is some 14,000 steps) must not count
// against the step bound of one (steps).
func setupSteps(steps int64) int64 {
	if steps <= 0 {
		return 0
	}
	return max(steps, 1<<24)
}

// droppedError says that goroutines started before the vt.Check call
// would not run in its executions (each starts with the function alone):
// exploring without them would report what cannot happen, such as a
// client waiting forever for a server that is not there.
func droppedError(t Target, gs []interp.GoroutineInfo) error {
	var sb strings.Builder
	for i, g := range gs {
		if i == 3 {
			fmt.Fprintf(&sb, "; and %d more", len(gs)-i)
			break
		}
		if i > 0 {
			sb.WriteString("; ")
		}
		fn := "?"
		if len(g.Stack) > 0 {
			fn = g.Stack[len(g.Stack)-1].Func
		}
		pos := t.Prog.Position(g.CreatedAt)
		fmt.Fprintf(&sb, "goroutine %d (%s, created at %s:%d)", g.ID, fn, filepath.Base(pos.Filename), pos.Line)
	}
	return fmt.Errorf("vt: %s: goroutines started before vt.Check do not run in its executions: %s; start them (servers included) in the function given to vt.Check", t.Test, sb.String())
}

// codeOptions applies, in a whole-test exploration, the options a vt.Check
// call of the test gives in code (settings: NAME=VALUE lines) that shape
// its executions from the call on — clock, enumerate and udploss — and
// records its expected verdict, unless the same option was given
// explicitly (flag or environment), which wins. The other options (budgets, strategy, race
// detection) are the exploration's, set for the whole test.
func (x *explorer) codeOptions(settings string, s *scheduler) {
	if settings == "" {
		return
	}
	given := map[string]string{}
	for _, line := range strings.Split(strings.TrimSuffix(settings, "\n"), "\n") {
		name, v, _ := strings.Cut(line, "=")
		if !x.o.Given[name] {
			given[name] = v
		}
	}
	co, err := ParseOptions(given)
	if err != nil {
		// vt.Check reports a bad option when the test runs natively;
		// here the exploration's own options stand.
		return
	}
	if _, ok := given["clock"]; ok {
		c := mustClock(co.Clock)
		s.synctest, s.short = c.synctest, c.short
	}
	if _, ok := given["enumerate"]; ok {
		s.enumerate = co.Enumerate
	}
	if _, ok := given["udploss"]; ok {
		s.udpLoss = co.UDPLoss
	}
	if _, ok := given["expect"]; ok && x.o.Expect == "" {
		x.res.Expect = co.Expect
		s.expect, s.expectSet = co.Expect, true
	}
}
