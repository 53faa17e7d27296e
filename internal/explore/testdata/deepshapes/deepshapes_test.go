// Package deepshapes runs the deep-bug shapes of examples/deepbugs/shapes
// with other numbers of goroutines than the corpus's (more writers, more
// checkers, more setters, more workers), so that a test can check that
// the guided search's sequences follow the program's structure, not one
// size of it. Each test is a whole test for vt; natively most fail.
package deepshapes

import (
	"testing"

	"github.com/vtcheck/vt/examples/deepbugs/shapes"
)

func TestTwoStageReversed_4_3(t *testing.T) { shapes.TwoStageReversed(4, 3) }

func TestTwoStageSeq_6_2(t *testing.T) { shapes.TwoStageSeq(6, 2) }

func TestTwoStageAtomic_8_1(t *testing.T) { shapes.TwoStageAtomic(t, 8, 1) }

func TestTwoStageChan_5_3(t *testing.T) { shapes.TwoStageChan(5, 3) }

func TestReorderAtomic_20_1(t *testing.T) { shapes.ReorderAtomic(20, 1) }

func TestReorderMutex_6_3(t *testing.T) { shapes.ReorderMutex(t, 6, 3) }

func TestDeadlockCycle3_20(t *testing.T) { shapes.DeadlockCycle3(20) }

func TestDeadlockGated_12(t *testing.T) { shapes.DeadlockGated(12) }

func TestWronglockAtomic_2_12(t *testing.T) { shapes.WronglockAtomic(t, 2, 12) }
