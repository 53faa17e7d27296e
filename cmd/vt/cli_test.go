package main

// Tests of vt check, vt test and vt replay, mostly through vtMain in this
// process (the interpreter caches loaded programs, so they are fast), on
// the programs under testdata/.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vtcheck/vt/interp"
)

type cliResult struct {
	stdout, stderr string
	code           int
}

// vt runs vtMain with args.
func vt(args ...string) cliResult {
	var stdout, stderr bytes.Buffer
	code := vtMain(args, &stdout, &stderr)
	return cliResult{stdout: stdout.String(), stderr: stderr.String(), code: code}
}

// freshCorpus removes the schedules saved under testdata/NAME/testdata/vt,
// now and when the test ends, so that explorations start from scratch and
// leave the tree clean.
func freshCorpus(t *testing.T, names ...string) {
	t.Helper()
	clean := func() {
		for _, n := range names {
			require.NoError(t, os.RemoveAll(filepath.Join("testdata", n, "testdata")))
		}
	}
	clean()
	t.Cleanup(clean)
}

// jsonResult is the -json shape of one result.
type jsonResult struct {
	Package    string `json:"package"`
	Name       string `json:"name"`
	Verdict    string `json:"verdict"`
	Exhaustive bool   `json:"exhaustive"`
	Executions int    `json:"executions"`
	Steps      int64  `json:"steps"`
	ElapsedMS  int64  `json:"elapsed_ms"`
	Error      string `json:"error"`
	Failure    *struct {
		Kind       string `json:"kind"`
		Message    string `json:"message"`
		Goroutines []struct {
			ID    int    `json:"id"`
			Op    string `json:"op"`
			Stack []struct {
				Func string `json:"func"`
				Pos  string `json:"pos"`
			} `json:"stack"`
		} `json:"goroutines"`
		Schedule []struct {
			G   int    `json:"g"`
			Op  string `json:"op"`
			Pos string `json:"pos"`
		} `json:"schedule"`
		Replay string `json:"replay"`
	} `json:"failure"`
}

// jsonLines parses each line of out as one JSON object.
func jsonLines(t *testing.T, out string) []jsonResult {
	t.Helper()
	var rs []jsonResult
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r jsonResult
		require.NoError(t, json.Unmarshal([]byte(line), &r), "line %q", line)
		rs = append(rs, r)
	}
	return rs
}

func assertNoTraceback(t *testing.T, r cliResult) {
	t.Helper()
	assert.NotContains(t, r.stderr, "goroutine 1 [running]")
	assert.NotContains(t, r.stderr+r.stdout, "internal error")
}

func TestCheckLockOrderDeadlock(t *testing.T) {
	freshCorpus(t, "lockorder")
	r := vt("check", "-strategy", "dfs", "testdata/lockorder")
	assertNoTraceback(t, r)
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	out := r.stdout
	assert.Contains(t, out, "vt: deadlock found in execution ")
	assert.NotContains(t, out, "found in execution 1 ", "the deadlock needs a preemption")
	assert.Contains(t, out, "fatal error: all goroutines are asleep - deadlock!")
	// Both goroutines, blocked in Lock, with their stacks.
	assert.Equal(t, 2, strings.Count(out, "[sync.Mutex.Lock]:"), out)
	assert.Contains(t, out, "main.transfer\n")
	assert.Contains(t, out, "main.report\n")
	assert.Contains(t, out, "lockorder/main.go:18:")
	assert.Contains(t, out, "lockorder/main.go:26:")
	assert.Contains(t, out, "[sync.WaitGroup.Wait]:")
	assert.Contains(t, out, "schedule (")
	assert.Contains(t, out, "\nreplay: vt replay testdata/lockorder vt1:")
	assert.NotContains(t, out, "-vt.replay", "the replay line is a vt command")
	assert.Contains(t, out, "saved: testdata/lockorder/testdata/vt/main/")

	files, err := filepath.Glob("testdata/lockorder/testdata/vt/main/*")
	require.NoError(t, err)
	require.Len(t, files, 1, "the failing schedule is saved")

	// The saved schedule is replayed first on the next run.
	again := vt("check", "testdata/lockorder")
	assert.Equal(t, 1, again.code)
	assert.Contains(t, again.stdout, "vt: deadlock found in execution 1 of main")
}

