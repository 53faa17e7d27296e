package explore

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Time passes while goroutines run, and randomness and map order are
// inputs: bugs that need a timer to fire mid-work, a particular random
// draw (with an interleaving) or a map order are found in one exploration
// and replayed exactly; correct programs stay ok.
func TestTimeAndInputs(t *testing.T) {
	for _, tc := range []struct {
		test, verdict, message string
		op                     string // an operation the failing schedule shows
	}{
		{"TestDeadlineMidLoop", "deadlock", "all goroutines are asleep - deadlock!", "timer fires"},
		{"TestJitterRetry", "assert", "attempt after stop", ""},
		{"TestMapOrder", "assert", "commit before prepare", ""},
		{"TestSeededFromClock", "assert", "Should not be: 3", ""},
		{"TestSeededFromCrypto", "assert", "Should not be: 2", ""},
		{"TestPermV2", "assert", "Should not be: []int{2, 1, 0}", ""},
		{"TestSleepStrictlyAfter", "ok", "", ""},
		{"TestTimeMonotonic", "ok", "", ""},
		{"TestSeededConstant", "ok", "", ""},
		{"TestPollDeadline", "ok", "", ""}, // sampled: time can pass at any of its steps
	} {
		t.Run(tc.test, func(t *testing.T) {
			target := semanticsTarget(t, tc.test, 0)
			o := DefaultOptions()
			sampled := tc.test == "TestPollDeadline"
			if sampled {
				o.Time = time.Second
			}
			res, err := Explore(target, o, nil)
			require.NoError(t, err)
			require.Equal(t, tc.verdict, res.Verdict, "%s", FormatReport(res, tc.test, "go test"))
			if tc.verdict == "ok" {
				assert.True(t, sampled || res.Exhaustive, "%d executions", res.Executions)
				return
			}
			f := res.Failure
			assert.Contains(t, f.Message, tc.message)
			if tc.op != "" {
				var ops []string
				for _, st := range f.Schedule {
					ops = append(ops, st.Op)
				}
				assert.Contains(t, ops, tc.op)
			}

			// The token replays the same failure, whatever the seed: every
			// value the program received is in it.
			o.Replay = f.Replay
			o.Seed = 99
			rep, err := Explore(target, o, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, rep.Verdict)
			require.NotNil(t, rep.Failure)
			assert.Equal(t, f.Message, rep.Failure.Message)
			assert.Equal(t, f.Schedule, rep.Failure.Schedule)
		})
	}
}

