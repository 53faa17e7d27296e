package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFairCountsMatchEdges runs the spinning programs of the fair
// scheduler's tests (Gosched, polling, TryLock and CompareAndSwap loops,
// many goroutines) with every Pick checking that the counted blockers of
// each runnable goroutine say what its priority edges say.
func TestFairCountsMatchEdges(t *testing.T) {
	checkFairCounts = true
	defer func() { checkFairCounts = false }()
	for _, test := range []string{"TestSpinGosched", "TestSpinPoll", "TestSpinTryLock", "TestSpinCAS", "TestSpinClosedChannel", "TestSpinTryAcquire"} {
		for _, strategy := range []string{"dfs", "random", "pct"} {
			t.Run(test+"/"+strategy, func(t *testing.T) {
				res := exploreCase(t, semanticsCase{test: test, root: -1, verdict: "ok", opts: func(o *Options) {
					o.Strategy, o.Execs, o.Steps = strategy, 100, 200000
				}})
				assert.Equal(t, 100, res.Executions)
			})
		}
	}
}
