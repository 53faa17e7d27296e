package testenvmodel_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp"
)

// MustHaveExec skips the test that calls it, through the test's own Skip
// (the message, and the position of the call, are testing's), and panics
// for a nil testing.TB, as testenv does where processes cannot start.
func TestMustHaveExecSkips(t *testing.T) {
	prog, err := interp.Load(interp.Config{Dir: "testdata/skips", Tests: true}, ".")
	require.NoError(t, err)
	var pkg *ssa.Package // the test variant
	for _, p := range prog.Packages {
		if p != nil && p.Func("TestExec") != nil {
			pkg = p
		}
	}
	require.NotNil(t, pkg)
	res, err := prog.RunTest(pkg, "TestExec", interp.RunOptions{})
	require.NoError(t, err)
	assert.True(t, res.Skipped, res.Output)
	assert.Regexp(t, `skips_test.go:15: skipping test: cannot exec subprocess under vt: starting processes is not supported \(the virtual OS runs one process\)\n`, res.Output)

	res, err = prog.RunTest(pkg, "TestNilTB", interp.RunOptions{})
	require.NoError(t, err)
	assert.False(t, res.Failed || res.Skipped, res.Output)
	assert.Contains(t, res.Output, "recovered: cannot exec subprocess under vt")
}