// The bug of TestDeadlineMidLoop needs a timer to fire while the worker
// runs: with the synctest clock, time passes only when every goroutine is
// blocked, and the search finds nothing.
func TestSynctestClock(t *testing.T) {
	o := DefaultOptions()
	o.Clock = "synctest"
	res, err := Explore(semanticsTarget(t, "TestDeadlineMidLoop", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict)
	assert.True(t, res.Exhaustive)

	// Under the default clock the deadline, 1ms away, can pass while the
	// worker loops, and the search finds the bug. Not without a
	// preemption: three iterations, each looking at the timer's channel,
	// are no poll (a poll's cycle looks at what the cycle before looked
	// at; the third visit would be one, but the loop ends there), and a
	// real clock does not let 1ms pass in them.
	o = DefaultOptions()
	o.Preempt = 0
	res, err = Explore(semanticsTarget(t, "TestDeadlineMidLoop", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict)
	assert.True(t, res.Exhaustive)
	res, err = Explore(semanticsTarget(t, "TestDeadlineMidLoop", 0), DefaultOptions(), nil)
	require.NoError(t, err)
	assert.Equal(t, "deadlock", res.Verdict)

	// A loop that works and polls a deadline ends in the first
	// schedule: time passes after timeHorizon scheduling points, without
	// a preemption. With the synctest clock it never does.
	o = DefaultOptions()
	// The verdicts below are bounded by steps, not time: a budget no
	// loaded machine reaches (10 s once ran out in the first execution).
	o.Preempt, o.Steps, o.Time = 0, 200000, time.Minute
	res, err = Explore(semanticsTarget(t, "TestPollDeadline", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict)
	assert.True(t, res.Exhaustive)
	o.Clock = "synctest"
	res, err = Explore(semanticsTarget(t, "TestPollDeadline", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "steps", res.Verdict)
}

// Draws with more values than Enumerate are sampled, not enumerated: the
// bug of TestSeededFromClock needs the draw 3 of 5, which dfs finds by
// enumerating.
func TestEnumerateBound(t *testing.T) {
	o := DefaultOptions()
	o.Strategy = "dfs" // counts dfs's alternatives
	o.Enumerate = 3
	res, err := Explore(semanticsTarget(t, "TestSeededFromClock", 0), o, nil)
	require.NoError(t, err)
	assert.True(t, res.Exhaustive)
	assert.Equal(t, 1, res.Executions, "one sampled value, no alternatives")

	o.Enumerate = 5
	res, err = Explore(semanticsTarget(t, "TestSeededFromClock", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "assert", res.Verdict)
}

// Data choices are values in the token: the value, not its index among
// the alternatives, so that a token replays under any seed; a value
// outside its range is a token that does not fit.
func TestDataChoiceTokens(t *testing.T) {
	target := semanticsTarget(t, "TestSeededFromClock", 0)
	for v := range 5 {
		o := DefaultOptions()
		o.Replay = Token{Hash: target.Prog.SourceHash(), Choices: []int{v}}.String()
		res, err := Explore(target, o, nil)
		require.NoError(t, err)
		want := "ok"
		if v == 3 {
			want = "assert"
		}
		assert.Equal(t, want, res.Verdict, "draw %d", v)
	}
	o := DefaultOptions()
	o.Replay = Token{Hash: target.Prog.SourceHash(), Choices: []int{5}}.String()
	_, err := Explore(target, o, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not fit")
}

// The first schedule's clock is a real one's: a loop that starts
// goroutines works (it is no poll), so the timers they set do not fire
// while it runs; every schedule without a preemption passes. Time passing
// early is still explored: the full search finds the timers that fire.
func TestTimeDefaultIsRealistic(t *testing.T) {
	o := DefaultOptions()
	o.Preempt = 0
	res, err := Explore(semanticsTarget(t, "TestTimersStoppedInTime", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestTimersStoppedInTime", "go test"))
	assert.True(t, res.Exhaustive)

	// Under clock=any, time passing early is explored: the full search
	// finds timers that fire. Under the default, timers of seconds fire
	// only in deadline order once every goroutine sleeps: none does.
	o = DefaultOptions()
	o.Time, o.Clock = 30*time.Second, "any"
	res, err = Explore(semanticsTarget(t, "TestTimersStoppedInTime", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "assert", res.Verdict)
	require.NotNil(t, res.Failure)
	assert.Contains(t, res.Failure.Message, "timers fired")

	o = DefaultOptions()
	o.Execs = 200
	res, err = Explore(semanticsTarget(t, "TestTimersStoppedInTime", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestTimersStoppedInTime", "go test"))
	assert.Equal(t, 200, res.Executions)
}

// Scheduling points inside one call of the standard library are not the
// head of a loop: under clock=any, without a preemption the hour's timeout
// never fires (every such schedule passes); the full search still finds it
// firing. Under the default clock an hour is a long deadline: it never
// fires while goroutines run, and every schedule passes.
func TestLibraryCallIsNoPoll(t *testing.T) {
	o := DefaultOptions()
	o.Preempt, o.Clock = 0, "any"
	res, err := Explore(semanticsTarget(t, "TestLibraryCallIsNoPoll", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestLibraryCallIsNoPoll", "go test"))
	assert.True(t, res.Exhaustive)

	o = DefaultOptions()
	o.Clock = "any"
	res, err = Explore(semanticsTarget(t, "TestLibraryCallIsNoPoll", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "assert", res.Verdict)
	require.NotNil(t, res.Failure)
	assert.Contains(t, res.Failure.Message, "an hour passed")

	res, err = Explore(semanticsTarget(t, "TestLibraryCallIsNoPoll", 0), DefaultOptions(), nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestLibraryCallIsNoPoll", "go test"))
	assert.True(t, res.Exhaustive)
}

// While every goroutine sleeps, a ticker whose channel is full does not
// fire once per nanosecond: the clock goes on to the next timer that does
// something (10^9 firings, a step each, before).
func TestIdleTickerJumps(t *testing.T) {
	o := DefaultOptions()
	o.Execs, o.Steps = 1, 100_000
	res, err := Explore(semanticsTarget(t, "TestIdleTickerJumps", 0), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestIdleTickerJumps", "go test"))
}
