package explore

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegionsStrategySound: on the project's permission-region programs,
// the region-informed search reaches the verdict of a full search (race
// detection off: the verdicts are the regions' own), exhaustively, with
// fewer stored states than the stateful search (which, on the habanero
// programs, stores more in 300 executions than regions in all). The full search is dfs
// with no preemption bound, or DPOR (as exhaustive, and sound for the same
// verdicts) for the habanero programs, whose library's own synchronization
// makes dfs's space too large to finish here.
func TestRegionsStrategySound(t *testing.T) {
	for _, tc := range []struct {
		dir, test, verdict, full string
	}{
		{"testdata/regions", "TestSubslice", "region", "dfs"},
		{"testdata/regions", "TestPointerIsElement", "region", "dfs"},
		{"testdata/regions", "TestRangeOverlap", "region", "dfs"},
		{"testdata/regions", "TestDisjointRanges", "ok", "dfs"},
		{"testdata/regions", "TestSharedReaders", "ok", "dfs"},
		{"testdata/regions", "TestWholeSlice", "ok", "dfs"},
		{"testdata/hj", "TestOverlappingRanges", "region", "dpor"},
		{"testdata/hj", "TestDisjointRanges", "ok", "dpor"},
		{"testdata/hj", "TestIsolatedSharing", "ok", "dpor"},
		{"testdata/hj", "TestUnannotatedSlice", "ok", "dpor"},
	} {
		t.Run(filepath.Base(tc.dir)+"/"+tc.test, func(t *testing.T) {
			dir, err := filepath.Abs(tc.dir)
			require.NoError(t, err)
			prog, err := LoadTests(dir)
			require.NoError(t, err)
			pkg, err := TestPackage(prog, tc.test, "")
			require.NoError(t, err)
			run := func(strategy string) *Result {
				o := DefaultOptions()
				o.Strategy, o.Race, o.Preempt = strategy, "", -1
				if strategy == "stateful" {
					o.Execs = 300 // enough to store more states than regions needs
				}
				res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: 0, Name: tc.test}, o, nil)
				require.NoError(t, err)
				return res
			}
			full, stateful, regions := run(tc.full), run("stateful"), run("regions")
			assert.Equal(t, tc.verdict, full.Verdict, tc.full)
			assert.Equal(t, full.Verdict, regions.Verdict, "regions")
			assert.Equal(t, full.Verdict, stateful.Verdict, "stateful")
			if tc.verdict == "ok" {
				require.True(t, full.Exhaustive, "%s: %d executions", tc.full, full.Executions)
				require.True(t, regions.Exhaustive, "regions: %d executions", regions.Executions)
				assert.LessOrEqual(t, regions.States, stateful.States, "states")
				t.Logf("executions: %s %d, stateful %d (%d states), regions %d (%d states)",
					tc.full, full.Executions, stateful.Executions, stateful.States, regions.Executions, regions.States)
			} else {
				assert.Equal(t, "region", regions.Failure.Kind)
			}
		})
	}
}

// TestRegionsIsHabaneroDefault: a program that uses the habanero library
// is explored with the regions strategy by default.
func TestRegionsIsHabaneroDefault(t *testing.T) {
	dir, err := filepath.Abs("testdata/hj")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestUnannotatedSlice", "")
	require.NoError(t, err)
	res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: "TestUnannotatedSlice", Root: 0, Name: "TestUnannotatedSlice"}, DefaultOptions(), nil)
	require.NoError(t, err)
	assert.Equal(t, "regions", res.Strategy)
	assert.True(t, res.Exhaustive)
	assert.Positive(t, res.States)
}
