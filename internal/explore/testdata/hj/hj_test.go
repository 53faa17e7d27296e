// Package hj holds habanero programs for the engine's tests: the
// library's operations are named scheduling points under vt, and
// permission regions in tasks conflict with verdict region.
package hj

import (
	"testing"

	"github.com/vtcheck/vt/habanero"
	"github.com/vtcheck/vt/vt"
)

// TestOverlappingRanges: two asyncs acquire overlapping write ranges of one
// slice ([0, 6) and [4, 10)): verdict region, with both acquiring stacks.
func TestOverlappingRanges(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 10)
		fill := func(lo, hi int) {
			vt.AcquireWRange(s, lo, hi)
			for i := lo; i < hi; i++ {
				s[i] = lo
			}
			vt.ReleaseWRange(s, lo, hi)
		}
		habanero.Launch(func(h *habanero.Task) {
			h.Async(func(*habanero.Task) { fill(0, 6) })
			h.Async(func(*habanero.Task) { fill(4, 10) })
		})
	}, vt.Race(false))
}

// TestDisjointRanges: the asyncs' ranges [0, 5) and [5, 10) never overlap.
func TestDisjointRanges(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 10)
		fill := func(lo, hi int) {
			vt.AcquireWRange(s, lo, hi)
			for i := lo; i < hi; i++ {
				s[i] = lo
			}
			vt.ReleaseWRange(s, lo, hi)
		}
		habanero.Launch(func(h *habanero.Task) {
			h.Async(func(*habanero.Task) { fill(0, 5) })
			h.Async(func(*habanero.Task) { fill(5, 10) })
		})
		if s[4] != 0 || s[5] != 5 {
			t.Errorf("s = %v", s)
		}
	})
}

// TestIsolatedSharing: every access to the shared counter is inside
// isolated: no race, no region, in every schedule.
func TestIsolatedSharing(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		n := 0
		habanero.Launch(func(h *habanero.Task) {
			for range 2 {
				h.Async(func(h *habanero.Task) { h.Isolated(func() { n++ }) })
			}
		})
		if n != 2 {
			t.Errorf("n = %d, want 2", n)
		}
	})
}

// TestEveryOp runs every habanero operation once, then races on x after
// the Launch: the failing schedule names each operation.
func TestEveryOp(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		habanero.Launch(func(h *habanero.Task) {
			f := habanero.Future(h, func(*habanero.Task) int { return 1 })
			_ = f.Get(h)
			d := habanero.NewDDF[int]()
			h.AsyncAwait([]habanero.Awaitable{d}, func(*habanero.Task) { _ = d.Get() })
			h.Async(func(*habanero.Task) { d.Put(2) })
			h.Isolated(func() {})
			h.Finish(func(h *habanero.Task) {
				p := h.NewPhaser(habanero.SigWait)
				h.AsyncPhased([]habanero.Reg{p.In(habanero.SigWait)}, func(c *habanero.Task) { c.Next() })
				h.Signal()
				h.Next()
			})
			h.ForallChunked(0, 2, 1, func(*habanero.Task, int) {})
		})
		go func() { x = 1 }()
		x = 2
		_ = x
	}, vt.Strategy("dfs"), vt.Execs(1))
}

// TestUnannotatedSlice shares a slice across asyncs with no region: each
// async writes its half, the root task reads all after the finish. No race
// (the finish orders the reads), but every element is shared outside any
// region: the sharing report names each access.
func TestUnannotatedSlice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 4)
		habanero.Launch(func(h *habanero.Task) {
			h.Finish(func(h *habanero.Task) {
				h.Async(func(*habanero.Task) { s[0], s[1] = 1, 2 })
				h.Async(func(*habanero.Task) { s[2], s[3] = 3, 4 })
			})
			sum := 0
			for i := range s {
				sum += s[i]
			}
			if sum != 10 {
				t.Errorf("sum %d", sum)
			}
		})
	})
}
