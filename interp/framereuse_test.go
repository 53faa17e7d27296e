package interp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFrameReuseAcrossFunctions runs a test whose goroutine executes a
// deferred builtin (close) after the test function returned. Every function
// the interpreter makes for itself (thunks of go/defer builtins, synthetic
// methods) needs its own id: frames are recycled per function id, and a
// thunk sharing an id with the test function once ran the test's code on
// the goroutine (a false nil-pointer panic under vt test).
func TestFrameReuseAcrossFunctions(t *testing.T) {
	prog, err := Load(Config{Dir: filepath.Join("testdata", "framereuse"), Tests: true}, ".")
	require.NoError(t, err)
	pkg := testPackage(t, prog, "TestCloseAfterReturn")
	for _, snapshot := range []bool{false, true} {
		var out strings.Builder
		var oc Outcome
		opts := RunOptions{Stdout: &out, WaitAll: true, Outcome: &oc, MaxSteps: 100000}
		var res TestResult
		if snapshot {
			s, err := prog.SnapshotTest(pkg, "TestCloseAfterReturn", RunOptions{})
			require.NoError(t, err)
			for range 3 {
				out.Reset()
				require.NoError(t, s.Run(opts))
			}
			res = s.TestResult()
		} else {
			res, err = prog.RunTest(pkg, "TestCloseAfterReturn", opts)
			require.NoError(t, err)
		}
		assert.False(t, res.Failed, "snapshot=%v: %s", snapshot, res.Output)
		assert.Equal(t, Exited, oc.Kind, "snapshot=%v: %s", snapshot, oc.Message)
		assert.Equal(t, "test body\ngoroutine\n", out.String(), "snapshot=%v", snapshot)
	}
}

// frameFixture returns two compiled functions f (with a preloaded register)
// and h, a machine, a goroutine of it and a caller frame on it.
func frameFixture() (f, h *function, m *machine, g *Goroutine, caller *frame) {
	f = &function{name: "f", template: []value{{}, intVal(7)}, preloaded: []int{1}}
	h = &function{name: "h", id: 1, template: []value{{}}}
	f.ready.Store(true)
	h.ready.Store(true)
	m = &machine{}
	g = &Goroutine{m: m}
	return f, h, m, g, &frame{g: g}
}

// TestSpareFrame: a frame that returned to its caller is the caller's
// spare, reused by the caller's next call of the same function only, and
// checked like a frame of the free list; under HashStates frames are not
// reused.
func TestSpareFrame(t *testing.T) {
	f, h, m, g, caller := frameFixture()

	fr := m.calleeFrame(caller, f)
	fr.g, fr.caller = g, caller
	m.returned(caller, fr)
	require.Same(t, fr, caller.spare, "the returned frame is the caller's spare")
	assert.Nil(t, fr.caller, "the spare is reset")

	other := m.calleeFrame(caller, h)
	assert.NotSame(t, fr, other, "a call of another function")
	assert.Same(t, fr, caller.spare, "the spare stays")
	again := m.calleeFrame(caller, f)
	require.Same(t, fr, again, "the next call of f reuses the spare")
	assert.Nil(t, caller.spare)

	again.g = g
	again.regs[1] = intVal(8) // a preloaded register, written
	m.returned(caller, again)
	require.Panics(t, func() { m.calleeFrame(caller, f) }, "a spare is checked as recycled frames are")

	hs := &machine{}
	hs.opts.HashStates = true
	c2 := &frame{g: &Goroutine{m: hs}}
	fr2 := hs.calleeFrame(c2, f)
	fr2.g = c2.g
	hs.returned(c2, fr2)
	assert.Nil(t, c2.spare, "no spare under HashStates")
}

// TestLastFrame: a frame that returned while its caller had a spare is
// its function's last frame, reused by the next call of the same function
// from any caller (a call site that calls several methods in turn); a
// second one goes to the free list.
func TestLastFrame(t *testing.T) {
	f, h, m, g, caller := frameFixture()
	caller.spare = &frame{fn: h}

	fr := m.calleeFrame(caller, f)
	fr.g, fr.caller = g, caller
	m.returned(caller, fr)
	require.Same(t, fr, m.last[f.id], "with the caller's spare taken, the frame is f's last")
	assert.Nil(t, fr.caller, "the last frame is reset")

	other := &frame{g: g}
	again := m.calleeFrame(other, f)
	require.Same(t, fr, again, "the next call of f, from another caller, reuses it")
	assert.Nil(t, m.last[f.id])

	second := m.calleeFrame(other, f)
	second.g, again.g = g, g
	m.returned(caller, again)
	m.returned(caller, second)
	assert.Same(t, again, m.last[f.id], "the first to return is the last frame")
	assert.Equal(t, []*frame{second}, m.free[f.id], "the second goes to the free list")

	m.last[f.id].regs[1] = intVal(8) // a preloaded register, written
	require.Panics(t, func() { m.calleeFrame(other, f) }, "a last frame is checked as recycled frames are")
}
