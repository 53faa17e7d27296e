package explore

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With transactions on, exhaustive dfs reaches exactly the final states
// (printed outputs) and verdicts it reaches without, on small random
// programs with mutexes, channels and atomics, in fewer executions.
func TestTransactionsSameOutputs(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 4
	}
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n"
	rng := rand.New(rand.NewSource(16))
	for i := range n {
		src += genProgram(rng, fmt.Sprintf("TestP%d", i))
	}
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	compared, off, on := 0, 0, 0
	for i := range n {
		name := fmt.Sprintf("TestP%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Strategy, o.Race, o.Preempt, o.Execs, o.Parallel = "dfs", "", -1, 3000, 1
			o.Time = 1 << 62
			want, r0 := outputs(t, target, o)
			if !r0.Exhaustive {
				t.Skipf("dfs does not exhaust %s in %d executions", name, o.Execs)
			}
			o.Transactions = true
			got, r1 := outputs(t, target, o)
			require.True(t, r1.Exhaustive)
			assert.Equal(t, keys(want), keys(got), "final states with and without transactions")
			assert.LessOrEqual(t, r1.Executions, r0.Executions)
			compared++
			off += r0.Executions
			on += r1.Executions

			o.Race = "h"
			o.Transactions = false
			v0, err := explore(target, o, nil, nil)
			require.NoError(t, err)
			o.Transactions = true
			v1, err := explore(target, o, nil, nil)
			require.NoError(t, err)
			assert.Equal(t, v0.Verdict, v1.Verdict, "verdict with and without transactions")
		})
	}
	require.GreaterOrEqual(t, compared, 2, "too few generated programs are small enough for dfs")
	assert.LessOrEqual(t, on, off, "transactions save executions")
	t.Logf("dfs executions over %d programs: %d without transactions, %d with (%.0f%% saved)", compared, off, on, 100*float64(off-on)/float64(off))
}

// Two goroutines with two critical sections each: the same outputs, in
// fewer executions.
func TestTransactionsSave(t *testing.T) {
	src := `package gen

import (
	"fmt"
	"sync"
	"testing"
)

func TestSections(t *testing.T) {
	var mu sync.Mutex
	x := 0
	var wg sync.WaitGroup
	wg.Add(2)
	for g := range 2 {
		go func() {
			defer wg.Done()
			mu.Lock()
			x = x*3 + g
			mu.Unlock()
			mu.Lock()
			fmt.Println(g, x)
			mu.Unlock()
		}()
	}
	wg.Wait()
}
`
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestSections", "")
	require.NoError(t, err)
	target := Target{Prog: prog, Pkg: pkg, Test: "TestSections", Root: -1, Name: "TestSections"}
	o := DefaultOptions()
	o.Strategy, o.Preempt, o.Parallel, o.Time, o.Race = "dfs", -1, 1, 1<<62, ""
	want, r0 := outputs(t, target, o)
	require.True(t, r0.Exhaustive)
	o.Transactions = true
	got, r1 := outputs(t, target, o)
	require.True(t, r1.Exhaustive)
	assert.Equal(t, keys(want), keys(got))
	assert.Less(t, r1.Executions, r0.Executions)
	t.Logf("dfs: %d executions without transactions, %d with", r0.Executions, r1.Executions)
}
