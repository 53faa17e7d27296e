package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The stateful strategy finds the verdicts plain dfs finds on the labeled
// programs of the race corpus, of the engine's verdicts and of vt's own
// testdata, and exhausts what dfs exhausts.
func TestStatefulVerdictsMatchDFS(t *testing.T) {
	if testing.Short() || os.Getenv("VT_SOUNDNESS") == "" {
		t.Skip("explores every program of the corpora twice (minutes): set VT_SOUNDNESS=1")
	}
	dirs := []string{"../../internal/race/testdata/corpus", "../../internal/explore/testdata/verdicts", "testdata/asserts", "testdata/tests"}
	execsStateful, execsDFS, exhaustedOnly := 0, 0, 0
	for _, dir := range dirs {
		dfs := verdicts(t, dir, "-strategy", "dfs", "-preempt", "-1", "-execs", "5000", "-time", "1m")
		stateful := verdicts(t, dir, "-strategy", "stateful", "-execs", "5000", "-time", "1m")
		for name, want := range dfs {
			got, ok := stateful[name]
			if !assert.True(t, ok, "%s: %s has no stateful result", dir, name) {
				continue
			}
			if want.Verdict != "ok" {
				assert.Equal(t, want.Verdict, got.Verdict, "%s: %s", dir, name)
				continue
			}
			if want.Exhaustive {
				assert.Equal(t, "ok", got.Verdict, "%s: %s", dir, name)
				assert.True(t, got.Exhaustive, "%s: %s: stateful exhausts what dfs exhausts", dir, name)
				execsStateful += got.Executions
				execsDFS += want.Executions
			} else if got.Exhaustive {
				assert.Equal(t, "ok", got.Verdict, "%s: %s", dir, name)
				exhaustedOnly++
			}
		}
	}
	t.Logf("executions to exhaust the correct programs: dfs %d, stateful %d; exhausted by stateful only: %d", execsDFS, execsStateful, exhaustedOnly)
}
