package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An execution with more transitions than maxDporTrans is not recorded
// past the bound: DPOR does not analyse it, the portfolio samples on, and
// the verdicts are those of the unbounded search.
func TestDPORGivesUpLongExecutions(t *testing.T) {
	src := "package gen\n\nimport (\n\t\"sync\"\n\t\"testing\"\n)\n\n" +
		"func pingPong(n int, racy bool) {\n\tch := make(chan int)\n\tvar wg sync.WaitGroup\n\tx := 0\n\twg.Add(1)\n" +
		"\tgo func() {\n\t\tdefer wg.Done()\n\t\tfor v := range ch {\n\t\t\tif racy && v == n-1 {\n\t\t\t\tx++\n\t\t\t}\n\t\t}\n\t}()\n" +
		"\tfor i := range n {\n\t\tch <- i\n\t}\n\tif racy {\n\t\tx++\n\t}\n\tclose(ch)\n\twg.Wait()\n}\n\n" +
		"func TestLong(t *testing.T) { pingPong(300, false) }\n\nfunc TestLongRacy(t *testing.T) { pingPong(300, true) }\n"
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	old := maxDporTrans
	defer func() { maxDporTrans = old }()
	for _, tc := range []struct{ test, verdict string }{{"TestLong", "ok"}, {"TestLongRacy", "race"}} {
		t.Run(tc.test, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.test, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: -1, Name: tc.test}
			o := DefaultOptions()
			o.Execs, o.Parallel = 20, 1
			o.Time = 1 << 62
			maxDporTrans = old
			full, err := explore(target, o, nil, nil)
			require.NoError(t, err)
			maxDporTrans = 100
			capped, err := explore(target, o, nil, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, full.Verdict)
			assert.Equal(t, full.Verdict, capped.Verdict)
			if tc.verdict == "ok" {
				assert.False(t, capped.Exhaustive)
				require.NotEmpty(t, capped.Notes)
				assert.Contains(t, capped.Notes[0], "dpor could not analyse an execution of more than 100 transitions")
			}
		})
	}
}
