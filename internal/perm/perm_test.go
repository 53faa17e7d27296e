package perm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	o TaskID = 1 // the owner in the table
	t TaskID = 2 // another task
	u TaskID = 3 // a third task
)

type want struct {
	state    State
	reason   Reason // for a violation
	holder   TaskID
	holderOp Op
	has      bool
	bad      bool // a violation is expected
}

func ok(s State) want { return want{state: s} }
func conflict(h TaskID, hop Op) want {
	return want{state: ViolationState, reason: Conflict, holder: h, holderOp: hop, has: true, bad: true}
}
func unmatched(h TaskID, hop Op) want {
	return want{state: ViolationState, reason: Unmatched, holder: h, holderOp: hop, has: true, bad: true}
}
func unheld() want     { return want{state: ViolationState, reason: Unmatched, bad: true} }
func alreadyBad() want { return want{state: ViolationState, reason: AlreadyViolated, bad: true} }
func sr(kv ...int) State {
	m := map[TaskID]int{}
	for i := 0; i < len(kv); i += 2 {
		m[TaskID(kv[i])] = kv[i+1]
	}
	return SR(m)
}

// TestStepTable covers every cell of the transition table (and both sides
// of every condition inside a cell).
func TestStepTable(t_ *testing.T) {
	rows := []struct {
		from State
		task TaskID
		op   Op
		want want
	}{
		// Null
		{NullState, t, AcquireR, ok(PR(t, 1))},
		{NullState, t, AcquireW, ok(PW(t, 0, 1))},
		{NullState, t, ReleaseR, unheld()},
		{NullState, t, ReleaseW, unheld()},

		// PR(o, r)
		{PR(o, 1), o, AcquireR, ok(PR(o, 2))},
		{PR(o, 2), t, AcquireR, ok(sr(1, 2, 2, 1))},
		{PR(o, 2), o, AcquireW, ok(PW(o, 2, 1))},
		{PR(o, 1), t, AcquireW, conflict(o, AcquireR)},
		{PR(o, 2), o, ReleaseR, ok(PR(o, 1))},
		{PR(o, 1), o, ReleaseR, ok(NullState)},
		{PR(o, 1), t, ReleaseR, unmatched(o, AcquireR)},
		{PR(o, 1), o, ReleaseW, unmatched(o, AcquireR)},
		{PR(o, 1), t, ReleaseW, unmatched(o, AcquireR)},

		// PW(o, r, w)
		{PW(o, 0, 1), o, AcquireR, ok(PW(o, 1, 1))},
		{PW(o, 0, 1), t, AcquireR, conflict(o, AcquireW)},
		{PW(o, 1, 1), o, AcquireW, ok(PW(o, 1, 2))},
		{PW(o, 0, 1), t, AcquireW, conflict(o, AcquireW)},
		{PW(o, 2, 1), o, ReleaseR, ok(PW(o, 1, 1))},
		{PW(o, 1, 3), o, ReleaseR, ok(PW(o, 0, 3))},
		{PW(o, 0, 1), o, ReleaseR, unmatched(o, AcquireW)},
		{PW(o, 1, 1), t, ReleaseR, unmatched(o, AcquireW)},
		{PW(o, 0, 1), t, ReleaseW, unmatched(o, AcquireW)},
		{PW(o, 1, 2), o, ReleaseW, ok(PW(o, 1, 1))},
		{PW(o, 0, 1), o, ReleaseW, ok(NullState)},
		{PW(o, 2, 1), o, ReleaseW, ok(PR(o, 2))},

		// SR(m)
		{sr(1, 1, 2, 1), o, AcquireR, ok(sr(1, 2, 2, 1))},
		{sr(1, 1, 2, 1), u, AcquireR, ok(sr(1, 1, 2, 1, 3, 1))},
		{sr(1, 1, 2, 1), o, AcquireW, conflict(t, AcquireR)},
		{sr(1, 1, 2, 1), u, AcquireW, conflict(o, AcquireR)},
		{sr(1, 2, 2, 1), o, ReleaseR, ok(sr(1, 1, 2, 1))},
		{sr(1, 1, 2, 1, 3, 1), o, ReleaseR, ok(sr(2, 1, 3, 1))},
		{sr(1, 3, 2, 1), t, ReleaseR, ok(PR(o, 3))},
		{sr(1, 1, 2, 1), u, ReleaseR, unmatched(o, AcquireR)},
		{sr(1, 1, 2, 1), o, ReleaseW, unmatched(t, AcquireR)},
		{sr(1, 1, 2, 1), u, ReleaseW, unmatched(o, AcquireR)},

		// Violation is absorbing.
		{ViolationState, o, AcquireR, alreadyBad()},
		{ViolationState, o, AcquireW, alreadyBad()},
		{ViolationState, o, ReleaseR, alreadyBad()},
		{ViolationState, o, ReleaseW, alreadyBad()},
	}

	type cell struct {
		kind  Kind
		op    Op
		owner bool
	}
	covered := map[cell]bool{}
	for _, r := range rows {
		name := fmt.Sprintf("%v/task%d/%v", r.from, r.task, r.op)
		t_.Run(name, func(tt *testing.T) {
			before := r.from
			beforeCopy := State{Kind: before.Kind, Owner: before.Owner, R: before.R, W: before.W, Shared: SR(before.Shared).Shared}
			got, v := Step(r.from, r.task, r.op)
			assert.Truef(tt, got.Equal(r.want.state), "state: got %v, want %v", got, r.want.state)
			assert.True(tt, r.from.Equal(beforeCopy), "Step modified its argument")
			if !r.want.bad {
				assert.Nil(tt, v)
				return
			}
			require.NotNil(tt, v)
			assert.Equal(tt, r.want.reason, v.Reason)
			assert.Equal(tt, r.task, v.Task)
			assert.Equal(tt, r.op, v.Op)
			assert.Equal(tt, r.want.has, v.HasHolder)
			assert.True(tt, v.From.Equal(r.from))
			msg := v.Error()
			assert.Contains(tt, msg, fmt.Sprintf("task %d %v", r.task, r.op))
			if r.want.has {
				assert.Equal(tt, r.want.holder, v.Holder)
				assert.Equal(tt, r.want.holderOp, v.HolderOp)
				assert.Contains(tt, msg, fmt.Sprintf("task %d", r.want.holder))
				assert.Contains(tt, msg, r.want.holderOp.String())
			}
		})
		isOwner := r.task == r.from.Owner
		if r.from.Kind == SharedRead {
			_, isOwner = r.from.Shared[r.task]
		}
		covered[cell{r.from.Kind, r.op, isOwner}] = true
	}
	// Every (state, operation) cell, for a task that holds the location and
	// for one that does not, is exercised (Null and Violation have no holder).
	for _, k := range []Kind{Null, PrivateRead, PrivateWrite, SharedRead, Violated} {
		for _, op := range Ops {
			if k == Null || k == Violated {
				assert.Truef(t_, covered[cell{k, op, false}] || covered[cell{k, op, true}], "%v %v not covered", k, op)
				continue
			}
			assert.Truef(t_, covered[cell{k, op, true}], "%v %v by the holder not covered", k, op)
			assert.Truef(t_, covered[cell{k, op, false}], "%v %v by another task not covered", k, op)
		}
	}
}