func TestCheckCorrect(t *testing.T) {
	freshCorpus(t, "correct")
	r := vt("check", "testdata/correct")
	assertNoTraceback(t, r)
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `^ok  main \(\d+ executions, exhaustive, [0-9.]+m?s\)\n$`, r.stdout)
	assert.NoDirExists(t, "testdata/correct/testdata")

	j := vt("check", "-json", "testdata/correct")
	require.Equal(t, 0, j.code)
	assert.Empty(t, j.stderr, "no progress lines with -json")
	rs := jsonLines(t, j.stdout)
	require.Len(t, rs, 1)
	assert.Equal(t, "ok", rs[0].Verdict)
	assert.True(t, rs[0].Exhaustive)
	assert.Greater(t, rs[0].Executions, 1)
	assert.Nil(t, rs[0].Failure)
}

func TestCheckJSON(t *testing.T) {
	freshCorpus(t, "lockorder")
	r := vt("check", "-json", "testdata/lockorder")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Empty(t, r.stderr)
	rs := jsonLines(t, r.stdout)
	require.Len(t, rs, 1, "exactly one object")
	res := rs[0]
	assert.Equal(t, "main", res.Name)
	assert.Equal(t, "deadlock", res.Verdict)
	require.NotNil(t, res.Failure)
	assert.Equal(t, "deadlock", res.Failure.Kind)
	assert.Len(t, res.Failure.Goroutines, 3)
	assert.NotEmpty(t, res.Failure.Schedule)
	assert.True(t, strings.HasPrefix(res.Failure.Replay, "vt1:"), res.Failure.Replay)
}

// With -corpus off a failure is found and reported, and nothing is saved.
func TestCorpusOffSavesNothing(t *testing.T) {
	freshCorpus(t, "lockorder")
	r := vt("check", "-corpus", "off", "testdata/lockorder")
	assert.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "deadlock found")
	assert.NotContains(t, r.stdout, "saved:")
	assert.NoDirExists(t, "testdata/lockorder/testdata")
}

func TestCheckExpect(t *testing.T) {
	freshCorpus(t, "lockorder", "correct")
	r := vt("check", "-expect", "deadlock", "testdata/lockorder")
	assert.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "ok  main (verdict deadlock as expected;")
	assert.NoDirExists(t, "testdata/lockorder/testdata", "an expected failure is not saved")

	r = vt("check", "-expect", "deadlock", "testdata/correct")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "expected verdict deadlock, got ok")
}

func TestTestCommand(t *testing.T) {
	freshCorpus(t, "tests")
	r := vt("test", "testdata/tests")
	assertNoTraceback(t, r)
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `(?m)^ok  github.com/vtcheck/vt/cmd/vt/testdata/tests TestCounter \(\d+ executions, exhaustive, `, r.stdout)
	assert.Contains(t, r.stdout, "vt: deadlock found in execution ")
	assert.Contains(t, r.stdout, " of TestPairDeadlock (")
	assert.Contains(t, r.stdout, "Pair).Swap\n")
	assert.Contains(t, r.stdout, "Pair).Sum\n")
	assert.Contains(t, r.stdout, "tests/tests.go:36:")
	assert.Contains(t, r.stdout, "tests/tests.go:45:")
	assert.Contains(t, r.stdout, "\nreplay: vt replay -test TestPairDeadlock ./testdata/tests vt1:")
	assert.Contains(t, r.stdout, "FAIL: 2 tests: 1 ok, 1 failed, 0 unsupported (")
	assert.Less(t, strings.Index(r.stdout, "TestCounter"), strings.Index(r.stdout, "TestPairDeadlock"), "tests run in source order")

	// -run selects the passing test only.
	ok := vt("test", "-run", "Counter$", "testdata/tests")
	assert.Equal(t, 0, ok.code, "stdout:\n%s\nstderr:\n%s", ok.stdout, ok.stderr)
	assert.Contains(t, ok.stdout, "ok  github.com/vtcheck/vt/cmd/vt/testdata/tests TestCounter (")
	assert.NotContains(t, ok.stdout, "TestPairDeadlock")
	assert.Contains(t, ok.stdout, "ok: 1 tests: 1 ok, 0 failed, 0 unsupported (")

	none := vt("test", "-run", "NoSuchTest", "testdata/tests")
	assert.Equal(t, 0, none.code)
	assert.Contains(t, none.stderr, "no tests to run")
}

