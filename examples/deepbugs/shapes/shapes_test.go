package shapes

import (
	"os"
	"slices"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// Each test explores one program of Programs with vt and expects its
// verdict. Run natively they are skipped unless VT_DEEP is set: each is a
// deep bug, which vt test's default budget may or may not find (MEASURED.md
// has what each strategy finds in 10 s):
//
//	VT_DEEP=1 vt test -run TestTwoStageSeq -time 10s ./examples/deepbugs/shapes

// deep explores the program named name, expecting its verdict.
func deep(t *testing.T, name string) {
	if os.Getenv("VT_DEEP") == "" {
		t.Skip("set VT_DEEP=1 to explore the deep-bug corpus (MEASURED.md)")
	}
	i := slices.IndexFunc(Programs, func(p Program) bool { return p.Name == name })
	if i < 0 {
		t.Fatalf("no program %s", name)
	}
	p := Programs[i]
	vt.Check(t, func(t *vt.T) { p.Run(t) }, vt.Expect(p.Verdict))
}

// TestPrograms checks the table: a test for each program, known verdicts.
func TestPrograms(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Programs {
		if seen[p.Name] {
			t.Errorf("duplicate program %s", p.Name)
		}
		seen[p.Name] = true
		if !slices.Contains([]string{"panic", "assert", "race", "deadlock"}, p.Verdict) {
			t.Errorf("%s: verdict %q", p.Name, p.Verdict)
		}
		if !slices.Contains(tests, p.Test()) {
			t.Errorf("%s: no test %s", p.Name, p.Test())
		}
	}
	if len(tests) != len(Programs) {
		t.Errorf("%d tests for %d programs", len(tests), len(Programs))
	}
}

// tests are the test functions below, one per program.
var tests = []string{
	"TestTwoStageNested",
	"TestTwoStageReversed",
	"TestTwoStageSeq",
	"TestTwoStageAtomic",
	"TestTwoStageChan",
	"TestReorderAtomic",
	"TestReorderMutex",
	"TestReorderPlain",
	"TestWronglockAtomic",
	"TestWronglockChan",
	"TestWronglockRW",
	"TestDeadlockCycle3",
	"TestDeadlockRW",
	"TestDeadlockVector3",
	"TestDeadlockGated",
	"TestListCheckThenAct",
	"TestLazyListTail",
	"TestLazyListTailPlain",
}

func TestTwoStageNested(t *testing.T) { deep(t, "TwoStageNested") }

func TestTwoStageReversed(t *testing.T) { deep(t, "TwoStageReversed") }

func TestTwoStageSeq(t *testing.T) { deep(t, "TwoStageSeq") }

func TestTwoStageAtomic(t *testing.T) { deep(t, "TwoStageAtomic") }

func TestTwoStageChan(t *testing.T) { deep(t, "TwoStageChan") }

func TestReorderAtomic(t *testing.T) { deep(t, "ReorderAtomic") }

func TestReorderMutex(t *testing.T) { deep(t, "ReorderMutex") }

func TestReorderPlain(t *testing.T) { deep(t, "ReorderPlain") }

func TestWronglockAtomic(t *testing.T) { deep(t, "WronglockAtomic") }

func TestWronglockChan(t *testing.T) { deep(t, "WronglockChan") }

func TestWronglockRW(t *testing.T) { deep(t, "WronglockRW") }

func TestDeadlockCycle3(t *testing.T) { deep(t, "DeadlockCycle3") }

func TestDeadlockRW(t *testing.T) { deep(t, "DeadlockRW") }

func TestDeadlockVector3(t *testing.T) { deep(t, "DeadlockVector3") }

func TestDeadlockGated(t *testing.T) { deep(t, "DeadlockGated") }

func TestListCheckThenAct(t *testing.T) { deep(t, "ListCheckThenAct") }

func TestLazyListTail(t *testing.T) { deep(t, "LazyListTail") }

func TestLazyListTailPlain(t *testing.T) { deep(t, "LazyListTailPlain") }
