package interp

// The end of a run: leaks once main has returned, the tool's Stop, and the
// idle operations schedulers use for fairness.

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Once main has returned, timers no longer fire: goroutines that wait only
// for them are leaks, reported at once.
func TestLeakWaitingForTimers(t *testing.T) {
	var out Outcome
	r := runBehave(t, "tickleak", RunOptions{Outcome: &out, WaitAll: true, MaxSteps: 1_000_000})
	require.NoError(t, r.err)
	assert.Equal(t, Leaked, out.Kind)
	assert.Positive(t, out.Timers, "the ticker and the sleep's timer are pending")
	assert.Less(t, out.Steps, int64(10_000), "the run ends when main returns, not at the step bound")
	prog, _ := behave(t, "tickleak")
	lines := map[Op]int{}
	for _, g := range out.Goroutines {
		require.NotEmpty(t, g.Stack)
		lines[g.Op] = prog.Position(g.Stack[0].Pos).Line
		assert.Equal(t, 1, g.Creator)
		assert.True(t, g.CreatedAt.IsValid())
	}
	assert.Equal(t, map[Op]int{OpChanRecv: markerLine(t, "tickleak", "tick"), OpSleep: markerLine(t, "tickleak", "sleep")}, lines)
}

// RunOptions.Stop ends a run that never reaches a scheduling point.
func TestStopEndsARun(t *testing.T) {
	calls := 0
	var out Outcome
	r := runBehave(t, "endless", RunOptions{Outcome: &out, Stop: func() bool {
		calls++
		return calls == 3
	}})
	var se *StoppedError
	require.True(t, errors.As(r.err, &se), "%v", r.err)
	assert.Equal(t, 3, calls)
	assert.Equal(t, Stopped, out.Kind)
	assert.Equal(t, "stopped", out.Kind.String())
	assert.Equal(t, se.Steps, out.Steps)
	assert.InDelta(t, 3*stopInterval, out.Steps, stopInterval, "Stop is asked every stopInterval steps")
	require.Len(t, out.Goroutines, 1)
	assert.Equal(t, OpRunning, out.Goroutines[0].Op)

	// The step bound still applies, and comes first when it is lower.
	r = runBehave(t, "endless", RunOptions{MaxSteps: 1000, Stop: func() bool { return false }})
	var sle *StepLimitError
	assert.True(t, errors.As(r.err, &sle), "%v", r.err)
}

// idleRecorder records, at each scheduling point of a single goroutine, the
// operation it performed last and whether that was idle.
type idleRecorder struct {
	DefaultScheduler
	prev  Op
	steps []idleStep
}

type idleStep struct {
	op   string
	idle bool
}

func (s *idleRecorder) Pick(runnable []*Goroutine) int {
	g := runnable[0]
	if s.prev != OpNone {
		s.steps = append(s.steps, idleStep{s.prev.String(), g.Idle()})
	}
	s.prev, _ = g.Pending()
	return 0
}

func TestIdleOperations(t *testing.T) {
	s := &idleRecorder{}
	r := runBehave(t, "idle", RunOptions{Scheduler: s})
	require.NoError(t, r.err)
	for i, st := range s.steps {
		if st.op == "runtime.Gosched" {
			s.steps = s.steps[i:]
			break
		}
	}
	assert.Equal(t, []idleStep{
		{"runtime.Gosched", true},
		{"atomic.LoadInt32", true},
		{"atomic.CompareAndSwapInt32", true},
		{"atomic.CompareAndSwapInt32", false},
		{"sync.Mutex.Lock", false},
		{"sync.Mutex.TryLock", true},
		{"sync.Mutex.Unlock", false},
		{"chan receive", true},
		{"select", true},
		{"chan send", false},
		{"atomic.StoreInt32", false},
	}, s.steps)
}

// A step that moves megabytes brings the next check of the run's limits
// closer: Stop is asked about every 2^14 KB moved, not only every
// stopInterval steps (the loop of bigcopy takes a few hundred steps).
func TestStopAskedByWork(t *testing.T) {
	calls := 0
	r := runBehave(t, "bigcopy", RunOptions{Stop: func() bool {
		calls++
		return false
	}})
	require.NoError(t, r.err)
	assert.Equal(t, fmt.Sprintln(200*8<<20), r.stdout)
	// 200 copies of 8 MB: 8192 steps' worth each.
	assert.GreaterOrEqual(t, calls, 90)
}
