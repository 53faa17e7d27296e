package explore

import (
	"fmt"
	"github.com/vtcheck/vt/interp"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verdictTarget returns the vt.Check call of test name in testdata/verdicts.
func verdictTarget(t *testing.T, name string) Target {
	t.Helper()
	dir, err := filepath.Abs("testdata/verdicts")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, name, "")
	require.NoError(t, err)
	return Target{Prog: prog, Pkg: pkg, Test: name, Root: 0, Name: name}
}

func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		test, verdict, message string
	}{
		{"TestOK", "ok", ""},
		{"TestSpinOK", "ok", ""},
		{"TestDeadlock", "deadlock", "all goroutines are asleep - deadlock!"},
		{"TestLeak", "leak", "blocked forever"},
		{"TestLeakRunning", "leak", "kept running"},
		{"TestPanic", "panic", "index out of range [-1]"},
		{"TestAssert", "assert", "balance went negative: -20"},
		{"TestSteps", "steps", "livelock"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			target := verdictTarget(t, tc.test)
			o := DefaultOptions()
			o.Strategy = "dfs" // the assertions below follow dfs's order
			o.Steps = 20000
			if tc.test == "TestSpinOK" {
				// Spinning makes the space large: sample it (a count,
				// not a time: a loaded machine runs few in a second).
				o.Execs, o.Time = 150, 5*time.Minute
			}
			res, err := Explore(target, o, nil)
			require.NoError(t, err)
			require.Equal(t, tc.verdict, res.Verdict, "%s", FormatReport(res, tc.test, "go test"))
			if tc.verdict == "ok" {
				if tc.test == "TestSpinOK" {
					assert.Equal(t, 150, res.Executions)
					return
				}
				assert.True(t, res.Exhaustive, "a small correct test is explored exhaustively")
				assert.Greater(t, res.Executions, 10)
				return
			}
			f := res.Failure
			require.NotNil(t, f)
			assert.Contains(t, f.Message, tc.message)
			assert.Greater(t, f.Execution, 1, "the bug needs an interleaving other than the first")
			assert.NotEmpty(t, f.Schedule)

			// Replaying the token reproduces the same failure.
			o.Replay = f.Replay
			rep, err := Explore(target, o, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, rep.Verdict)
			require.NotNil(t, rep.Failure)
			assert.Equal(t, f.Message, rep.Failure.Message)
			assert.Equal(t, f.Schedule, rep.Failure.Schedule)
			assert.Equal(t, 1, rep.Executions)
		})
	}
}

// The function may capture variables of a table-driven subtest; a test may
// call vt.Check several times, also from helpers: each call is found and
// explored on its own.
func TestCallSites(t *testing.T) {
	for _, tc := range []struct {
		test    string
		root    int
		verdict string
	}{
		{"TestTable/same_order", 0, "ok"},
		{"TestTable/reversed_order", 0, "deadlock"},
		{"TestTwoChecks", 0, "ok"},
		{"TestTwoChecks", 1, "deadlock"},
		{"TestHelper", 0, "deadlock"},
	} {
		t.Run(strings.ReplaceAll(tc.test, "/", "_")+"#"+strconv.Itoa(tc.root), func(t *testing.T) {
			top, _, _ := strings.Cut(tc.test, "/")
			target := verdictTarget(t, top)
			target.Test, target.Name, target.Root = tc.test, tc.test, tc.root
			res, err := Explore(target, DefaultOptions(), nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, res.Verdict)
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive)
			}
		})
	}
	// A call that does not exist is a clear error, not a verdict.
	target := verdictTarget(t, "TestTwoChecks")
	target.Root = 2
	_, err := Explore(target, DefaultOptions(), nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "did not reach its vt.Check call #3")
}

// testify's Error Trace in an assert report names the test's own lines,
// not vt's harness.
func TestAssertTrace(t *testing.T) {
	res, err := Explore(verdictTarget(t, "TestTestifyTrace"), DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "assert", res.Verdict)
	msg := res.Failure.Message
	assert.Contains(t, msg, "verdicts_test.go:")
	assert.Contains(t, msg, "one is not two")
	assert.NotContains(t, msg, "check_interp.go", "vt's own frames are hidden")
	assert.NotContains(t, msg, ": failed", "FailNow after require's message adds nothing")
}

