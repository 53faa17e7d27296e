package ctxpipeline

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// TestMapCheckErrLeaks: the consumer returns after the first square over
// 5, cancelling between the stage's ctx.Err() check and its next send.
func TestMapCheckErrLeaks(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		sq, ok := FirstSquareOver(context.Background(), MapCheckErr, 5, 1, 2, 3, 4)
		require.True(t, ok)
		require.Equal(t, 9, sq)
	}, vt.Expect("leak"))
}

// TestMap: selecting on ctx.Done() lets every stage exit.
func TestMap(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		sq, ok := FirstSquareOver(context.Background(), Map, 5, 1, 2, 3, 4)
		require.True(t, ok)
		require.Equal(t, 9, sq)
	}, vt.Preempt(1), vt.Time(2*time.Second))
}
