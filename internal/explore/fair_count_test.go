package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFairCountsMatchEdges runs the spinning programs of the fair
// scheduler's tests (Gosched, polling, TryLock and CompareAndSwap loops,
// many goroutines) with every Pick checking that each runnable goroutine's
// waiting flag says what its priority edges say (the goroutines it waits
// for, by their age), that the goroutines that may run are counted, and at
// every yield that the goroutines it waits for by age are those a pass
// over the runnable goroutines finds.
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
