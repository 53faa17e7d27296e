package explore

import "fmt"

// dfsSearch explores the schedules depth first by re-execution, with the
// preemption bound raised from 0 (preempt -2), fixed (≥ 0) or none (-1).
type dfsSearch struct {
	preempt int
	bound   int // the bound of the running stage
	// choice makes the chooser of each execution (nil: firstChoice): the
	// stateful search's carries its stored states (statematch.go).
	choice func() chooser
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
	d.bound = d.preempt
	if iterative {
		d.bound = 0
	}
	for {
		var prefix []int
		pruned := false
		for {
			if !x.budgetLeft() {
				return notCovered, nil
			}
			stage := fmt.Sprintf("dfs%d", d.bound)
			done, err := x.runJob(prefixKey(stage, prefix), prefix, d.choice)
			if done || err != nil {
				return notCovered, err
			}
			stack := &x.last.sched.choices
			var pre []int
			var next int
			var more, pr bool
			prefix, pre, next, pr, more = dfsNext(stack, d.bound, 0)
			pruned = pruned || pr
			if !more {
				break
			}
			x.speculateDFS(stack, pre, next, d.bound)
		}
		if !pruned || d.bound < 0 {
			return coverage{exhaustive: true, bound: -1}, nil
		}
		if !iterative {
			return coverage{exhaustive: true, bound: d.bound}, nil
		}
		d.bound++
	}
}

// dfsNext returns the prefix of the execution dfs (with the preemption
// bound bound) takes after the one whose choices were stack, backtracking
// at levels from floor on, and the level it changes (more false: none is
// left); pre counts the preemptions before each level; pruned: an
// alternative was left out for the bound.
func dfsNext(stack *choiceLog, bound, floor int) (prefix, pre []int, next int, pruned, more bool) {
	pre = make([]int, stack.len()+1)
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
	prefix = append(stack.vals(next), c.valueOf(c.chosen+1))
	return prefix, pre, next, pruned, true
}
