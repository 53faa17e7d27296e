//go:build !vtinterp

package vt

// The check of vt.Linearizable's histories, in the test process: the
// histories that interpreted executions record arrive as text (see
// parseLinHistory) through the engine's host calls
// (internal/explore/host.go) and are checked against the sequential model
// with porcupine (github.com/anishathalye/porcupine), which only package vt
// imports; a linChecker memoizes the histories it has checked (many
// executions, that differ only in the order of the implementation's own
// steps, record the same history) and explains the ones no sequential
// order explains.

import (
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/anishathalye/porcupine"
)

// linModelFuncs is a sequential specification, in the terms of the histories'
// encoding: an input is the index of an operation with its argument (a
// "choice" of the scenario alphabet), an output the rendering of a
// result (render).
type linModelFuncs struct {
	// Fingerprint names the operations; a history recorded for other
	// operations is refused.
	Fingerprint string
	// Init returns the initial state.
	Init func() any
	// Step runs input on state, returning the next state and the
	// rendered output, or an error (the model panicked).
	Step func(state any, input int) (next any, output string, err error)
	// Key renders a state: states with equal keys are equal. Key also
	// detects a Step that modified the state it was given.
	Key func(state any) string
	// Describe renders an input as a call: "Push(1)".
	Describe func(input int) string
	// Choices is the number of inputs.
	Choices int
	// Criterion is the condition checked.
	Criterion Criterion
}

// linEvent is a call or a return of a history.
type linEvent struct {
	Call   bool
	Thread int // from 0
	Index  int // the operation's index in its thread's sequence
	Input  int // of a call
	Output string
}

// linHistory is one execution's history.
type linHistory struct {
	Threads, PerThread int
	Events             []linEvent
}

// linOp is an operation of a history: its call and return.
type linOp struct {
	thread, index, input int
	output               string
	call, ret            int // positions in linHistory.Events
}

// parseLinHistory decodes a history as vt.Linearizable's interpreted executions
// encode it: the fingerprint line, then "THREADS PERTHREAD", then one line
// per event in the order the scheduler ran them: "c THREAD INDEX INPUT"
// for a call, "r THREAD INDEX QUOTED-OUTPUT" for a return.
func parseLinHistory(text string) (fingerprint string, h linHistory, err error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 2 {
		return "", h, errors.New("truncated history")
	}
	fingerprint = lines[0]
	if _, err := fmt.Sscanf(lines[1], "%d %d", &h.Threads, &h.PerThread); err != nil {
		return "", h, fmt.Errorf("history header %q: %v", lines[1], err)
	}
	for _, l := range lines[2:] {
		f := strings.SplitN(l, " ", 4)
		if len(f) != 4 {
			return "", h, fmt.Errorf("history line %q", l)
		}
		var e linEvent
		var err1, err2, err3 error
		e.Thread, err1 = strconv.Atoi(f[1])
		e.Index, err2 = strconv.Atoi(f[2])
		switch f[0] {
		case "c":
			e.Call = true
			e.Input, err3 = strconv.Atoi(f[3])
		case "r":
			e.Output, err3 = strconv.Unquote(f[3])
		default:
			err3 = errors.New("bad kind")
		}
		if err := errors.Join(err1, err2, err3); err != nil {
			return "", h, fmt.Errorf("history line %q: %v", l, err)
		}
		h.Events = append(h.Events, e)
	}
	return fingerprint, h, nil
}

// ops pairs the calls and returns of h, in the order of the calls.
func (h linHistory) ops() ([]linOp, error) {
	var ops []linOp
	at := map[[2]int]int{}
	for i, e := range h.Events {
		k := [2]int{e.Thread, e.Index}
		if e.Call {
			if _, dup := at[k]; dup {
				return nil, fmt.Errorf("history: thread %d calls operation %d twice", e.Thread, e.Index)
			}
			at[k] = len(ops)
			ops = append(ops, linOp{thread: e.Thread, index: e.Index, input: e.Input, call: i, ret: -1})
			continue
		}
		j, ok := at[k]
		if !ok || ops[j].ret >= 0 {
			return nil, fmt.Errorf("history: thread %d returns from operation %d it did not call", e.Thread, e.Index)
		}
		ops[j].ret, ops[j].output = i, e.Output
	}
	for _, o := range ops {
		if o.ret < 0 {
			return nil, fmt.Errorf("history: thread %d's operation %d did not return", o.thread, o.index)
		}
	}
	return ops, nil
}

// linChecker checks histories against a model, memoizing the verdicts.
type linChecker struct {
	m    linModelFuncs
	name string // the test's, for the picture's file name

	mu        sync.Mutex
	memo      map[string]string
	histories int
	scenarios map[string]bool
}

