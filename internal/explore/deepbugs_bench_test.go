package explore

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// deepBugs are the subtests of TestPaper in examples/deepbugs (the papers'
// programs with their parameters) and the verdict each must get.
var deepBugs = []struct{ name, verdict string }{
	{"TwoStage(7,1)", "panic"}, {"TwoStage(8,1)", "panic"}, {"TwoStage(10,1)", "panic"},
	{"Reorder(5,1)", "race"}, {"Reorder(10,1)", "race"},
	{"Wronglock(1,10)", "race"}, {"Wronglock(1,20)", "race"},
	{"Deadlock(1,9)", "deadlock"}, {"Deadlock(1,10)", "deadlock"},
	{"LazyList(4,16)", "race"}, {"Bakery(2,2)", "race"}, {"CLHLock(4,8)", "race"},
	{"SenseBarrier(2,2)", "race"}, {"SOR(2,15)", "race"},
}

// benchStrategies are the strategies of the tables; "+txn": with
// transaction reduction (Options.Transactions).
var benchStrategies = []string{"dfs", "random", "pct", "jrf", "guided", "guided+txn", "portfolio"}

// BenchmarkDeepBugs prints the tables of BENCHMARKS.md ("Deep bugs"): for
// each of the papers' programs and each strategy, whether it found the
// bug within the budget (VT_BENCH_TIME, default 20s), its executions,
// states (transitions generated: the choices its executions made beyond
// the prefix they replayed, up to the race in the one that found a race), time and counterexample length (scheduling
// points of the failing execution, up to the race for a race), and the error density over
// VT_BENCH_TRIALS (default 100) trials of guidedTrialExecs executions with
// seeds 1, 2, ... (for the strategies that sample). Run with:
//
//	go test ./internal/explore -run '^$' -bench DeepBugs -benchtime 1x -timeout 2h
//
// VT_BENCH_ONLY=TwoStage restricts it to programs whose name contains the
// text, VT_BENCH_STRATEGIES=guided,guided+txn to those strategies.
func BenchmarkDeepBugs(b *testing.B) {
	budget := 20 * time.Second
	if v := os.Getenv("VT_BENCH_TIME"); v != "" {
		d, err := time.ParseDuration(v)
		require.NoError(b, err)
		budget = d
	}
	trials := 100
	if v := os.Getenv("VT_BENCH_TRIALS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(b, err)
		trials = n
	}
	require.NoError(b, os.Setenv("VT_PAPER", "1")) // the environment the program sees
	dir, err := filepath.Abs("../../examples/deepbugs")
	require.NoError(b, err)
	prog, err := LoadTests(dir)
	require.NoError(b, err)
	pkg, err := TestPackage(prog, "TestPaper", "")
	require.NoError(b, err)
	var states int
	testCommitted = func(r *execResult) {
		n := r.sched.choices.len()
		if r.kind == "race" && r.sched.raceAt > 0 {
			n = r.sched.raceChoices // what follows the race is not the search's
		}
		states += max(n-len(r.sched.prefix), 0)
	}
	defer func() { testCommitted = nil }()
	run := func(name, strategy string, seed int64, execs int, limit time.Duration) *Result {
		o := DefaultOptions()
		strategy, o.Transactions = strings.CutSuffix(strategy, "+txn")
		o.Strategy, o.Seed, o.Execs, o.Time, o.Corpus = strategy, seed, execs, limit, "off"
		o.Parallel = 1
		t := Target{Prog: prog, Pkg: pkg, Test: "TestPaper/" + name, Root: 0, Name: name}
		res, err := Explore(t, o, nil)
		require.NoError(b, err)
		return res
	}
	for range b.N {
		fmt.Printf("| program | strategy | found | executions | states | time | length | density |\n|---|---|---|---|---|---|---|---|\n")
		for _, p := range deepBugs {
			if only := os.Getenv("VT_BENCH_ONLY"); only != "" && !strings.Contains(p.name, only) {
				continue
			}
			for _, s := range benchStrategies {
				if only := os.Getenv("VT_BENCH_STRATEGIES"); only != "" && !slices.Contains(strings.Split(only, ","), s) {
					continue
				}
				states = 0
				res := run(p.name, s, 1, 1<<30, budget)
				st := states
				found, length := "no", "—"
				if res.Verdict == p.verdict {
					found, length = "yes", strconv.Itoa(res.Failure.Points)
					if res.Failure.RaceAt > 0 {
						length = strconv.Itoa(res.Failure.RaceAt)
					}
				} else if res.Verdict != "ok" {
					found = "other: " + res.Verdict
				}
				density := "—"
				if s == "random" || s == "pct" || strings.HasPrefix(s, "guided") {
					hits := 0
					for i := range trials {
						if run(p.name, s, int64(i+1), guidedTrialExecs, budget).Verdict == p.verdict {
							hits++
						}
					}
					density = fmt.Sprintf("%.2f", float64(hits)/float64(trials))
				}
				fmt.Printf("| %s | %s | %s | %d | %d | %s | %s | %s |\n", p.name, s, found, res.Executions, st, res.Elapsed.Round(time.Millisecond), length, density)
			}
		}
	}
}