// goTestEvent is cmd/test2json's TestEvent, the shape of go test -json.
type goTestEvent struct {
	Time        time.Time
	Action      string
	Package     string
	Test        string
	Elapsed     float64
	Output      string
	FailedBuild string
}

// testResults returns vt's results from the events of vt test -json: the
// vt fields of each test's last event.
func testResults(t *testing.T, out string) []jsonResult {
	t.Helper()
	var rs []jsonResult
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev goTestEvent
		require.NoError(t, json.Unmarshal([]byte(line), &ev), "line %q", line)
		if ev.Test == "" || (ev.Action != "pass" && ev.Action != "fail" && ev.Action != "skip") {
			continue
		}
		var r jsonResult
		require.NoError(t, json.Unmarshal([]byte(line), &r), "line %q", line)
		rs = append(rs, r)
	}
	return rs
}

func TestTestJSON(t *testing.T) {
	freshCorpus(t, "tests")
	r := vt("test", "-json", "testdata/tests")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Empty(t, r.stderr)

	// The stream is go test -json's: every line a test2json event, a
	// package's start first and its end last, each test run, its output
	// and its end, in order.
	const pkg = "github.com/vtcheck/vt/cmd/vt/testdata/tests"
	var evs []goTestEvent
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		dec := json.NewDecoder(strings.NewReader(line))
		var ev goTestEvent
		require.NoError(t, dec.Decode(&ev), "line %q", line)
		assert.False(t, ev.Time.IsZero(), "line %q has a Time", line)
		assert.Equal(t, pkg, ev.Package)
		assert.Contains(t, []string{"start", "run", "output", "pass", "fail", "skip"}, ev.Action)
		if ev.Action == "output" {
			assert.True(t, strings.HasSuffix(ev.Output, "\n"), "output %q is a line", ev.Output)
		}
		evs = append(evs, ev)
	}
	require.NotEmpty(t, evs)
	assert.Equal(t, "start", evs[0].Action)
	last := evs[len(evs)-1]
	assert.Equal(t, goTestEvent{Time: last.Time, Action: "fail", Package: pkg, Elapsed: last.Elapsed}, last, "the package fails")
	ends := map[string]string{}
	var order []string
	for i, ev := range evs {
		switch ev.Action {
		case "run":
			order = append(order, ev.Test)
			assert.Equal(t, "=== RUN   "+ev.Test+"\n", evs[i+1].Output)
		case "pass", "fail":
			if ev.Test != "" {
				ends[ev.Test] = ev.Action
				assert.Equal(t, fmt.Sprintf("--- %s: %s (%.2fs)\n", strings.ToUpper(ev.Action), ev.Test, ev.Elapsed), evs[i-1].Output)
			}
		}
	}
	assert.Equal(t, []string{"TestCounter", "TestPairDeadlock"}, order)
	assert.Equal(t, map[string]string{"TestCounter": "pass", "TestPairDeadlock": "fail"}, ends)
	var output strings.Builder
	for _, ev := range evs {
		if ev.Test == "TestPairDeadlock" {
			output.WriteString(ev.Output)
		}
	}
	assert.Contains(t, output.String(), "vt: deadlock found in execution", "the report is the test's output")

	// vt's verdict details are extra fields of each test's last event.
	rs := testResults(t, r.stdout)
	require.Len(t, rs, 2, "one result per test")
	assert.Equal(t, "TestCounter", rs[0].Name)
	assert.Equal(t, "ok", rs[0].Verdict)
	assert.True(t, rs[0].Exhaustive)
	assert.Positive(t, rs[0].Executions)
	assert.Equal(t, pkg, rs[0].Package)
	assert.Equal(t, "TestPairDeadlock", rs[1].Name)
	assert.Equal(t, "deadlock", rs[1].Verdict)
	require.NotNil(t, rs[1].Failure)
	assert.Equal(t, "deadlock", rs[1].Failure.Kind)
	assert.True(t, strings.HasPrefix(rs[1].Failure.Replay, "vt1:"))
}

