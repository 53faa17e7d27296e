package perm

import "fmt"

// Whole is the Elem of a [Loc] that stands for an object as a whole.
const Whole = -1

// Loc is a location with its own state machine: an object as a whole
// (Elem == Whole) or element Elem of a slice or array. The state of an
// object as a whole and the states of its elements are independent, as in
// JPF-HJ: writing f[i] and writing the object stored in f[i] are different
// locations. Obj must be comparable; its identity is the caller's choice
// (an address natively, an interpreter object id under vt).
type Loc struct {
	Obj  any
	Elem int
}

// String formats the location as "obj" or "obj[i]".
func (l Loc) String() string {
	if l.Elem == Whole {
		return fmt.Sprint(l.Obj)
	}
	return fmt.Sprintf("%v[%d]", l.Obj, l.Elem)
}

// RangeError reports an index or range outside a slice.
type RangeError struct {
	Len, Lo, Hi int
	Index       bool // a single index Lo (Hi == Lo+1) rather than a range
}

// Error describes the bad index or range.
func (e *RangeError) Error() string {
	if e.Index {
		return fmt.Sprintf("permission index %d out of range [0, %d)", e.Lo, e.Len)
	}
	return fmt.Sprintf("permission range [%d, %d) out of range for length %d", e.Lo, e.Hi, e.Len)
}

// CheckIndex returns a *RangeError unless 0 <= i < length.
func CheckIndex(length, i int) error {
	if i < 0 || i >= length {
		return &RangeError{Len: length, Lo: i, Hi: i + 1, Index: true}
	}
	return nil
}

// CheckRange returns a *RangeError unless 0 <= lo <= hi <= length. The
// range [lo, hi) is half-open; an empty range is valid.
func CheckRange(length, lo, hi int) error {
	if lo < 0 || hi < lo || hi > length {
		return &RangeError{Len: length, Lo: lo, Hi: hi}
	}
	return nil
}

// Tracker holds the state of every location that is not Null. It is not
// safe for concurrent use.
type Tracker struct {
	states map[Loc]State
}

// NewTracker returns a tracker in which every location is Null.
func NewTracker() *Tracker {
	return &Tracker{states: make(map[Loc]State)}
}

// State returns the state of l.
func (tr *Tracker) State(l Loc) State {
	return tr.states[l]
}

// Len returns the number of locations whose state is not Null.
func (tr *Tracker) Len() int { return len(tr.states) }

// Clone returns an independent copy of the tracker (states are values, so
// this is a shallow copy of the map).
func (tr *Tracker) Clone() *Tracker {
	c := NewTracker()
	for l, s := range tr.states {
		c.states[l] = s
	}
	return c
}

func (tr *Tracker) set(l Loc, s State) {
	if s.Kind == Null {
		delete(tr.states, l) // keep only live locations: a Null location may be reused
		return
	}
	tr.states[l] = s
}

// Do applies op by task t to location l. A violation is returned as a
// *Violation (with Loc set) and leaves l in the Violation state.
func (tr *Tracker) Do(t TaskID, op Op, l Loc) error {
	next, v := Step(tr.states[l], t, op)
	tr.set(l, next)
	if v != nil {
		v.Loc = l
		return v
	}
	return nil
}

// DoRange applies op by task t to the elements lo, lo+1, ..., hi-1 of a
// slice of length length; loc names element i. If the range is invalid it
// returns a *RangeError and changes nothing. If some elements violate, only
// those move to the Violation state, the others are left unchanged, and the
// violation of the lowest such element is returned.
func (tr *Tracker) DoRange(t TaskID, op Op, length, lo, hi int, loc func(i int) Loc) error {
	if err := CheckRange(length, lo, hi); err != nil {
		return err
	}
	next := make([]State, hi-lo)
	var first *Violation
	for i := lo; i < hi; i++ {
		l := loc(i)
		s, v := Step(tr.states[l], t, op)
		next[i-lo] = s
		if v != nil && first == nil {
			v.Loc = l
			first = v
		}
	}
	for i := lo; i < hi; i++ {
		if first == nil || next[i-lo].Kind == Violated {
			tr.set(loc(i), next[i-lo])
		}
	}
	if first != nil {
		return first
	}
	return nil
}

// Each calls f with every location whose state is not Null, in no
// particular order.
func (tr *Tracker) Each(f func(Loc, State)) {
	for l, s := range tr.states {
		f(l, s)
	}
}
