package explore

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// The programs of issue 11 (testdata/semantics): budgets that hold, leaks
// once the test returned, fair schedules, and testing's rules. Each was
// judged wrongly before (a hang, a false livelock or race, a silent
// misuse, a crash of the model).

// semanticsTarget returns test (a test or benchmark of testdata/semantics,
// "TestX/sub" for a subtest) explored as vt test does (root -1) or its
// vt.Check call root.
func semanticsTarget(t *testing.T, test string, root int) Target {
	t.Helper()
	dir, err := filepath.Abs("testdata/semantics")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	top, _, _ := strings.Cut(test, "/")
	pkg, err := TestPackage(prog, top, "")
	require.NoError(t, err)
	return Target{Prog: prog, Pkg: pkg, Test: test, Root: root, Name: test}
}

type semanticsCase struct {
	test    string
	root    int // -1: the whole test, as vt test explores it
	verdict string
	message string // a regular expression the failure's message matches
	opts    func(*Options)
}

func exploreCase(t *testing.T, tc semanticsCase) *Result {
	t.Helper()
	o := DefaultOptions()
	o.Time = 20 * time.Second
	if tc.opts != nil {
		tc.opts(&o)
	}
	res, err := Explore(semanticsTarget(t, tc.test, tc.root), o, nil)
	require.NoError(t, err)
	require.Equal(t, tc.verdict, res.Verdict, "%s", FormatReport(res, tc.test, "go test"))
	if tc.message != "" {
		require.NotNil(t, res.Failure)
		assert.Regexp(t, tc.message, res.Failure.Message)
	}
	return res
}

// When the test has returned, the execution ends: goroutines left blocked,
// or waiting only for timers, leak at once, with their stacks and where
// they were created; running ones get the step bound.
func TestLeaksWhenTheTestReturns(t *testing.T) {
	for _, tc := range []semanticsCase{
		{test: "TestLeakBlocked", root: -1, verdict: "leak", message: "remain blocked, forever or waiting only for timers$"},
		{test: "TestLeakTicker", root: -1, verdict: "leak", message: "waiting only for timers$"},
		{test: "TestLeakSleepLoop", root: -1, verdict: "leak", message: "waiting only for timers$"},
		{test: "TestLeakRunning", root: -1, verdict: "leak", message: "kept running", opts: func(o *Options) { o.Steps = 20000 }},
	} {
		t.Run(tc.test, func(t *testing.T) {
			semanticsTarget(t, tc.test, tc.root) // loaded once, not timed
			start := time.Now()
			res := exploreCase(t, tc)
			assert.Less(t, time.Since(start), 10*time.Second, "a leak ends the first execution (it used to run forever); generous for a loaded machine")
			f := res.Failure
			assert.Equal(t, 1, f.Execution)
			require.Len(t, f.Goroutines, 1, "the leaked goroutine, not the test's")
			g := f.Goroutines[0]
			assert.NotEmpty(t, g.Stack)
			assert.Contains(t, g.Stack[0].Pos, "budget_test.go:")
			assert.Contains(t, g.CreatedAt, "budget_test.go:", "where the goroutine was created")
			assert.Equal(t, 2, g.CreatedBy, "the test's goroutine (go test's main is goroutine 1)")
		})
	}
}

// A leaked goroutine created (at any depth) by a subtest's goroutine is
// reported with that subtest's name: which of a test's subtests leaked is
// otherwise hard to tell from goroutine numbers.
func TestLeakNamesItsSubtest(t *testing.T) {
	res := exploreCase(t, semanticsCase{test: "TestLeakInSubtest", root: -1, verdict: "leak"})
	f := res.Failure
	require.Len(t, f.Goroutines, 1)
	assert.Equal(t, "TestLeakInSubtest/leaky_one", f.Goroutines[0].Test)
	assert.Contains(t, FormatReport(res, "TestLeakInSubtest", "go test"), "in subtest TestLeakInSubtest/leaky_one\n")
	assert.Contains(t, string(JSON(res, "TestLeakInSubtest")), `"test":"TestLeakInSubtest/leaky_one"`)
}

