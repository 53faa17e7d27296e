package vt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// checkHere, the check inside the interpreter under vt test, agrees with
// the host's checker on the histories of TestCheckWeakerCriteria.
func TestCheckHere(t *testing.T) {
	reg := func(cr Criterion) *Spec[*int, int] {
		return &Spec[*int, int]{
			New:  func() *int { return new(int) },
			Init: func() int { return 0 },
			Ops: []Op[*int, int]{
				CallWith("Write", []int{1, 2},
					func(p *int, x int) struct{} { *p = x; return struct{}{} },
					func(_ int, x int) (int, struct{}) { return x, struct{}{} }),
				Call("Read",
					func(p *int) int { return *p },
					func(s int) (int, int) { return s, s }),
			},
			Criterion: cr,
		}
	}
	call := func(g, j int) histEvent { return histEvent{call: true, g: g, j: j} }
	ret := func(g, j int, out string) histEvent { return histEvent{g: g, j: j, rendered: out} }
	const none = "struct {}{}"

	// Thread 1 reads 0 after thread 0's write returned.
	stale := []histEvent{call(0, 0), ret(0, 0, none), call(1, 0), ret(1, 0, "0")}
	staleScenario := [][]int{{0}, {2}}
	assert.Contains(t, checkHere(reg(Linearizability), staleScenario, stale), "not linearizable")
	assert.Equal(t, "", checkHere(reg(SequentialConsistency), staleScenario, stale))
	assert.Contains(t, checkHere(reg(QuiescentConsistency), staleScenario, stale), "not quiescently consistent")
	stale[3].rendered = "1"
	assert.Equal(t, "", checkHere(reg(Linearizability), staleScenario, stale))

	// Thread 0 reads 0 after its own write, while thread 1's write is
	// pending throughout.
	busy := []histEvent{call(1, 0), call(0, 0), ret(0, 0, none), call(0, 1), ret(0, 1, "0"), ret(1, 0, none), call(1, 1), ret(1, 1, none)}
	busyScenario := [][]int{{0, 2}, {1, 1}}
	msg := checkHere(reg(Linearizability), busyScenario, busy)
	assert.Contains(t, msg, "not linearizable")
	assert.Contains(t, msg, "    5  thread 1  return  Read() → 0\n")
	assert.Equal(t, "", checkHere(reg(QuiescentConsistency), busyScenario, busy))
	assert.Contains(t, checkHere(reg(SequentialConsistency), busyScenario, busy), "not sequentially consistent")
}
