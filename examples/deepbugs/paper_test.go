package deepbugs

import (
	"os"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// PaperPrograms are the programs of BENCHMARKS.md's tables with the
// papers' parameters: Rungta and Mercer's (writers or setters, checkers)
// and (odd ones, others), the race-directed search paper's (goroutines,
// iterations). Each is expected to fail (Verdict).
var PaperPrograms = []struct {
	Name, Verdict string
	Run           func()
}{
	{"TwoStage(7,1)", "panic", func() { TwoStage(7, 1) }},
	{"TwoStage(8,1)", "panic", func() { TwoStage(8, 1) }},
	{"TwoStage(10,1)", "panic", func() { TwoStage(10, 1) }},
	{"Reorder(5,1)", "race", func() { Reorder(5, 1) }},
	{"Reorder(10,1)", "race", func() { Reorder(10, 1) }},
	{"Wronglock(1,10)", "race", func() { Wronglock(1, 10) }},
	{"Wronglock(1,20)", "race", func() { Wronglock(1, 20) }},
	{"Deadlock(1,9)", "deadlock", func() { Deadlock(1, 9) }},
	{"Deadlock(1,10)", "deadlock", func() { Deadlock(1, 10) }},
	{"LazyList(4,16)", "race", func() { LazyListRun(4, 16) }},
	{"Bakery(2,2)", "race", func() { BakeryRun(2, 2) }},
	{"CLHLock(4,8)", "race", func() { CLHRun(4, 8) }},
	{"SenseBarrier(2,2)", "race", func() { BarrierRun(2, 2) }},
	{"SOR(2,15)", "race", func() { SOR(2, 15) }},
}

// TestPaper explores the programs of PaperPrograms (one subtest each);
// internal/explore's BenchmarkDeepBugs runs it under each strategy. Run
// natively it is skipped unless VT_PAPER is set: the tables take minutes.
func TestPaper(t *testing.T) {
	if os.Getenv("VT_PAPER") == "" {
		t.Skip("set VT_PAPER=1 to explore the papers' programs (BENCHMARKS.md)")
	}
	for _, p := range PaperPrograms {
		t.Run(p.Name, func(t *testing.T) {
			vt.Check(t, func(t *vt.T) { p.Run() }, vt.Expect(p.Verdict))
		})
	}
}