func TestDeadlockReport(t *testing.T) {
	res, err := Explore(verdictTarget(t, "TestDeadlock"), DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "deadlock", res.Verdict)
	require.Len(t, res.Failure.Goroutines, 3, "main waiting in wg.Wait and both workers")
	ops := map[string]int{}
	for _, g := range res.Failure.Goroutines {
		ops[g.Op]++
		require.NotEmpty(t, g.Stack)
	}
	assert.Equal(t, map[string]int{"sync.WaitGroup.Wait": 1, "sync.Mutex.Lock": 2}, ops)
	report := FormatReport(res, "TestDeadlock", "go test -run '^TestDeadlock$'")
	assert.Contains(t, report, "vt: deadlock found in execution")
	assert.Contains(t, report, "verdicts_test.go:")
	assert.Contains(t, report, "-vt.replay=vt1:")
}

func TestSavedScheduleReplayedFirst(t *testing.T) {
	target := verdictTarget(t, "TestDeadlock")
	target.Dir = t.TempDir()
	res, err := Explore(target, DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "deadlock", res.Verdict)
	require.FileExists(t, res.Failure.SavedTo)
	data, err := os.ReadFile(res.Failure.SavedTo)
	require.NoError(t, err)
	assert.Contains(t, string(data), corpusHeader+"\n"+res.Failure.Replay)

	again, err := Explore(target, DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "deadlock", again.Verdict)
	assert.Equal(t, 1, again.Failure.Execution, "the saved schedule runs first")
}

func TestStaleToken(t *testing.T) {
	target := verdictTarget(t, "TestDeadlock")
	o := DefaultOptions()
	o.Replay = "vt1:0000000000000000:0.1"
	_, err := Explore(target, o, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "stale replay token")

	o.Replay = "vt9:abc:0"
	_, err = Explore(target, o, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "format")
}

func TestStrategies(t *testing.T) {
	for _, s := range []string{"random", "pct"} {
		t.Run(s, func(t *testing.T) {
			o := DefaultOptions()
			o.Strategy = s
			o.Seed = 1
			res, err := Explore(verdictTarget(t, "TestDeadlock"), o, nil)
			require.NoError(t, err)
			assert.Equal(t, "deadlock", res.Verdict)
			assert.False(t, res.Exhaustive)
			// Same seed, same exploration.
			again, err := Explore(verdictTarget(t, "TestDeadlock"), o, nil)
			require.NoError(t, err)
			assert.Equal(t, res.Failure.Replay, again.Failure.Replay)
			assert.Equal(t, res.Executions, again.Executions)
		})
	}
}

func TestTokenRoundTrip(t *testing.T) {
	tok := Token{Hash: "0123456789abcdef", Choices: []int{0, 0, 0, 0, 1, 2, 2, 40, 0, 0}}
	s := tok.String()
	assert.Equal(t, "vt1:0123456789abcdef:0*4.1.2.2.14.0.0", s)
	back, err := ParseToken(s)
	require.NoError(t, err)
	assert.Equal(t, tok, back)
	txn := Token{Hash: "0123456789abcdef", Choices: []int{1, 0}, Transactions: true}
	assert.Equal(t, "vt1:0123456789abcdef:txn:1.0", txn.String())
	back, err = ParseToken(txn.String())
	require.NoError(t, err)
	assert.Equal(t, txn, back)
	long := Token{Hash: "x", Choices: make([]int, 100000)}
	assert.Less(t, len(long.String()), 30, "runs of zeros are compressed")
	// A run longer than a token's longest is written as several: the
	// token of a long execution parses.
	longer := Token{Hash: "x", Choices: make([]int, maxTokenRun+5)}
	back, err = ParseToken(longer.String())
	require.NoError(t, err)
	assert.Equal(t, longer, back)
	for _, bad := range []string{"vt1:x:0*0", "vt1:x:a*", "vt1:x:-1", "vt1:x", "vt1:x:tx:0", "vt1:x:txn:0:1"} {
		_, err := ParseToken(bad)
		assert.Error(t, err, bad)
	}
}

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions(map[string]string{"strategy": "pct:4", "execs": "50", "time": "2s", "preempt": "-1"})
	require.NoError(t, err)
	assert.Equal(t, "pct", o.Strategy)
	assert.Equal(t, 4, o.PCTDepth)
	assert.Equal(t, 50, o.Execs)
	assert.Equal(t, -1, o.Preempt)
	for settings, msg := range map[string]map[string]string{
		`bad value "bfs" for option strategy`: {"strategy": "bfs"},
		`bad value "-3" for option execs`:     {"execs": "-3"},
		`bad value "soon" for option time`:    {"time": "soon"},
		`unknown option "speed"`:              {"speed": "fast"},
	} {
		_, err := ParseOptions(msg)
		require.Error(t, err)
		assert.Contains(t, err.Error(), settings)
	}
}

