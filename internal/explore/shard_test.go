package explore

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardRun is what one (sharded) exploration took: its executions (choices
// and verdict, sorted) and its result.
type shardRun struct {
	execs []string
	res   *Result
}

func runShard(t *testing.T, target Target, o Options) shardRun {
	t.Helper()
	var sr shardRun
	testCommitted = func(r *execResult) {
		var b strings.Builder
		for _, c := range r.sched.choices.all() {
			fmt.Fprintf(&b, "%d.", c.val)
		}
		kind := r.kind
		if r.abandoned {
			kind = "abandoned"
		}
		sr.execs = append(sr.execs, b.String()+" "+kind)
	}
	defer func() { testCommitted = nil }()
	res, err := Explore(target, o, nil)
	require.NoError(t, err)
	sort.Strings(sr.execs)
	sr.res = res
	return sr
}

// The shards i/n of an exploration explore disjoint parts of its space
// whose union is the space of the unsplit one (1/1): the same executions
// (schedules and verdicts), the same counts; where the unsplit search
// stops at a failure, exactly the shard that owns that execution reports
// it, with the same schedule.
func TestShardsPartitionTheSpace(t *testing.T) {
	targets := genTargets(t, 21, 6)
	for _, name := range []string{"TestOK", "TestDeadlock", "TestAssert", "TestPanic"} {
		targets = append(targets, verdictTarget(t, name))
	}
	for _, target := range targets {
		for _, strategy := range []string{"portfolio", "dpor"} {
			t.Run(target.Name+"/"+strategy, func(t *testing.T) {
				o := DefaultOptions()
				o.Strategy, o.Execs, o.Steps, o.Time, o.Parallel = strategy, 100000, 20000, time.Hour, 2
				o.Shard, o.Shards = 0, 1
				whole := runShard(t, target, o)
				for _, n := range []int{2, 3} {
					var union []string
					execs, owners := 0, 0
					for i := range n {
						o.Shard, o.Shards = i, n
						part := runShard(t, target, o)
						if n == 2 {
							// On one core the same part (workers hand
							// back subtrees of a shard's search).
							o.Parallel = 1
							seq := runShard(t, target, o)
							o.Parallel = 2
							assert.Equal(t, seq.execs, part.execs, "shard %d/%d: -parallel 1 and 2", i+1, n)
						}
						union = append(union, part.execs...)
						execs += part.res.Executions
						if whole.res.Failure == nil {
							assert.Equal(t, "ok", part.res.Verdict, "shard %d/%d", i+1, n)
							assert.Equal(t, whole.res.Exhaustive, part.res.Exhaustive, "shard %d/%d", i+1, n)
						} else if part.res.Failure != nil && part.res.Failure.Replay == whole.res.Failure.Replay {
							owners++
						}
					}
					if whole.res.Failure != nil {
						assert.Equal(t, 1, owners, "%d shards: the failure %s is found by exactly one", n, whole.res.Failure.Replay)
						continue
					}
					sort.Strings(union)
					assert.Equal(t, whole.execs, union, "%d shards: the union of their executions is the unsplit space", n)
					assert.Equal(t, whole.res.Executions, execs, "%d shards", n)
				}
			})
		}
	}
}