// A program that never ends stops at the time budget, also inside one
// execution that never reaches a scheduling point: nothing found, and the
// summary says the budget was spent — the time, also when that execution
// was the only one the execution budget allowed (-execs 1: it was reported
// as "execs", and counted as a test that ran to its end). No execution
// ended, so the verdict is "unexplored", never ok.
func TestBudgetHoldsInsideAnExecution(t *testing.T) {
	for _, test := range []string{"TestEndless", "TestEndlessCompute", "TestEndlessCompute/execs1"} {
		t.Run(test, func(t *testing.T) {
			test, execs1 := strings.CutSuffix(test, "/execs1")
			prog := semanticsTarget(t, test, -1).Prog // loaded once, not timed
			start, tool := time.Now(), prog.ToolTime()
			res := exploreCase(t, semanticsCase{test: test, root: -1, verdict: "unexplored", opts: func(o *Options) {
				o.Steps = 1 << 40
				o.Time = time.Second
				if execs1 {
					o.Execs = 1
				}
			}})
			// The go command's compilations (allocation counts) are
			// set-up, not charged to the budget: not to this wall clock
			// either (under load they took seconds).
			assert.Less(t, time.Since(start)-(prog.ToolTime()-tool), 2500*time.Millisecond)
			assert.Contains(t, res.Unexplored, "the time budget (1s) ran out before any execution ended")
			assert.Contains(t, string(JSON(res, test)), `"verdict":"unexplored"`)
			assert.Equal(t, "time", res.Budget)
			assert.Equal(t, 1, res.StoppedIn)
			assert.False(t, res.Exhaustive)
			assert.Equal(t, "sampled with portfolio, time budget spent in execution 1, not exhaustive", Coverage(res))
			assert.Contains(t, string(JSON(res, test)), `"budget":"time"`)
		})
	}
}

// The test's code before its vt.Check call is set-up, not exploration: a
// budget shorter than that set-up still explores the function to its end
// (it used to stop in the set-up and say ok after no execution), and the
// set-up's time is reported apart.
func TestSetupNotChargedToTheBudget(t *testing.T) {
	semanticsTarget(t, "TestSlowSetup", 0) // loaded once
	res := exploreCase(t, semanticsCase{test: "TestSlowSetup", root: 0, verdict: "ok", opts: func(o *Options) {
		o.Time = 50 * time.Millisecond
	}})
	require.Greater(t, res.Setup, 50*time.Millisecond, "the set-up must take longer than the budget for this test to mean something")
	assert.True(t, res.Exhaustive, "%d executions in %s after a set-up of %s", res.Executions, res.Elapsed, res.Setup)
	assert.Empty(t, res.Unexplored)
	assert.Contains(t, string(JSON(res, "TestSlowSetup")), `"setup_ms":`)
}

// Spinning goroutines (Gosched, polling, TryLock, CompareAndSwap, closed
// channels, a TryAcquire behind a mutex) never starve the goroutine they
// wait for, under any strategy: no false livelock.
func TestFairSchedules(t *testing.T) {
	for _, test := range []string{"TestSpinGosched", "TestSpinPoll", "TestSpinTryLock", "TestSpinCAS", "TestSpinClosedChannel", "TestSpinTryAcquire"} {
		for _, strategy := range []string{"dfs", "random", "pct"} {
			t.Run(test+"/"+strategy, func(t *testing.T) {
				res := exploreCase(t, semanticsCase{test: test, root: -1, verdict: "ok", opts: func(o *Options) {
					o.Strategy, o.Execs, o.Steps = strategy, 300, 200000
				}})
				assert.Equal(t, 300, res.Executions)
			})
		}
	}
}

// A real livelock is still one; a long execution that progresses is not.
func TestLivelockAndStepBound(t *testing.T) {
	for _, strategy := range []string{"dfs", "random", "pct"} {
		t.Run("TestLivelock/"+strategy, func(t *testing.T) {
			exploreCase(t, semanticsCase{test: "TestLivelock", root: -1, verdict: "steps", message: "^livelock: ", opts: func(o *Options) {
				o.Strategy, o.Steps, o.Seed = strategy, 20000, 1
			}})
		})
	}
	exploreCase(t, semanticsCase{test: "TestStepBound", root: -1, verdict: "steps", message: "^step bound reached: ", opts: func(o *Options) { o.Steps = 20000 }})
}

