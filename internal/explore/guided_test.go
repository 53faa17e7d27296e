package explore

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// guidedSrc holds deep bugs of the two patterns the guided strategy makes
// sequences for, and a race for jrf. Line numbers matter: TestGuideGiven
// names lines of TestTwoStage.
const guidedSrc = `package gen

import (
	"sync"
	"testing"
)

func TestTwoStage(t *testing.T) {
	const w = 6
	var m1, m2 sync.Mutex
	var a, b int
	var wg sync.WaitGroup
	wg.Add(w + 1)
	for range w {
		go func() {
			defer wg.Done()
			m1.Lock()
			a++
			m1.Unlock()
			m2.Lock()
			b++
			m2.Unlock()
		}()
	}
	go func() {
		defer wg.Done()
		m1.Lock()
		m2.Lock()
		if a-b == w {
			panic("all writers between their stages")
		}
		m2.Unlock()
		m1.Unlock()
	}()
	wg.Wait()
}

func TestCycle(t *testing.T) {
	var x, y sync.Mutex
	var wg sync.WaitGroup
	wg.Add(8)
	for range 6 {
		go func() {
			defer wg.Done()
			x.Lock()
			x.Unlock()
		}()
	}
	go func() {
		defer wg.Done()
		x.Lock()
		y.Lock()
		y.Unlock()
		x.Unlock()
	}()
	go func() {
		defer wg.Done()
		y.Lock()
		x.Lock()
		x.Unlock()
		y.Unlock()
	}()
	wg.Wait()
}

func TestRacy(t *testing.T) {
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	wg.Add(3)
	for i := range 3 {
		go func() {
			defer wg.Done()
			if i == 2 {
				n++ // no lock
				return
			}
			mu.Lock()
			n++
			mu.Unlock()
		}()
	}
	wg.Wait()
}
`

// guidedTargets loads guidedSrc once and returns the targets of the
// tests named.
func guidedTargets(t *testing.T, names ...string) []Target {
	t.Helper()
	prog, err := LoadTests(writeModule(t, guidedSrc))
	require.NoError(t, err)
	var out []Target
	for _, name := range names {
		pkg, err := TestPackage(prog, name, "")
		require.NoError(t, err)
		out = append(out, Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name})
	}
	return out
}

func guidedTarget(t *testing.T, name string) Target { return guidedTargets(t, name)[0] }

func guidedOptions(strategy string) Options {
	o := DefaultOptions()
	o.Strategy, o.Corpus, o.Time, o.Parallel = strategy, "off", time.Minute, 1
	return o
}

func TestParseLocations(t *testing.T) {
	l, err := parseLocations("a/b/x.go:12, y.go:3")
	require.NoError(t, err)
	assert.Equal(t, []srcLine{{"x.go", 12}, {"y.go", 3}}, l)
	for _, bad := range []string{"x.go", "x.go:0", ":4", "x.go:z"} {
		_, err := parseLocations(bad)
		assert.Error(t, err, bad)
	}
}

// The sequences made from the program's structure: the two-stage
// update (the writers' first stage once per writer, then the checker's
// reads), the lock-order cycle, and with races the lockset detector's.
func TestAutoSequences(t *testing.T) {
	ts := guidedTargets(t, "TestTwoStage", "TestRacy", "TestCycle")
	x := &explorer{t: ts[0], o: guidedOptions("guided"), res: &Result{}}
	seqs, err := x.autoSequences(true)
	require.NoError(t, err)
	require.NotEmpty(t, seqs)
	want := []srcLine{}
	for range 6 {
		want = append(want, srcLine{"gen_test.go", 18})
	}
	assert.Equal(t, append(want, srcLine{"gen_test.go", 29}), seqs[0], "the first sequence: between the stages")

	x = &explorer{t: ts[1], o: guidedOptions("guided"), res: &Result{}}
	withRaces, err := x.autoSequences(true)
	require.NoError(t, err)
	race := []srcLine{{"gen_test.go", 79}, {"gen_test.go", 75}}
	assert.Contains(t, withRaces, race, "the lockset detector's race")
	seqs, err = x.autoSequences(false)
	require.NoError(t, err)
	assert.NotContains(t, seqs, race)

	x = &explorer{t: ts[2], o: guidedOptions("guided"), res: &Result{}}
	seqs, err = x.autoSequences(true)
	require.NoError(t, err)
	assert.Contains(t, seqs, []srcLine{{"gen_test.go", 51}, {"gen_test.go", 58}, {"gen_test.go", 52}, {"gen_test.go", 59}})
}

