package explore

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pickTarget is the whole test function test of testdata/pick.
func pickTarget(t *testing.T, test string) Target {
	t.Helper()
	dir, err := filepath.Abs("testdata/pick")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, test, "")
	require.NoError(t, err)
	return Target{Prog: prog, Pkg: pkg, Test: test, Root: -1, Name: test}
}

// pickFingerprint is what an exploration's schedules decide: two
// explorations that made different choices differ in it (the steps of
// every execution, the failing execution's replay token).
type pickFingerprint struct {
	Verdict               string
	Executions            int
	Steps                 int64
	MaxDepth, SleepPruned int
	Replay                string
	FailedIn              int
}

func fingerprint(r *Result) pickFingerprint {
	fp := pickFingerprint{Verdict: r.Verdict, Executions: r.Executions, Steps: r.Steps, MaxDepth: r.MaxDepth, SleepPruned: r.SleepPruned}
	if r.Failure != nil {
		fp.Replay, fp.FailedIn = r.Failure.Replay, r.Failure.Execution
	}
	return fp
}

// TestPickShortWayMatchesLongWay explores programs whose goroutines stay
// runnable through runs of scheduling points (atomics, locks, spin loops)
// under every kind of strategy, once with Pick's short way (a point where
// the runnable set and the last goroutine's turn did not change costs
// O(1)) and once without: the explorations must make the same choices.
// The short way also checks itself against the long way at every point
// (checkFastPick), and the fair scheduler its counts and its list of
// goroutines by age (checkFairCounts).
func TestPickShortWayMatchesLongWay(t *testing.T) {
	defer func(d int) { maxDporTrans = d }(maxDporTrans)
	for _, test := range []string{"TestSwaps", "TestLocks", "TestSpinners", "TestBadSwap", "TestHeldLock"} {
		target := pickTarget(t, test)
		for _, strategy := range []string{"dfs", "random", "pct", "dpor", "dpor-giveup", "portfolio", "guided"} {
			t.Run(test+"/"+strategy, func(t *testing.T) {
				explore := func(fast bool) *Result {
					fastPick, checkFastPick, checkFairCounts = fast, fast, true
					defer func() { fastPick, checkFastPick, checkFairCounts = true, false, false }()
					o := DefaultOptions()
					o.Strategy, o.Execs, o.Time, o.Parallel, o.Corpus = strategy, 20, time.Minute, 1, "off"
					maxDporTrans = 1 << 22
					if strategy == "dpor-giveup" {
						// DPOR gives every execution up early: the short
						// way is taken from there on.
						o.Strategy, maxDporTrans = "dpor", 40
					}
					res, err := Explore(target, o, nil)
					require.NoError(t, err)
					return res
				}
				long := explore(false)
				countPickWork = true
				pickShort.Store(0)
				short := explore(true)
				countPickWork = false
				assert.Equal(t, fingerprint(long), fingerprint(short))
				switch strategy {
				case "dpor":
					// DPOR records the alternatives of every point.
					assert.Zero(t, pickShort.Load(), "the short way was taken")
				case "portfolio":
					// Whether a member that records nothing runs within
					// the 20 executions depends on the program (TestHeldLock:
					// none does); the choices must match all the same.
				default:
					assert.Positive(t, pickShort.Load(), "the short way was taken")
				}
			})
		}
	}
}

// TestPointCostFlatInGoroutines runs one execution of n goroutines that
// stay runnable while each swaps 40 times in turn, for n = 1,000 and
// 10,000, counting the goroutines the scheduler passes over. At a point
// of the common case (the runnable set is the previous point's, the
// goroutine that ran goes on) it must pass over none: the long way passed
// over all of them, at every point.
func TestPointCostFlatInGoroutines(t *testing.T) {
	for _, test := range []string{"TestRunnable1k", "TestRunnable10k"} {
		target := pickTarget(t, test)
		o := DefaultOptions()
		o.Strategy, o.Execs, o.Time, o.Parallel, o.Corpus, o.Race = "dfs", 1, 5*time.Minute, 1, "off", ""
		countPickWork = true
		for _, c := range []*atomic.Int64{&pickWork, &pickCalls, &commonWork, &commonCalls} {
			c.Store(0)
		}
		res, err := Explore(target, o, nil)
		countPickWork = false
		require.NoError(t, err)
		require.Equal(t, "ok", res.Verdict)
		t.Logf("%s: %d points, %.2f goroutines passed over per point; %d points of the common case, %d passed over",
			test, pickCalls.Load(), float64(pickWork.Load())/float64(pickCalls.Load()), commonCalls.Load(), commonWork.Load())
		assert.Greater(t, commonCalls.Load(), pickCalls.Load()/2, "most points are of the common case")
		assert.Zero(t, commonWork.Load(), "goroutines passed over at points of the common case")
	}
}
