package explore

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resumeSrc are the programs the resume tests explore: spaces of a few
// hundred executions (three goroutines taking a lock twice each for dpor;
// two sending on a channel for dfs, whose spaces are larger) and a bug
// found after some.
const resumeSrc = `package resume

import (
	"sync"
	"testing"
)

func count(t *testing.T, goroutines, times int) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range times {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n != goroutines*times {
		t.Fatal(n)
	}
}

func TestThree(t *testing.T) { count(t, 3, 2) }

func TestTwo(t *testing.T) { count(t, 2, 2) }

func TestSmall(t *testing.T) {
	ch := make(chan int, 2)
	go func() { ch <- 1 }()
	go func() { ch <- 2 }()
	if a, b := <-ch, <-ch; a+b != 3 {
		t.Fatal(a, b)
	}
}

func TestLate(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	order := ""
	for _, s := range []string{"a", "b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			order += s
			mu.Unlock()
		}()
	}
	wg.Wait()
	if order == "cba" {
		t.Fatal("the last first")
	}
}
`

// resumeTargets loads resumeSrc's tests, by name.
func resumeTargets(t *testing.T) map[string]Target {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module resume\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "resume_test.go"), []byte(resumeSrc), 0o644))
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	ts := map[string]Target{}
	for _, name := range []string{"TestThree", "TestTwo", "TestSmall", "TestLate"} {
		pkg, err := TestPackage(prog, name, "")
		require.NoError(t, err)
		ts[name] = Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name, Dir: dir}
	}
	return ts
}

// execsOf runs an exploration and returns its result and the executions
// it took (choices and verdict; redone ones too), sorted.
func execsOf(t *testing.T, target Target, o Options) (*Result, []string) {
	t.Helper()
	var execs []string
	testCommitted = func(r *execResult) {
		var b strings.Builder
		for _, c := range r.sched.choices.all() {
			b.WriteString(LookupOption("execs").Value(&Options{Execs: c.val}) + ".")
		}
		execs = append(execs, b.String()+" "+r.kind)
	}
	defer func() { testCommitted = nil }()
	res, err := Explore(target, o, nil)
	require.NoError(t, err)
	sort.Strings(execs)
	return res, execs
}

// uniq returns the distinct strings of sorted ss.
func uniq(ss []string) []string {
	var out []string
	for i, s := range ss {
		if i == 0 || s != ss[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// A search stopped by its execution budget saves its frontier, and the
// next runs go on from it: until the space is covered, their executions
// add up to those of one uninterrupted run, and together they take the
// same executions. With workers on other cores too (a subtree the search
// took only in part is taken again, not counted again). Then the space is
// recorded as covered: a later run explores nothing and says so.
func TestResumeAddsUp(t *testing.T) {
	targets := resumeTargets(t)
	for _, c := range []struct {
		target, strategy string
		parallel, execs  int
	}{
		{"TestThree", "dpor", 1, 37},
		{"TestThree", "dpor", 2, 61},
		{"TestSmall", "dfs", 1, 60},
		{"TestSmall", "dfs", 2, 45},
		{"TestThree", "portfolio", 1, 30},
	} {
		t.Run(c.target+"/"+c.strategy+"/"+LookupOption("parallel").Value(&Options{Parallel: c.parallel}), func(t *testing.T) {
			target := targets[c.target]
			o := DefaultOptions()
			o.Strategy, o.Time, o.Parallel, o.Corpus = c.strategy, time.Hour, c.parallel, "off"
			whole, wholeExecs := execsOf(t, target, o)
			require.True(t, whole.Exhaustive)
			require.Greater(t, whole.Executions, 3*c.execs, "the space takes several runs")

			o.Resume, o.Execs = t.TempDir(), c.execs
			total, runs := 0, 0
			var union []string
			var last *Result
			for runs = 1; runs <= 200; runs++ {
				res, execs := execsOf(t, target, o)
				assert.Equal(t, "ok", res.Verdict)
				assert.LessOrEqual(t, res.Executions, c.execs)
				total += res.Executions
				union = append(union, execs...)
				last = res
				if runs > 1 {
					assert.Contains(t, strings.Join(res.Notes, "\n"), "resume: going on from ")
				}
				if res.Exhaustive {
					break
				}
				assert.Contains(t, strings.Join(res.Notes, "\n"), "resume: the search stopped with schedules left: its frontier is saved in ")
			}
			require.True(t, last.Exhaustive, "the runs cover the space")
			assert.Greater(t, runs, 3)
			if c.strategy == "portfolio" {
				// The samplers' executions differ with where the runs
				// stop; the DPOR member's proof is the same.
				assert.LessOrEqual(t, total, 2*whole.Executions)
			} else {
				assert.Equal(t, whole.Executions, total, "the runs' executions add up to one run's")
				sort.Strings(union)
				assert.Equal(t, uniq(wholeExecs), uniq(union), "the runs take the executions one run takes")
			}
			assert.Equal(t, whole.Bound, last.Bound)
			assert.Contains(t, strings.Join(last.Notes, "\n"), "resume: the space is covered (")

			again, _ := execsOf(t, target, o)
			assert.True(t, again.Exhaustive)
			assert.Equal(t, 0, again.Executions)
			assert.Contains(t, strings.Join(again.Notes, "\n"), "resume: the space was covered by earlier runs ("+
				LookupOption("execs").Value(&Options{Execs: total})+" executions in ")
		})
	}
}

// frontierFiles returns the frontier files under dir.
func frontierFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".frontier") {
			files = append(files, p)
		}
		return nil
	})
	return files
}

