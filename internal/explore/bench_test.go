package explore

import (
	"testing"
	"time"
)

// BenchmarkCounterExecutions measures executions per second of the
// counter test of the vt.Check documentation (TestOK in testdata/verdicts:
// two goroutines incrementing under a mutex, then require.Equal) explored
// exhaustively by dfs. Run with:
//
//	go test ./internal/explore -run '^$' -bench CounterExecutions -benchtime 3x
func BenchmarkCounterExecutions(b *testing.B) {
	for _, race := range []string{"h", ""} {
		name := "race=on"
		if race == "" {
			name = "race=off"
		}
		b.Run(name, func(b *testing.B) { benchCounter(b, race) })
	}
}

func benchCounter(b *testing.B, race string) {
	target := verdictTarget(&testing.T{}, "TestOK")
	o := DefaultOptions()
	o.Race = race
	o.Time = time.Minute
	execs := 0
	var elapsed time.Duration
	b.ResetTimer()
	for range b.N {
		res, err := Explore(target, o, nil)
		if err != nil || res.Verdict != "ok" {
			b.Fatalf("verdict %v, err %v", res, err)
		}
		execs += res.Executions
		elapsed += res.Elapsed
	}
	b.ReportMetric(float64(execs)/elapsed.Seconds(), "execs/s")
	b.ReportMetric(float64(execs)/float64(b.N), "execs/op")
}