func TestInterrupt(t *testing.T) {
	target := verdictTarget(t, "TestOK")
	Interrupt()
	t.Cleanup(func() { interrupted.Store(false) })
	res, err := Explore(target, DefaultOptions(), nil)
	require.NoError(t, err)
	assert.True(t, res.Interrupted)
	assert.False(t, res.Exhaustive)
	assert.Equal(t, "interrupted, not exhaustive", Coverage(res))
}

// Permission regions under vt: annotations are events that the permission
// checker applies; a conflict is verdict region (outside vt the annotation
// panics with the same message), reported with both acquiring stacks.
func TestRegions(t *testing.T) {
	dir, err := filepath.Abs("testdata/regions")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	for _, tc := range []struct {
		test, verdict, message string
	}{
		{"TestSubslice", "region", `^vt: AcquireRAt\(s, 0\): permission violation on int at 0x[0-9a-f]+: goroutine \d+ AcquireR conflicts with goroutine \d+ AcquireW`},
		{"TestPointerIsElement", "region", `^vt: AcquireW(?:At)?\((?:x|s, 4)\): permission violation on int at 0x[0-9a-f]+: goroutine \d+ AcquireW conflicts with goroutine \d+ AcquireW \(state PrivateWrite\(goroutine \d+, r=0, w=1\)\)$`},
		{"TestRangeOverlap", "region", `^vt: AcquireWRange\(s, 7, 10\): permission violation on int at 0x[0-9a-f]+: goroutine \d+ AcquireW conflicts with goroutine \d+ AcquireR`},
		{"TestDisjointRanges", "ok", ""},
		{"TestSharedReaders", "ok", ""},
		{"TestWholeSlice", "ok", ""},
		{"TestIndexOutOfRange", "panic", `^panic: vt: AcquireRAt\(s, 3\): permission index 3 out of range \[0, 3\)$`},
		{"TestNil", "panic", `^panic: vt: AcquireW of a nil \*int$`},
	} {
		t.Run(tc.test, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.test, "")
			require.NoError(t, err)
			o := DefaultOptions()
			o.Strategy = "dfs" // the reports below name the conflict dfs meets first
			if strings.Contains(tc.test, "Subslice") || strings.Contains(tc.test, "Pointer") || strings.Contains(tc.test, "Overlap") {
				o.Race = "" // the regions' accesses race too
			}
			res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: 0, Name: tc.test}, o, nil)
			require.NoError(t, err)
			require.Equal(t, tc.verdict, res.Verdict, "%s", FormatReport(res, tc.test, "go test"))
			if tc.verdict == "ok" {
				assert.True(t, res.Exhaustive, "%d executions", res.Executions)
				return
			}
			assert.Regexp(t, tc.message, res.Failure.Message)
			require.NotEmpty(t, res.Failure.Goroutines)
			assert.Equal(t, "running", res.Failure.Goroutines[0].Op)
			if strings.Contains(tc.message, "conflicts") {
				// Found by the permission checker from annotation events
				// (scheduling points), not by the annotations' own code.
				var ops []string
				for _, st := range res.Failure.Schedule {
					ops = append(ops, st.Op)
				}
				assert.Contains(t, ops, "annotation")
				// Both acquiring stacks: the conflicting goroutine at its
				// annotation, the holder at the annotation that acquired.
				require.Len(t, res.Failure.Goroutines, 2)
				holder := res.Failure.Goroutines[1]
				assert.Equal(t, "annotation", holder.Op)
				assert.NotEqual(t, res.Failure.Goroutines[0].ID, holder.ID)
				require.NotEmpty(t, holder.Stack)
				assert.Contains(t, holder.Stack[0].Pos, "regions_test.go")
				assert.Contains(t, res.Failure.Message, fmt.Sprintf("conflicts with goroutine %d", holder.ID))
				// Replayable: the token runs the same conflict again.
				ro := o
				ro.Replay = res.Failure.Replay
				rep, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: 0, Name: tc.test}, ro, nil)
				require.NoError(t, err)
				require.NotNil(t, rep.Failure)
				assert.Equal(t, "region", rep.Failure.Kind)
				addr := regexp.MustCompile(`0x[0-9a-f]+`)
				assert.Equal(t, addr.ReplaceAllString(res.Failure.Message, "ADDR"), addr.ReplaceAllString(rep.Failure.Message, "ADDR"))
			}
		})
	}
}

