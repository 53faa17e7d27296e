package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONEventsStaySmall: a failure after 5,000 scheduling points among
// 61 goroutines is reported in events under 64 KB each. The failure's
// schedule is an excerpt that ends at the failure and says what it
// leaves out, the goroutines are the first 32 of 61, and the saved
// schedule it names replays the whole failure.
func TestJSONEventsStaySmall(t *testing.T) {
	freshCorpus(t, "longfail")
	r := vt("test", "-json", "testdata/longfail")
	require.Equal(t, 1, r.code, "stderr:\n%s", r.stderr)
	var last map[string]json.RawMessage
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		assert.Less(t, len(line), 64<<10, "an event of %d bytes: %.200s", len(line), line)
		var ev map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(line), &ev))
		if string(ev["Action"]) == `"fail"` && ev["failure"] != nil {
			last = ev
		}
	}
	require.NotNil(t, last, "the test's fail event carries the failure")
	var f struct {
		Kind            string            `json:"kind"`
		Schedule        []json.RawMessage `json:"schedule"`
		ScheduleSteps   int               `json:"schedule_steps"`
		ScheduleFirst   int               `json:"schedule_first"`
		Goroutines      []json.RawMessage `json:"goroutines"`
		GoroutinesTotal int               `json:"goroutines_total"`
		Saved           string            `json:"saved"`
		Replay          string            `json:"replay"`
	}
	require.NoError(t, json.Unmarshal(last["failure"], &f))
	assert.Equal(t, "deadlock", f.Kind)
	assert.Greater(t, f.ScheduleSteps, 4000, "the whole schedule's length")
	assert.Len(t, f.Schedule, 200)
	assert.Equal(t, f.ScheduleSteps-200+1, f.ScheduleFirst, "the excerpt ends at the failure")
	assert.Len(t, f.Goroutines, 32)
	assert.Equal(t, 61, f.GoroutinesTotal)
	require.NotEmpty(t, f.Saved)
	_, err := os.Stat(f.Saved)
	require.NoError(t, err, "the saved schedule exists")

	// The saved schedule replays the whole failure.
	rep := vt("replay", "-json", "-test", "TestLongThenDeadlock", "testdata/longfail", f.Saved)
	require.Equal(t, 1, rep.code, "stdout:\n%s\nstderr:\n%s", rep.stdout, rep.stderr)
	var rr struct {
		Verdict string `json:"verdict"`
		Failure struct {
			ScheduleSteps int `json:"schedule_steps"`
		} `json:"failure"`
	}
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(rep.stdout)), &rr))
	assert.Equal(t, "deadlock", rr.Verdict)
	assert.Equal(t, f.ScheduleSteps, rr.Failure.ScheduleSteps)
}

// TestTestVerbose: vt test -v prints what go test -v prints for each test
// (=== RUN, the test's output indented, --- PASS or --- FAIL with its
// time) and each package's PASS/FAIL and ok/FAIL lines, then vt's summary.
func TestTestVerbose(t *testing.T) {
	freshCorpus(t, "tests")
	r := vt("test", "-v", "testdata/tests")
	require.Equal(t, 1, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	const pkg = "github.com/vtcheck/vt/cmd/vt/testdata/tests"
	assert.Regexp(t, `(?s)^=== RUN   TestCounter\n    ok  TestCounter \(\d+ executions, exhaustive, [^\n]*\)\n--- PASS: TestCounter \(\d+\.\d\ds\)\n`+
		`=== RUN   TestPairDeadlock\n    vt: deadlock found in execution \d+ of TestPairDeadlock .*\n--- FAIL: TestPairDeadlock \(\d+\.\d\ds\)\n`+
		`FAIL\nFAIL\t`+pkg+`\t\d+\.\d{3}s\nFAIL: 2 tests: 1 ok, 1 failed, 0 unsupported \(`, r.stdout)

	ok := vt("test", "-v", "-run", "Counter$", "testdata/tests")
	require.Equal(t, 0, ok.code)
	assert.Regexp(t, `(?s)--- PASS: TestCounter \(\d+\.\d\ds\)\nPASS\nok  \t`+pkg+`\t\d+\.\d{3}s\nok: 1 tests`, ok.stdout)
}

// TestGoTestFlags: go test's flags whose meaning carries over work as in
// go test (flags after the packages, the -test. spelling, -skip, -list,
// -failfast); the others are refused with why, never with the usage text
// alone.
func TestGoTestFlags(t *testing.T) {
	freshCorpus(t, "tests")
	// Flags after the package, and -test.run: only TestCounter.
	r := vt("test", "testdata/tests", "-test.run", "Counter$", "-json")
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	rs := testResults(t, r.stdout)
	require.Len(t, rs, 1)
	assert.Equal(t, "TestCounter", rs[0].Name)

	// -skip leaves the failing test out.
	r = vt("test", "-skip", "Pair", "testdata/tests")
	assert.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.NotContains(t, r.stdout, "TestPairDeadlock")

	// -list lists, explores nothing.
	r = vt("test", "-list", ".", "testdata/tests")
	require.Equal(t, 0, r.code)
	assert.Equal(t, "TestCounter\nTestPairDeadlock\nok  \tgithub.com/vtcheck/vt/cmd/vt/testdata/tests\n", r.stdout)

	// -failfast: asserts' TestLostUpdate (packages in order) fails; the
	// tests after it are not explored.
	freshCorpus(t, "asserts")
	r = vt("test", "-failfast", "testdata/tests", "testdata/asserts")
	require.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "race found in execution 1 of TestLostUpdate")
	assert.NotContains(t, r.stdout, "TestCounter")
	assert.NotContains(t, r.stdout, "TestPairDeadlock")
	assert.Contains(t, r.stdout, "FAIL: 3 tests: 0 ok, 1 failed, 0 unsupported, 2 not explored (-failfast)")

	for _, c := range []struct{ flag, want string }{
		{"-test.cpu=1,2", "-cpu is a go test flag vt test does not take"},
		{"-bench=.", "-bench is a go test flag vt test does not take"},
		{"-count=3", "-count=3: vt explores each test once per run"},
	} {
		r := vt("test", c.flag, "testdata/tests")
		assert.Equal(t, 2, r.code, c.flag)
		assert.Contains(t, r.stderr, c.want, c.flag)
		assert.NotContains(t, r.stderr, "usage:", c.flag)
	}
}

