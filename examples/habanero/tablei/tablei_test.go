package tablei

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vtcheck/vt/vt"
)

// Each test checks one program of Table I under vt (the default strategy
// for habanero programs: regions) with the paper's verdict.

func TestPrimitiveArrayNoRace(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, PrimitiveArrayNoRace()) })
}

func TestTwoDimArrays(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 4, TwoDimArrays(3)[2][2]) })
}

func TestForAllWithIterable(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, []int{6, 2, 4}, ForAllWithIterable()) })
}

func TestIntegerCounterIsolated(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 2, IntegerCounterIsolated(2)) })
}

func TestPrimeNumCounterForAllRacy(t *testing.T) {
	vt.Check(t, func(t *vt.T) { PrimeNumCounterForAllRacy(6) }, vt.Expect("race"))
}

func TestVectorAdd(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		assert.Equal(t, []int{5, 7, 9, 11}, VectorAdd([]int{1, 2, 3, 4}, []int{4, 5, 6, 7}))
	})
}

func TestAsyncTest1(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 4, AsyncTest1(5)[4]) })
}

// TestAsyncTest2: the conflict, as a race (race detection on) and as a
// region conflict (off: the regions are the check).
func TestAsyncTest2(t *testing.T) {
	vt.Check(t, func(t *vt.T) { AsyncTest2() }, vt.Expect("race"))
	vt.Check(t, func(t *vt.T) { AsyncTest2() }, vt.Race(false), vt.Expect("region"))
}

func TestFinishTest1(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 2, FinishTest1()) })
}

func TestFinishTest2(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 10, FinishTest2()) })
}

func TestFinishTest3(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 3, FinishTest3()) })
}

func TestClumpedAccess(t *testing.T) {
	vt.Check(t, func(t *vt.T) { assert.Equal(t, 1000, ClumpedAccess()) })
}
