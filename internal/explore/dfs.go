package explore

import (
	"errors"
	"fmt"
)

// dfsSearch explores the schedules depth first by re-execution, with the
// preemption bound raised from 0 (preempt -2), fixed (≥ 0) or none (-1).
type dfsSearch struct {
	preempt int
	bound   int // the bound of the running stage
	// choice makes the chooser of each execution (nil: firstChoice): the
	// stateful search's carries its stored states (statematch.go).
	choice func() chooser
	// The search's position (resume.go): the prefix of the next
	// execution, whether the running stage left an alternative out for
	// its bound, and the account of executions since that position.
	// resumed: the search goes on from them.
	prefix  []int
	pre     []int // dfsNext's preemption counts, reused
	pruned  bool
	rc      resumeCount
	resumed bool
}

func newDFS(preempt int, choice func() chooser) *dfsSearch {
	if choice == nil {
		choice = func() chooser { return firstChoice{} }
	}
	return &dfsSearch{preempt: preempt, choice: choice}
}

func (d *dfsSearch) name() string { return "dfs" }

func (d *dfsSearch) search(x *explorer) (coverage, error) {
	iterative := d.preempt == -2
	if !d.resumed {
		d.bound = d.preempt
		if iterative {
			d.bound = 0
		}
	}
	for {
		if !d.resumed {
			d.prefix, d.pruned = nil, false
		}
		d.resumed = false
		stage := fmt.Sprintf("dfs%d", d.bound)
		run := func() (bool, error) {
			if x.pool == nil {
				// One core: the key names a job for the workers only.
				return x.run(d.prefix, d.choice())
			}
			return x.runJob(prefixKey(stage, d.prefix), d.prefix, d.choice)
		}
		for {
			d.rc.since = 0 // the position: d.prefix is next
			if !x.budgetLeft() {
				return notCovered, nil
			}
			done, err := x.counting(&d.rc, run)
			if done || err != nil {
				return notCovered, err
			}
			last := x.last.sched
			stack := &last.choices
			var next int
			var more, pr bool
			// The next prefix reuses the last one's memory: the last
			// execution is over, and its scheduler has copied it.
			buf := d.prefix[:0]
			if x.pool != nil {
				buf = nil // the workers' jobs may hold it
			}
			d.prefix, d.pre, next, pr, more = dfsNextInto(buf, d.pre[:0], stack, d.bound, 0)
			d.pruned = d.pruned || pr
			if !more {
				break
			}
			x.speculateDFS(stack, d.pre, next, d.bound)
			if x.pool == nil && last.track == nil && last.match == nil {
				// Nothing reads the last execution again: the next one
				// reuses its memory.
				x.spare = last.spare(true)
			}
		}
		if !d.pruned || d.bound < 0 {
			return coverage{exhaustive: true, bound: -1}, nil
		}
		if !iterative {
			return coverage{exhaustive: true, bound: d.bound}, nil
		}
		d.bound++
	}
}

// dfsFrontier is where a dfs search stands (resume.go).
type dfsFrontier struct {
	Bound  int   `json:"bound"`
	Prefix []int `json:"prefix"`
	Pruned bool  `json:"pruned,omitempty"`
}

func (d *dfsSearch) saveFrontier(x *explorer, f *frontierFile) (int, bool) {
	f.DFS = &dfsFrontier{Bound: d.bound, Prefix: d.prefix, Pruned: d.pruned}
	return d.rc.since + d.rc.redo, true
}

func (d *dfsSearch) loadFrontier(x *explorer, f *frontierFile) error {
	if f.DFS == nil {
		return errors.New("not a frontier of dfs")
	}
	d.bound, d.prefix, d.pruned, d.resumed = f.DFS.Bound, f.DFS.Prefix, f.DFS.Pruned, true
	d.rc.redo = f.Redo
	return nil
}

// dfsNext returns the prefix of the execution dfs (with the preemption
// bound bound) takes after the one whose choices were stack, backtracking
// at levels from floor on, and the level it changes (more false: none is
// left); pre counts the preemptions before each level; pruned: an
// alternative was left out for the bound.
func dfsNext(stack *choiceLog, bound, floor int) (prefix, pre []int, next int, pruned, more bool) {
	return dfsNextInto(nil, nil, stack, bound, floor)
}

// dfsNextInto is dfsNext appending the prefix to prefix and the
// preemption counts to pre (both empty), to reuse their memory.
func dfsNextInto(prefix, pre []int, stack *choiceLog, bound, floor int) (_, _ []int, next int, pruned, more bool) {
	pre = append(pre, make([]int, stack.len()+1)...)
	for i, c := range stack.all() {
		pre[i+1] = pre[i]
		if c.preemptive && c.chosen != 0 {
			pre[i+1]++
		}
	}
	next = -1
	for i := stack.len() - 1; i >= floor; i-- {
		c := stack.at(i)
		if c.chosen+1 >= c.n || c.fixed {
			continue
		}
		if bound >= 0 && c.preemptive && pre[i]+1 > bound {
			pruned = true
			continue
		}
		next = i
		break
	}
	if next < 0 {
		return nil, pre, next, pruned, false
	}
	c := stack.at(next)
	prefix = append(stack.appendVals(prefix, next), c.valueOf(c.chosen+1))
	return prefix, pre, next, pruned, true
}
