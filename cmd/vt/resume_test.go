package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vt test -resume DIR: runs stopped by -execs go on where the last one
// stopped, each shard from its own frontier, until the space is covered;
// their executions add up to the shards' uninterrupted runs', and vt
// merge of the shards' last results says exhaustive.
func TestTestResume(t *testing.T) {
	clearShardEnv(t)
	freshCorpus(t, "tests")
	base := []string{"test", "-json", "-corpus", "off", "-strategy", "dpor", "-run", "TestCounter"}
	want := 0
	for _, shard := range []string{"1/2", "2/2"} {
		whole := vt(append(base, "-shard", shard, "./testdata/tests")...)
		require.Equal(t, 0, whole.code, whole.stderr)
		wholeEnds, _ := testEnds(t, whole.stdout)
		require.True(t, wholeEnds["TestCounter"].Exhaustive)
		want += wholeEnds["TestCounter"].Executions
	}
	require.Greater(t, want, 4)

	dir := t.TempDir()
	total := 0
	out := t.TempDir()
	for _, shard := range []string{"1/2", "2/2"} {
		var last testEnd
		runs := 0
		for runs = 1; runs < 50; runs++ {
			r := vt(append(base, "-execs", "2", "-shard", shard, "-resume", dir, "./testdata/tests")...)
			require.Equal(t, 0, r.code, r.stderr)
			ends, _ := testEnds(t, r.stdout)
			last = ends["TestCounter"]
			assert.Equal(t, shard, last.Shard)
			total += last.Executions
			if last.Exhaustive {
				require.NoError(t, os.WriteFile(filepath.Join(out, "shard"+shard[:1]+".json"), []byte(r.stdout), 0o644))
				break
			}
		}
		assert.Greater(t, runs, 1, "shard %s took several runs", shard)
	}
	assert.Equal(t, want, total, "the runs of each shard add up to its uninterrupted run")
	frontiers, err := filepath.Glob(filepath.Join(dir, "github.com/vtcheck/vt/cmd/vt/testdata/tests/TestCounter/*.frontier"))
	require.NoError(t, err)
	assert.Len(t, frontiers, 2, "a frontier per shard: %v", frontiers)

	m := vt("merge", "-json", out)
	require.Equal(t, 0, m.code, m.stdout+m.stderr)
	merged, _ := testEnds(t, m.stdout)
	assert.True(t, merged["TestCounter"].Exhaustive)

	// Without -json, the notes say where the frontier is.
	r := vt("test", "-corpus", "off", "-strategy", "dpor", "-run", "TestCounter", "-shard", "1/2", "-resume", dir, "./testdata/tests")
	require.Equal(t, 0, r.code)
	assert.Contains(t, r.stdout, "note: resume: the space was covered by earlier runs (")
	assert.True(t, strings.HasPrefix(r.stdout, "ok  "), r.stdout)
}
