package interp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFrameReuseAcrossFunctions runs a test whose goroutine executes a
// deferred builtin (close) after the test function returned. Every function
// the interpreter makes for itself (thunks of go/defer builtins, synthetic
// methods) needs its own id: frames are recycled per function id, and a
// thunk sharing an id with the test function once ran the test's code on
// the goroutine (a false nil-pointer panic under vt test).
func TestFrameReuseAcrossFunctions(t *testing.T) {
	prog, err := Load(Config{Dir: filepath.Join("testdata", "framereuse"), Tests: true}, ".")
	require.NoError(t, err)
	pkg := testPackage(t, prog, "TestCloseAfterReturn")
	for _, snapshot := range []bool{false, true} {
		var out strings.Builder
		var oc Outcome
		opts := RunOptions{Stdout: &out, WaitAll: true, Outcome: &oc, MaxSteps: 100000}
		var res TestResult
		if snapshot {
			s, err := prog.SnapshotTest(pkg, "TestCloseAfterReturn", RunOptions{})
			require.NoError(t, err)
			for range 3 {
				out.Reset()
				require.NoError(t, s.Run(opts))
			}
			res = s.TestResult()
		} else {
			res, err = prog.RunTest(pkg, "TestCloseAfterReturn", opts)
			require.NoError(t, err)
		}
		assert.False(t, res.Failed, "snapshot=%v: %s", snapshot, res.Output)
		assert.Equal(t, Exited, oc.Kind, "snapshot=%v: %s", snapshot, oc.Message)
		assert.Equal(t, "test body\ngoroutine\n", out.String(), "snapshot=%v", snapshot)
	}
}
