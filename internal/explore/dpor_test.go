package explore

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// genProgram writes a small random concurrent program as the body of a test
// function: goroutines doing lock/unlock, unbuffered and buffered channel
// operations, atomic and plain accesses, and printing what they see.
func genProgram(rng *rand.Rand, name string) string {
	return genProgramWith(rng, name, false)
}

// genProgramWith is genProgram, with selects when selects is set: a
// goroutine may send on one of two channels in a select, and the test
// function receives every value in a select over both (both block).
func genProgramWith(rng *rand.Rand, name string, selects bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(t *testing.T) {\n", name)
	b.WriteString("\tvar mu sync.Mutex\n\tvar wg sync.WaitGroup\n\tvar a int32\n\tx, y := 0, 0\n")
	fmt.Fprintf(&b, "\tch := make(chan int, %d)\n", rng.Intn(2))
	b.WriteString("\t_, _, _, _, _ = &mu, &a, &x, &y, ch\n")
	kinds := 7
	if selects {
		fmt.Fprintf(&b, "\tch2 := make(chan int, %d)\n\t_ = ch2\n", rng.Intn(2))
		kinds = 8
	}
	ng, maxOps := 2, 3
	if rng.Intn(4) == 0 {
		ng, maxOps = 3, 1
	}
	sends := 0
	fmt.Fprintf(&b, "\twg.Add(%d)\n", ng)
	for g := range ng {
		b.WriteString("\tgo func() {\n\t\tdefer wg.Done()\n")
		nops := 1 + rng.Intn(maxOps)
		for range nops {
			k := 1 + rng.Intn(3)
			switch rng.Intn(kinds) {
			case 0:
				fmt.Fprintf(&b, "\t\tmu.Lock(); x = x*2 + %d; mu.Unlock()\n", k)
			case 1:
				fmt.Fprintf(&b, "\t\tmu.Lock(); fmt.Println(\"g%d x\", x); mu.Unlock()\n", g)
			case 2:
				fmt.Fprintf(&b, "\t\tatomic.AddInt32(&a, %d)\n", k)
			case 3:
				fmt.Fprintf(&b, "\t\tif atomic.LoadInt32(&a) > %d { fmt.Println(\"g%d a\") }\n", k, g)
			case 4:
				fmt.Fprintf(&b, "\t\ty = y*3 + %d\n", k)
			case 5:
				fmt.Fprintf(&b, "\t\tfmt.Println(\"g%d y\", y)\n", g)
			case 6:
				fmt.Fprintf(&b, "\t\tch <- %d\n", k*10+g)
				sends++
			case 7:
				fmt.Fprintf(&b, "\t\tselect {\n\t\tcase ch <- %d:\n\t\tcase ch2 <- %d:\n\t\t}\n", k*10+g, k*100+g)
				sends++
			}
		}
		b.WriteString("\t}()\n")
	}
	for range sends {
		if selects {
			b.WriteString("\tselect {\n\tcase v := <-ch:\n\t\tfmt.Println(\"r\", v)\n\tcase v := <-ch2:\n\t\tfmt.Println(\"r2\", v)\n\t}\n")
		} else {
			b.WriteString("\tfmt.Println(\"r\", <-ch)\n")
		}
	}
	b.WriteString("\twg.Wait()\n\tfmt.Println(x, y, atomic.LoadInt32(&a))\n}\n\n")
	return b.String()
}

// outputs explores target with o and returns the set of outputs of its
// executions and the result.
func outputs(t *testing.T, target Target, o Options) (map[string]bool, *Result) {
	t.Helper()
	set := map[string]bool{}
	res, err := explore(target, o, nil, func(out, kind string) { set[kind+": "+out] = true })
	require.NoError(t, err)
	return set, res
}

func keys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// DPOR with no preemption bound reaches exactly the final states (the
// printed outputs) that exhaustive dfs reaches, on small random programs
// whose accesses race (race detection off, so that every execution runs to
// its end).
func TestDPORSameOutputsAsDFS(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 5
	}
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n"
	rng := rand.New(rand.NewSource(12))
	for i := range n {
		src += genProgram(rng, fmt.Sprintf("TestP%d", i))
	}
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	totalDFS, totalDPOR, compared := 0, 0, 0
	for i := range n {
		name := fmt.Sprintf("TestP%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Race, o.Preempt, o.Execs = "", -1, 10000
			o.Time = 1 << 62
			o.Strategy = "dfs"
			want, rd := outputs(t, target, o)
			if !rd.Exhaustive {
				t.Skipf("dfs does not exhaust %s in %d executions", name, o.Execs)
			}
			o.Strategy = "dpor"
			got, rp := outputs(t, target, o)
			require.True(t, rp.Exhaustive)
			assert.Equal(t, keys(want), keys(got), "final states of dpor and dfs")
			assert.LessOrEqual(t, rp.Executions, rd.Executions)
			t.Logf("dfs %d, dpor %d executions, %d final states", rd.Executions, rp.Executions, len(want))
			compared++
			totalDFS += rd.Executions
			totalDPOR += rp.Executions
		})
	}
	t.Logf("%d programs compared; executions: dfs %d, dpor %d", compared, totalDFS, totalDPOR)
	assert.GreaterOrEqual(t, compared, 2, "too few generated programs are small enough for dfs")
}

