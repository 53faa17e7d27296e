package philosophers

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// TestLeftFirstDeadlocks: three philosophers who all pick up the left fork
// first can each hold one fork and wait for the next forever.
func TestLeftFirstDeadlocks(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		eaten := NewTable(3).Dine(1, LeftFirst)
		require.Equal(t, []int{1, 1, 1}, eaten)
	}, vt.Expect("deadlock"))
}

// TestLowerFirst: with a global fork order every philosopher eats every meal
// in every interleaving.
func TestLowerFirst(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		eaten := NewTable(3).Dine(2, LowerFirst)
		require.Equal(t, []int{2, 2, 2}, eaten)
	}, vt.Preempt(2), vt.Time(2*time.Second))
}
