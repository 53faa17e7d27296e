package interp

// undoChunk is the number of records of a chunk of the undo log (a
// variable for tests): 1 MiB of undoRec.
var undoChunk = 1 << 15

// undoLog is the undo log of cell writes (undoRec), in chunks of
// undoChunk records: appending never copies what is logged, as doubling a
// slice would (a long test logs hundreds of megabytes; growing one slice
// spent a sixth of sort's TestHeapsortBM copying it). Records are kept in
// the order they were added.
type undoLog struct {
	full [][]undoRec // filled chunks, oldest first
	cur  []undoRec   // the chunk being filled (capacity undoChunk)
	n    int         // records in full
}

// add appends r.
func (l *undoLog) add(r undoRec) {
	if len(l.cur) == cap(l.cur) {
		l.grow()
	}
	l.cur = append(l.cur, r)
}

// grow moves the filled chunk to full and starts another (out of line:
// add is inlined in every store that logs).
//
//go:noinline
func (l *undoLog) grow() {
	if cap(l.cur) > 0 {
		l.full = append(l.full, l.cur)
		l.n += len(l.cur)
	}
	l.cur = make([]undoRec, 0, undoChunk)
}

// len returns the number of records.
func (l *undoLog) len() int { return l.n + len(l.cur) }

// from calls f for each record from the i-th on, in order.
func (l *undoLog) from(i int, f func(r *undoRec)) {
	for _, c := range l.full {
		if i >= len(c) {
			i -= len(c)
			continue
		}
		for j := i; j < len(c); j++ {
			f(&c[j])
		}
		i = 0
	}
	for j := i; j < len(l.cur); j++ {
		f(&l.cur[j])
	}
}

// undo puts back every logged cell's old value, newest first.
func (l *undoLog) undo() {
	for j := len(l.cur) - 1; j >= 0; j-- {
		r := &l.cur[j]
		*r.p = r.old
	}
	for i := len(l.full) - 1; i >= 0; i-- {
		c := l.full[i]
		for j := len(c) - 1; j >= 0; j-- {
			r := &c[j]
			*r.p = r.old
		}
	}
}

// reset empties the log, keeping one chunk (cleared: the log must not keep
// cells alive) for the next records.
func (l *undoLog) reset() {
	keep := l.cur
	if len(l.full) > 0 {
		keep = l.full[0]
	}
	for _, c := range l.full {
		clear(c)
	}
	clear(l.cur)
	clear(l.full)
	l.full, l.n = l.full[:0], 0
	l.cur = keep[:0]
}

// free empties the log and drops its memory.
func (l *undoLog) free() { *l = undoLog{} }
