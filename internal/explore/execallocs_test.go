package explore

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// counterAllocsPerExec returns the heap allocations per execution of the
// counter (TestOK in testdata/verdicts, dfs, race detection as race) in
// steady state: the difference between an exploration of many and of few
// executions, divided by the difference in executions, so that loading,
// setting up and compiling, done once per exploration, cancel out.
func counterAllocsPerExec(t testing.TB, race string) float64 {
	tt, _ := t.(*testing.T)
	if tt == nil {
		tt = &testing.T{}
	}
	target := verdictTarget(tt, "TestOK")
	mallocs := func(execs int) (uint64, int) {
		o := DefaultOptions()
		o.Strategy, o.Race, o.Execs, o.Time, o.Parallel = "dfs", race, execs, time.Hour, 1
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.Mallocs
		res, err := Explore(target, o, nil)
		runtime.ReadMemStats(&ms)
		require.NoError(t, err)
		require.Equal(t, "ok", res.Verdict)
		return ms.Mallocs - before, res.Executions
	}
	mallocs(200) // compile what the executions run
	a, na := mallocs(500)
	b, nb := mallocs(2500)
	require.Greater(t, nb, na)
	return float64(int64(b)-int64(a)) / float64(nb-na)
}

// TestCounterAllocsPerExec bounds the steady-state heap allocations of one
// execution of the counter: an execution reuses what the previous one
// had (frames, the scheduler's and the fair scheduler's records, the
// hooks and buffers of an execution; the virtual OS is copied only when
// used). Measured: 64 with race detection, 61 without (there were 145).
// What remains is mostly the program's own objects (closures, interface
// boxes, goroutines, deferred calls) and the copy of the snapshot's world
// (sync objects, tests, models' states).
func TestCounterAllocsPerExec(t *testing.T) {
	for _, race := range []string{"h", ""} {
		got := counterAllocsPerExec(t, race)
		t.Logf("race=%q: %.1f allocs/execution", race, got)
		require.LessOrEqual(t, got, maxCounterAllocs, "race=%q", race)
	}
}

// maxCounterAllocs bounds TestCounterAllocsPerExec, with a margin.
const maxCounterAllocs = 80.0

// BenchmarkCounterAllocs reports the steady-state heap allocations per
// execution of the counter, with race detection on and off. Run with:
//
//	go test ./internal/explore -run '^$' -bench CounterAllocs -benchtime 1x
func BenchmarkCounterAllocs(b *testing.B) {
	for _, race := range []string{"h", ""} {
		name := "race=on"
		if race == "" {
			name = "race=off"
		}
		b.Run(name, func(b *testing.B) {
			var got float64
			for range b.N {
				got = counterAllocsPerExec(b, race)
			}
			b.ReportMetric(got, "allocs/exec")
		})
	}
}