// Six writers caught between their stages: the guided strategy finds it in
// its first execution, with its own sequence or with one given; the
// default portfolio finds it through its guided member; dfs and random
// walks do not within 3,000 executions.
func TestGuidedTwoStage(t *testing.T) {
	target := guidedTarget(t, "TestTwoStage")
	res, err := Explore(target, guidedOptions("guided"), nil)
	require.NoError(t, err)
	assert.Equal(t, "panic", res.Verdict)
	assert.Equal(t, 1, res.Executions)
	assert.Equal(t, "guided", res.FoundBy)

	o := guidedOptions("guided")
	o.Guide = []srcLine{{"gen_test.go", 18}, {"gen_test.go", 18}, {"gen_test.go", 18}, {"gen_test.go", 18}, {"gen_test.go", 18}, {"gen_test.go", 18}, {"gen_test.go", 29}}
	res, err = Explore(target, o, nil)
	require.NoError(t, err)
	assert.Equal(t, "panic", res.Verdict)
	assert.LessOrEqual(t, res.Executions, 5)

	res, err = Explore(target, guidedOptions("portfolio"), nil)
	require.NoError(t, err)
	assert.Equal(t, "panic", res.Verdict)
	assert.Equal(t, "guided", res.FoundBy)
	// The guided member runs with transactions; its token says so, and
	// replays the same failure whatever the replay's own option.
	assert.Contains(t, res.Failure.Replay, ":txn:")
	for _, txn := range []bool{false, true} {
		o := guidedOptions("portfolio")
		o.Replay, o.Transactions = res.Failure.Replay, txn
		again, err := Explore(target, o, nil)
		require.NoError(t, err)
		require.Equal(t, "panic", again.Verdict)
		assert.Equal(t, res.Failure.Message, again.Failure.Message)
		assert.Equal(t, res.Failure.Replay, again.Failure.Replay)
	}
	// Unless they are set off.
	o = guidedOptions("portfolio")
	o.Given = map[string]bool{"transactions": true}
	off, err := Explore(target, o, nil)
	require.NoError(t, err)
	assert.Equal(t, "panic", off.Verdict)
	assert.Equal(t, "guided", off.FoundBy)
	assert.NotContains(t, off.Failure.Replay, ":txn:")

	for _, s := range []string{"dfs", "random"} {
		o := guidedOptions(s)
		o.Execs = 3000
		res, err := Explore(target, o, nil)
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Verdict, s)
	}
}

// The lock-order cycle behind six goroutines that take one of the locks:
// the guided strategy deadlocks in its first executions.
func TestGuidedCycle(t *testing.T) {
	res, err := Explore(guidedTarget(t, "TestCycle"), guidedOptions("guided"), nil)
	require.NoError(t, err)
	assert.Equal(t, "deadlock", res.Verdict)
	assert.LessOrEqual(t, res.Executions, 3)
}

// Figure 6's values, each only with its heuristics on.
func TestJRFValues(t *testing.T) {
	all, err := parseJRF("WF,WW,ARA,AF")
	require.NoError(t, err)
	for k, v := range map[transitionKind]int{tWriteOther: 8, tWriteSelf: 7, tReadOther: 6, tReadSelf: 5, tAcquireFresh: 4, tOther: 3, tAcquireReleased: 2, tRelease: 1} {
		assert.Equal(t, v, all.value(k), k)
	}
	wf, err := parseJRF("wf")
	require.NoError(t, err)
	assert.Equal(t, "WF", wf.String())
	assert.Equal(t, 8, wf.value(tWriteOther))
	assert.Equal(t, 3, wf.value(tWriteSelf))
	assert.Equal(t, 3, wf.value(tRelease))
	_, err = parseJRF("WF,XX")
	assert.Error(t, err)
}

// jrf finds the race in no more executions than dfs without a bound, and
// explores a correct program exhaustively.
func TestJRF(t *testing.T) {
	target := guidedTarget(t, "TestRacy")
	res, err := Explore(target, guidedOptions("jrf"), nil)
	require.NoError(t, err)
	require.Equal(t, "race", res.Verdict)
	assert.Equal(t, "jrf", res.FoundBy)
	o := guidedOptions("dfs")
	o.Preempt = -1
	dfs, err := Explore(target, o, nil)
	require.NoError(t, err)
	require.Equal(t, "race", dfs.Verdict)
	assert.LessOrEqual(t, res.Executions, dfs.Executions)

	res, err = Explore(verdictTarget(t, "TestOK"), guidedOptions("jrf"), nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict)
	assert.True(t, res.Exhaustive)
}

// Under jrf a location vt.Benign names is no race (h decides) and no
// write its heuristics count: the benign program explores to the end, ok.
func TestJRFBenign(t *testing.T) {
	dir, err := filepath.Abs("../race/testdata/corpus")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestNoRaceBenign", "")
	require.NoError(t, err)
	var benign []interp.Addr
	target := Target{Prog: prog, Pkg: pkg, Test: "TestNoRaceBenign", Root: 0, Name: "TestNoRaceBenign"}
	testCommitted = func(r *execResult) {
		if c, ok := r.sched.strategy.(*jrfChoice); ok {
			for a := range c.benigns {
				benign = append(benign, a)
			}
		}
	}
	defer func() { testCommitted = nil }()
	res, err := Explore(target, guidedOptions("jrf"), nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict)
	assert.True(t, res.Exhaustive)
	assert.NotEmpty(t, benign, "the jrf chooser heard of vt.Benign")
}
