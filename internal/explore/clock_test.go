package explore

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// timersTarget is the test of testdata/timers named test.
func timersTarget(t *testing.T, test string) Target {
	t.Helper()
	dir, err := filepath.Abs("testdata/timers")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, test, "")
	require.NoError(t, err)
	return Target{Prog: prog, Pkg: pkg, Test: test, Root: 0, Name: test}
}

// timerSafetyNets are tests that guard correct work with a timeout, poll,
// beat or back off: correct code, whatever the machine's speed.
var timerSafetyNets = []string{
	"TestSafetyAfter", "TestSafetyContext", "TestSafetyContextPoll", "TestPollFlag",
	"TestPollFlagSpin", "TestHeartbeat", "TestBackoff",
}

// timerBugs are timer bugs of real projects' shapes, each with a timer of at
// most a millisecond or a zero period, the verdict each gets, and whether
// its failure needs a timer to fire early (before the work done would take
// its time on a fast machine), which the report then says. A timer of 0 or
// 1ns firing while goroutines run is what every machine does: not early.
var timerBugs = []struct {
	test, verdict string
	early         bool
}{
	{"TestAfterFuncRace", "race", false},
	{"TestZeroPeriodRetry", "assert", false},
	{"TestTickerReadsConfig", "race", false},
	{"TestTimeoutOverwrite", "race", true},
	{"TestTimeoutLeak", "leak", true},
	{"TestStopWaitsUnderLock", "deadlock", true},
	{"TestContextDeadlineCache", "race", true},
	{"TestResetRearms", "assert", true},
	{"TestWatchdogDoubleClose", "panic", true},
}

// Under the default clock, safety nets of 100 ms and more never fire before
// the work they guard: every such test is ok and exhausted. Under
// clock=any, most of them fail (a timeout of seconds fires at the first
// step): the false alarms the default exists to avoid.
func TestClockSafetyNets(t *testing.T) {
	failAny := 0
	for _, name := range timerSafetyNets {
		t.Run(name, func(t *testing.T) {
			o := DefaultOptions()
			o.Time = time.Minute
			res, err := Explore(timersTarget(t, name), o, nil)
			require.NoError(t, err)
			require.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, name, "go test"))
			assert.True(t, res.Exhaustive, "%d executions", res.Executions)

			o.Clock, o.Execs = "any", 200
			res, err = Explore(timersTarget(t, name), o, nil)
			require.NoError(t, err)
			if res.Verdict != "ok" {
				failAny++
			}
		})
	}
	assert.GreaterOrEqual(t, failAny, 5, "safety nets that clock=any fails")
}

// Timer bugs that need a short timer to fire while other code runs are
// found under the default clock; under clock=synctest (time passes only
// when every goroutine is blocked) all but the data race that any order
// shows are missed.
func TestClockTimerBugs(t *testing.T) {
	missedSynctest := 0
	for _, tc := range timerBugs {
		t.Run(tc.test, func(t *testing.T) {
			res, err := Explore(timersTarget(t, tc.test), DefaultOptions(), nil)
			require.NoError(t, err)
			report := FormatReport(res, tc.test, "go test")
			require.Equal(t, tc.verdict, res.Verdict, "%s", report)
			early := 0
			for _, st := range res.Failure.Schedule {
				if st.Early != "" {
					early++
					assert.Equal(t, "timer fires", st.Op)
					assert.Contains(t, st.Pos, "bugs_test.go:")
				}
			}

			o := DefaultOptions()
			o.Clock = "synctest"
			res, err = Explore(timersTarget(t, tc.test), o, nil)
			require.NoError(t, err)
			if res.Verdict == "ok" {
				missedSynctest++
			}
			if !tc.early {
				assert.Zero(t, early, "%s", report)
				return
			}
			// A failure that needs early time says which timer fired
			// early, and how close its deadline was.
			assert.Positive(t, early, "%s", report)
			assert.Regexp(t, `timer fires early +bugs_test\.go:\d+`, report)
			assert.Regexp(t, `step \d+: the timer set at bugs_test\.go:\d+:\d+ fired early \(its deadline [0-9.]+[nµm]?s away\)`, report)
		})
	}
	assert.GreaterOrEqual(t, missedSynctest, len(timerBugs)-1, "timer bugs clock=synctest misses")
}

