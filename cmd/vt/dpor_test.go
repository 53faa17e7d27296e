package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verdicts runs vt test -json with args over dir and returns each test's
// result, removing the schedules it saved.
func verdicts(t *testing.T, dir string, args ...string) map[string]jsonResult {
	t.Helper()
	clean := func() { require.NoError(t, os.RemoveAll(filepath.Join(dir, "testdata", "vt"))) }
	clean()
	defer clean()
	r := vt(append(append([]string{"test", "-json"}, args...), dir)...)
	require.Empty(t, r.stderr)
	out := map[string]jsonResult{}
	for _, j := range testResults(t, r.stdout) {
		out[j.Name] = j
	}
	require.NotEmpty(t, out)
	return out
}

// DPOR with no preemption bound finds exactly the verdicts plain dfs finds
// on the labeled programs of the race corpus, of the engine's verdicts and
// of vt's own testdata: the same failure where dfs finds one, ok and
// exhausted where dfs exhausts the space (dfs within a budget of
// executions; where it does not end, dpor must at least end too).
func TestDPORVerdictsMatchDFS(t *testing.T) {
	if testing.Short() || os.Getenv("VT_SOUNDNESS") == "" {
		t.Skip("explores every program of the corpora twice (minutes): set VT_SOUNDNESS=1")
	}
	dirs := []string{"../../internal/race/testdata/corpus", "../../internal/explore/testdata/verdicts", "testdata/asserts", "testdata/tests"}
	execsDPOR, execsDFS := 0, 0
	for _, dir := range dirs {
		dfs := verdicts(t, dir, "-strategy", "dfs", "-preempt", "-1", "-execs", "5000", "-time", "1m")
		dpor := verdicts(t, dir, "-strategy", "dpor", "-preempt", "-1", "-execs", "5000", "-time", "1m")
		for name, want := range dfs {
			got, ok := dpor[name]
			if !assert.True(t, ok, "%s: %s has no dpor result", dir, name) {
				continue
			}
			if want.Verdict != "ok" {
				assert.Equal(t, want.Verdict, got.Verdict, "%s: %s", dir, name)
				continue
			}
			if want.Exhaustive {
				assert.Equal(t, "ok", got.Verdict, "%s: %s", dir, name)
				assert.True(t, got.Exhaustive, "%s: %s: dpor exhausts what dfs exhausts", dir, name)
				assert.LessOrEqual(t, got.Executions, want.Executions, "%s: %s", dir, name)
				execsDPOR += got.Executions
				execsDFS += want.Executions
			}
		}
	}
	t.Logf("executions to exhaust the correct programs: dfs %d, dpor %d", execsDFS, execsDPOR)
}
