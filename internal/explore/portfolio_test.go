package explore

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The portfolio's members share its time: a bug that only a sampler
// reaches is found although DPOR's bound-0 stage is far larger than any
// budget (the portfolio that ran that stage to its end first found
// nothing in 26,642 executions), and the result names the member.
func TestPortfolioSamplersGetTheirTurns(t *testing.T) {
	t.Setenv("VT_DEEP", "1") // the environment the program sees
	dir, err := filepath.Abs("../../examples/deepbugs/shapes")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestListCheckThenAct", "")
	require.NoError(t, err)
	o := DefaultOptions()
	o.Execs, o.Time, o.Corpus, o.Parallel = 3000, time.Minute, "off", 1
	res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: "TestListCheckThenAct", Root: 0, Name: "TestListCheckThenAct"}, o, nil)
	require.NoError(t, err)
	require.Equal(t, "assert", res.Verdict, "%d executions", res.Executions)
	assert.Contains(t, []string{"random", "pct", "guided"}, res.FoundBy)
}

// A proof is not charged with the samplers' executions: a program DPOR
// exhausts is exhausted by the portfolio in at most 1.2 times DPOR's own
// executions (the DPOR member keeps the turn near its end; without that,
// TestIndexer15 took 5,566 executions against DPOR's 4,096), and a small
// program in DPOR's first slice.
func TestPortfolioProofsCostWhatDPORCosts(t *testing.T) {
	for _, tc := range []struct {
		target Target
		dpor   int // executions of dpor without a bound, alone
	}{
		{classicTarget(t, "TestIndexer15"), 4096},
		{verdictTarget(t, "TestOK"), 4},
	} {
		t.Run(tc.target.Name, func(t *testing.T) {
			o := DefaultOptions()
			o.Time, o.Corpus, o.Parallel = time.Minute, "off", 1
			res, err := Explore(tc.target, o, nil)
			require.NoError(t, err)
			require.Equal(t, "ok", res.Verdict)
			require.True(t, res.Exhaustive)
			t.Logf("%d executions", res.Executions)
			assert.LessOrEqual(t, float64(res.Executions), 1.2*float64(tc.dpor)+2, "%d executions", res.Executions)
		})
	}
}
