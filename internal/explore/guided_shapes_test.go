package explore

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shapesTargets loads examples/deepbugs/shapes once and returns the
// targets of the programs named (without their "Test" prefix).
func shapesTargets(t *testing.T, names ...string) []Target {
	t.Helper()
	t.Setenv("VT_DEEP", "1") // the environment the program sees
	dir, err := filepath.Abs("../../examples/deepbugs/shapes")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	var out []Target
	for _, name := range names {
		pkg, err := TestPackage(prog, "Test"+name, "")
		require.NoError(t, err)
		out = append(out, Target{Prog: prog, Pkg: pkg, Test: "Test" + name, Root: 0, Name: name})
	}
	return out
}

// guidedMember is the strategy of the portfolio's guided member, alone.
func guidedMember(t *testing.T) {
	strategies["guided-member"] = func(x *explorer) strategy {
		return &guidedSearch{limit: portfolioGuided, perTrial: portfolioGuidedTrial, txn: true}
	}
	t.Cleanup(func() { delete(strategies, "guided-member") })
}

// shapesFoundByGuided are the deep-bug shapes the portfolio's guided
// member finds alone, with their verdicts.
var shapesFoundByGuided = []struct{ name, verdict string }{
	{"TwoStageNested", "panic"},
	{"TwoStageReversed", "panic"},
	{"TwoStageSeq", "panic"},
	{"TwoStageAtomic", "assert"},
	{"TwoStageChan", "panic"},
	{"ReorderAtomic", "panic"},
	{"ReorderMutex", "assert"},
	{"DeadlockCycle3", "deadlock"},
	{"DeadlockRW", "deadlock"},
	{"DeadlockVector3", "deadlock"},
	{"DeadlockGated", "deadlock"},
	{"WronglockAtomic", "assert"},
	{"WronglockChan", "assert"},
	{"ListCheckThenAct", "assert"},
	{"LazyListTail", "assert"},
	{"LazyListTailPlain", "race"},
	{"ReorderPlain", "race"},
}

// The portfolio's guided member finds every deep-bug shape of the two-stage,
// reorder and lock-order models alone, within its own bound of executions:
// its location sequences come from the program's happens-before and lock
// structure, not from one shape of a pattern.
func TestGuidedFindsShapes(t *testing.T) {
	guidedMember(t)
	var names []string
	for _, s := range shapesFoundByGuided {
		names = append(names, s.name)
	}
	targets := shapesTargets(t, names...)
	for i, s := range shapesFoundByGuided {
		t.Run(s.name, func(t *testing.T) {
			o := DefaultOptions()
			o.Strategy, o.Corpus, o.Time, o.Parallel = "guided-member", "off", time.Minute, 1
			testSequences = func(seqs [][]srcLine) { t.Logf("%d sequences: %v", len(seqs), seqs) }
			defer func() { testSequences = nil }()
			res, err := Explore(targets[i], o, nil)
			require.NoError(t, err)
			t.Logf("%s: %s in %d executions, %v", s.name, res.Verdict, res.Executions, res.Elapsed)
			assert.Equal(t, s.verdict, res.Verdict, "%d executions", res.Executions)
			assert.LessOrEqual(t, res.Executions, 30, "the guided member alone finds it in its first executions")
		})
	}
}

