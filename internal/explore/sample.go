package explore

// sampling is the strategy of independent executions, each from its own
// seed: a random walk (kind "random") or PCT's random priorities with a
// depth estimate (kind "pct"). It never covers its space: it samples
// until the budget is spent, and resumes where it stopped.
type sampling struct {
	kind string
	// est is PCT's estimate of an execution's depth (choices): raised to
	// the deepest execution seen.
	est int
	// next is the index of the next sample.
	next int
}

func (s *sampling) name() string { return s.kind }

func (s *sampling) seed(x *explorer, i int) int64 { return x.o.Seed + int64(i)*7919 }

func (s *sampling) search(x *explorer) (coverage, error) {
	if s.kind == "pct" && s.est == 0 {
		// The first estimate: 100, or the depth of a longer first
		// execution (a sharded search's estimate stays there: every
		// shard takes that execution).
		s.est = max(x.firstDepth, 100)
	}
	for ; x.budgetLeft(); s.next++ {
		i := s.next
		if !x.o.ownsSample(i) {
			continue
		}
		for k := 1; x.pool != nil && k <= 2*x.pool.n; k++ {
			x.speculateSample(s.kind, s.seed(x, i+k), s.est)
		}
		if done, err := x.runSample(s.kind, s.seed(x, i), s.est); done || err != nil {
			s.next++
			return notCovered, err
		}
		if s.kind == "pct" && x.o.Shards == 0 {
			s.est = max(s.est, x.res.MaxDepth)
		}
	}
	return notCovered, nil
}