// testing's rules, as vt test explores the tests.
func TestTestingRules(t *testing.T) {
	for _, tc := range []semanticsCase{
		{test: "TestRunEdges", root: -1, verdict: "ok"},
		{test: "TestParallelWaitsForParent", root: -1, verdict: "ok"},
		{test: "TestParallelInterleavings", root: -1, verdict: "assert", message: `order "ba"`},
		{test: "TestParallelRace", root: -1, verdict: "race"},
		{test: "TestLateLog", root: -1, verdict: "panic", message: `^panic: Log in goroutine after TestLateLog has completed: late$`},
		{test: "TestLateFail", root: -1, verdict: "panic", message: `^panic: Fail in goroutine after TestLateFail has completed$`},
		{test: "TestLateLogSubtest", root: -1, verdict: "ok"},
		{test: "TestFatalFromGoroutine", root: -1, verdict: "assert", message: `testing_test.go:\d+: from a goroutine\n.*testing_test.go:\d+: t.Fatal called from goroutine \d+, not from the test's goroutine 2: `},
		{test: "TestSkipFromGoroutine", root: -1, verdict: "assert", message: `t.Skip called from goroutine \d+, not from the test's goroutine 2`},
		{test: "TestCleanupOrder", root: -1, verdict: "ok"},
		{test: "TestContext", root: -1, verdict: "ok"},
		{test: "TestDeadline", root: -1, verdict: "ok"},
		{test: "TestSetenv", root: -1, verdict: "ok"},
		{test: "TestSetenvParallel", root: -1, verdict: "panic", message: `^panic: testing: test using t.Setenv or t.Chdir can not use t.Parallel$`},
		{test: "TestParallelTwice", root: -1, verdict: "panic", message: `^panic: testing: t.Parallel called multiple times$`},
		{test: "BenchmarkLoop", root: -1, verdict: "ok"},
		{test: "TestCheckLateLog", root: 0, verdict: "panic", message: `^panic: Log in goroutine after TestCheckLateLog has completed: late$`},
		{test: "TestCheckFatalFromGoroutine", root: 0, verdict: "assert", message: `check_test.go:\d+: t.Fatal called from goroutine \d+, not from the goroutine running the function`},
		{test: "TestCheckContext", root: 0, verdict: "ok"},
		{test: "TestCheckTable/case", root: 0, verdict: "ok"},
		{test: "TestCheckTable/case#01", root: 0, verdict: "ok"},
	} {
		t.Run(strings.ReplaceAll(tc.test, "/", "_"), func(t *testing.T) {
			res := exploreCase(t, tc)
			switch {
			case tc.verdict == "ok" && tc.test != "TestParallelInterleavings":
				assert.True(t, res.Exhaustive, "%d executions in %s after a set-up of %s", res.Executions, res.Elapsed, res.Setup)
			case tc.verdict == "panic" && strings.Contains(tc.test, "Late"):
				// The report shows the late call's goroutine.
				require.NotEmpty(t, res.Failure.Goroutines)
				g := res.Failure.Goroutines[0]
				assert.Equal(t, interp.OpRunning.String(), g.Op)
				require.NotEmpty(t, g.Stack)
				assert.Regexp(t, `(testing|check)_test\.go:\d+`, g.Stack[0].Pos)
			}
		})
	}
}

// Goroutines left blocked when the test returns get a grace period of
// virtual time: those that end within it do not leak.
func TestLeakGracePeriod(t *testing.T) {
	for _, tc := range []semanticsCase{
		{test: "TestGraceSleepEnds", root: -1, verdict: "ok", opts: func(o *Options) { o.Execs = 300 }},
		{test: "TestGraceSleepTooLong", root: -1, verdict: "leak", message: "waiting only for timers$"},
	} {
		t.Run(tc.test, func(t *testing.T) { exploreCase(t, tc) })
	}
}

// sync's runtime_Semacquire and runtime_Semrelease (reached by linkname,
// as sync's TestSemaphore does): blocking, counted, and a release happens
// before the acquire that takes its count.
func TestRuntimeSemaphores(t *testing.T) {
	for _, tc := range []semanticsCase{
		{test: "TestSemaPublish", verdict: "ok"},
		{test: "TestSemaRace", verdict: "race"},
		{test: "TestSemaCount", verdict: "leak", message: "remain blocked"},
		{test: "TestSemaDeadlock", verdict: "deadlock"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			res := exploreCase(t, tc)
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive, "every schedule explored")
			}
		})
	}
}

