package deepbugs

import (
	"testing"

	"github.com/vtcheck/vt/vt"
)

// The tests check each program's known verdict with a small parameter
// under the default strategy (BENCHMARKS.md has the large parameters and
// the other strategies; bench_test.go makes those tables).

func TestTwoStage(t *testing.T) {
	vt.Check(t, func(t *vt.T) { TwoStage(3, 1) }, vt.Expect("panic"))
}

func TestReorder(t *testing.T) {
	vt.Check(t, func(t *vt.T) { Reorder(2, 1) }, vt.Expect("race"))
}

func TestWronglock(t *testing.T) {
	vt.Check(t, func(t *vt.T) { Wronglock(1, 3) }, vt.Expect("race"))
}

func TestDeadlock(t *testing.T) {
	vt.Check(t, func(t *vt.T) { Deadlock(1, 2) }, vt.Expect("deadlock"))
}

func TestLazyList(t *testing.T) {
	vt.Check(t, func(t *vt.T) { LazyListRun(2, 2) }, vt.Expect("race"))
}

func TestBakery(t *testing.T) {
	vt.Check(t, func(t *vt.T) { BakeryRun(2, 1) }, vt.Expect("race"))
}

func TestCLH(t *testing.T) {
	vt.Check(t, func(t *vt.T) { CLHRun(2, 2) }, vt.Expect("race"))
}

func TestBarrier(t *testing.T) {
	vt.Check(t, func(t *vt.T) { BarrierRun(2, 2) }, vt.Expect("race"))
}

func TestSOR(t *testing.T) {
	vt.Check(t, func(t *vt.T) { SOR(2, 2) }, vt.Expect("race"))
}
