// Package perm is the permission-region state machine of Westbrook, Zhao,
// Budimlić and Sarkar ("Permission regions for race-free parallelism"), as
// used by Mercer, Anderson, Vrvilo and Sarkar in JPF-HJ.
//
// Tasks announce how they use a shared location with AcquireR/ReleaseR
// (read region) and AcquireW/ReleaseW (write region). Each location, a whole
// object or one element of a slice, has its own state machine:
//
//	Null                      nobody holds a permission
//	PrivateRead(o, r)         task o holds r read permissions
//	PrivateWrite(o, r, w)     task o holds w ≥ 1 write and r read permissions
//	SharedRead{t → count}     two or more tasks hold read permissions
//	Violation                 conflicting permissions were requested
//
// with the transitions (o is the owner, t the acting task):
//
//	from       AcquireR               AcquireW            ReleaseR                          ReleaseW
//	Null       PR(t,1)                PW(t,0,1)           violation                         violation
//	PR(o,r)    o: PR(o,r+1)           o: PW(o,r,1)        o: r>1 → PR(o,r-1) else Null      violation
//	           t: SR{o:r, t:1}        t: violation        t: violation
//	PW(o,r,w)  o: PW(o,r+1,w)         o: PW(o,r,w+1)      o, r>0: PW(o,r-1,w)               t: violation
//	           t: violation           t: violation        else violation                    o: w>1 → PW(o,r,w-1);
//	                                                                                        w=1 → r=0 ? Null : PR(o,r)
//	SR(m)      m[t]++                 violation           t∉m: violation; else m[t]--,      violation
//	                                                      removed at 0; one task left →
//	                                                      PR(that task, its count)
//
// Violation is absorbing: every operation on a location in Violation is
// reported again. Every reported [Violation] names the acting task and its
// operation and, when another task holds the location, that task and the
// operation through which it holds it.
//
// Slice elements are addressed with half-open ranges [lo, hi), Go's
// convention; HJlib's and JPF-HJ's array ranges are inclusive of the end
// index. An index or range outside the slice is an error ([RangeError]),
// not a violation.
//
// The package is pure: no goroutines, no locks, no interpreter (vt's
// annotations use it natively). A [Tracker] maps locations to states;
// callers serialize access to it. Under vt, the engine (package
// internal/explore) runs the machine as an observer of the interpreter's
// annotation events, which carry the goroutine and the exact locations.
package perm

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// TaskID identifies a task (a goroutine under vt).
type TaskID int64

// Op is a permission operation.
type Op uint8

// The four permission operations.
const (
	AcquireR Op = iota
	AcquireW
	ReleaseR
	ReleaseW
)

// Ops lists every operation, in declaration order.
var Ops = []Op{AcquireR, AcquireW, ReleaseR, ReleaseW}

