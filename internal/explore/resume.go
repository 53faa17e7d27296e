package explore

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Explorations that resume (Options.Resume). When the budget ends a
// search that a strategy can continue (dfs, dpor, the portfolio), the
// explorer saves the search's frontier to a file: where its search stands,
// the state it goes on from (dfs: the bound and the next prefix; dpor: its
// path with its backtrack, sleep and done sets and its join points; the
// portfolio: its members' states). The next run with the same program and
// the same options that shape the space loads it and goes on from there,
// so that runs with short budgets together explore the space a long run
// explores, each execution once: their executions add up to the long
// run's. A frontier saved for another program (its source hash) or other
// options is not used, and the run says so and starts over. A search that
// covered its space saves that it did: later runs report the space
// exhausted without exploring it again (the file is removed when a
// failure is found).
//
// An execution that the budget stopped in the middle, or that a worker ran
// ahead as part of a subtree the search took only in part (parallel.go),
// is counted by the run that stopped; the next run runs it again from the
// frontier, which is the search's state before it, but does not count it
// again (frontierFile.Redo).

// frontierVersion is the version of the frontier file format.
const frontierVersion = 1

// spaceOptions are the options that shape the space an exploration
// explores, and the order in which a frontier records them: a frontier
// saved under other values does not fit.
var spaceOptions = []string{"strategy", "preempt", "steps", "seed", "race", "trust", "guide", "jrf", "transactions", "clock", "enumerate", "udploss", "short", "shard"}

// spaceKey returns the values of spaceOptions in o: "strategy=dpor preempt=auto ...".
func spaceKey(o *Options) string {
	var b strings.Builder
	for i, name := range spaceOptions {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(name + "=" + LookupOption(name).Value(o))
	}
	return b.String()
}

// frontierFile is what a frontier file holds (JSON).
type frontierFile struct {
	Version int    `json:"version"`
	Program string `json:"program"` // the program's source hash, as replay tokens have it
	Target  string `json:"target"`  // the test (and vt.Check call) or main
	Space   string `json:"space"`   // spaceKey of the options
	// Runs and Executions count the runs that explored so far and their
	// executions.
	Runs       int `json:"runs"`
	Executions int `json:"executions"`
	// Done: the search covered its space (to Bound: -1 none).
	Done  bool `json:"done,omitempty"`
	Bound int  `json:"bound"`
	// Redo is the number of the search's first executions from the
	// frontier that the saving run counted already: they are run again
	// (the search needs them) but not counted.
	Redo      int                `json:"redo,omitempty"`
	DFS       *dfsFrontier       `json:"dfs,omitempty"`
	DPOR      *dporFrontier      `json:"dpor,omitempty"`
	Portfolio *portfolioFrontier `json:"portfolio,omitempty"`
}

// A resumable strategy can save where its search stopped and go on from
// there in another run.
type resumable interface {
	// saveFrontier records in f where the search stopped, and returns the
	// number of executions since that point that the next run redoes
	// (see frontierFile.Redo); ok false: the search cannot go on from
	// where it stopped (nothing is saved).
	saveFrontier(x *explorer, f *frontierFile) (redo int, ok bool)
	// loadFrontier sets the (new) search up to go on from f; the error
	// says that f does not fit it.
	loadFrontier(x *explorer, f *frontierFile) error
}

// resumeCount is a search's account of its executions for its frontier:
// redo is the number of its next executions that an earlier run counted
// already (not counted again); since is the number of executions it took
// (counted, or redone) since the state its frontier holds.
type resumeCount struct{ redo, since int }

// counted returns the executions the search took so far: counted, and
// redone (counted by an earlier run).
func (x *explorer) counted() int { return x.res.Executions + x.redone }

// counting runs take (which runs or takes executions into the result,
// and does not give up the turn of a portfolio member in between) with
// the redo count of rc in force, and adds the executions it took to
// rc.since.
func (x *explorer) counting(rc *resumeCount, take func() (bool, error)) (bool, error) {
	x.redo = rc.redo
	c0 := x.counted()
	done, err := take()
	rc.redo, x.redo = x.redo, 0
	rc.since += x.counted() - c0
	return done, err
}

// frontierPath returns the file of the exploration's frontier ("" none:
// Options.Resume "on" with no package directory).
func (x *explorer) frontierPath() string {
	name := "resume"
	if x.o.Shards > 0 {
		name += fmt.Sprintf("-%dof%d", x.o.Shard+1, x.o.Shards)
	}
	if x.t.Root > 0 {
		name += fmt.Sprintf("-call%d", x.t.Root+1) // the test's vt.Check call
	}
	name += ".frontier"
	if x.o.Resume == "on" {
		if x.t.Dir == "" {
			return ""
		}
		return filepath.Join(corpusDir(x.t.Dir, x.t.Name), name)
	}
	pkg := "main"
	if x.t.Pkg != nil && x.t.Pkg.Pkg != nil {
		pkg = x.t.Pkg.Pkg.Path()
	}
	return filepath.Join(x.o.Resume, filepath.FromSlash(pkg), filepath.FromSlash(x.t.Name), name)
}