// An unmodified test with a lost update: a data race, and, with race
// detection off, a failure through t.Errorf in some interleavings.
func TestTestAssert(t *testing.T) {
	freshCorpus(t, "asserts")
	r := vt("test", "testdata/asserts")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "vt: race found in execution ")
	assert.Contains(t, r.stdout, "WARNING: DATA RACE")

	freshCorpus(t, "asserts")
	r = vt("test", "-race=off", "testdata/asserts")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "vt: assert found in execution ")
	assert.Contains(t, r.stdout, "asserts_test.go:24: n = 1, want 2")
}

func TestTestPattern(t *testing.T) {
	freshCorpus(t, "tests")
	r := vt("test", "-json", "-run", "Deadlock", "./testdata/tests/...")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	rs := testResults(t, r.stdout)
	require.Len(t, rs, 1)
	assert.Equal(t, "TestPairDeadlock", rs[0].Name)
	assert.Equal(t, "deadlock", rs[0].Verdict)
}

func TestReplayMain(t *testing.T) {
	freshCorpus(t, "lockorder")
	found := vt("check", "-json", "testdata/lockorder")
	require.Equal(t, 1, found.code)
	orig := jsonLines(t, found.stdout)[0]
	require.NotNil(t, orig.Failure)
	tok := orig.Failure.Replay

	r := vt("replay", "testdata/lockorder", tok)
	assertNoTraceback(t, r)
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "vt: deadlock found in execution 1 of main")
	assert.Contains(t, r.stdout, orig.Failure.Message)
	assert.Contains(t, r.stdout, "\ntrace (")
	assert.Contains(t, r.stdout, "sync.Mutex.Lock")
	assert.Contains(t, r.stdout, "lockorder/main.go:18:")

	j := vt("replay", "-json", "testdata/lockorder", tok)
	require.Equal(t, 1, j.code)
	rep := jsonLines(t, j.stdout)
	require.Len(t, rep, 1)
	require.NotNil(t, rep[0].Failure)
	assert.Equal(t, orig.Failure.Kind, rep[0].Failure.Kind)
	assert.Equal(t, orig.Failure.Message, rep[0].Failure.Message)
	assert.Equal(t, orig.Failure.Schedule, rep[0].Failure.Schedule)
	assert.Equal(t, 1, rep[0].Executions)

	// The schedule file saved by check replays the same way.
	files, err := filepath.Glob("testdata/lockorder/testdata/vt/main/*")
	require.NoError(t, err)
	require.Len(t, files, 1)
	f := vt("replay", "testdata/lockorder", files[0])
	assert.Equal(t, 1, f.code, "stdout:\n%s\nstderr:\n%s", f.stdout, f.stderr)
	assert.Contains(t, f.stdout, "deadlock found")

	// A schedule without preemptions passes.
	hash := strings.Split(tok, ":")[1]
	pass := vt("replay", "testdata/lockorder", "vt1:"+hash+":0")
	assert.Equal(t, 0, pass.code, "stdout:\n%s\nstderr:\n%s", pass.stdout, pass.stderr)
	assert.Contains(t, pass.stdout, "the replayed execution passes")
	assert.Contains(t, pass.stdout, "sync.WaitGroup.Done")
}

