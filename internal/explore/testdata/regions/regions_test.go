package regions

import (
	"sync"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// both runs a and b in two goroutines and waits for them.
func both(a, b func()) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a() }()
	go func() { defer wg.Done(); b() }()
	wg.Wait()
}

// TestSubslice writes element 2 while another goroutine reads it through a
// sub-slice: the same location.
func TestSubslice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 4)
		both(func() { vt.AcquireWAt(s, 2); s[2]++; vt.ReleaseWAt(s, 2) },
			func() { vt.AcquireRAt(s[2:], 0); _ = s[2]; vt.ReleaseRAt(s[2:], 0) })
	}, vt.Race(false))
}

// TestPointerIsElement: AcquireW(&s[i]) is the location of s[i].
func TestPointerIsElement(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 8)
		both(func() { vt.AcquireW(&s[4]); s[4] = 1; vt.ReleaseW(&s[4]) },
			func() { vt.AcquireWAt(s, 4); s[4] = 2; vt.ReleaseWAt(s, 4) })
	}, vt.Race(false))
}

// TestRangeOverlap: ranges [5, 8) and [7, 10) share element 7.
func TestRangeOverlap(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 10)
		both(func() { vt.AcquireRRange(s, 5, 8); vt.ReleaseRRange(s, 5, 8) },
			func() { vt.AcquireWRange(s, 7, 10); vt.ReleaseWRange(s, 7, 10) })
	}, vt.Race(false))
}

// TestDisjointRanges: writers of [0, 5) and [5, 10) never conflict.
func TestDisjointRanges(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 10)
		both(func() { vt.AcquireWRange(s, 0, 5); vt.ReleaseWRange(s, 0, 5) },
			func() { vt.AcquireWRange(s, 5, 10); vt.ReleaseWRange(s, 5, 10) })
	})
}

// TestSharedReaders: read regions of one location never conflict.
func TestSharedReaders(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := new(int)
		both(func() { vt.AcquireR(x); vt.ReleaseR(x) }, func() { vt.AcquireR(x); vt.ReleaseR(x) })
	})
}

// TestWholeSlice: the slice as a whole is not its first element.
func TestWholeSlice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 3)
		both(func() { vt.AcquireW(s); vt.ReleaseW(s) },
			func() { vt.AcquireWAt(s, 0); vt.ReleaseWAt(s, 0) })
	})
}

// TestIndexOutOfRange misuses AcquireRAt: the annotation panics as it does
// outside vt.
func TestIndexOutOfRange(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 3)
		vt.AcquireRAt(s, 3)
	})
}

// TestNil misuses AcquireW on a nil pointer.
func TestNil(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var p *int
		vt.AcquireW(p)
	})
}
