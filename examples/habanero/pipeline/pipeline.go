// Package pipeline runs items through a pipeline of stages built from
// futures (PipelineWithFutures): the future for item i at stage s waits for
// item i at stage s-1, and for item i-1 at stage s (each stage handles its
// items in order). Expected vt verdict: no race.
package pipeline

import "github.com/vtcheck/vt/habanero"

// Stage is one step of the pipeline. It receives the item and the stage's
// state, and returns the transformed item and the new state.
type Stage func(item, state int) (out, next int)

type result struct{ out, state int }

// Run passes every input through the stages and returns the outputs.
func Run(inputs []int, stages []Stage) []int {
	outs := make([]int, len(inputs))
	habanero.Launch(func(t *habanero.Task) {
		// prev[i] is the future of item i at the previous stage.
		prev := make([]*habanero.Fut[result], len(inputs))
		for i, in := range inputs {
			prev[i] = habanero.Future(t, func(*habanero.Task) result { return result{out: in} })
		}
		for _, st := range stages {
			cur := make([]*habanero.Fut[result], len(inputs))
			for i := range inputs {
				up := prev[i]
				var before *habanero.Fut[result]
				if i > 0 {
					before = cur[i-1]
				}
				cur[i] = habanero.Future(t, func(t *habanero.Task) result {
					state := 0
					if before != nil {
						state = before.Get(t).state
					}
					out, next := st(up.Get(t).out, state)
					return result{out, next}
				})
			}
			prev = cur
		}
		for i, f := range prev {
			outs[i] = f.Get(t).out
		}
	})
	return outs
}