func TestReplayTest(t *testing.T) {
	freshCorpus(t, "tests")
	found := vt("test", "-json", "-run", "PairDeadlock", "testdata/tests")
	require.Equal(t, 1, found.code)
	orig := testResults(t, found.stdout)[0]
	require.NotNil(t, orig.Failure)

	r := vt("replay", "-json", "-test", "TestPairDeadlock", "testdata/tests", orig.Failure.Replay)
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	rep := jsonLines(t, r.stdout)[0]
	require.NotNil(t, rep.Failure)
	assert.Equal(t, "deadlock", rep.Failure.Kind)
	assert.Equal(t, orig.Failure.Message, rep.Failure.Message)
	assert.Equal(t, orig.Failure.Schedule, rep.Failure.Schedule)

	// A saved schedule file names its test.
	files, err := filepath.Glob("testdata/tests/testdata/vt/TestPairDeadlock/*")
	require.NoError(t, err)
	require.Len(t, files, 1)
	f := vt("replay", "testdata/tests", files[0])
	assert.Equal(t, 1, f.code, "stdout:\n%s\nstderr:\n%s", f.stdout, f.stderr)
	assert.Contains(t, f.stdout, "deadlock found in execution 1 of TestPairDeadlock")

	missing := vt("replay", "-test", "TestNope", "testdata/tests", orig.Failure.Replay)
	assert.Equal(t, 2, missing.code)
	assert.Contains(t, missing.stderr, "no test TestNope")
}

func TestReplayBadTokens(t *testing.T) {
	freshCorpus(t, "lockorder")
	found := vt("check", "-json", "testdata/lockorder")
	require.Equal(t, 1, found.code)
	tok := jsonLines(t, found.stdout)[0].Failure.Replay
	parts := strings.Split(tok, ":")
	require.Len(t, parts, 3)

	for _, tc := range []struct{ tok, msg string }{
		{"vt1:nonsense", "malformed replay token"},
		{"vt1:" + parts[1] + ":0.zz!", "malformed replay token"},
		{"vt9:" + parts[1] + ":" + parts[2], "this vt reads vt1"},
		{"nosuchfile", "neither a replay token"},
		{"vt1:0123456789abcdef:" + parts[2], "stale replay token"},
		{"vt1:" + parts[1] + ":5.5.5.5.5.5.5", "does not fit"},
	} {
		r := vt("replay", "testdata/lockorder", tc.tok)
		assertNoTraceback(t, r)
		assert.Equal(t, 2, r.code, "token %q: stdout:\n%s\nstderr:\n%s", tc.tok, r.stdout, r.stderr)
		assert.Contains(t, r.stderr, tc.msg, "token %q", tc.tok)
		assert.True(t, strings.HasPrefix(r.stderr, "vt: "), "token %q: %s", tc.tok, r.stderr)
		assert.Empty(t, r.stdout)
	}

	// Stale, in -json mode: an error object.
	stale := "vt1:0123456789abcdef:" + parts[2]
	r := vt("replay", "-json", "testdata/lockorder", stale)
	assert.Equal(t, 2, r.code)
	rs := jsonLines(t, r.stdout)
	require.Len(t, rs, 1)
	assert.Equal(t, "error", rs[0].Verdict)
	assert.Contains(t, rs[0].Error, "stale replay token")

	// -replay on vt check is the same replay.
	c := vt("check", "-replay", stale, "testdata/lockorder")
	assert.Equal(t, 2, c.code)
	assert.Contains(t, c.stderr, "stale replay token")
	c = vt("check", "-replay", tok, "testdata/lockorder")
	assert.Equal(t, 1, c.code)
	assert.Contains(t, c.stdout, "deadlock found in execution 1 of main")
}

func TestCLIBadUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"check", "-strategy=bfs", "testdata/correct"}, `bad value "bfs" for option strategy`},
		{[]string{"check", "-execs=-1", "testdata/correct"}, `bad value "-1" for option execs`},
		{[]string{"check", "-time=soon", "testdata/correct"}, "option time"},
		{[]string{"test", "-execs=-1", "testdata/tests"}, "option execs"},
		{[]string{"test", "-preempt=-3", "testdata/tests"}, "option preempt"},
		{[]string{"replay", "-steps=0", "testdata/correct", "vt1:00:0"}, "option steps"},
		{[]string{"check", "-nosuchflag", "testdata/correct"}, "flag provided but not defined: -nosuchflag"},
		{[]string{"check"}, "usage: vt check"},
		{[]string{"check", "a", "b"}, "usage: vt check"},
		{[]string{"test"}, "usage: vt test"},
		{[]string{"replay", "testdata/correct"}, "usage: vt replay"},
		{[]string{"check", "testdata/tests"}, "is not a main package"},
		{[]string{"check", "testdata/nonexistent"}, "vt: "},
		{[]string{"test", "testdata/nonexistent"}, "vt: "},
		{[]string{"test", "-run", "(", "testdata/tests"}, "bad -run pattern"},
		{[]string{"test", "-run", "TestX/sub", "testdata/tests"}, "subtest patterns are not supported"},
		{[]string{"test", "-replay", "vt1:00:0", "testdata/tests"}, "select one with -run"},
	} {
		r := vt(tc.args...)
		assertNoTraceback(t, r)
		assert.Equal(t, 2, r.code, "vt %v: stdout:\n%s\nstderr:\n%s", tc.args, r.stdout, r.stderr)
		assert.Contains(t, r.stderr, tc.msg, "vt %v", tc.args)
		assert.Empty(t, r.stdout, "vt %v", tc.args)
	}

	// In -json mode a tool error is a JSON object.
	r := vt("check", "-json", "-strategy=bfs", "testdata/correct")
	assert.Equal(t, 2, r.code)
	rs := jsonLines(t, r.stdout)
	require.Len(t, rs, 1)
	assert.Equal(t, "error", rs[0].Verdict)
	assert.Contains(t, rs[0].Error, "option strategy")

	// In vt test -json, it is go test -json's: output and a failure.
	r = vt("test", "-json", "testdata/nonexistent")
	assert.Equal(t, 2, r.code)
	rs = jsonLines(t, r.stdout)
	require.Len(t, rs, 2)
	assert.Contains(t, r.stdout, `"Action":"output"`)
	assert.Contains(t, r.stdout, `"Action":"fail"`)
	assert.Equal(t, "error", rs[1].Verdict)
	assert.Contains(t, rs[1].Error, "nonexistent")
}

func TestCLIHelp(t *testing.T) {
	r := vt()
	assert.Equal(t, 2, r.code)
	for _, cmd := range []string{"run DIR", "check DIR", "test DIR|PATTERN", "replay DIR TOKEN|FILE"} {
		assert.Contains(t, r.stderr, cmd)
	}
	for _, cmd := range []string{"check", "test", "replay"} {
		h := vt(cmd, "-h")
		assert.Equal(t, 0, h.code, cmd)
		assert.Contains(t, h.stderr, "usage: vt "+cmd, cmd)
		assert.Contains(t, h.stderr, "-json", cmd)
		assert.Contains(t, h.stderr, "-steps", cmd)
	}
	h := vt("check", "-h")
	for _, name := range []string{"strategy", "execs", "steps", "preempt", "seed", "time", "replay", "expect"} {
		assert.Contains(t, h.stderr, "-"+name, "vt check -h")
	}
	assert.Contains(t, vt("test", "-h").stderr, "-run")
	assert.Contains(t, vt("replay", "-h").stderr, "-test")
}

