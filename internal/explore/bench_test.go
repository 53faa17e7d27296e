package explore

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCounterExecutions measures executions per second of the
// counter test of the vt.Check documentation (TestOK in testdata/verdicts:
// two goroutines incrementing under a mutex, then require.Equal) explored
// exhaustively by dfs on one core (Parallel 1). Run with:
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
	o.Strategy, o.Race = "dfs", race // exhaustive by dfs, as the comment says
	o.Parallel = 1                   // one core: executions per second of one
	o.Time = time.Minute
	execs := 0
	var elapsed time.Duration
	b.ResetTimer()
	cpu0 := processCPU()
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
	// Executions per second of the process's CPU time (the collector's
	// workers and each exploration's set-up included): on a shared
	// machine it varies much less than elapsed time.
	b.ReportMetric(float64(execs)/(processCPU()-cpu0).Seconds(), "execs/cpu-s")
}

// BenchmarkTicking measures the cost of one step of an execution that takes
// ticks forever (TestTicking in testdata/semantics, race detection on), one
// execution up to 20,000 and up to 200,000 steps: the cost per step must
// not grow with the execution's length. Run with:
//
//	go test ./internal/explore -run '^$' -bench Ticking -benchtime 3x
func BenchmarkTicking(b *testing.B) {
	target := semanticsTarget(&testing.T{}, "TestTicking", 0)
	for _, steps := range []int64{20000, 200000} {
		b.Run(fmt.Sprintf("steps=%d", steps), func(b *testing.B) {
			o := DefaultOptions()
			o.Steps = steps
			o.Execs = 1
			if os.Getenv("VT_BENCH_RACE") == "off" {
				o.Race = ""
			}
			var total int64
			var elapsed time.Duration
			b.ResetTimer()
			for range b.N {
				res, err := Explore(target, o, nil)
				if err != nil || res.Verdict != "steps" {
					b.Fatalf("verdict %v, err %v", res, err)
				}
				total += res.Steps
				elapsed += res.Elapsed
			}
			b.ReportMetric(float64(elapsed.Nanoseconds())/float64(total), "ns/step")
		})
	}
}

// BenchmarkGoroutines measures one execution (dfs's first schedule, race
// detection on) of a test that starts 1,000, 10,000 and 100,000 goroutines
// which each do a little work (TestGoroutines* in testdata/semantics): the
// time per goroutine must not grow with their number. Run with:
//
//	go test ./internal/explore -run '^$' -bench Goroutines -benchtime 1x
func BenchmarkGoroutines(b *testing.B) {
	for _, n := range []string{"1k", "10k", "100k"} {
		b.Run(n, func(b *testing.B) {
			target := semanticsTarget(&testing.T{}, "TestGoroutines"+n, -1)
			o := DefaultOptions()
			o.Execs = 1
			o.Strategy = "dfs" // the interpreter and the detector, not DPOR's tracking
			o.Time = 10 * time.Minute
			if os.Getenv("VT_BENCH_RACE") == "off" {
				o.Race = ""
			}
			var elapsed time.Duration
			b.ResetTimer()
			cpu0 := processCPU()
			for range b.N {
				res, err := Explore(target, o, nil)
				if err != nil || res.Verdict != "ok" {
					b.Fatalf("verdict %v, err %v", res, err)
				}
				elapsed += res.Elapsed
			}
			b.ReportMetric(elapsed.Seconds()/float64(b.N), "s/exec")
			// CPU time of the process (the collector's workers included):
			// on a shared machine it varies much less than elapsed time.
			b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/exec")
		})
	}
}

// processCPU returns the user and system CPU time the process used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkParallel measures an exhaustive DPOR exploration (no preemption
// bound) of TestIndexer16 in testdata/classic (8^5 traces) with
// -parallel 1 and 2, side by side in one run: the speed-up of all cores.
// VT_BENCH_INDEXER picks another size (12 to 16). Run with:
//
//	go test ./internal/explore -run '^$' -bench Parallel -benchtime 1x
func BenchmarkParallel(b *testing.B) {
	name := "TestIndexer16"
	if n := os.Getenv("VT_BENCH_INDEXER"); n != "" {
		name = "TestIndexer" + n
	}
	target := classicTarget(&testing.T{}, name)
	// cores=1: one core for everything, the collector included (the
	// baseline of a speed-up on two cores); parallel=1 on all cores runs
	// the collector beside the search.
	for _, c := range []struct {
		name     string
		p, procs int
	}{{"cores=1/parallel=1", 1, 1}, {"parallel=1", 1, 0}, {"parallel=2", 2, 0}} {
		p := c.p
		b.Run(c.name, func(b *testing.B) {
			if c.procs > 0 {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(c.procs))
			}
			o := DefaultOptions()
			o.Strategy, o.Preempt, o.Parallel, o.Time = "dpor", -1, p, time.Hour
			var elapsed time.Duration
			execs := 0
			cpu0 := processCPU()
			b.ResetTimer()
			for range b.N {
				res, err := Explore(target, o, nil)
				if err != nil || res.Verdict != "ok" || !res.Exhaustive {
					b.Fatalf("verdict %v, err %v", res, err)
				}
				elapsed += res.Elapsed
				execs += res.Executions
			}
			b.ReportMetric(elapsed.Seconds()/float64(b.N), "s/op")
			b.ReportMetric(float64(execs)/float64(b.N), "execs/op")
			b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
