package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/vtcheck/vt/internal/explore"
)

// merged is one test's result merged from its shards' results.
type merged struct {
	pkg, name string
	total     int                    // N: the shards the exploration was split into
	parts     []*shardResult         // by shard (index-1): the first result given; nil: missing
	missing   []int                  // shards (from 1) with no result
	dups      []int                  // shards given more than once
	chosen    *shardResult           // the failure reported: the lowest failing shard's
	others    []*shardResult         // the other shards' failures
	errs      []*shardResult         // shards vt could not run the test in
	copies    map[int][]*shardResult // every result given, by shard
	j         mergedJSON             // the merged result, as -json prints it
	action    string                 // pass, fail or skip
}

// mergedJSON is the -json form of a merged result: the fields of
// docs/vt-check.schema.json, with those of the merge (shards, found_in,
// missing, duplicated, also_found).
type mergedJSON struct {
	Name        string          `json:"name"`
	Verdict     string          `json:"verdict"`
	Strategy    string          `json:"strategy,omitempty"`
	Shards      int             `json:"shards"`
	Exhaustive  bool            `json:"exhaustive"`
	Exhausted   bool            `json:"exhausted"`
	Bound       *int            `json:"bound,omitempty"`
	Executions  int             `json:"executions"`
	SleepPruned int             `json:"sleep_pruned,omitempty"`
	States      int             `json:"states,omitempty"`
	Matched     int             `json:"states_matched,omitempty"`
	FoundBy     string          `json:"found_by,omitempty"`
	FoundIn     string          `json:"found_in,omitempty"`
	AlsoFound   []string        `json:"also_found,omitempty"`
	Missing     []int           `json:"missing,omitempty"`
	Duplicated  []int           `json:"duplicated,omitempty"`
	Steps       int64           `json:"steps"`
	ElapsedMS   int64           `json:"elapsed_ms"`
	SetupMS     int64           `json:"setup_ms,omitempty"`
	Budget      string          `json:"budget,omitempty"`
	Failure     json.RawMessage `json:"failure,omitempty"`
	Warnings    []string        `json:"warnings,omitempty"`
	Notes       []string        `json:"notes,omitempty"`
	Skipped     string          `json:"skipped,omitempty"`
	Unexplored  string          `json:"unexplored,omitempty"`
	Error       string          `json:"error,omitempty"`
	Sharing     json.RawMessage `json:"sharing,omitempty"`
}

// failedVerdict reports whether a shard's verdict is a failure of the program.
func failedVerdict(v string) bool {
	switch v {
	case "ok", "unexplored", "error", "":
		return false
	}
	return true
}