// The built command's exit status, as a process.
func TestCheckProcessExitCode(t *testing.T) {
	freshCorpus(t, "lockorder")
	r := runVT(t, "check", "testdata/lockorder")
	assert.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "vt: deadlock found")
	assertNoGoPanic(t, r)
	r = runVT(t, "check", "-execs=-1", "testdata/lockorder")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "option execs")
}

// A budget is a promise: an endless program stops at the time budget, also
// when one execution never ends and never reaches a scheduling point
// (the step bound is out of reach here). No execution ended, so nothing
// is claimed: the verdict is "unexplored" (never ok), the exit status 1,
// and the result says why.
func TestBudgetStopsEndlessPrograms(t *testing.T) {
	freshCorpus(t, "endless")
	for _, args := range [][]string{
		{"test", "-steps", "1000000000000", "-time", "1s", "testdata/endless"},
		{"check", "-steps", "1000000000000", "-time", "1s", "testdata/endless"},
	} {
		t.Run(args[0], func(t *testing.T) {
			vt(args[0], "-execs", "1", "-expect", "steps", args[len(args)-1]) // load once, untimed; nothing saved
			start := time.Now()
			r := vt(args...)
			elapsed := time.Since(start)
			assertNoTraceback(t, r)
			require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
			assert.Regexp(t, `(?m)^FAIL (\S+ TestEndless|main): not explored: the time budget \(1s\) ran out before any execution ended \(set-up, not charged to it, took \S+\): raise -time$`, r.stdout)
			assert.Less(t, elapsed, 2500*time.Millisecond, "the budget plus well under a second")

			j := vt(append([]string{args[0], "-json"}, args[1:]...)...)
			require.Equal(t, 1, j.code, "stdout:\n%s\nstderr:\n%s", j.stdout, j.stderr)
			rs := jsonLines(t, j.stdout)
			if args[0] == "test" {
				rs = testResults(t, j.stdout)
			}
			require.NotEmpty(t, rs)
			assert.Equal(t, "unexplored", rs[0].Verdict)
			assert.Contains(t, j.stdout, `"budget":"time"`)
		})
	}
}

// Options a vt.Check call gives in code shape its function's executions
// under vt test too (the clock, an expected verdict), unless a flag gives
// them: then the flag wins.
func TestTestCodeOptions(t *testing.T) {
	freshCorpus(t, "codeoptions")
	r := vt("test", "-execs", "200", "testdata/codeoptions")
	assertNoTraceback(t, r)
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `(?m)^ok  \S+ TestDeadlineUnderSynctest \(\d+ executions, exhaustive`, r.stdout)
	assert.Regexp(t, `(?m)^ok  \S+ TestExpectedLeak \(verdict leak as expected;`, r.stdout)

	r = vt("test", "-execs", "200", "-clock", "any", "-run", "TestDeadlineUnderSynctest", "testdata/codeoptions")
	assertNoTraceback(t, r)
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "deadlock")

	r = vt("test", "-execs", "200", "-expect", "ok", "-run", "TestExpectedLeak", "testdata/codeoptions")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "expected verdict ok, got leak")
}

// A test runs in its package's directory, as under go test: it reads its
// files by relative paths, whatever directory vt test was started in.
func TestTestRunsInPackageDir(t *testing.T) {
	r := vt("test", "-execs", "5", "testdata/workdir")
	assertNoTraceback(t, r)
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "ok  github.com/vtcheck/vt/cmd/vt/testdata/workdir TestReadsRelativeFile")
}

// Tests of packages of the Go distribution are run as a measure: their
// failing schedules are not saved into GOROOT.
func TestInGoroot(t *testing.T) {
	src := filepath.Join(interp.GOROOT(), "src")
	assert.True(t, inGoroot(filepath.Join(src, "time")))
	assert.True(t, inGoroot(filepath.Join(src, "encoding", "json")))
	assert.False(t, inGoroot(t.TempDir()))
	assert.False(t, inGoroot(filepath.Join(interp.GOROOT(), "srcx", "time")))
	assert.False(t, inGoroot("testdata/codeoptions"))
}

