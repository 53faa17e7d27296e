package interp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSnapshotTestKeepsInit: the snapshot of a test package's next test
// reuses the initialization of the last one released (the initialization
// does not run again: it prints nothing), and every test still starts from
// the state after it, whatever earlier tests changed (globals, maps,
// channels). A snapshot in use is not shared: the package is initialized
// again for the other test.
func TestSnapshotTestKeepsInit(t *testing.T) {
	prog, err := Load(Config{Dir: filepath.Join("testdata", "initonce"), Tests: true}, ".")
	require.NoError(t, err)
	pkg := prog.Packages[0]
	for _, p := range prog.Packages {
		if p != nil && p.Func("TestChangeA") != nil {
			pkg = p
		}
	}
	run := func(s *Snapshot, name string) {
		t.Helper()
		var out strings.Builder
		var oc Outcome
		for range 2 {
			out.Reset()
			require.NoError(t, s.Run(RunOptions{Stdout: &out, WaitAll: true, Outcome: &oc, MaxSteps: 100000}))
			res := s.TestResult()
			require.False(t, res.Failed, "%s: %s", name, res.Output)
		}
		assert.Equal(t, name+" ran\n", out.String())
	}
	var initOut strings.Builder
	a, err := prog.SnapshotTest(pkg, "TestChangeA", RunOptions{Stdout: &initOut})
	require.NoError(t, err)
	assert.Equal(t, "init ran\n", initOut.String())

	// A is in use: B's snapshot initializes the package again.
	initOut.Reset()
	b, err := prog.SnapshotTest(pkg, "TestChangeB", RunOptions{Stdout: &initOut})
	require.NoError(t, err)
	assert.Equal(t, "init ran\n", initOut.String())
	assert.NotSame(t, a.m, b.m)
	run(a, "A")
	run(b, "B")
	b.Release() // not kept: nothing to do
	a.Release()

	// A was released: B reuses its initialization, after A's changes.
	initOut.Reset()
	b2, err := prog.SnapshotTest(pkg, "TestChangeB", RunOptions{Stdout: &initOut})
	require.NoError(t, err)
	assert.Empty(t, initOut.String(), "the initialization ran again")
	assert.Same(t, a.m, b2.m)
	run(b2, "B")
	b2.Release()
	a2, err := prog.SnapshotTest(pkg, "TestChangeA", RunOptions{})
	require.NoError(t, err)
	assert.Same(t, a.m, a2.m)
	run(a2, "A")

	// Another seed is another initialization.
	c, err := prog.SnapshotTest(pkg, "TestChangeA", RunOptions{Seed: 7})
	require.NoError(t, err)
	assert.NotSame(t, a.m, c.m)
	run(c, "A")
}
