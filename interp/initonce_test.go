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
	pkg := testPackage(t, prog, "TestChangeA")
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

// TestSnapshotDropsLongUndoLog checks that a run whose undo log outgrows
// its bound drops it, and that the next run (of the same test, or of the
// next test reusing the initialization) starts from the state after a new
// initialization.
func TestSnapshotDropsLongUndoLog(t *testing.T) {
	old := undoMax
	undoMax = 64 << 10
	defer func() { undoMax = old }()
	prog, err := Load(Config{Dir: filepath.Join("testdata", "initonce"), Tests: true}, ".")
	require.NoError(t, err)
	pkg := testPackage(t, prog, "TestChangeLong")
	var initOut strings.Builder
	s, err := prog.SnapshotTest(pkg, "TestChangeLong", RunOptions{Stdout: &initOut})
	require.NoError(t, err)
	assert.Equal(t, "init ran\n", initOut.String())
	first := s.m
	for i := range 3 {
		var out strings.Builder
		require.NoError(t, s.Run(RunOptions{Stdout: &out, WaitAll: true, MaxSteps: 10000000}))
		res := s.TestResult()
		require.False(t, res.Failed, "run %d: %s", i, res.Output)
		assert.Equal(t, "long ran\n", out.String())
		assert.True(t, s.m.undoDropped, "run %d: the log was dropped", i)
		assert.False(t, s.m.logging)
		assert.Zero(t, s.m.undo.len())
	}
	assert.NotSame(t, first, s.m, "initialized again")
	assert.Equal(t, "init ran\ninit ran\ninit ran\n", initOut.String(), "once, then before each later run")
	s.Release()

	// The next test of the package reuses the kept initialization: it is
	// initialized again for it, with its options, before it runs.
	var initOut2 strings.Builder
	a, err := prog.SnapshotTest(pkg, "TestChangeA", RunOptions{Stdout: &initOut2})
	require.NoError(t, err)
	assert.Equal(t, "init ran\n", initOut2.String())
	assert.False(t, a.m.undoDropped)
	for range 2 {
		var out strings.Builder
		require.NoError(t, a.Run(RunOptions{Stdout: &out, WaitAll: true, MaxSteps: 100000}))
		require.False(t, a.TestResult().Failed, "%s", a.TestResult().Output)
		assert.Equal(t, "A ran\n", out.String())
		assert.False(t, a.m.undoDropped, "a short run keeps its log")
	}
	a.Release()
}
