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

// The search's last execution (the execution budget allows no other) is
// recorded by DPOR only up to lastDporTrans transitions: past them DPOR
// lets go of it without a note, and the verdict is the same; a shorter one
// is analysed as before (exhaustive when it needs no other execution).
func TestDPORLastExecutionNotRecorded(t *testing.T) {
	src := "package gen\n\nimport (\n\t\"sync\"\n\t\"testing\"\n)\n\n" +
		"func pingPong(n int, racy bool) {\n\tch := make(chan int)\n\tvar wg sync.WaitGroup\n\tx := 0\n\twg.Add(1)\n" +
		"\tgo func() {\n\t\tdefer wg.Done()\n\t\tfor v := range ch {\n\t\t\tif racy && v == n-1 {\n\t\t\t\tx++\n\t\t\t}\n\t\t}\n\t}()\n" +
		"\tfor i := range n {\n\t\tch <- i\n\t}\n\tif racy {\n\t\tx++\n\t}\n\tclose(ch)\n\twg.Wait()\n}\n\n" +
		"func TestLong(t *testing.T) { pingPong(300, false) }\n\nfunc TestLongRacy(t *testing.T) { pingPong(300, true) }\n\n" +
		"func TestAlone(t *testing.T) {\n\tx := 0\n\tfor i := range 1000 {\n\t\tx += i\n\t}\n\t_ = x\n}\n"
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	old := lastDporTrans
	defer func() { lastDporTrans = old }()
	for _, tc := range []struct {
		test, verdict string
		exhaustive    bool
	}{{"TestLong", "ok", false}, {"TestLongRacy", "race", false}, {"TestAlone", "ok", true}} {
		t.Run(tc.test, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.test, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: -1, Name: tc.test}
			o := DefaultOptions()
			o.Execs, o.Parallel = 1, 1
			o.Time = 1 << 62
			var x *explorer
			lastDporTrans = 100
			res, err := exploreWith(target, o, nil, func(e *explorer) { x = e }, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, res.Verdict)
			assert.Equal(t, 1, res.Executions)
			assert.Equal(t, tc.exhaustive, res.Exhaustive)
			assert.Empty(t, res.Notes)
			if tc.exhaustive {
				return // analysed: its tracker went to the spares
			}
			require.NotNil(t, x.last)
			r := x.last.sched.track
			require.NotNil(t, r)
			assert.True(t, r.last)
			assert.True(t, r.over, "past lastDporTrans the execution is let go")
			assert.Empty(t, r.trans)
		})
	}
}