func TestViolationMessages(t_ *testing.T) {
	_, v := Step(PR(o, 1), t, AcquireW)
	assert.Equal(t_, "permission violation: task 2 AcquireW conflicts with task 1 AcquireR (state PrivateRead(task 1, r=1))", v.Error())
	_, v = Step(PW(o, 0, 1), o, ReleaseR)
	assert.Equal(t_, "permission violation: task 1 ReleaseR without a matching AcquireR; task 1 holds it through AcquireW (state PrivateWrite(task 1, r=0, w=1))", v.Error())
	_, v = Step(NullState, t, ReleaseW)
	assert.Equal(t_, "permission violation: task 2 ReleaseW without a matching AcquireW; no task holds it (state Null)", v.Error())
	_, v = Step(ViolationState, t, AcquireR)
	assert.Equal(t_, "permission violation: task 2 AcquireR on a location already in violation (state Violation)", v.Error())
	v.Loc = Loc{Obj: "xs", Elem: 4}
	assert.Contains(t_, v.Error(), "permission violation on xs[4]: ")
	v.Loc = Loc{Obj: "x", Elem: Whole}
	assert.Contains(t_, v.Error(), "permission violation on x: ")
}

func TestStringers(t_ *testing.T) {
	assert.Equal(t_, "SharedRead{task 1: 2, task 3: 1}", sr(3, 1, 1, 2).String())
	assert.Equal(t_, "Null", NullState.String())
	_, v := Step(sr(1, 1, 2, 1), u, AcquireW)
	assert.Equal(t_, "permission violation: goroutine 3 AcquireW conflicts with goroutine 1 AcquireR (state SharedRead{goroutine 1: 1, goroutine 2: 1})",
		v.Format(func(id TaskID) string { return fmt.Sprintf("goroutine %d", id) }))
	assert.Equal(t_, "Op(9)", Op(9).String())
	assert.Equal(t_, "Kind(9)", Kind(9).String())
}

