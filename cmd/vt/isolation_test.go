package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// isolationRun selects the tests that the isolation test compares: tests
// of io and bufio that went through the virtual OS or compared errors
// with the standard library's sentinels, and that failed, or panicked in
// internal/poll, when other packages' tests were loaded in the same run
// (their package variants' globals and types were taken for the run's
// own), and a few of sync and context for the groupings that hold them.
const isolationRun = `^(TestOffsetWriter_Seek|TestOffsetWriter_WriteAt|TestWriteAt_PositionPriorToBase|TestOffsetWriter_Write|TestCopyUnixpacket|TestReadAtLeast|TestCopyNegative|TestMultiWriter|TestReaderSimple|TestWriter|TestWaitGroup|TestMutex|TestWithCancel|TestValues)$`

// isolationGroupings are the runs compared: each package alone, then
// together with others (the last is how the standard library's own tests
// are measured).
var isolationGroupings = [][]string{
	{"io"},
	{"bufio"},
	{"bufio", "io"},
	{"sync", "io"},
	{"context", "sync", "sync/atomic", "bufio", "io"},
}

// A test's verdict does not depend on what else the run holds: the same
// tests of the standard library's io and bufio, run alone and in runs
// that load other packages' tests, end with the same verdicts (and the io
// and bufio ones pass). With several test binaries in one program, a model
// that looked a package up by its path found the variant of another
// binary: bufio's TestCopyUnixpacket panicked in internal/poll's close path
// when io's tests were loaded too, and io's TestOffsetWriter tests failed
// when sync's were. VT_ISOLATION_ALL=1 compares every test of the
// packages, not only those of isolationRun (minutes).
func TestVerdictsDoNotDependOnTheRun(t *testing.T) {
	run := isolationRun
	if os.Getenv("VT_ISOLATION_ALL") != "" {
		run = "."
	}
	verdicts := map[string]map[string]string{} // test → grouping → verdict
	for _, g := range isolationGroupings {
		group := strings.Join(g, " ")
		args := append([]string{"test", "-json", "-execs", "1", "-corpus", "off", "-time", "60s", "-run", run}, g...)
		r := vt(args...)
		n := 0
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			var ev struct {
				Action, Package, Test string
				Verdict               string `json:"verdict"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &ev), "line %q", line)
			if ev.Test == "" || ev.Verdict == "" {
				continue
			}
			key := ev.Package + " " + ev.Test
			if verdicts[key] == nil {
				verdicts[key] = map[string]string{}
			}
			verdicts[key][group] = ev.Verdict + " (" + ev.Action + ")"
			n++
		}
		require.Positive(t, n, "vt test %s ran no test:\nstdout:\n%s\nstderr:\n%s", group, r.stdout, r.stderr)
	}
	for test, byGroup := range verdicts {
		var first, firstGroup string
		for _, g := range isolationGroupings {
			group := strings.Join(g, " ")
			v, ok := byGroup[group]
			if !ok {
				continue
			}
			if first == "" {
				first, firstGroup = v, group
				continue
			}
			assert.Equal(t, first, v, "%s: verdict in vt test %s differs from vt test %s", test, group, firstGroup)
		}
	}
	for _, test := range []string{"io TestOffsetWriter_Seek", "io TestOffsetWriter_WriteAt", "io TestWriteAt_PositionPriorToBase", "io TestOffsetWriter_Write", "io TestReadAtLeast", "bufio TestWriter"} {
		for group, v := range verdicts[test] {
			assert.Equal(t, "ok (pass)", v, "%s in vt test %s", test, group)
		}
	}
	for group, v := range verdicts["bufio TestCopyUnixpacket"] {
		assert.NotContains(t, v, "panic", "bufio TestCopyUnixpacket in vt test %s", group)
	}
}