// String returns the operation's name, e.g. "AcquireR".
func (op Op) String() string {
	switch op {
	case AcquireR:
		return "AcquireR"
	case AcquireW:
		return "AcquireW"
	case ReleaseR:
		return "ReleaseR"
	case ReleaseW:
		return "ReleaseW"
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// matching returns the acquire an operation pairs with.
func (op Op) matching() Op {
	if op == ReleaseW || op == AcquireW {
		return AcquireW
	}
	return AcquireR
}

// Kind is the kind of a [State].
type Kind uint8

// The states of the machine.
const (
	Null Kind = iota
	PrivateRead
	PrivateWrite
	SharedRead
	Violated
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case Null:
		return "Null"
	case PrivateRead:
		return "PrivateRead"
	case PrivateWrite:
		return "PrivateWrite"
	case SharedRead:
		return "SharedRead"
	case Violated:
		return "Violation"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// State is the permission state of one location. States are values: Step
// never modifies its argument (Shared is copied on change), so a caller may
// keep old states, e.g. to backtrack.
type State struct {
	Kind   Kind
	Owner  TaskID         // PrivateRead, PrivateWrite
	R, W   int            // read and write counts of the owner
	Shared map[TaskID]int // SharedRead: read count per task (two or more tasks)
}

// NullState is the initial state.
var NullState = State{}

// PR returns the state PrivateRead(o, r).
func PR(o TaskID, r int) State { return State{Kind: PrivateRead, Owner: o, R: r} }

// PW returns the state PrivateWrite(o, r, w).
func PW(o TaskID, r, w int) State { return State{Kind: PrivateWrite, Owner: o, R: r, W: w} }

// SR returns the state SharedRead(m); m is copied.
func SR(m map[TaskID]int) State { return State{Kind: SharedRead, Shared: maps.Clone(m)} }

// ViolationState is the absorbing error state.
var ViolationState = State{Kind: Violated}

// String formats the state, e.g. "PrivateWrite(task 3, r=0, w=1)" or
// "SharedRead{task 1: 2, task 4: 1}".
func (s State) String() string {
	return s.format(func(id TaskID) string { return fmt.Sprintf("task %d", id) })
}

func (s State) format(name func(TaskID) string) string {
	switch s.Kind {
	case PrivateRead:
		return fmt.Sprintf("PrivateRead(%s, r=%d)", name(s.Owner), s.R)
	case PrivateWrite:
		return fmt.Sprintf("PrivateWrite(%s, r=%d, w=%d)", name(s.Owner), s.R, s.W)
	case SharedRead:
		var b strings.Builder
		b.WriteString("SharedRead{")
		for i, t := range s.readers() {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s: %d", name(t), s.Shared[t])
		}
		b.WriteString("}")
		return b.String()
	}
	return s.Kind.String()
}

// Equal reports whether two states are the same.
func (s State) Equal(o State) bool {
	return s.Kind == o.Kind && s.Owner == o.Owner && s.R == o.R && s.W == o.W && maps.Equal(s.Shared, o.Shared)
}

// readers returns the tasks of a SharedRead state in increasing order.
func (s State) readers() []TaskID {
	return slices.Sorted(maps.Keys(s.Shared))
}

// otherReader returns the smallest reader of a SharedRead state other than t.
func (s State) otherReader(t TaskID) TaskID {
	for _, r := range s.readers() {
		if r != t {
			return r
		}
	}
	return t
}

// Reason classifies a [Violation].
type Reason uint8

const (
	// Conflict: the task asked for a permission that conflicts with one
	// another task holds.
	Conflict Reason = iota
	// Unmatched: the task released a permission it does not hold.
	Unmatched
	// AlreadyViolated: the location was already in the Violation state.
	AlreadyViolated
)

// Violation describes a transition into (or within) the Violation state.
type Violation struct {
	Reason Reason
	Loc    Loc    // set by Tracker; zero for Step
	Task   TaskID // the acting task
	Op     Op     // its operation
	// Holder is a task holding a permission on the location when HasHolder
	// is set (another task for a Conflict; possibly Task itself for an
	// Unmatched release), and HolderOp the operation through which it holds
	// it (AcquireR or AcquireW).
	Holder    TaskID
	HolderOp  Op
	HasHolder bool
	From      State // the state before the operation
}

// Error describes the violation, naming both tasks and both operations;
// tasks are written "task N".
func (v *Violation) Error() string {
	return v.Format(func(id TaskID) string { return fmt.Sprintf("task %d", id) })
}

// Format is Error with tasks written by name (vt writes "goroutine N").
func (v *Violation) Format(name func(TaskID) string) string {
	var b strings.Builder
	b.WriteString("permission violation")
	if v.Loc != (Loc{}) {
		fmt.Fprintf(&b, " on %v", v.Loc)
	}
	switch v.Reason {
	case Conflict:
		fmt.Fprintf(&b, ": %s %v conflicts with %s %v", name(v.Task), v.Op, name(v.Holder), v.HolderOp)
	case Unmatched:
		fmt.Fprintf(&b, ": %s %v without a matching %v", name(v.Task), v.Op, v.Op.matching())
		if v.HasHolder {
			fmt.Fprintf(&b, "; %s holds it through %v", name(v.Holder), v.HolderOp)
		} else {
			b.WriteString("; no task holds it")
		}
	case AlreadyViolated:
		fmt.Fprintf(&b, ": %s %v on a location already in violation", name(v.Task), v.Op)
	}
	b.WriteString(" (state ")
	b.WriteString(v.From.format(name))
	b.WriteString(")")
	return b.String()
}

// Step applies op by task t to state s. On a violation it returns
// ViolationState and a non-nil *Violation (with a zero Loc).
func Step(s State, t TaskID, op Op) (State, *Violation) {
	conflict := func(holder TaskID, holderOp Op) (State, *Violation) {
		return ViolationState, &Violation{Reason: Conflict, Task: t, Op: op, Holder: holder, HolderOp: holderOp, HasHolder: true, From: s}
	}
	unmatched := func(holder TaskID, holderOp Op, has bool) (State, *Violation) {
		return ViolationState, &Violation{Reason: Unmatched, Task: t, Op: op, Holder: holder, HolderOp: holderOp, HasHolder: has, From: s}
	}
	switch s.Kind {
	case Null:
		switch op {
		case AcquireR:
			return PR(t, 1), nil
		case AcquireW:
			return PW(t, 0, 1), nil
		default:
			return unmatched(0, 0, false)
		}

	case PrivateRead:
		o, r := s.Owner, s.R
		switch op {
		case AcquireR:
			if t == o {
				return PR(o, r+1), nil
			}
			return State{Kind: SharedRead, Shared: map[TaskID]int{o: r, t: 1}}, nil
		case AcquireW:
			if t == o {
				return PW(o, r, 1), nil
			}
			return conflict(o, AcquireR)
		case ReleaseR:
			if t != o {
				return unmatched(o, AcquireR, true)
			}
			if r > 1 {
				return PR(o, r-1), nil
			}
			return NullState, nil
		default: // ReleaseW
			return unmatched(o, AcquireR, true)
		}

	case PrivateWrite:
		o, r, w := s.Owner, s.R, s.W
		switch op {
		case AcquireR:
			if t == o {
				return PW(o, r+1, w), nil
			}
			return conflict(o, AcquireW)
		case AcquireW:
			if t == o {
				return PW(o, r, w+1), nil
			}
			return conflict(o, AcquireW)
		case ReleaseR:
			if t == o && r > 0 {
				return PW(o, r-1, w), nil
			}
			return unmatched(o, AcquireW, true)
		default: // ReleaseW
			if t != o {
				return unmatched(o, AcquireW, true)
			}
			if w > 1 {
				return PW(o, r, w-1), nil
			}
			if r == 0 {
				return NullState, nil
			}
			return PR(o, r), nil
		}

	case SharedRead:
		switch op {
		case AcquireR:
			m := maps.Clone(s.Shared)
			m[t]++
			return State{Kind: SharedRead, Shared: m}, nil
		case AcquireW:
			return conflict(s.otherReader(t), AcquireR)
		case ReleaseR:
			n, ok := s.Shared[t]
			if !ok {
				return unmatched(s.otherReader(t), AcquireR, true)
			}
			m := maps.Clone(s.Shared)
			if n > 1 {
				m[t] = n - 1
			} else {
				delete(m, t)
			}
			if len(m) == 1 {
				for owner, c := range m {
					return PR(owner, c), nil
				}
			}
			return State{Kind: SharedRead, Shared: m}, nil
		default: // ReleaseW
			return unmatched(s.otherReader(t), AcquireR, true)
		}
	}
	return ViolationState, &Violation{Reason: AlreadyViolated, Task: t, Op: op, From: s}
}