// A frontier saved for another program or other options is not used: the
// run says so and starts over. One that does not parse is not used
// either. A failure found removes it; "on" keeps it next to the test's
// saved schedules, which the corpus replay leaves alone.
func TestResumeRefusesStaleFrontiers(t *testing.T) {
	targets := resumeTargets(t)
	target := targets["TestThree"]
	o := DefaultOptions()
	o.Strategy, o.Time, o.Parallel, o.Corpus, o.Execs = "dpor", time.Hour, 1, "off", 10
	o.Resume = t.TempDir()
	first, _ := execsOf(t, target, o)
	require.False(t, first.Exhaustive)
	files := frontierFiles(t, o.Resume)
	require.Len(t, files, 1)
	assert.Equal(t, filepath.Join(o.Resume, "resume", "TestThree", "resume.frontier"), files[0])

	edit := func(change func(f map[string]any)) {
		data, err := os.ReadFile(files[0])
		require.NoError(t, err)
		var f map[string]any
		require.NoError(t, json.Unmarshal(data, &f))
		change(f)
		data, err = json.Marshal(f)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(files[0], data, 0o644))
	}
	startsOver := func(note string) {
		t.Helper()
		res, _ := execsOf(t, target, o)
		notes := strings.Join(res.Notes, "\n")
		assert.Contains(t, notes, note)
		assert.NotContains(t, notes, "going on from")
		assert.Equal(t, first.Executions, res.Executions, "the run started over")
	}

	edit(func(f map[string]any) { f["program"] = "0123456789abcdef" })
	startsOver("was saved for another version of the program (source hash 0123456789abcdef, now " + target.Prog.SourceHash() + "): starting over")

	o2 := o
	o2.Seed = 5 // another space
	res, _ := execsOf(t, target, o2)
	assert.Contains(t, strings.Join(res.Notes, "\n"), "was saved with other options (strategy=dpor preempt=auto steps=auto seed=0 ")
	assert.Contains(t, strings.Join(res.Notes, "\n"), "now strategy=dpor preempt=auto steps=auto seed=5 ")
	require.NoError(t, os.WriteFile(files[0], []byte("{not json"), 0o644))
	startsOver("is not a frontier of this vt (format 0, or unreadable): starting over")
	edit(func(f map[string]any) { f["dpor"] = nil })
	startsOver("does not fit the search (not a frontier of dpor): starting over")

	// A failure removes the frontier.
	late := targets["TestLate"]
	o.Execs = 1
	res, _ = execsOf(t, late, o)
	require.Equal(t, "ok", res.Verdict)
	require.Len(t, frontierFiles(t, filepath.Join(o.Resume, "resume", "TestLate")), 1)
	o.Execs = 1000
	res, _ = execsOf(t, late, o)
	require.Equal(t, "assert", res.Verdict)
	assert.Empty(t, frontierFiles(t, filepath.Join(o.Resume, "resume", "TestLate")))

	// on: next to the saved schedules, which stay the corpus (dfs: the
	// schedule of a whole test's failure that dpor finds does not replay
	// it, a bug of its own).
	o.Strategy, o.Resume, o.Execs, o.Corpus = "dfs", "on", 2, "on"
	res, _ = execsOf(t, late, o)
	require.Equal(t, "ok", res.Verdict)
	f := filepath.Join(late.Dir, "testdata", "vt", "TestLate", "resume.frontier")
	assert.FileExists(t, f)
	o.Execs = 1000
	res, _ = execsOf(t, late, o)
	require.Equal(t, "assert", res.Verdict)
	assert.NoFileExists(t, f)
	again, _ := execsOf(t, late, o)
	assert.Equal(t, "assert", again.Verdict)
	assert.Equal(t, 1, again.Executions, "the saved schedule fails first; the frontier was no schedule")
}