// The shapes with other numbers of goroutines (testdata/deepshapes): the
// guided member's sequences follow the program's structure, whatever its
// size.
func TestGuidedFindsShapesResized(t *testing.T) {
	guidedMember(t)
	dir, err := filepath.Abs("testdata/deepshapes")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	for _, tc := range []struct{ name, verdict string }{
		{"TestTwoStageReversed_4_3", "panic"},
		{"TestTwoStageSeq_6_2", "panic"},
		{"TestTwoStageAtomic_8_1", "assert"},
		{"TestTwoStageChan_5_3", "panic"},
		{"TestReorderAtomic_20_1", "panic"},
		{"TestReorderMutex_6_3", "assert"},
		{"TestDeadlockCycle3_20", "deadlock"},
		{"TestDeadlockGated_12", "deadlock"},
		{"TestWronglockAtomic_2_12", "assert"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.name, "")
			require.NoError(t, err)
			o := DefaultOptions()
			o.Strategy, o.Corpus, o.Time, o.Parallel = "guided-member", "off", time.Minute, 1
			res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.name, Root: -1, Name: tc.name}, o, nil)
			require.NoError(t, err)
			t.Logf("%s: %s in %d executions", tc.name, res.Verdict, res.Executions)
			assert.Equal(t, tc.verdict, res.Verdict, "%d executions", res.Executions)
			assert.LessOrEqual(t, res.Executions, 30)
		})
	}
}

// TestPortfolioScheduleShapes prints, for the deep-bug shapes, what the
// portfolio without its guided member (DPOR and the samplers only) needs
// under the adaptive schedule and under the fixed one: the figures of
// the portfolio's schedule in BENCHMARKS.md. Set VT_SCHEDULE=1 to run it.
func TestPortfolioScheduleShapes(t *testing.T) {
	if os.Getenv("VT_SCHEDULE") == "" {
		t.Skip("set VT_SCHEDULE=1")
	}
	samplersOnly(t)
	names := []string{"TwoStageReversed", "TwoStageSeq", "TwoStageAtomic", "TwoStageChan", "ReorderAtomic", "ReorderMutex", "DeadlockGated", "ListCheckThenAct"}
	if n := os.Getenv("VT_SCHEDULE_ONLY"); n != "" {
		names = []string{n}
	}
	targets := shapesTargets(t, names...)
	for i, name := range names {
		for _, adaptive := range []bool{false, true} {
			adaptiveSchedule = adaptive
			o := DefaultOptions()
			o.Strategy, o.Corpus, o.Time, o.Parallel = "portfolio-samplers", "off", 30*time.Second, 1
			res, err := Explore(targets[i], o, nil)
			require.NoError(t, err)
			fmt.Printf("%s adaptive=%v: %s, %d executions, %v, by %s\n", name, adaptive, res.Verdict, res.Executions, res.Elapsed.Round(time.Millisecond), res.FoundBy)
			assert.NotEqual(t, "ok", res.Verdict, name)
		}
	}
	adaptiveSchedule = true
}

// samplersOnly registers the portfolio without its guided member.
func samplersOnly(t *testing.T) {
	strategies["portfolio-samplers"] = func(x *explorer) strategy {
		p := newPortfolio(x).(*portfolio)
		p.members = slices.DeleteFunc(p.members, func(m *member) bool { _, g := m.s.(*guidedSearch); return g })
		return p
	}
	t.Cleanup(func() { delete(strategies, "portfolio-samplers") })
}

// A bug only a sampler finds does not wait for the whole of DPOR's long
// slice when DPOR's stage is estimated far beyond it: ReorderMutex (found
// by PCT) costs the portfolio without its guided member 4,566 executions
// under the fixed schedule, about 1,000 under the adaptive one.
func TestPortfolioSamplersWaitLess(t *testing.T) {
	samplersOnly(t)
	target := shapesTargets(t, "ReorderMutex")[0]
	run := func(adaptive bool) *Result {
		adaptiveSchedule = adaptive
		defer func() { adaptiveSchedule = true }()
		o := DefaultOptions()
		o.Strategy, o.Corpus, o.Time, o.Parallel = "portfolio-samplers", "off", time.Minute, 1
		res, err := Explore(target, o, nil)
		require.NoError(t, err)
		require.Equal(t, "assert", res.Verdict)
		return res
	}
	fixed, adaptive := run(false), run(true)
	t.Logf("fixed %d executions, adaptive %d", fixed.Executions, adaptive.Executions)
	assert.Less(t, 2*adaptive.Executions, fixed.Executions)
}
