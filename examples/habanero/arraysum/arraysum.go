// Package arraysum sums the reciprocals of an array in parallel over two
// disjoint halves (ReciprocalArraySum, Figure 3 of the paper), once with
// futures and once with asyncs writing disjoint result slots. Each task holds
// a read permission on its half only, so the permission regions never
// conflict. Expected vt verdict: no race.
package arraysum

import (
	"github.com/vtcheck/vt/habanero"
	"github.com/vtcheck/vt/vt"
)

// sumRange returns the sum of 1/xs[i] for i in [lo, hi), inside a read
// region on those elements.
func sumRange(xs []float64, lo, hi int) float64 {
	vt.AcquireRRange(xs, lo, hi)
	defer vt.ReleaseRRange(xs, lo, hi)
	s := 0.0
	for i := lo; i < hi; i++ {
		s += 1 / xs[i]
	}
	return s
}

// WithFutures returns the sum of 1/x over xs, computing each half in a
// future.
func WithFutures(xs []float64) float64 {
	var sum float64
	habanero.Launch(func(t *habanero.Task) {
		mid := len(xs) / 2
		lower := habanero.Future(t, func(*habanero.Task) float64 { return sumRange(xs, 0, mid) })
		upper := habanero.Future(t, func(*habanero.Task) float64 { return sumRange(xs, mid, len(xs)) })
		sum = lower.Get(t) + upper.Get(t)
	})
	return sum
}

// WithAsyncs returns the sum of 1/x over xs: two asyncs inside a finish each
// write their half's sum into their own slot of a shared result slice.
func WithAsyncs(xs []float64) float64 {
	parts := make([]float64, 2)
	habanero.Launch(func(t *habanero.Task) {
		mid := len(xs) / 2
		t.Finish(func(t *habanero.Task) {
			for k, r := range [][2]int{{0, mid}, {mid, len(xs)}} {
				t.Async(func(*habanero.Task) {
					s := sumRange(xs, r[0], r[1])
					vt.AcquireWAt(parts, k)
					parts[k] = s
					vt.ReleaseWAt(parts, k)
				})
			}
		})
	})
	return parts[0] + parts[1]
}