// Habanero programs under vt: the library's operations are named
// scheduling points, and regions in asyncs conflict with verdict region.
func TestHabaneroUnderVT(t *testing.T) {
	dir, err := filepath.Abs("testdata/hj")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	run := func(t *testing.T, test string, edit func(*Options)) *Result {
		pkg, err := TestPackage(prog, test, "")
		require.NoError(t, err)
		o := DefaultOptions()
		if edit != nil {
			edit(&o)
		}
		res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: test, Root: 0, Name: test}, o, nil)
		require.NoError(t, err)
		return res
	}
	t.Run("OverlappingRanges", func(t *testing.T) {
		res := run(t, "TestOverlappingRanges", func(o *Options) { o.Race = "" })
		require.Equal(t, "region", res.Verdict, "%s", FormatReport(res, "TestOverlappingRanges", "go test"))
		assert.Regexp(t, `^vt: AcquireWRange\(s, \d+, \d+\): permission violation on int at 0x[0-9a-f]+: goroutine \d+ AcquireW conflicts with goroutine \d+ AcquireW`, res.Failure.Message)
		require.Len(t, res.Failure.Goroutines, 2)
		for _, g := range res.Failure.Goroutines {
			require.NotEmpty(t, g.Stack)
			assert.Contains(t, g.Stack[0].Pos, "hj_test.go:19:") // fill's AcquireWRange
		}
		var ops []string
		for _, st := range res.Failure.Schedule {
			ops = append(ops, st.Op)
		}
		assert.Contains(t, ops, "habanero.async")
	})
	for _, test := range []string{"TestDisjointRanges", "TestIsolatedSharing"} {
		t.Run(test, func(t *testing.T) {
			res := run(t, test, nil)
			require.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, test, "go test"))
			assert.True(t, res.Exhaustive)
			// Every shared access is in a region or isolated section:
			// an empty sharing report (made: not nil).
			require.NotNil(t, res.Sharing)
			assert.Empty(t, res.Sharing, "%s", FormatSharing(res.Sharing))
			assert.Contains(t, string(JSON(res, test)), `"sharing":[]`)
		})
	}
	t.Run("UnannotatedSlice", func(t *testing.T) {
		res := run(t, "TestUnannotatedSlice", nil)
		require.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestUnannotatedSlice", "go test"))
		require.Len(t, res.Sharing, 4, "%s", FormatSharing(res.Sharing))
		for i, l := range res.Sharing {
			assert.Contains(t, l.Location, fmt.Sprintf("cell %d of the 4 cells allocated at hj_test.go:", i))
			require.Len(t, l.Accesses, 2, "%+v", l)
			w, r := l.Accesses[0], l.Accesses[1]
			assert.Equal(t, "write", w.Kind)
			assert.Regexp(t, `hj_test.go:1\d\d:\d+$`, w.Pos)
			assert.Equal(t, "read", r.Kind)
			assert.NotEqual(t, w.G, r.G)
		}
		// Each async writes its own half.
		assert.Equal(t, res.Sharing[0].Accesses[0].G, res.Sharing[1].Accesses[0].G)
		assert.NotEqual(t, res.Sharing[0].Accesses[0].G, res.Sharing[2].Accesses[0].G)
		js := string(JSON(res, "TestUnannotatedSlice"))
		assert.Regexp(t, `"sharing":\[\{"location":"cell 0 [^"]*","accesses":\[\{"pos":"[^"]*hj_test.go:\d+:\d+","g":\d+,"kind":"write"\}`, js)
		assert.Contains(t, Notes(res), "shared outside any region or isolated section (4 locations):")
	})
	t.Run("EveryOp", func(t *testing.T) {
		res := run(t, "TestEveryOp", func(o *Options) { o.Strategy = "dfs"; o.Execs = 1 })
		require.Equal(t, "race", res.Verdict, "%s", FormatReport(res, "TestEveryOp", "go test"))
		seen := map[string]bool{}
		for _, st := range res.Failure.Schedule {
			seen[st.Op] = true
		}
		for _, op := range []interp.Op{interp.OpAsync, interp.OpFinishEnd, interp.OpFutureGet, interp.OpIsolatedEnter,
			interp.OpIsolatedExit, interp.OpPhaserNext, interp.OpPhaserSignal, interp.OpPhaserWait, interp.OpDDFPut,
			interp.OpDDFAwait, interp.OpForallChunk} {
			assert.True(t, seen[op.String()], "%s is not in the schedule", op)
		}
	})
}