// targetName names the target in a frontier.
func (x *explorer) targetName() string {
	if x.t.Root >= 0 {
		return fmt.Sprintf("%s (vt.Check #%d)", x.t.Name, x.t.Root+1)
	}
	return x.t.Name
}

// startResume loads the frontier of the exploration, if one was saved
// that fits, into the strategy s; done reports that it says the space is
// covered (x.res says so: there is nothing to explore).
func (x *explorer) startResume(s strategy) (done bool, err error) {
	rs, ok := s.(resumable)
	if !ok {
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: strategy %s does not resume (portfolio, dpor and dfs do): explored from the start, no frontier kept", x.o.Strategy))
		return false, nil
	}
	x.resumeFile = x.frontierPath()
	if x.resumeFile == "" {
		x.res.Notes = append(x.res.Notes, "resume: no frontier kept: the exploration has no package directory to keep it in (-resume on); give a directory")
		return false, nil
	}
	data, err := os.ReadFile(x.resumeFile)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("vt: reading the frontier to resume from: %w", err)
	}
	rel := relPath(x.resumeFile)
	var f frontierFile
	switch err := json.Unmarshal(data, &f); {
	case err != nil || f.Version != frontierVersion:
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: %s is not a frontier of this vt (format %d, or unreadable): starting over", rel, f.Version))
		return false, nil
	case f.Program != x.t.Prog.SourceHash():
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: %s was saved for another version of the program (source hash %s, now %s): starting over", rel, f.Program, x.t.Prog.SourceHash()))
		return false, nil
	case f.Target != x.targetName():
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: %s was saved for %s, not %s: starting over", rel, f.Target, x.targetName()))
		return false, nil
	case f.Space != spaceKey(&x.o):
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: %s was saved with other options (%s; now %s): starting over", rel, f.Space, spaceKey(&x.o)))
		return false, nil
	}
	x.prior = &f
	if f.Done {
		x.res.Exhaustive, x.res.Bound = true, f.Bound
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: the space was covered by earlier runs (%d executions in %d runs; %s): nothing left to explore (delete the file to explore again)", f.Executions, f.Runs, rel))
		return true, nil
	}
	if err := rs.loadFrontier(x, &f); err != nil {
		x.prior = nil
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: %s does not fit the search (%v): starting over", rel, err))
		return false, nil
	}
	x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: going on from %s (%d executions in %d earlier runs)", rel, f.Executions, f.Runs))
	return false, nil
}

// finishResume saves the frontier of the search s when its budget ended
// it, records that it covered its space, or removes the file when it
// found a failure or cannot go on.
func (x *explorer) finishResume(s strategy) error {
	if x.resumeFile == "" {
		return nil
	}
	f := frontierFile{Version: frontierVersion, Program: x.t.Prog.SourceHash(), Target: x.targetName(), Space: spaceKey(&x.o), Runs: 1, Executions: x.res.Executions, Bound: -1}
	if p := x.prior; p != nil {
		f.Runs += p.Runs
		f.Executions += p.Executions
	}
	rel := relPath(x.resumeFile)
	switch {
	case x.res.Failure != nil:
		return x.removeFrontier()
	case x.res.Exhaustive:
		f.Done, f.Bound = true, x.res.Bound
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: the space is covered (%d executions in %d runs): recorded in %s", f.Executions, f.Runs, rel))
	default:
		redo, ok := s.(resumable).saveFrontier(x, &f)
		if !ok {
			x.res.Notes = append(x.res.Notes, "resume: the search cannot go on from where it stopped: no frontier saved")
			return x.removeFrontier()
		}
		f.Redo = redo
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("resume: the search stopped with schedules left: its frontier is saved in %s, the next run goes on from there", rel))
	}
	data, err := json.Marshal(&f)
	if err != nil {
		return fmt.Errorf("vt: saving the frontier: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(x.resumeFile), 0o755); err != nil {
		return fmt.Errorf("vt: saving the frontier: %w", err)
	}
	tmp := x.resumeFile + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("vt: saving the frontier: %w", err)
	}
	if err := os.Rename(tmp, x.resumeFile); err != nil {
		return fmt.Errorf("vt: saving the frontier: %w", err)
	}
	return nil
}

// removeFrontier removes the frontier file, if any.
func (x *explorer) removeFrontier() error {
	if err := os.Remove(x.resumeFile); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("vt: removing the frontier: %w", err)
	}
	return nil
}
