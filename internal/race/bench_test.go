package race_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vtcheck/vt/internal/race"
)

// BenchmarkCorpusExecutions measures executions per second of exhaustive
// dfs over the race-free corpus programs with race detection off, with the
// happens-before detector h, and with the lockset detector; programs with
// fewer than 500 executions are left out (their time is mostly setup). The
// three runs of each program alternate, so that load from other processes
// hits them alike; h/off and lockset/off are the cost ratios (time per
// execution, on over off). Run with:
//
//	go test ./internal/race -run '^$' -bench CorpusExecutions -benchtime 3x
func BenchmarkCorpusExecutions(b *testing.B) {
	prog, names := corpus(b)
	var big []string
	for _, name := range names {
		if strings.HasPrefix(name, "TestNoRace") && exploreCorpusWith(b, prog, name, "", "dfs").Executions >= 500 {
			big = append(big, name)
		}
	}
	kinds := []string{"", "h", "lockset"}
	execs := make([]int, len(kinds))
	elapsed := make([]time.Duration, len(kinds))
	b.ResetTimer()
	for range b.N {
		for _, name := range big {
			for i, k := range kinds {
				res := exploreCorpusWith(b, prog, name, k, "dfs")
				if res.Verdict != "ok" {
					b.Fatalf("%s: %s", name, res.Verdict)
				}
				execs[i] += res.Executions
				elapsed[i] += res.Elapsed
			}
		}
	}
	rate := func(i int) float64 { return float64(execs[i]) / elapsed[i].Seconds() }
	b.ReportMetric(rate(0), "off-execs/s")
	b.ReportMetric(rate(1), "h-execs/s")
	b.ReportMetric(rate(2), "lockset-execs/s")
	b.ReportMetric(rate(0)/rate(1), "h/off")
	b.ReportMetric(rate(0)/rate(2), "lockset/off")
}

// BenchmarkTimerLoop measures h on the time.After pattern (a goroutine
// sets a new timer per round; see race.TimerLoop): time per round and the
// bytes of h at the end, per round. With rows copied at each release h
// grew as rounds × columns; shared, its bytes per round stay flat as the
// rounds grow.
func BenchmarkTimerLoop(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var bytes int
			for range b.N {
				bytes = race.TimerLoop(n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/round")
			b.ReportMetric(float64(bytes)/float64(n), "h-B/round")
		})
	}
}

// BenchmarkGoroutineFan measures h on n goroutines started by one, each
// writing its own variable and a shared one under a mutex (see
// race.GoroutineFan): time and bytes of h per goroutine.
func BenchmarkGoroutineFan(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var bytes int
			for range b.N {
				bytes = race.GoroutineFan(n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/goroutine")
			b.ReportMetric(float64(bytes)/float64(n), "h-B/goroutine")
		})
	}
}