// mergeTests groups results by test (package and name, in the order they
// first appear) and merges each test's shards. A test whose shards were
// split differently (1/2 and 1/3) cannot be merged: that is an error.
func mergeTests(results []*shardResult) ([]*merged, error) {
	type key struct{ pkg, name string }
	var order []key
	byTest := map[key][]*shardResult{}
	for _, r := range results {
		k := key{r.pkg, r.name}
		if byTest[k] == nil {
			order = append(order, k)
		}
		byTest[k] = append(byTest[k], r)
	}
	// Tests of a package together, packages in the order they appear.
	pkgAt := map[string]int{}
	for _, k := range order {
		if _, ok := pkgAt[k.pkg]; !ok {
			pkgAt[k.pkg] = len(pkgAt)
		}
	}
	slices.SortStableFunc(order, func(a, b key) int { return pkgAt[a.pkg] - pkgAt[b.pkg] })
	var out []*merged
	for _, k := range order {
		m, err := mergeShards(k.pkg, k.name, byTest[k])
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// mergeShards merges the shards' results of one test.
//
// The failure reported is the first by schedule order: that of the
// lowest shard that failed (then, among copies of one shard, the lowest
// execution); the other shards' failures are listed (also_found). The
// executions, steps and pruned executions are the shards' sums, the
// elapsed time the longest shard's. The result is exhaustive only when
// every shard 1..N is there once and exhausted its part (up to the
// smallest preemption bound any of them was under). Missing and
// duplicated shards are reported and fail the test; a duplicated shard's
// later copies count for nothing but their failures.
func mergeShards(pkg, name string, rs []*shardResult) (*merged, error) {
	m := &merged{pkg: pkg, name: name, total: rs[0].total}
	for _, r := range rs[1:] {
		if r.total != m.total {
			return nil, fmt.Errorf("vt merge: %s: shards of different splits: %d/%d (%s:%d) and %d/%d (%s:%d)",
				label(pkg, name), rs[0].index, rs[0].total, rs[0].file, rs[0].line, r.index, r.total, r.file, r.line)
		}
	}
	m.parts = make([]*shardResult, m.total)
	m.copies = map[int][]*shardResult{}
	var failing []*shardResult
	for _, r := range rs {
		if failedVerdict(r.fields.Verdict) {
			failing = append(failing, r)
		}
		m.copies[r.index] = append(m.copies[r.index], r)
		if m.parts[r.index-1] != nil {
			if !slices.Contains(m.dups, r.index) {
				m.dups = append(m.dups, r.index)
			}
			continue
		}
		m.parts[r.index-1] = r
	}
	slices.Sort(m.dups)
	for i, p := range m.parts {
		if p == nil {
			m.missing = append(m.missing, i+1)
		}
	}
	slices.SortStableFunc(failing, func(a, b *shardResult) int {
		if a.index != b.index {
			return a.index - b.index
		}
		_, ea := a.failure()
		_, eb := b.failure()
		return ea - eb
	})
	if len(failing) > 0 {
		m.chosen, m.others = failing[0], failing[1:]
	}

	j := &m.j
	j.Name, j.Shards, j.Missing, j.Duplicated = name, m.total, m.missing, m.dups
	j.Exhaustive = len(m.missing) == 0 && len(m.dups) == 0
	allSkipped := true
	var bound *int
	for _, p := range m.parts {
		if p == nil {
			continue
		}
		f := &p.fields
		if j.Strategy == "" {
			j.Strategy = f.Strategy
		}
		j.Executions += f.Executions
		j.Steps += f.Steps
		j.SleepPruned += f.SleepPruned
		j.States += f.States
		j.Matched += f.Matched
		j.ElapsedMS = max(j.ElapsedMS, f.ElapsedMS)
		j.SetupMS = max(j.SetupMS, f.SetupMS)
		j.Exhaustive = j.Exhaustive && f.Exhaustive
		if f.Exhaustive && f.Bound != nil && (bound == nil || *f.Bound < *bound) {
			b := *f.Bound
			bound = &b
		}
		for _, w := range f.Warnings {
			if !slices.Contains(j.Warnings, w) {
				j.Warnings = append(j.Warnings, w)
			}
		}
		for _, n := range f.Notes {
			if !slices.Contains(j.Notes, n) {
				j.Notes = append(j.Notes, n)
			}
		}
		if f.Verdict == "error" {
			m.errs = append(m.errs, p)
		}
		if p.action != "skip" || f.Skipped == "" {
			allSkipped = false
		}
		if f.Sharing != nil && string(f.Sharing) != "null" && j.Sharing == nil {
			j.Sharing = f.Sharing
		}
	}
	if j.Exhaustive {
		j.Bound = bound
	} else {
		j.Budget = mergedBudget(m.parts)
	}
	j.Exhausted = j.Exhaustive

	switch {
	case m.chosen != nil:
		c := &m.chosen.fields
		j.Verdict, j.Failure, j.FoundBy = c.Verdict, c.Failure, c.FoundBy
		j.FoundIn = fmt.Sprintf("%d/%d", m.chosen.index, m.chosen.total)
		j.Exhaustive, j.Exhausted, j.Bound, j.Budget = false, false, nil, ""
		for _, o := range m.others {
			j.AlsoFound = append(j.AlsoFound, fmt.Sprintf("%s in shard %d/%d", o.fields.Verdict, o.index, o.total))
		}
	case len(m.errs) > 0:
		j.Verdict, j.Error = "error", m.errs[0].fields.Error
	default:
		j.Verdict = "ok"
		for _, p := range m.parts {
			if p != nil && p.fields.Verdict == "unexplored" {
				j.Verdict = "unexplored"
				j.Unexplored = fmt.Sprintf("shard %d/%d: %s", p.index, p.total, p.fields.Unexplored)
				break
			}
		}
	}
	if allSkipped && j.Verdict == "ok" && len(m.missing) == 0 {
		for _, p := range m.parts {
			j.Skipped = p.fields.Skipped
			break
		}
	}
	m.action = m.decide()
	return m, nil
}

// decide returns the merged test's action: skip when every shard's test
// skipped itself; pass when nothing failed, or when the failure reported
// is one its shard expected (-expect: that shard passed); fail otherwise,
// and always when shards are missing or duplicated.
func (m *merged) decide() string {
	switch {
	case len(m.missing) > 0 || len(m.dups) > 0:
		return "fail"
	case m.chosen != nil:
		return m.chosen.action // pass: the verdict the shard expected
	case m.j.Verdict == "error":
		return "skip" // as vt test -json reports a test it cannot run
	case m.j.Skipped != "":
		return "skip"
	}
	for _, p := range m.parts {
		if p.action == "fail" {
			return "fail" // -expect: no shard found the verdict expected
		}
	}
	return "pass"
}

// mergedBudget names the budget that left a merged result not exhaustive:
// time if any shard spent its time, else the first other one a shard
// names.
func mergedBudget(parts []*shardResult) string {
	budget := ""
	for _, p := range parts {
		if p == nil {
			continue
		}
		switch b := p.fields.Budget; {
		case b == "time":
			return b
		case budget == "":
			budget = b
		}
	}
	return budget
}

// result returns the explore.Result of the merged fields that summary and
// explore.Coverage describe.
func (m *merged) result() *explore.Result {
	r := &explore.Result{Verdict: m.j.Verdict, Strategy: m.j.Strategy, Exhaustive: m.j.Exhaustive, Bound: -1,
		Executions: m.j.Executions, Budget: m.j.Budget, Elapsed: time.Duration(m.j.ElapsedMS) * time.Millisecond}
	if m.j.Bound != nil {
		r.Bound = *m.j.Bound
	}
	return r
}

// label names a test in text output: its package and name.
func label(pkg, name string) string {
	if pkg == "" {
		return name
	}
	return pkg + " " + name
}

// shardList formats shards of n: "3/4, 4/4".
func shardList(shards []int, n int) string {
	s := make([]string, len(shards))
	for i, x := range shards {
		s[i] = fmt.Sprintf("%d/%d", x, n)
	}
	return strings.Join(s, ", ")
}

// text is the merged test's report, as vt test prints a test's: a result
// line, and for a failure the report its shard printed.
func (m *merged) text() string {
	var b strings.Builder
	lbl := label(m.pkg, m.name)
	shards := fmt.Sprintf("%d shards", m.total)
	if m.total == 1 {
		shards = "1 shard"
	}
	var problems []string
	if len(m.missing) > 0 {
		problems = append(problems, fmt.Sprintf("shards missing: %s (no result given: their parts of the space are unexplored)", shardList(m.missing, m.total)))
	}
	if len(m.dups) > 0 {
		var where []string
		for _, d := range m.dups {
			for _, p := range m.copies[d] {
				where = append(where, fmt.Sprintf("%s:%d", p.file, p.line))
			}
		}
		problems = append(problems, fmt.Sprintf("shards given more than once: %s (%s; merged once)", shardList(m.dups, m.total), strings.Join(where, ", ")))
	}
	sum := summary(m.result()) + "; " + shards
	switch {
	case m.chosen != nil:
		word := "FAIL"
		if m.chosen.action == "pass" {
			word = "ok  "
		}
		kind, exec := m.chosen.failure()
		at := ""
		if exec > 0 {
			at = fmt.Sprintf(" in execution %d", exec)
		}
		execs := fmt.Sprintf("%d executions in %s, %s", m.j.Executions, shards, time.Duration(m.j.ElapsedMS)*time.Millisecond)
		if word == "ok  " && len(problems) == 0 {
			fmt.Fprintf(&b, "ok  %s (verdict %s as expected, found in shard %s%s; %s)\n", lbl, kind, m.j.FoundIn, at, execs)
		} else {
			fmt.Fprintf(&b, "FAIL %s: %s found in shard %s%s (%s)\n", lbl, kind, m.j.FoundIn, at, execs)
		}
		for _, p := range problems {
			fmt.Fprintf(&b, "    %s\n", p)
		}
		for _, a := range m.j.AlsoFound {
			fmt.Fprintf(&b, "    also found: %s\n", a)
		}
		b.WriteString(m.chosen.text)
	case len(m.errs) > 0:
		e := m.errs[0]
		fmt.Fprintf(&b, "FAIL %s: vt could not run it in shard %d/%d: %s\n", lbl, e.index, e.total, strings.TrimPrefix(e.fields.Error, "vt: "))
		for _, p := range problems {
			fmt.Fprintf(&b, "    %s\n", p)
		}
	default:
		switch {
		case len(problems) > 0:
			fmt.Fprintf(&b, "FAIL %s: incomplete (%s)\n", lbl, sum)
			for _, p := range problems {
				fmt.Fprintf(&b, "    %s\n", p)
			}
		case m.j.Verdict == "unexplored":
			fmt.Fprintf(&b, "FAIL %s: not explored: %s\n", lbl, m.j.Unexplored)
		case m.action == "skip":
			fmt.Fprintf(&b, "SKIP %s (%s; %s)\n", lbl, m.j.Skipped, sum)
		case m.action == "fail":
			fmt.Fprintf(&b, "FAIL %s: no shard found the verdict expected (%s)\n", lbl, sum)
		default:
			fmt.Fprintf(&b, "ok  %s (%s)\n", lbl, sum)
			for _, w := range m.j.Warnings {
				fmt.Fprintf(&b, "    warning (lockset): %s\n", w)
			}
			for _, n := range m.j.Notes {
				fmt.Fprintf(&b, "note: %s\n", n)
			}
		}
	}
	return b.String()
}
