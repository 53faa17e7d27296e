package arraysum

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReciprocalSums(t *testing.T) {
	for _, n := range []int{1, 2, 7, 1000} {
		xs := make([]float64, n)
		want := 0.0
		for i := range xs {
			xs[i] = float64(i%13 + 1)
			want += 1 / xs[i]
		}
		assert.InDelta(t, want, WithFutures(xs), 1e-9, "futures, n=%d", n)
		assert.InDelta(t, want, WithAsyncs(xs), 1e-9, "asyncs, n=%d", n)
	}
}
