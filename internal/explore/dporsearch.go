package explore

import (
	"errors"
	"fmt"

	"github.com/vtcheck/vt/interp"
)

// dporSearch explores with DPOR (dpor.go) in stages, one per preemption
// bound of bounds (-1: none), until one explores its whole space with
// nothing left out for its bound.
type dporSearch struct {
	bounds []int
	stage  int // the bound of the running stage (-1: none)
	// d is the running stage's search, last says it is the last stage,
	// and work is the work (explorer.work) its executions took.
	d    *dpor
	last bool
	work int64
	// The search's position (resume.go): at is the state the next
	// execution starts from, rc the account of executions since; resume
	// is a frontier to go on from (loaded, not yet taken).
	at     dporAt
	rc     resumeCount
	resume *dporFrontier
}

// dporAt is a position of a DPOR search: the stage (an index of bounds),
// the path (a copy when the search changes it before it is there again)
// and the prefix of the next execution.
type dporAt struct {
	stage  int
	d      *dpor
	prefix []int
}

// newDPORSearch returns the dpor strategy for the option preempt: the
// bound raised from 0 to maxIterativeBound and then none (-2), a fixed
// bound, or none (-1).
func newDPORSearch(preempt int) *dporSearch {
	var bounds []int
	switch preempt {
	case -2:
		for b := range maxIterativeBound + 1 {
			bounds = append(bounds, b)
		}
		bounds = append(bounds, -1)
	default:
		bounds = []int{preempt}
	}
	return &dporSearch{bounds: bounds, stage: -1}
}

// maxIterativeBound is the last preemption bound an iteratively bounded
// DPOR explores before it explores with no bound.
const maxIterativeBound = 3

func (s *dporSearch) name() string {
	if s.stage >= 0 {
		return fmt.Sprintf("dpor (bound %d)", s.stage)
	}
	return "dpor"
}

func (s *dporSearch) search(x *explorer) (coverage, error) {
	cov := notCovered
	first := 0
	if s.resume != nil {
		first = s.resume.Stage
	}
	for i := first; i < len(s.bounds); i++ {
		bound := s.bounds[i]
		cov = notCovered
		s.stage = bound
		d := &dpor{bound: bound, shard: x.o.Shard, shards: x.o.Shards, noSettle: x.noSettle}
		s.d, s.last, s.work = d, i == len(s.bounds)-1, 0
		if bound < 0 && d.shards <= 1 && x.o.Steps == 0 && !x.noJoins {
			d.joins = &joinSet{seen: map[interp.StateKey]struct{}{}}
		}
		var prefix []int
		if f := s.resume; f != nil {
			s.resume = nil
			if err := f.restore(d); err != nil {
				return cov, fmt.Errorf("vt: resuming dpor: %w", err)
			}
			prefix = f.Prefix
		}
		for {
			s.at, s.rc.since = dporAt{stage: i, d: d, prefix: prefix}, 0
			if !x.budgetLeft() {
				return cov, nil
			}
			var done bool
			var err error
			var rest []int // the rest of an unfinished subtree taken
			w0 := x.work()
			if sub := x.takeSubtree(d, bound, prefix); sub != nil {
				// A worker explored the subtree (parallel.go).
				if x.o.Resume != "" {
					s.at.d = d.clone() // adoptSubtree changes the path
				}
				done, err = x.adoptSubtree(d, sub, &s.rc)
				rest = sub.rest
			} else if done, err = x.counting(&s.rc, func() (bool, error) { return x.run(prefix, &dporChoice{d: d}) }); !done && err == nil {
				d.update(x.last.sched.track, x.last.sched)
				if d.lastCut {
					// The execution budget is spent (dporRun.last).
					x.budgetLeft()
					return cov, nil
				}
				if d.unanalysed != "" {
					// Too large for DPOR: the search gives up (the
					// portfolio's other members go on).
					x.res.Notes = append(x.res.Notes, d.unanalysed)
					return cov, nil
				}
			}
			s.work += x.work() - w0
			if done || err != nil {
				return cov, err
			}
			if d.joins != nil && len(prefix) == 0 && len(x.last.sched.track.joinKeys) < minJoins {
				// No phases one after the other: join points would
				// cost (hashing, no frame reuse) and save nothing.
				d.joins = nil
			}
			if d.joins != nil {
				x.res.States = len(d.joins.seen)
			}
			if t := x.last.sched.track; t != nil && t.d == d {
				// Run here, not by a worker: its memory serves the next
				// (its choices too: the path holds them now).
				x.spare = x.last.sched.spare(true)
			}
			more := true
			if rest != nil {
				prefix = rest
			} else {
				prefix, more = d.next()
			}
			if !more {
				break
			}
			x.pruneDPOR(d, bound)
			x.speculateDPOR(d, bound)
		}
		// A sharded search goes on to the next bound even where its part
		// left nothing out for this one: another part may have, and
		// every shard must take the stages the unsplit search takes.
		if !d.pruned && d.shards == 0 || bound < 0 {
			return coverage{exhaustive: true, bound: -1}, nil
		}
		cov = coverage{exhaustive: true, bound: bound}
	}
	return cov, nil
}

// remaining estimates the work the search needs to end, from the work its
// last stage took so far and its progress (dpor.progress); ok is false
// before the last stage (the stages after the running one are unknown)
// or before any progress.
func (s *dporSearch) remaining() (work int64, ok bool) {
	if !s.last {
		return 0, false
	}
	return s.stageRemaining()
}

// stageRemaining estimates the work the running stage needs to end (ok
// false before any progress).
func (s *dporSearch) stageRemaining() (work int64, ok bool) {
	if s.d == nil {
		return 0, false
	}
	f := s.d.progress()
	if f <= 0 || f >= 1 {
		return 0, false
	}
	return int64(float64(s.work) * (1 - f) / f), true
}

func (s *dporSearch) saveFrontier(x *explorer, f *frontierFile) (int, bool) {
	at := s.at
	switch {
	case s.resume != nil:
		// Loaded, and never taken (a portfolio member whose turn did
		// not come): as it was.
		f.DPOR = s.resume
		return s.rc.redo, true
	case at.d == nil:
		f.DPOR = &dporFrontier{} // not started
		return 0, true
	}
	if at.d.unanalysed != "" || at.d.lastCut {
		return 0, false // too large for DPOR: the search gave up
	}
	var drop []interp.StateKey
	if s.rc.since > 0 && x.last != nil && x.last.sched != nil && x.last.sched.track != nil {
		// The execution the next run takes again stored join points:
		// they are not the frontier's.
		drop = x.last.sched.track.joinKeys
	}
	f.DPOR = encodeDPOR(at.d, at.stage, at.prefix, drop)
	return s.rc.since + s.rc.redo, true
}

func (s *dporSearch) loadFrontier(x *explorer, f *frontierFile) error {
	if f.DPOR == nil {
		return errors.New("not a frontier of dpor")
	}
	if f.DPOR.Stage < 0 || f.DPOR.Stage >= len(s.bounds) {
		return fmt.Errorf("stage %d of %d", f.DPOR.Stage, len(s.bounds))
	}
	s.rc.redo = f.Redo
	if f.DPOR.Stage > 0 || f.DPOR.Nodes != nil || f.DPOR.Prefix != nil || f.DPOR.Joins != nil {
		s.resume = f.DPOR // else: saved before it started
	}
	return nil
}
