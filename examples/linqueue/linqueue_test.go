package linqueue

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// pop is the result of Pop.
type pop struct {
	X  int
	OK bool
}

// queueSpec specifies a FIFO queue of ints, implemented by the Q that
// newQ returns.
func queueSpec[Q interface {
	Push(int)
	Pop() (int, bool)
}](newQ func() Q) vt.Spec[Q, []int] {
	return vt.Spec[Q, []int]{
		New:  newQ,
		Init: func() []int { return nil },
		Ops: []vt.Op[Q, []int]{
			vt.CallWith("Push", []int{1, 2},
				func(q Q, x int) struct{} { q.Push(x); return struct{}{} },
				func(s []int, x int) ([]int, struct{}) { return append(slices.Clip(s), x), struct{}{} }),
			vt.Call("Pop",
				func(q Q) pop { x, ok := q.Pop(); return pop{x, ok} },
				func(s []int) ([]int, pop) {
					if len(s) == 0 {
						return s, pop{}
					}
					return s[1:], pop{s[0], true}
				}),
		},
	}
}

// The lock-based queue is linearizable: every scenario of two goroutines
// with one operation each, in every interleaving (exhaustive). Two
// operations each take longer than the default budget to exhaust (see
// docs/linearizability.md).
func TestQueue(t *testing.T) {
	spec := queueSpec(func() *Queue { return &Queue{} })
	spec.OpsPerThread = 1
	vt.Linearizable(t, spec, vt.Expect("ok"))
}

func TestRingQueue(t *testing.T) {
	vt.Linearizable(t, queueSpec(func() *RingQueue { return &RingQueue{} }), vt.Strategy("dpor"), vt.Expect("assert"))
}

// countersSpec specifies a counter map over one key.
func countersSpec() vt.Spec[*Counters, map[string]int] {
	return vt.Spec[*Counters, map[string]int]{
		New:  NewCounters,
		Init: func() map[string]int { return map[string]int{} },
		Ops: []vt.Op[*Counters, map[string]int]{
			vt.CallWith("Inc", []string{"a"},
				func(c *Counters, k string) struct{} { c.Inc(k); return struct{}{} },
				func(s map[string]int, k string) (map[string]int, struct{}) {
					n := maps.Clone(s)
					n[k]++
					return n, struct{}{}
				}),
			vt.CallWith("Get", []string{"a"},
				func(c *Counters, k string) int { return c.Get(k) },
				func(s map[string]int, k string) (map[string]int, int) { return s, s[k] }),
		},
	}
}

func TestCounters(t *testing.T) {
	vt.Linearizable(t, countersSpec(), vt.Strategy("dpor"), vt.Time(time.Minute), vt.Expect("assert"))
}

// stackSpec specifies a LIFO stack of ints that starts with the items
// init (bottom first), implemented by the S that newS returns.
func stackSpec[S interface {
	Push(int)
	Pop() (int, bool)
}](newS func() S, init []int) vt.Spec[S, []int] {
	return vt.Spec[S, []int]{
		New:  newS,
		Init: func() []int { return slices.Clone(init) },
		Ops: []vt.Op[S, []int]{
			vt.CallWith("Push", []int{3},
				func(s S, x int) struct{} { s.Push(x); return struct{}{} },
				func(m []int, x int) ([]int, struct{}) { return append(slices.Clip(m), x), struct{}{} }),
			vt.Call("Pop",
				func(s S) pop { x, ok := s.Pop(); return pop{x, ok} },
				func(m []int) ([]int, pop) {
					if len(m) == 0 {
						return m, pop{}
					}
					return m[:len(m)-1], pop{m[len(m)-1], true}
				}),
		},
	}
}

// Treiber's stack is linearizable: exhaustive for two goroutines with
// one operation each.
func TestStack(t *testing.T) {
	spec := stackSpec(func() *Stack { return &Stack{} }, nil)
	spec.OpsPerThread = 1
	vt.Linearizable(t, spec, vt.Expect("ok"))
}

// registrySpec specifies a registry of one name: the model is the id the
// name has (0: none).
func registrySpec[R interface{ Register(string, int) int }](newR func() R) vt.Spec[R, int] {
	return vt.Spec[R, int]{
		New:  newR,
		Init: func() int { return 0 },
		Ops: []vt.Op[R, int]{
			vt.CallWith("Register", []int{1, 2},
				func(r R, id int) int { return r.Register("x", id) },
				func(s, id int) (int, int) {
					if s == 0 {
						return id, id
					}
					return s, s
				}),
		},
		OpsPerThread: 1,
	}
}

// The sync.Map-based registry is linearizable: exhaustive for two
// goroutines with one Register each.
func TestRegistry(t *testing.T) {
	vt.Linearizable(t, registrySpec(func() *Registry { return &Registry{} }), vt.Expect("ok"))
}

// Load then Store: two goroutines register the name and both win.
func TestRacyRegistry(t *testing.T) {
	vt.Linearizable(t, registrySpec(func() *RacyRegistry { return &RacyRegistry{} }), vt.Strategy("dpor"), vt.Expect("assert"))
}
