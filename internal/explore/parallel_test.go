package explore

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// searchTrace is what an exploration reports and the sequence of the
// executions it took (each execution's verdict and output).
type searchTrace struct {
	verdict, foundBy, replay string
	executions, pruned       int
	failedIn                 int
	exhaustive               bool
	bound                    int
	execs                    []string
}

func traceSearch(t *testing.T, target Target, o Options) searchTrace {
	t.Helper()
	var tr searchTrace
	res, err := explore(target, o, nil, func(out, kind string) { tr.execs = append(tr.execs, kind+": "+out) })
	require.NoError(t, err)
	tr.verdict, tr.foundBy, tr.executions, tr.pruned = res.Verdict, res.FoundBy, res.Executions, res.SleepPruned
	tr.exhaustive, tr.bound = res.Exhaustive, res.Bound
	if res.Failure != nil {
		tr.replay, tr.failedIn = res.Failure.Replay, res.Failure.Execution
	}
	return tr
}

// genTargets writes n generated programs (genProgram) and returns their
// tests as targets.
func genTargets(t *testing.T, seed int64, n int) []Target {
	t.Helper()
	dir := t.TempDir()
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n"
	rng := rand.New(rand.NewSource(seed))
	for i := range n {
		src += genProgram(rng, fmt.Sprintf("TestP%d", i))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module gen\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gen_test.go"), []byte(src), 0o644))
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	var ts []Target
	for i := range n {
		name := fmt.Sprintf("TestP%d", i)
		pkg, err := TestPackage(prog, name, "")
		require.NoError(t, err)
		ts = append(ts, Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name})
	}
	return ts
}

// Exploring on several cores takes the same executions in the same order
// as on one, and reports the same verdict, failure (with its schedule and
// execution number), counts and coverage, whatever the timing: for every
// strategy, on labeled programs (a failure of each kind) and on generated
// ones with races (race detection on: the first race is the failure).
func TestParallelSameAsSequential(t *testing.T) {
	targets := genTargets(t, 5, 6)
	for _, name := range []string{"TestOK", "TestDeadlock", "TestLeak", "TestPanic", "TestAssert"} {
		targets = append(targets, verdictTarget(t, name))
	}
	strategies := []string{"portfolio", "dpor", "dfs", "random", "pct"}
	if testing.Short() {
		strategies = strategies[:2]
	}
	for _, target := range targets {
		for _, strategy := range strategies {
			t.Run(target.Name+"/"+strategy, func(t *testing.T) {
				o := DefaultOptions()
				o.Strategy, o.Execs, o.Steps, o.Time = strategy, 300, 20000, time.Hour
				o.Parallel = 1
				want := traceSearch(t, target, o)
				require.NotEmpty(t, want.execs)
				for _, p := range []int{2, 3, 2} {
					o.Parallel = p
					got := traceSearch(t, target, o)
					require.Equal(t, want, got, "-parallel %d", p)
				}
			})
		}
	}
}

// The workers speed up an exhaustive search (the executions they run ahead
// are taken): on the generated programs that need many executions, most
// executions the search takes were run by workers.
func TestParallelWorkersAreUsed(t *testing.T) {
	target := verdictTarget(t, "TestOK")
	o := DefaultOptions()
	o.Strategy, o.Preempt, o.Time, o.Parallel = "dfs", -1, time.Hour, 3
	testWaitForWorkers = true
	defer func() { testWaitForWorkers = false }()
	res, err := Explore(target, o, nil)
	require.NoError(t, err)
	require.True(t, res.Exhaustive)
	t.Logf("%s of %d executions", res.ParallelStats(), res.Executions)
	assert.Greater(t, res.SpecUsed, res.Executions/3, "%s of %d executions", res.ParallelStats(), res.Executions)
}

// committedSchedules runs the exploration and returns the schedules (the
// values of every execution's choices) of the executions it took, in
// order, with its result.
func committedSchedules(t *testing.T, target Target, o Options) ([]string, *Result) {
	t.Helper()
	var scheds []string
	testCommitted = func(r *execResult) {
		vals := make([]int, r.sched.choices.len())
		for i, c := range r.sched.choices.all() {
			vals[i] = c.val
		}
		scheds = append(scheds, fmt.Sprint(r.kind, vals))
	}
	defer func() { testCommitted = nil }()
	res, err := Explore(target, o, nil)
	require.NoError(t, err)
	return scheds, res
}

// DPOR on several cores takes whole subtrees that workers explored (and
// split further among themselves), and still takes exactly the executions
// of the sequential search, schedule for schedule, with or without a
// preemption bound: on classic benchmarks with many executions and on
// generated programs.
func TestParallelDPORTakesSubtrees(t *testing.T) {
	targets := []Target{classicTarget(t, "TestIndexer13"), classicTarget(t, "TestCAS4"), classicTarget(t, "TestProbe")}
	targets = append(targets, genTargets(t, 11, 16)...)
	for _, held := range []int{1024, 3} {
		// 3: workers hand back unfinished subtrees, which the search
		// (or the worker that took them) goes on exploring.
		defer func(old int) { maxSubtreeExecs = old }(maxSubtreeExecs)
		maxSubtreeExecs = held
		t.Run(fmt.Sprint("held=", held), func(t *testing.T) { dporTakesSubtrees(t, targets) })
	}
}

func dporTakesSubtrees(t *testing.T, targets []Target) {
	for _, target := range targets {
		for _, preempt := range []int{-1, 1} {
			t.Run(fmt.Sprintf("%s/preempt=%d", target.Name, preempt), func(t *testing.T) {
				o := DefaultOptions()
				o.Strategy, o.Preempt, o.Steps, o.Time, o.Execs = "dpor", preempt, 20000, time.Hour, 3000
				o.Parallel = 1
				want, wres := committedSchedules(t, target, o)
				testWaitForWorkers = true
				defer func() { testWaitForWorkers = false }()
				for _, p := range []int{2, 3} {
					o.Parallel = p
					got, res := committedSchedules(t, target, o)
					require.Equal(t, want, got, "-parallel %d", p)
					assert.Equal(t, wres.Verdict, res.Verdict)
					assert.Equal(t, wres.Exhaustive, res.Exhaustive)
					assert.Equal(t, wres.SleepPruned, res.SleepPruned)
					if target.Name == "TestIndexer13" && preempt < 0 && maxSubtreeExecs > 100 {
						// The search waits for the workers to start
						// the subtrees it queued (testWaitForWorkers).
						assert.Positive(t, res.SpecUsed, "%s of %d executions", res.ParallelStats(), res.Executions)
					}
				}
			})
		}
	}
}
