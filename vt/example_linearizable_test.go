package vt_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// stack is a LIFO stack of ints under a mutex.
type stack struct {
	mu    sync.Mutex
	items []int
}

func (s *stack) Push(x int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items = append(s.items, x)
}

func (s *stack) Pop() (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.items) == 0 {
		return 0, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

// popped is the result of Pop: values, compared by their %#v rendering.
type popped struct {
	X  int
	OK bool
}

// A test that checks that the stack is linearizable, against a model whose
// state is the slice of items.
func ExampleLinearizable() {
	testStack := func(t *testing.T) {
		vt.Linearizable(t, vt.Spec[*stack, []int]{
			New:  func() *stack { return &stack{} },
			Init: func() []int { return nil },
			Ops: []vt.Op[*stack, []int]{
				vt.CallWith("Push", []int{1, 2},
					func(s *stack, x int) struct{} { s.Push(x); return struct{}{} },
					func(m []int, x int) ([]int, struct{}) { return append(slices.Clip(m), x), struct{}{} }),
				vt.Call("Pop",
					func(s *stack) popped { x, ok := s.Pop(); return popped{x, ok} },
					func(m []int) ([]int, popped) {
						if len(m) == 0 {
							return m, popped{}
						}
						return m[:len(m)-1], popped{m[len(m)-1], true}
					}),
			},
			Threads:      2,
			OpsPerThread: 2,
		})
	}
	_ = testStack // a TestStack function would be testStack
}
