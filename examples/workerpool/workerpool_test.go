package workerpool

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

type mapFunc func(jobs []string, workers int, fn func(string) (int, error)) ([]int, error)

// parseAll parses "1" and "x" with two workers: the last job fails.
func parseAll(t *vt.T, m mapFunc) {
	_, err := m([]string{"1", "x"}, 2, strconv.Atoi)
	var numErr *strconv.NumError
	require.ErrorAs(t, err, &numErr)
	require.Equal(t, "x", numErr.Num)
}

// TestMapLeaksOnError: when the error for "x" is collected before the
// result for "1", the worker holding that result blocks forever.
func TestMapLeaksOnError(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		parseAll(t, Map[string, int])
	}, vt.Expect("leak"))
}

// TestMapCancel: the done channel releases every goroutine on the error
// path.
func TestMapCancel(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		parseAll(t, MapCancel[string, int])
	}, vt.Preempt(1), vt.Time(2*time.Second))
}

// TestMapCancelOK: on success every result arrives in order.
func TestMapCancelOK(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		got, err := MapCancel([]string{"1", "2"}, 2, strconv.Atoi)
		require.NoError(t, err)
		require.Equal(t, []int{1, 2}, got)
	}, vt.Preempt(1), vt.Time(2*time.Second))
}
