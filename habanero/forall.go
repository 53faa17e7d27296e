package habanero

// Forasync starts one child task per index i in the half-open range
// [lo, hi) (HJlib's ranges are inclusive; these follow Go's convention).
// The tasks join t's immediately enclosing finish; Forasync does not wait.
func (t *Task) Forasync(lo, hi int, body func(t *Task, i int)) {
	t.checkNotIsolated("Forasync")
	for i := lo; i < hi; i++ {
		t.fork(nil, nil, func(c *Task) { body(c, i) })
	}
}

// Forall is a Finish around Forasync: it runs body for every i in [lo, hi),
// each in its own task, and returns when all of them have ended.
func (t *Task) Forall(lo, hi int, body func(t *Task, i int)) {
	t.checkNotIsolated("Forall")
	t.Finish(func(f *Task) { f.Forasync(lo, hi, body) })
}

// ForallChunked is like Forall but starts one task per chunk of at most
// chunk consecutive indexes of [lo, hi); each task runs body for its indexes
// in increasing order. It panics if chunk is not positive.
func (t *Task) ForallChunked(lo, hi, chunk int, body func(t *Task, i int)) {
	t.checkNotIsolated("ForallChunked")
	if chunk <= 0 {
		panic("habanero: ForallChunked with a chunk size that is not positive")
	}
	t.Finish(func(f *Task) {
		for start := lo; start < hi; {
			end := hi
			if hi-start > chunk {
				end = start + chunk
			}
			s, e := start, end
			f.forkMarked(markForallChunk, nil, nil, func(c *Task) {
				for i := s; i < e; i++ {
					body(c, i)
				}
			})
			start = end
		}
	})
}