// testing/synctest: a bubble is a group of goroutines synctest.Test waits
// for (their ends happen before it returns); its fake clock is refused.
func TestSynctestBubbles(t *testing.T) {
	for _, tc := range []semanticsCase{
		{test: "TestSynctestJoins", root: -1, verdict: "ok"},
		{test: "TestSynctestFails", root: -1, verdict: "assert", message: "inside the bubble"},
		{test: "TestSynctestRace", root: -1, verdict: "race"},
		{test: "TestSynctestNoSubtests", root: -1, verdict: "panic", message: "t.Run called inside synctest bubble"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			res := exploreCase(t, tc)
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive, "every schedule explored")
			}
		})
	}
	t.Run("TestSynctestSleep", func(t *testing.T) {
		_, err := Explore(semanticsTarget(t, "TestSynctestSleep", -1), DefaultOptions(), nil)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "time.Sleep inside a testing/synctest bubble")
	})
}

// vt loads packages with the race build tag, as go test -race builds them:
// tests that skip under the race detector skip (and are reported so), and
// the standard library's race annotations are accesses (iter.Pull's next).
// exec.LookPath finds nothing: tests that need a tool skip.
func TestRaceBuild(t *testing.T) {
	for _, tc := range []struct {
		semanticsCase
		skipped string // a regular expression the skip message matches
	}{
		{semanticsCase: semanticsCase{test: "TestRaceBuildTag", root: -1, verdict: "ok"}},
		{semanticsCase: semanticsCase{test: "TestSkipUnderRace", root: -1, verdict: "ok"}, skipped: "racebuild_test.go:\\d+: too slow under the race detector"},
		{semanticsCase: semanticsCase{test: "TestLookPathFindsNothing", root: -1, verdict: "ok"}, skipped: `skipping test: exec: "go": not found: starting processes is not supported under vt`},
		{semanticsCase: semanticsCase{test: "TestPullNextRace", root: -1, verdict: "race"}},
		{semanticsCase: semanticsCase{test: "TestPullNextOrdered", root: -1, verdict: "ok"}},
	} {
		t.Run(tc.test, func(t *testing.T) {
			res := exploreCase(t, tc.semanticsCase)
			if tc.skipped == "" {
				assert.Empty(t, res.Skipped)
			} else {
				assert.Regexp(t, tc.skipped, res.Skipped)
			}
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive, "every schedule explored")
			}
		})
	}
}

// Goroutines that package initialization starts (a pool's janitor, a
// logging daemon) run in every execution of a whole test: the test they
// serve passes (with a snapshot after initialization they were left out,
// and it deadlocked), races with them are found, and, as go test does,
// they are not leaks when the test returns.
func TestInitGoroutinesRun(t *testing.T) {
	dir, err := filepath.Abs("testdata/initgo")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	for _, tc := range []struct{ test, verdict, message string }{
		{"TestServed", "ok", ""},
		{"TestRacesWithInit", "race", `initgo\.go:15:\d+ by goroutine 2`},
	} {
		t.Run(tc.test, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.test, "")
			require.NoError(t, err)
			o := DefaultOptions()
			o.Time = 20 * time.Second
			res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: -1, Name: tc.test}, o, nil)
			require.NoError(t, err)
			require.Equal(t, tc.verdict, res.Verdict, "%s", FormatReport(res, tc.test, "go test"))
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive)
			} else {
				assert.Regexp(t, tc.message, res.Failure.Message)
			}
		})
	}
}

// The time the program spends in the go command (interp.Program.ToolTime:
// the compilation for allocation counts) is not the exploration's: the
// budget leaves it out, in the explorer and in the copies its workers run.
func TestBudgetLeavesOutToolTime(t *testing.T) {
	tool := 10 * time.Second
	x := &explorer{o: Options{Time: time.Second}, start: time.Now().Add(-5 * time.Second), toolAtStart: 2 * time.Second,
		toolTime: func() time.Duration { return tool }, res: &Result{}}
	assert.False(t, x.timeSpent(), "5 s since the start, 8 of them in the go command")
	assert.InDelta(t, float64(-3*time.Second), float64(x.elapsed()), float64(time.Second))
	w := x.workerCopy(nil)
	assert.False(t, w.timeSpent(), "a worker leaves it out too")
	tool = 2 * time.Second
	assert.True(t, x.timeSpent(), "no time in the go command since the start: 5 s spent")
	assert.True(t, w.timeSpent())
}
