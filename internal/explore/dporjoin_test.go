package explore

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// phasedSrc writes n tests that each run two or three generated concurrent
// programs (genProgramWith) one after the other: join points between them.
func phasedSrc(seed int64, n int) string {
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n"
	rng := rand.New(rand.NewSource(seed))
	for i := range n {
		phases := 2 + rng.Intn(2)
		call := ""
		for p := range phases {
			name := fmt.Sprintf("p%d_%d", i, p)
			src += genProgramWith(rng, name, rng.Intn(2) == 0)
			call += fmt.Sprintf("\t%s(t)\n", name)
		}
		src += fmt.Sprintf("func TestP%d(t *testing.T) {\n%s}\n\n", i, call)
	}
	return src
}

// DPOR that ends executions at join points it explored already reaches
// exactly the final states (printed outputs) that DPOR without them
// reaches (TestDPORSameOutputsAsDFS: dfs's), on tests running generated
// programs one after the other, and matches states there.
func TestDPORJoinsSameOutputs(t *testing.T) {
	n := 10
	if testing.Short() {
		n = 4
	}
	prog, err := LoadTests(writeModule(t, phasedSrc(5, n)))
	require.NoError(t, err)
	compared, matched := 0, 0
	for i := range n {
		name := fmt.Sprintf("TestP%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Race, o.Preempt, o.Execs, o.Parallel, o.Strategy = "", -1, 20000, 1, "dpor"
			o.Time = 1 << 62
			want, plain := outputsWith(t, target, o, true)
			if !plain.Exhaustive {
				t.Skipf("dpor does not exhaust %s in %d executions", name, o.Execs)
			}
			got, joins := outputsWith(t, target, o, false)
			require.True(t, joins.Exhaustive)
			assert.Equal(t, keys(want), keys(got), "final states with and without join points")
			assert.LessOrEqual(t, joins.Executions, plain.Executions)
			t.Logf("executions: %d without join points, %d with (%d ended at one)", plain.Executions, joins.Executions, joins.StatesMatched)
			compared++
			matched += joins.StatesMatched
		})
	}
	assert.GreaterOrEqual(t, compared, n/2)
	assert.Positive(t, matched, "no execution ended at a join point")
}

// outputsWith is outputs, with DPOR's join points turned off if noJoins.
func outputsWith(t *testing.T, target Target, o Options, noJoins bool) (map[string]bool, *Result) {
	t.Helper()
	set := map[string]bool{}
	res, err := exploreWith(target, o, nil, func(x *explorer) { x.noJoins = noJoins }, func(out, kind string) { set[kind+": "+out] = true })
	require.NoError(t, err)
	return set, res
}

// With join points, exploring on several cores takes the same executions
// as on one (a worker's execution that passed a stored join point is run
// again by the search, and ends there), with the same states matched.
func TestDPORJoinsParallelSameAsSequential(t *testing.T) {
	prog, err := LoadTests(writeModule(t, phasedSrc(5, 3)))
	require.NoError(t, err)
	for _, i := range []int{0, 2} {
		name := fmt.Sprintf("TestP%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Strategy, o.Preempt, o.Execs, o.Time = "dpor", -1, 2000, time.Hour
			o.Parallel = 1
			want := traceSearch(t, target, o)
			_, seq := outputsWith(t, target, o, false)
			for _, p := range []int{2} {
				o.Parallel = p
				got := traceSearch(t, target, o)
				require.Equal(t, want, got, "-parallel %d", p)
				_, par := outputsWith(t, target, o, false)
				assert.Equal(t, seq.StatesMatched, par.StatesMatched)
				assert.Equal(t, seq.States, par.States)
			}
		})
	}
}

// With race detection on, join points still match: h at a join point
// leaves out the locations settled there (which goroutine wrote the
// counter last differs between the traces of a phase, and nothing later
// can race with it), so the phases cost what they cost without race
// detection; verdicts with and without join points agree.
func TestDPORJoinsWithRaceDetection(t *testing.T) {
	src := `package gen

import (
	"sync"
	"testing"
)

func phase(n *int) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				mu.Lock()
				*n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

func TestPhases(t *testing.T) {
	n := 0
	for range 4 {
		phase(&n)
	}
	if n != 16 {
		t.Fatal(n)
	}
}

func TestPhasesRace(t *testing.T) {
	n := 0
	for range 3 {
		phase(&n)
	}
	go func() { n++ }()
	n++
}
`
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	run := func(name, race string, noJoins bool) *Result {
		pkg, err := TestPackage(prog, name, "")
		require.NoError(t, err)
		o := DefaultOptions()
		o.Race, o.Preempt, o.Execs, o.Parallel, o.Strategy = race, -1, 20000, 1, "dpor"
		o.Time = 1 << 62
		res, err := exploreWith(Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}, o, nil,
			func(x *explorer) { x.noJoins = noJoins }, nil)
		require.NoError(t, err)
		return res
	}
	off := run("TestPhases", "", false)
	on := run("TestPhases", "h", false)
	plain := run("TestPhases", "h", true)
	t.Logf("executions: %d without join points, %d with, %d with race detection off", plain.Executions, on.Executions, off.Executions)
	assert.Equal(t, "ok", on.Verdict)
	assert.True(t, on.Exhaustive)
	assert.Equal(t, off.Executions, on.Executions, "h adds nothing to the state at the join points")
	assert.Positive(t, on.StatesMatched)
	assert.Less(t, on.Executions, plain.Executions/10)

	assert.Equal(t, "race", run("TestPhasesRace", "h", false).Verdict)
	assert.Equal(t, "race", run("TestPhasesRace", "h", true).Verdict)
}