// A worker that a 10 ms timeout gave up on leaks, in the first execution:
// the timeout fires first in deadline order, with no early firing needed.
func TestClockTimeoutLeak(t *testing.T) {
	res, err := Explore(timersTarget(t, "TestTimeoutLeaksWorker"), DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "leak", res.Verdict)
	assert.Equal(t, 1, res.Failure.Execution)
}

// Every goroutine blocked while a 1 ns ticker keeps firing into its full
// channel is a deadlock, in the first execution, with the ticker named.
func TestClockBlockedTicker(t *testing.T) {
	target := timersTarget(t, "TestBlockedTicker")
	start := time.Now()
	res, err := Explore(target, DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "deadlock", res.Verdict)
	assert.Equal(t, 1, res.Failure.Execution)
	assert.Contains(t, res.Failure.Message, "1 pending timer wakes nobody, its channel full: a ticker (every 1ns) set at")
	assert.Contains(t, res.Failure.Message, "safety_test.go:")
	assert.Less(t, time.Since(start)-res.Setup, time.Second)
}

// The clock option: a duration is the threshold of short deadlines; any
// and synctest are its extremes; anything else is refused.
func TestParseClock(t *testing.T) {
	r, err := parseClock("1ms")
	require.NoError(t, err)
	assert.Equal(t, clockRule{short: time.Millisecond}, r)
	r, err = parseClock("synctest")
	require.NoError(t, err)
	assert.True(t, r.synctest)
	r, err = parseClock("any")
	require.NoError(t, err)
	assert.Greater(t, r.short, 100*365*24*time.Hour)
	for _, bad := range []string{"", "real", "-1ms", "1"} {
		_, err = parseClock(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, defaultClock, DefaultOptions().Clock)
}

// A goroutine that sleeps holding a mutex and takes it again at once does
// not starve another waiting in Lock: the mutex is handed to a waiter of a
// millisecond (starvation mode), and the 1 s net never fires. Without it,
// the search found the net firing in its 70th execution.
func TestMutexStarvationMode(t *testing.T) {
	o := DefaultOptions()
	o.Execs, o.Time = 300, time.Minute
	res, err := Explore(timersTarget(t, "TestMutexFairness"), o, nil)
	require.NoError(t, err)
	require.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestMutexFairness", "go test"))
	assert.Equal(t, 300, res.Executions)
}

// Timer.Stop and Reset are scheduling points, and a select with a default
// case about to poll a timer's channel makes its firing observable: a
// goroutine started just before Stop runs first, the 500 µs timer fires
// before it polls, and it takes the tick (testdata/timers/stop_test.go).
// The drain that then blocks is a deadlock, the assertion that the tick
// was not taken fails; trusting Stop's result is ok in every schedule.
func TestClockTimerStopPoints(t *testing.T) {
	for _, tc := range []struct{ test, verdict string }{
		{"TestStopDrainTakenTick", "deadlock"},
		{"TestResetTakenTick", "assert"},
		{"TestStopResultSays", "ok"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			o := DefaultOptions()
			o.Time = time.Minute
			res, err := Explore(timersTarget(t, tc.test), o, nil)
			require.NoError(t, err)
			report := FormatReport(res, tc.test, "go test")
			require.Equal(t, tc.verdict, res.Verdict, "%s", report)
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive, "%d executions", res.Executions)
				return
			}
			// The failing schedule runs the goroutine between the go
			// statement and Stop (or Reset), and the timer fires early.
			var ops []string
			for _, st := range res.Failure.Schedule {
				ops = append(ops, st.Op)
			}
			assert.Contains(t, ops, "timer fires", "%s", report)
			assert.Regexp(t, `time\.Timer\.(Stop|Reset)`, report)
			assert.Regexp(t, `timer fires early +stop_test\.go:\d+`, report)
		})
	}
}
