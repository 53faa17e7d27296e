package explore

import "strings"

// A strategy decides the executions of an exploration: the choices each
// makes beyond its replayed prefix (a chooser) and which runs next. The
// engine (explorer) runs the executions, classifies them and keeps the
// budgets; a strategy keeps its own search state, in its own file, and
// the engine holds none of it.
//
// A strategy drives the engine: search runs executions with x.run (or
// x.runJob, which workers may have run ahead, parallel.go) while
// x.budgetLeft() allows, and returns what it covered. budgetLeft is also
// where a member of the portfolio gives up its slice (portfolio.go): a
// strategy written as a loop over executions is resumed where it stopped.
type strategy interface {
	// name names the strategy, and the stage it is in, in results and
	// progress lines: "dpor (bound 1)", "pct".
	name() string
	// search explores until the strategy's space is covered, an execution
	// fails (done reported by x.run; x.res.Failure set) or the budget is
	// spent, and returns the coverage: exhaustive when no schedule of its
	// space (under a preemption bound, -1: none) was left out.
	search(x *explorer) (coverage, error)
}

// coverage is what a search covered.
type coverage struct {
	exhaustive bool
	bound      int // the preemption bound of an exhaustive search (-1: none)
}

// notCovered is the coverage of a search that left schedules out.
var notCovered = coverage{bound: -1}

// strategies makes the strategy of each name Options.Strategy takes. A new
// strategy is a type in its own file and one line here.
var strategies = map[string]func(x *explorer) strategy{
	"dfs":       func(x *explorer) strategy { return newDFS(x.o.Preempt, nil) },
	"dpor":      func(x *explorer) strategy { return newDPORSearch(x.o.Preempt) },
	"stateful":  func(x *explorer) strategy { return newStateful(false) },
	"regions":   func(x *explorer) strategy { return newStateful(true) },
	"random":    func(x *explorer) strategy { return &sampling{kind: "random"} },
	"pct":       func(x *explorer) strategy { return &sampling{kind: "pct"} },
	"guided":    func(x *explorer) strategy { return &guidedSearch{perTrial: guidedTrialExecs, auto: true} },
	"jrf":       func(x *explorer) strategy { return jrfSearch{} },
	"portfolio": newPortfolio,
}

// search runs strategy s and records what it covered, and which strategy
// (stage, member) found a failure.
func (x *explorer) search(s strategy) error {
	cov, err := s.search(x)
	if x.res.Failure != nil && x.res.FoundBy == "" {
		x.res.FoundBy = s.name()
	}
	if err == nil && x.res.Failure == nil {
		x.res.Exhaustive, x.res.Bound = cov.exhaustive, cov.bound
		if !cov.exhaustive {
			x.res.Bound = -1
		}
	}
	return err
}

// preparer is a chooser that sets up the execution it chooses for, once
// its scheduler and observer are made: the stateful search attaches its
// stored states (statematch.go), ESP-bags its observer (espbags.go).
// hashStates says that the execution hashes states (RunOptions.HashStates).
type preparer interface {
	prepare(x *explorer, s *scheduler, obs *observer, out *strings.Builder) (hashStates bool)
}
