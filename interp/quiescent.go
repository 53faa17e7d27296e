package interp

// Quiescent reports whether nothing but g can happen next in its run:
// every other goroutine has ended or waits for a test to finish (the test
// harness's), and no timer is pending. A tool may treat the state at such
// a point as the start of a run of its own (a join point: what happens
// from here depends on the state only). Call it from Scheduler.Pick.
func (g *Goroutine) Quiescent() bool {
	m := g.m
	if len(m.timers) > 0 {
		return false
	}
	for _, o := range m.gs {
		if o == nil || o == g || o.status == gDone {
			continue
		}
		if o.status != gBlocked || o.pending != OpTestRun {
			return false
		}
	}
	return true
}