// The near-linear happens-before of DPOR (last accesses per cell) finds
// exactly the races and vector clocks that comparing every pair of
// transitions finds, on every execution DPOR explores of generated
// programs and of the labeled verdict programs.
func TestHappensBeforeMatchesPairwise(t *testing.T) {
	checked, races := 0, 0
	testHappensBefore = func(ts []*dtrans, thr []int, vc [][]int32, rs []hbRace) {
		wthr, wvc, wrs := happensBeforePairwise(ts)
		require.Equal(t, wthr, thr)
		if len(wrs) > 0 || len(rs) > 0 {
			require.Equal(t, wrs, rs)
		}
		require.Equal(t, wvc, vc)
		checked++
		races += len(rs)
	}
	defer func() { testHappensBefore = nil }()
	targets := genTargets(t, 9, 16)
	for _, name := range []string{"TestOK", "TestDeadlock", "TestAssert"} {
		targets = append(targets, verdictTarget(t, name))
	}
	for _, target := range targets {
		o := DefaultOptions()
		// Race detection off: every execution runs to its end.
		o.Strategy, o.Preempt, o.Execs, o.Parallel, o.Steps, o.Race = "dpor", -1, 500, 1, 20000, ""
		_, err := Explore(target, o, nil)
		require.NoError(t, err)
	}
	assert.Greater(t, checked, 50)
	assert.Greater(t, races, 50)
	t.Logf("%d executions, %d races", checked, races)
}

// A goroutine that lost a compare-and-swap for a slot and probes the next
// one is not polling: the fair scheduler must not make it wait, or the
// schedules where it goes on at once, and the final states only they
// reach, are left out (they were: 6 of the 8 tables of TestProbe).
func TestDPORReachesEveryProbeOutcome(t *testing.T) {
	target := classicTarget(t, "TestProbe")
	for _, strategy := range []string{"dpor", "dfs"} {
		o := DefaultOptions()
		o.Strategy, o.Preempt, o.Race, o.Time = strategy, -1, "", 10*time.Minute
		set, res := outputs(t, target, o)
		require.True(t, res.Exhaustive, strategy)
		assert.Len(t, set, 8, "%s: final tables %q", strategy, keys(set))
	}
}

// classicTarget returns test name of testdata/classic as a whole test.
func classicTarget(t *testing.T, name string) Target {
	t.Helper()
	dir, err := filepath.Abs("testdata/classic")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, name, "")
	require.NoError(t, err)
	return Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
}

// An execution too large for DPOR's analysis (its vector clocks would
// need more than maxHBEntries entries: many goroutines) ends the DPOR
// stage with a note, not an exhaustive verdict; the portfolio samples the
// rest of its budget instead, and still finds a bug sampling finds.
func TestDPORTooLargeSamples(t *testing.T) {
	defer func(old int64) { maxHBEntries = old }(maxHBEntries)
	maxHBEntries = 20
	for _, tc := range []struct{ test, strategy, verdict string }{
		{"TestOK", "dpor", "ok"}, {"TestOK", "portfolio", "ok"}, {"TestDeadlock", "portfolio", "deadlock"},
	} {
		t.Run(tc.test+"/"+tc.strategy, func(t *testing.T) {
			o := DefaultOptions()
			o.Strategy, o.Execs, o.Time, o.Parallel = tc.strategy, 40, time.Hour, 1
			res, err := Explore(verdictTarget(t, tc.test), o, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, res.Verdict)
			assert.False(t, res.Exhaustive)
			require.NotEmpty(t, res.Notes)
			assert.Contains(t, res.Notes[0], "dpor could not analyse an execution")
			if tc.verdict == "ok" && tc.strategy == "portfolio" {
				assert.Equal(t, 40, res.Executions, "the rest of the budget is sampled")
			}
		})
	}
}
