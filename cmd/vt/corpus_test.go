package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A saved failing schedule is replayed first, unless -corpus=off or a
// strategy is asked for; one that no longer fails is noted, one that no
// longer fits the program is removed (and noted), and the search goes on.
func TestCorpusReplayAndNotes(t *testing.T) {
	freshCorpus(t, "lockorder", "correct")
	found := vt("check", "-strategy", "dfs", "testdata/lockorder")
	require.Equal(t, 1, found.code, found.stdout)
	assert.NotContains(t, found.stdout, "found in execution 1 ", "dfs needs a preemption to deadlock")

	again := vt("check", "testdata/lockorder")
	require.Equal(t, 1, again.code)
	assert.Contains(t, again.stdout, "deadlock found in execution 1 of main", "the saved schedule first")

	for _, args := range [][]string{{"-corpus=off"}, {"-strategy", "dfs"}} {
		r := vt(append(append([]string{"check"}, args...), "testdata/lockorder")...)
		require.Equal(t, 1, r.code, "%v: %s", args, r.stdout)
		assert.NotContains(t, r.stdout, "found in execution 1 ", "%v: the saved schedule is not replayed", args)
	}
	r := vt("check", "-strategy", "dfs", "-corpus=on", "testdata/lockorder")
	assert.Contains(t, r.stdout, "deadlock found in execution 1 of main", "-corpus=on replays it whatever the strategy")

	// A correct program with a schedule that fits and passes, and one that
	// does not fit (a choice no scheduling point has).
	dir := filepath.Join("testdata", "correct", "testdata", "vt", "main")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	passing, stale := filepath.Join(dir, "0passing"), filepath.Join(dir, "1stale")
	require.NoError(t, os.WriteFile(passing, []byte("vt schedule v1\nvt1:00:0\n"), 0o644))
	require.NoError(t, os.WriteFile(stale, []byte("vt schedule v1\nvt1:00:z*9\n"), 0o644))
	ok := vt("check", "testdata/correct")
	require.Equal(t, 0, ok.code, "stdout:\n%s\nstderr:\n%s", ok.stdout, ok.stderr)
	assert.Contains(t, ok.stdout, "note: saved schedule testdata/vt/main/0passing no longer fails (fixed?)")
	assert.Contains(t, ok.stdout, "note: saved schedule testdata/vt/main/1stale no longer fits the program")
	assert.FileExists(t, passing)
	assert.NoFileExists(t, stale, "a schedule that no longer fits is removed")

	j := vt("check", "-json", "testdata/correct")
	rs := jsonLines(t, j.stdout)
	require.Len(t, rs, 1)
	assert.Contains(t, j.stdout, `"notes":["saved schedule testdata/vt/main/0passing no longer fails`)
}