// TestFigure8 replays the two schedules of Figure 8 of the paper: the main
// task reads stk while an async writes it.
func TestFigure8(t_ *testing.T) {
	stk := Loc{Obj: "stk", Elem: Whole}
	const main, child TaskID = 0, 1

	tr := NewTracker()
	require.NoError(t_, tr.Do(main, AcquireR, stk))
	require.NoError(t_, tr.Do(main, ReleaseR, stk))
	require.NoError(t_, tr.Do(child, AcquireW, stk))
	require.NoError(t_, tr.Do(child, ReleaseW, stk))
	assert.Zero(t_, tr.Len(), "left schedule: no violation, every location back to Null")

	tr = NewTracker()
	require.NoError(t_, tr.Do(main, AcquireR, stk))
	err := tr.Do(child, AcquireW, stk)
	var v *Violation
	require.ErrorAs(t_, err, &v)
	assert.Equal(t_, stk, v.Loc)
	assert.Equal(t_, Violated, tr.State(stk).Kind)
	assert.Error(t_, tr.Do(main, ReleaseR, stk), "violation is absorbing")
}

func TestTrackerObjectAndElementsIndependent(t_ *testing.T) {
	tr := NewTracker()
	whole := Loc{Obj: "f", Elem: Whole}
	elem := func(i int) Loc { return Loc{Obj: "f", Elem: i} }
	require.NoError(t_, tr.Do(o, AcquireW, whole))
	require.NoError(t_, tr.DoRange(t, AcquireW, 10, 0, 10, elem), "element permissions do not conflict with the whole object's")
	assert.Equal(t_, 11, tr.Len())
	c := tr.Clone()
	require.NoError(t_, tr.DoRange(t, ReleaseW, 10, 0, 10, elem))
	require.NoError(t_, tr.Do(o, ReleaseW, whole))
	assert.Zero(t_, tr.Len())
	assert.Equal(t_, 11, c.Len(), "Clone is independent")
	assert.True(t_, c.State(elem(3)).Equal(PW(t, 0, 1)))
}

func TestTrackerRanges(t_ *testing.T) {
	elem := func(i int) Loc { return Loc{Obj: "a", Elem: i} }
	tr := NewTracker()
	// Disjoint halves [0,5) and [5,10) by two tasks: no violation.
	require.NoError(t_, tr.DoRange(o, AcquireW, 10, 0, 5, elem))
	require.NoError(t_, tr.DoRange(t, AcquireW, 10, 5, 10, elem))
	require.NoError(t_, tr.DoRange(u, AcquireR, 10, 5, 5, elem), "empty range")

	// Overlapping [4,7) by a third task: element 4 is the first violation;
	// 4 and 5, 6 move to Violation, nothing else changes.
	err := tr.DoRange(u, AcquireR, 10, 4, 7, elem)
	var v *Violation
	require.ErrorAs(t_, err, &v)
	assert.Equal(t_, elem(4), v.Loc)
	assert.Equal(t_, o, v.Holder)
	assert.Equal(t_, AcquireW, v.HolderOp)
	for i := range 10 {
		want := Violated
		if i < 4 || i >= 7 {
			want = PrivateWrite
		}
		assert.Equal(t_, want, tr.State(elem(i)).Kind, "element %d", i)
	}

	// A partially violating range leaves the non-violating elements unchanged.
	tr = NewTracker()
	require.NoError(t_, tr.Do(o, AcquireW, elem(2)))
	err = tr.DoRange(t, AcquireR, 4, 0, 4, elem)
	require.ErrorAs(t_, err, &v)
	assert.Equal(t_, elem(2), v.Loc)
	assert.Equal(t_, 1, tr.Len(), "elements 0, 1, 3 stay Null")

	// Out of range is an error, not a violation, and changes nothing.
	tr = NewTracker()
	for _, bad := range [][2]int{{-1, 2}, {0, 11}, {5, 4}, {11, 11}} {
		err := tr.DoRange(o, AcquireR, 10, bad[0], bad[1], elem)
		var re *RangeError
		require.ErrorAs(t_, err, &re, "%v", bad)
		assert.Equal(t_, fmt.Sprintf("permission range [%d, %d) out of range for length 10", bad[0], bad[1]), err.Error())
	}
	assert.Zero(t_, tr.Len())
	require.NoError(t_, CheckRange(10, 10, 10))
	require.NoError(t_, CheckIndex(10, 9))
	assert.EqualError(t_, CheckIndex(10, 10), "permission index 10 out of range [0, 10)")
	assert.EqualError(t_, CheckIndex(10, -1), "permission index -1 out of range [0, 10)")
}