// TestGoTestFlagsOrder: goTestFlags puts flags before packages, keeping
// each value flag's value with it, and stops at "--".
func TestGoTestFlagsOrder(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Bool("v", false, "")
	fs.String("run", "", "")
	got, err := goTestFlags(fs, []string{"./a", "-v", "./b", "-run", "X", "--test.run=Y", "--", "-z"})
	require.NoError(t, err)
	assert.Equal(t, []string{"-v", "-run", "X", "--run=Y", "./a", "./b", "--", "-z"}, got)
	_, err = goTestFlags(fs, []string{filepath.Join("x"), "-coverprofile=c.out"})
	assert.ErrorContains(t, err, "-coverprofile is a go test flag vt test does not take")
}

// -short makes testing.Short() report true in the explored tests, as go
// test -short does, and a failure found so replays with it.
func TestTestShort(t *testing.T) {
	freshCorpus(t, "short")
	r := vt("test", "-run", "TestLong", "testdata/short")
	assert.Equal(t, 1, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "short_test.go:11: the long test ran")

	for _, flags := range [][]string{{"-short"}, {"-test.short"}, {"-short=true"}} {
		args := append(append([]string{"test"}, flags...), "-run", "TestLong", "testdata/short")
		r = vt(args...)
		assert.Equal(t, 0, r.code, "%v: %s%s", flags, r.stdout, r.stderr)
		assert.Contains(t, r.stdout, "SKIP github.com/vtcheck/vt/cmd/vt/testdata/short TestLong (short_test.go:9: long test skipped in -short mode", flags)
	}

	r = vt("test", "-run", "TestShortFails", "-corpus", "off", "testdata/short", "-short")
	require.Equal(t, 1, r.code, r.stdout+r.stderr)
	replay := regexp.MustCompile(`replay: vt (replay .*)`).FindStringSubmatch(r.stdout)
	require.NotNil(t, replay, r.stdout)
	assert.Contains(t, replay[1], "-short=true")
	rr := vt(strings.Fields(replay[1])...)
	assert.Contains(t, rr.stdout, "short_test.go:16: failed in -short mode")
}

// A package's TestMain is not run: vt test says so once per package,
// before its first result, in text and in -json.
func TestTestMainNoted(t *testing.T) {
	const note = "note: github.com/vtcheck/vt/cmd/vt/testdata/testmain: TestMain (main_test.go:12) is not run: vt test explores each test without its set-up and tear-down\n"
	r := vt("test", "testdata/testmain")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Equal(t, 1, strings.Count(r.stderr, note), r.stderr)
	assert.Contains(t, r.stdout, "TestMain did not run")

	r = vt("test", "-json", "testdata/testmain")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	var notes int
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var ev struct{ Action, Test, Output string }
		require.NoError(t, json.Unmarshal([]byte(line), &ev), line)
		if ev.Action == "output" && ev.Output == note {
			assert.Empty(t, ev.Test, "a package's output")
			notes++
		}
	}
	assert.Equal(t, 1, notes)
}
