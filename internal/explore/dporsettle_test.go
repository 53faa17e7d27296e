package explore

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// settleSrc writes n tests that run long sequential phases (each more
// plain accesses than settleFirst) before, between and after generated
// concurrent programs, and one goroutine that the test does not wait for,
// whose write a later sequential phase reads.
func settleSrc(seed int64, n int) string {
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n" +
		"var big [64]int\n\nvar z int\n\n" +
		"func seq(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\tbig[i%64] += i\n\t\ts += big[(i*7)%64]\n\t}\n\treturn s\n}\n\n"
	rng := rand.New(rand.NewSource(seed))
	for i := range n {
		call := "\tfmt.Println(\"seq\", seq(3000))\n"
		for p := range 2 {
			name := fmt.Sprintf("p%d_%d", i, p)
			src += genProgramWith(rng, name, false)
			call += fmt.Sprintf("\t%s(t)\n\tfmt.Println(\"seq\", seq(3000))\n", name)
		}
		// A goroutine nobody waits for: its write and the sequential
		// phase's read of z (under a mutex) happen in either order.
		call += "\tvar mu sync.Mutex\n\tgo func() { mu.Lock(); z = 1; mu.Unlock() }()\n\tfmt.Println(\"seq\", seq(3000))\n" +
			"\tmu.Lock()\n\tfmt.Println(\"z\", z)\n\tmu.Unlock()\n\tfmt.Println(\"seq\", seq(3000))\n"
		src += fmt.Sprintf("func TestS%d(t *testing.T) {\n%s}\n\n", i, call)
	}
	return src
}

// DPOR that leaves the plain accesses of settled stretches out of its
// footprints reaches exactly the final states (printed outputs) that DPOR
// keeping them reaches, with race detection off (every execution runs to
// its end) and on (the same verdict).
func TestDPORSettledSameOutputs(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 3
	}
	prog, err := LoadTests(writeModule(t, settleSrc(3, n)))
	require.NoError(t, err)
	compared := 0
	for i := range n {
		name := fmt.Sprintf("TestS%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Race, o.Preempt, o.Execs, o.Parallel, o.Strategy = "", -1, 20000, 1, "dpor"
			o.Time = 1 << 62
			run := func(noSettle bool) (map[string]bool, *Result) {
				set := map[string]bool{}
				res, err := exploreWith(target, o, nil, func(x *explorer) { x.noSettle = noSettle },
					func(out, kind string) { set[kind+": "+out] = true })
				require.NoError(t, err)
				return set, res
			}
			want, plain := run(true)
			if !plain.Exhaustive {
				t.Skipf("dpor does not exhaust %s in %d executions", name, o.Execs)
			}
			before := settledCount.Load()
			got, settled := run(false)
			assert.Greater(t, settledCount.Load(), before, "stretches settled")
			require.True(t, settled.Exhaustive)
			assert.Equal(t, keys(want), keys(got), "final states with and without settled stretches")
			var z0, z1 bool
			for k := range got {
				z0 = z0 || strings.Contains(k, "z 0\n")
				z1 = z1 || strings.Contains(k, "z 1\n")
			}
			assert.True(t, z0 && z1, "both orders of the goroutine not waited for and the sequential phase: %q", keys(got))
			t.Logf("executions: %d keeping every access, %d settled; %d final states", plain.Executions, settled.Executions, len(got))

			o.Race = "h"
			_, rk := run(true)
			_, rs := run(false)
			assert.Equal(t, rk.Verdict, rs.Verdict, "verdict with race detection")
			compared++
		})
	}
	assert.GreaterOrEqual(t, compared, n/2)
}