// A test that skips itself (here: under the race detector, as vt builds
// every package with the race tag) is reported as skipped, with its
// message: SKIP in the summary, "skip" and --- SKIP under -json.
func TestTestSkip(t *testing.T) {
	freshCorpus(t, "skips")
	r := vt("test", "testdata/skips")
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `(?m)^SKIP github.com/vtcheck/vt/cmd/vt/testdata/skips TestHeavy \(skips_test.go:10: too slow under the race detector; 1 execution, `, r.stdout)
	assert.Contains(t, r.stdout, "ok  github.com/vtcheck/vt/cmd/vt/testdata/skips TestLight (")
	assert.Contains(t, r.stdout, "ok: 2 tests: 2 ok (1 skipped), 0 failed, 0 unsupported (")

	j := vt("test", "-json", "testdata/skips")
	require.Equal(t, 0, j.code, "stdout:\n%s\nstderr:\n%s", j.stdout, j.stderr)
	assert.Regexp(t, `"Action":"output","Package":"github.com/vtcheck/vt/cmd/vt/testdata/skips","Test":"TestHeavy","Output":"--- SKIP: TestHeavy \(\d+\.\d\ds\)\\n"`, j.stdout)
	assert.Regexp(t, `"Action":"skip","Package":"github.com/vtcheck/vt/cmd/vt/testdata/skips","Test":"TestHeavy",.*"skipped":"skips_test.go:10: too slow under the race detector"`, j.stdout)
	assert.Regexp(t, `"Action":"pass","Package":"github.com/vtcheck/vt/cmd/vt/testdata/skips","Test":"TestLight"`, j.stdout)
}

// A main served by a goroutine of package initialization: the goroutine
// runs in every execution (it is a daemon, no leak), so main passes; with
// the snapshot after initialization alone it deadlocked.
func TestCheckInitGoroutine(t *testing.T) {
	r := vt("check", "-corpus", "off", "testdata/initmain")
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `ok  main \(\d+ executions, exhaustive, `, r.stdout)
}

// The standard library's own tests that need a process check first with
// internal/testenv.MustHaveExec, and skip under vt (one process) as on a
// platform without processes, naming why; without the model they went on
// to exec.Command and were refused.
func TestTestStdlibExecSkips(t *testing.T) {
	r := vt("test", "-execs", "1", "-corpus", "off", "-run", "^(TestIssue76126|TestMutexMisuse)$", "sync")
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `(?m)^SKIP sync TestIssue76126 \(waitgroup_test.go:\d+: skipping test: cannot exec subprocess under vt: starting processes is not supported \(the virtual OS runs one process\); `, r.stdout)
	assert.Regexp(t, `(?m)^SKIP sync TestMutexMisuse \(exec.go:\d+: skipping test: cannot exec subprocess under vt`, r.stdout)
	assert.Contains(t, r.stdout, "ok: 2 tests: 2 ok (2 skipped), 0 failed, 0 unsupported (")
}

// A timer that a standard package's own test sets is the program's: time's
// TestAfterFuncStarvation (two goroutines ping-pong until an AfterFunc of
// 1µs stops them) ends in its first execution. When functions of _test.go
// files in GOROOT counted as the standard library's, the AfterFunc was a
// library timer that fires only when every goroutine is blocked: the run
// spent its whole budget.
func TestTestStdlibTimerIsProgramsOwn(t *testing.T) {
	r := vt("test", "-execs", "1", "-corpus", "off", "-time", "60s", "-json", "-run", "^TestAfterFuncStarvation$", "time")
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `"Action":"pass","Package":"time","Test":"TestAfterFuncStarvation",.*"executions":1,.*"budget":"execs"`, r.stdout)
}