// newLinChecker returns a checker of histories against m, for the test name.
func newLinChecker(m linModelFuncs, name string) *linChecker {
	return &linChecker{m: m, name: name, memo: map[string]string{}, scenarios: map[string]bool{}}
}

// Stats says how many histories the checker was asked about, how many
// distinct ones porcupine checked, and how many distinct scenarios they
// came from.
func (c *linChecker) Stats() (histories, distinct, scenarios int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.histories, len(c.memo), len(c.scenarios)
}

// Check checks the encoded history text (see parseLinHistory) and returns linOK, or a
// report of why no sequential order explains it (or of what is wrong
// with the model or the history). Safe for concurrent use.
func (c *linChecker) Check(text string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.histories++
	if v, ok := c.memo[text]; ok {
		return v
	}
	v := c.check(text)
	c.memo[text] = v
	return v
}

func (c *linChecker) check(text string) string {
	fp, h, err := parseLinHistory(text)
	if err != nil {
		return "vt.Linearizable: " + err.Error()
	}
	if fp != c.m.Fingerprint {
		return fmt.Sprintf("vt.Linearizable: the execution recorded a history of operations %s, the test's spec has %s (is the spec the same in every run of the test?)", fp, c.m.Fingerprint)
	}
	ops, err := h.ops()
	if err != nil {
		return "vt.Linearizable: " + err.Error()
	}
	for _, o := range ops {
		if o.input < 0 || o.input >= c.m.Choices {
			return fmt.Sprintf("vt.Linearizable: history: operation %d out of range", o.input)
		}
	}
	c.scenarios[linScenarioKey(h, ops)] = true

	if c.m.Criterion == SequentialConsistency {
		return c.checkSequential(h, ops)
	}
	// Quiescent consistency is linearizability of the history in which
	// the operations between two quiescent points (no operation pending)
	// all overlap.
	hc, opsc := h, ops
	if c.m.Criterion == QuiescentConsistency {
		hc = quiesced(h)
		if opsc, err = hc.ops(); err != nil {
			return "vt.Linearizable: " + err.Error()
		}
	}
	var stepErr error
	pm := c.porcupineModel(&stepErr)
	// An operation's id is its position in ops (the order of the calls):
	// porcupine renumbers ids in that order, and its partial
	// linearizations name operations by the renumbered ids.
	ids := map[[2]int]int{}
	for i, o := range opsc {
		ids[[2]int{o.thread, o.index}] = i
	}
	var evs []porcupine.Event
	for _, e := range hc.Events {
		id := ids[[2]int{e.Thread, e.Index}]
		if e.Call {
			evs = append(evs, porcupine.Event{ClientId: e.Thread, Kind: porcupine.CallEvent, Value: e.Input, Id: id})
		} else {
			evs = append(evs, porcupine.Event{ClientId: e.Thread, Kind: porcupine.ReturnEvent, Value: e.Output, Id: id})
		}
	}
	res, info := porcupine.CheckEventsVerbose(pm, evs, 0)
	if stepErr != nil {
		return "vt.Linearizable: " + stepErr.Error()
	}
	switch res {
	case porcupine.Ok:
		return linOK
	case porcupine.Illegal:
	default:
		return "vt.Linearizable: porcupine could not decide the history (" + string(res) + ")"
	}
	var sb strings.Builder
	if c.m.Criterion == QuiescentConsistency {
		sb.WriteString("not quiescently consistent: no sequential order of the operations that keeps the order of those separated by quiescence gives their results\n")
	} else {
		sb.WriteString("not linearizable: no sequential order of the operations gives their results\n")
	}
	sb.WriteString(c.describeScenario(h, ops))
	sb.WriteString(c.describeHistory(h, ops))
	// The longest partial linearization, the first in the order of the
	// ids among those as long (porcupine's order of them varies).
	var longest []int
	if parts := info.PartialLinearizations(); len(parts) > 0 {
		for _, l := range parts[0] {
			if len(l) > len(longest) || len(l) == len(longest) && slices.Compare(l, longest) < 0 {
				longest = l
			}
		}
	}
	// An operation can go next if no other pending one returned before
	// it was called.
	sb.WriteString(c.explain(opsc, longest, func(done map[int]bool) []int {
		firstRet := len(hc.Events)
		for id, o := range opsc {
			if !done[id] {
				firstRet = min(firstRet, o.ret)
			}
		}
		var next []int
		for id, o := range opsc {
			if !done[id] && o.call < firstRet {
				next = append(next, id)
			}
		}
		return next
	}))
	if path, err := c.picture(pm, info, text); err == nil {
		fmt.Fprintf(&sb, "porcupine's picture of the history: %s\n", path)
	} else {
		fmt.Fprintf(&sb, "porcupine's picture of the history could not be written: %v\n", err)
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// quiesced returns h with the events between two quiescent points (where
// no operation is pending) reordered: all calls, then all returns.
func quiesced(h linHistory) linHistory {
	out := h
	out.Events = nil
	var calls, rets []linEvent
	pending := 0
	for _, e := range h.Events {
		if e.Call {
			calls = append(calls, e)
			pending++
		} else {
			rets = append(rets, e)
			pending--
		}
		if pending == 0 {
			out.Events = append(append(out.Events, calls...), rets...)
			calls, rets = nil, nil
		}
	}
	out.Events = append(append(out.Events, calls...), rets...)
	return out
}

// checkSequential checks h for sequential consistency: some order of the
// operations that keeps each thread's program order (and nothing of real
// time across threads) in which the model gives their results. A
// depth-first search over the threads' interleavings, memoizing the
// (positions, model state) pairs it has left.
func (c *linChecker) checkSequential(h linHistory, ops []linOp) string {
	seqs := make([][]int, h.Threads) // each thread's operations, by id
	for id, o := range ops {
		seqs[o.thread] = append(seqs[o.thread], id)
	}
	pos := make([]int, h.Threads)
	visited := map[string]bool{}
	var path, longest []int
	var stepErr error
	var dfs func(st any) bool
	dfs = func(st any) bool {
		if len(path) == len(ops) {
			return true
		}
		if len(path) > len(longest) {
			longest = slices.Clone(path)
		}
		key := fmt.Sprint(pos) + c.m.Key(st)
		if visited[key] {
			return false
		}
		visited[key] = true
		for g := range pos {
			if pos[g] == len(seqs[g]) {
				continue
			}
			id := seqs[g][pos[g]]
			before := c.m.Key(st)
			next, out, err := c.m.Step(st, ops[id].input)
			if err == nil && c.m.Key(st) != before {
				err = fmt.Errorf("the model of %s modified the state it was given, %s, to %s: a model returns a new state (copy a slice or map before changing it)", c.m.Describe(ops[id].input), before, c.m.Key(st))
			}
			if err != nil {
				stepErr = err
				return false
			}
			if out != ops[id].output {
				continue
			}
			pos[g]++
			path = append(path, id)
			if dfs(next) {
				return true
			}
			path = path[:len(path)-1]
			pos[g]--
			if stepErr != nil {
				return false
			}
		}
		return false
	}
	ok := dfs(c.m.Init())
	switch {
	case stepErr != nil:
		return "vt.Linearizable: " + stepErr.Error()
	case ok:
		return linOK
	}
	var sb strings.Builder
	sb.WriteString("not sequentially consistent: no order of the operations that keeps each thread's order gives their results\n")
	sb.WriteString(c.describeScenario(h, ops))
	sb.WriteString(c.describeHistory(h, ops))
	// The next operation of each thread could go next.
	sb.WriteString(c.explain(ops, longest, func(done map[int]bool) []int {
		var next []int
		for _, seq := range seqs {
			for _, id := range seq {
				if !done[id] {
					next = append(next, id)
					break
				}
			}
		}
		slices.Sort(next)
		return next
	}))
	return strings.TrimSuffix(sb.String(), "\n")
}

// linState is a model state with its key.
type linState struct {
	v   any
	key string
}

// porcupineModel adapts c's model to porcupine; the first error of a step
// (the model panicked or modified its state) goes to *stepErr.
func (c *linChecker) porcupineModel(stepErr *error) porcupine.Model {
	var errMu sync.Mutex
	fail := func(err error) {
		errMu.Lock()
		defer errMu.Unlock()
		if *stepErr == nil {
			*stepErr = err
		}
	}
	return porcupine.Model{
		Init: func() any {
			v := c.m.Init()
			return linState{v, c.m.Key(v)}
		},
		Step: func(st, input, output any) (bool, any) {
			s := st.(linState)
			in := input.(int)
			if k := c.m.Key(s.v); k != s.key {
				// A later step changed a state that this one shares
				// memory with (appending to a slice with room to
				// spare, writing to a map).
				fail(fmt.Errorf("a model step modified a state other steps share: %s became %s: a model returns a new state (copy a slice or map before changing it)", s.key, k))
				return false, st
			}
			next, out, err := c.m.Step(s.v, in)
			if err != nil {
				fail(err)
				return false, st
			}
			if k := c.m.Key(s.v); k != s.key {
				fail(fmt.Errorf("the model of %s modified the state it was given, %s, to %s: a model returns a new state (copy a slice or map before changing it)", c.m.Describe(in), s.key, k))
				return false, st
			}
			return out == output.(string), linState{next, c.m.Key(next)}
		},
		Equal: func(a, b any) bool { return a.(linState).key == b.(linState).key },
		Hash: func(st any) uint64 {
			h := fnv.New64a()
			h.Write([]byte(st.(linState).key))
			return h.Sum64()
		},
		DescribeOperation: func(input, output any) string {
			return c.m.Describe(input.(int)) + linArrow(output.(string))
		},
		DescribeState: func(st any) string { return st.(linState).key },
	}
}

// linScenarioKey identifies the scenario of a history: each thread's inputs.
func linScenarioKey(h linHistory, ops []linOp) string {
	seqs := make([][]int, h.Threads)
	for _, o := range ops {
		seqs[o.thread] = append(seqs[o.thread], o.input)
	}
	return fmt.Sprint(seqs)
}

// describeScenario renders the scenario of a history.
func (c *linChecker) describeScenario(h linHistory, ops []linOp) string {
	seqs := make([][]string, h.Threads)
	for _, o := range ops {
		seqs[o.thread] = append(seqs[o.thread], c.m.Describe(o.input))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "scenario (%d threads, %d operations each):\n", h.Threads, h.PerThread)
	for t, s := range seqs {
		fmt.Fprintf(&sb, "    thread %d: %s\n", t+1, strings.Join(s, ", "))
	}
	return sb.String()
}

// describeHistory renders the history's events in their order.
func (c *linChecker) describeHistory(h linHistory, ops []linOp) string {
	var sb strings.Builder
	sb.WriteString("history (calls and returns in the order the scheduler ran them):\n")
	byPos := map[int]linOp{}
	for _, o := range ops {
		byPos[o.call], byPos[o.ret] = o, o
	}
	for i, e := range h.Events {
		o := byPos[i]
		if e.Call {
			fmt.Fprintf(&sb, "    %2d  thread %d  call    %s\n", i+1, e.Thread+1, c.m.Describe(o.input))
		} else {
			fmt.Fprintf(&sb, "    %2d  thread %d  return  %s%s\n", i+1, e.Thread+1, c.m.Describe(o.input), linArrow(o.output))
		}
	}
	return sb.String()
}

// explain says why no sequential order explains the history: longest,
// the longest order the check found the model to accept (operations by
// their positions in ops), and what the model returns for each operation
// that could come next (candidates, given those done), unlike the
// implementation.
func (c *linChecker) explain(ops []linOp, longest []int, candidates func(done map[int]bool) []int) string {
	var sb strings.Builder
	st := c.m.Init()
	done := map[int]bool{}
	if len(longest) == 0 {
		sb.WriteString("why: no operation can go first:\n")
	} else {
		sb.WriteString("why: the longest sequential orders the model accepts end after\n    ")
		for i, id := range longest {
			o := ops[id]
			if i > 0 {
				sb.WriteString("; ")
			}
			fmt.Fprintf(&sb, "%s%s (thread %d)", c.m.Describe(o.input), linArrow(o.output), o.thread+1)
			next, _, err := c.m.Step(st, o.input)
			if err != nil {
				return sb.String() + "\n"
			}
			st = next
			done[id] = true
		}
		fmt.Fprintf(&sb, "\n    (model state %s), and no operation can go next:\n", c.m.Key(st))
	}
	for _, id := range candidates(done) {
		o := ops[id]
		_, out, err := c.m.Step(st, o.input)
		switch {
		case err != nil:
			fmt.Fprintf(&sb, "    %s (thread %d): the model fails: %v\n", c.m.Describe(o.input), o.thread+1, err)
		case out == o.output:
			fmt.Fprintf(&sb, "    %s (thread %d) returned %s, as the model does here, but no order of the rest follows\n", c.m.Describe(o.input), o.thread+1, o.output)
		default:
			fmt.Fprintf(&sb, "    %s (thread %d) returned %s, the model returns %s\n", c.m.Describe(o.input), o.thread+1, o.output, out)
		}
	}
	return sb.String()
}

// picture writes porcupine's HTML picture of the history to a file in
// the temporary directory, named by the test and the history.
func (c *linChecker) picture(pm porcupine.Model, info porcupine.LinearizationInfo, text string) (string, error) {
	h := fnv.New64a()
	h.Write([]byte(text))
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == os.PathSeparator || r == ' ' {
			return '_'
		}
		return r
	}, c.name)
	path := filepath.Join(os.TempDir(), fmt.Sprintf("vt-lin-%s-%016x.html", name, h.Sum64()))
	return path, porcupine.VisualizePath(pm, info, path)
}
