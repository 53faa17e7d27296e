package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUndoLogChunks logs writes across several chunks: iteration from any
// record is in order, undo restores the oldest value of a cell written
// more than once, and reset empties the log without keeping cells.
func TestUndoLogChunks(t *testing.T) {
	defer func(n int) { undoChunk = n }(undoChunk)
	undoChunk = 4

	cells := make([]value, 3)
	var l undoLog
	// 11 writes: cell i%3 gets the value of write w.
	for w := range 11 {
		p := &cells[w%3]
		l.add(undoRec{p, *p})
		*p = intVal(int64(w + 1))
	}
	require.Equal(t, 11, l.len())
	require.Len(t, l.full, 2, "two full chunks of 4, the third holds 3")

	for _, from := range []int{0, 3, 4, 5, 8, 10, 11} {
		var got []int
		l.from(from, func(r *undoRec) {
			for i := range cells {
				if r.p == &cells[i] {
					got = append(got, i)
				}
			}
		})
		var want []int
		for w := from; w < 11; w++ {
			want = append(want, w%3)
		}
		assert.Equal(t, want, got, "records from %d", from)
	}

	l.undo()
	for i, c := range cells {
		assert.Equal(t, value{}, c, "cell %d back to its value before the first write", i)
	}

	kept := l.full[0]
	l.reset()
	assert.Zero(t, l.len())
	assert.Empty(t, l.full)
	assert.Equal(t, 4, cap(l.cur), "a chunk is kept for the next records")
	for _, r := range kept[:cap(kept)] {
		assert.Nil(t, r.p, "reset clears the records (no cell kept alive)")
	}
	l.add(undoRec{p: &cells[0]})
	assert.Equal(t, 1, l.len())
	l.free()
	assert.Zero(t, l.len())
}
