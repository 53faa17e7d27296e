package interp

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

// microRun is what one run left: its output, outcome, and every event.
type microRun struct {
	stdout, stderr string
	code           int
	outcome        Outcome
	events         []string
}

// eventLog records every event of a run, with its goroutine, address and
// position.
type eventLog struct {
	prog   *Program
	addrs  map[Addr]int
	events []string
}

func (o *eventLog) Event(ev *Event) {
	g := -1
	if ev.G != nil {
		g = ev.G.ID()
	}
	// Addresses are the host's: numbered in the order they appear.
	a, ok := o.addrs[ev.Addr]
	if !ok {
		a = len(o.addrs)
		o.addrs[ev.Addr] = a
	}
	line := fmt.Sprintf("%d %v g%d a%d n%d seq%d %s", ev.Kind, ev.Op, g, a, ev.N, ev.Seq, o.prog.Position(ev.Pos))
	if ev.G != nil && (ev.Kind == EvRead || ev.Kind == EvWrite) {
		// The stack a race report would show: every frame's position.
		for _, f := range ev.G.Stack() {
			line += " < " + f.Func + "@" + o.prog.Position(f.Pos).String()
		}
	}
	o.events = append(o.events, line)
}

// runMicroBoth loads the main packages of patterns under dir twice, once
// without micro-code, and runs the main package named name in each with
// opts (watching every event if observe).
func runMicroBoth(t *testing.T, dir, name string, args []string, opts RunOptions, observe bool, patterns ...string) (closures, micro microRun) {
	t.Helper()
	run := func(noMicro bool) microRun {
		// A fresh program each time (Load caches its programs, which
		// compile their functions once).
		abs, err := filepath.Abs(dir)
		require.NoError(t, err)
		prog, err := load(abs, Config{Dir: abs}, patterns)
		require.NoError(t, err)
		prog.noMicro = noMicro
		var pkg *ssa.Package
		for _, p := range prog.Mains() {
			if filepath.Base(p.Pkg.Path()) == name || filepath.Base(filepath.Dir(p.Pkg.Path())) == name {
				pkg = p
			}
		}
		require.NotNil(t, pkg, "no main package %s", name)
		var r microRun
		var stdout, stderr bytes.Buffer
		o := opts
		o.Stdout, o.Stderr, o.Args, o.Outcome = &stdout, &stderr, append([]string{name}, args...), &r.outcome
		log := &eventLog{prog: prog, addrs: map[Addr]int{}}
		if observe {
			o.Observer = log
		}
		r.code, err = prog.RunMain(pkg, o)
		if r.outcome.Kind != StepLimited {
			require.NoError(t, err)
		}
		r.stdout, r.stderr, r.events = stdout.String(), stderr.String(), log.events
		if !noMicro {
			compiled := 0
			for _, f := range prog.funcList {
				if f.micro != nil {
					compiled++
				}
			}
			assert.Positive(t, compiled, "functions with micro-code")
		}
		return r
	}
	return run(true), run(false)
}

// requireSameRuns requires that two runs did the same: micro-code changes
// no output, no outcome, no step count and no event.
func requireSameRuns(t *testing.T, closures, micro microRun) {
	t.Helper()
	require.Equal(t, closures.stdout, micro.stdout, "stdout")
	require.Equal(t, closures.stderr, micro.stderr, "stderr")
	require.Equal(t, closures.code, micro.code, "exit code")
	require.Equal(t, closures.outcome.Kind, micro.outcome.Kind, "outcome")
	require.Equal(t, closures.outcome.Steps, micro.outcome.Steps, "steps")
	require.Equal(t, len(closures.events), len(micro.events), "number of events")
	for i := range closures.events {
		require.Equal(t, closures.events[i], micro.events[i], "event %d", i)
	}
}

// TestMicroSameAsClosures runs programs with and without micro-code: the
// same output, outcome and steps, and with an observer the same events
// (micro-code hands every memory access to its closure then).
func TestMicroSameAsClosures(t *testing.T) {
	// The benchmark programs (bench_test.go), at their test sizes.
	for _, p := range []struct {
		name string
		size int
	}{{"fib", 18}, {"sieve", 20_000}, {"wordfreq", 5_000}, {"strconvx", 2_000}, {"shapes", 20_000}, {"nbody", 1_000}} {
		t.Run(p.name, func(t *testing.T) {
			closures, micro := runMicroBoth(t, filepath.Join("testdata", "bench"), p.name, []string{strconv.Itoa(p.size)}, RunOptions{}, false, "./"+p.name+"/cmd")
			requireSameRuns(t, closures, micro)
			require.Regexp(t, `^-?[0-9]+\n$`, micro.stderr, "the checksum")
		})
	}
	t.Run("microcode", func(t *testing.T) {
		closures, micro := runMicroBoth(t, filepath.Join("testdata", "conformance"), "microcode", nil, RunOptions{}, false, "./microcode")
		requireSameRuns(t, closures, micro)
		assert.Contains(t, micro.stdout, "recovered: runtime error: index out of range [-1]")
	})
	t.Run("observed", func(t *testing.T) {
		closures, micro := runMicroBoth(t, filepath.Join("testdata", "conformance"), "microcode", nil, RunOptions{}, true, "./microcode")
		requireSameRuns(t, closures, micro)
		assert.Greater(t, len(micro.events), 1000, "events of an observed run")
	})
}

// TestMicroStepBound runs a loop that never ends and runs in micro-code
// only: the step bound stops it after as many steps as without.
func TestMicroStepBound(t *testing.T) {
	closures, micro := runMicroBoth(t, filepath.Join("testdata", "micro"), "spin", nil, RunOptions{MaxSteps: 100_000}, false, "./spin")
	requireSameRuns(t, closures, micro)
	require.Equal(t, StepLimited, micro.outcome.Kind, micro.outcome.Message)
	require.GreaterOrEqual(t, micro.outcome.Steps, int64(100_000))
}

// TestMicroPanicPosition dereferences nil in the middle of a loop of
// micro-code: the panic is the closure's, at the line of the dereference.
func TestMicroPanicPosition(t *testing.T) {
	closures, micro := runMicroBoth(t, filepath.Join("testdata", "micro"), "nilloop", nil, RunOptions{}, false, "./nilloop")
	requireSameRuns(t, closures, micro)
	require.Equal(t, 2, micro.code)
	assert.Contains(t, micro.stderr, "panic: runtime error: invalid memory address or nil pointer dereference")
	// Go's traceback: the line of the dereference, then the op's offset.
	assert.Regexp(t, regexp.MustCompile(`main\.sum\(\.\.\.\)\n\t.*nilloop/main\.go:11 \+0x[0-9a-f]+\n`), micro.stderr)
}

// TestMain makes every test of the package check that recycled frames
// need no reset (verifyPreloaded), unless it runs benchmarks, which measure
// the interpreter as vt runs it.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		verifyPreloaded = true
	}
	os.Exit(m.Run())
}

// TestRecycledFrameChecksPreloaded checks the check behind newFrame's
// recycling without a reset: a frame whose preloaded register was written
// is caught when it is reused.
func TestRecycledFrameChecksPreloaded(t *testing.T) {
	f := &function{name: "f", template: []value{{}, intVal(7), {r: []value{intVal(1)}}}, preloaded: []int{1, 2}}
	f.ready.Store(true)
	m := &machine{}
	g := &Goroutine{m: m}
	fr := m.newFrame(f)
	fr.g = g
	fr.regs[0] = intVal(3) // not preloaded: may hold anything
	m.release(fr)
	again := m.newFrame(f)
	require.Same(t, fr, again, "the frame is recycled")
	again.g = g
	again.regs[2] = value{r: []value{intVal(1)}} // equal, but another array
	m.release(again)
	require.PanicsWithValue(t, "interp: register 2 of a recycled frame of f was written (a preloaded register)", func() { m.newFrame(f) })
}

// TestMinstFillsALine keeps a micro instruction at one cache line.
func TestMinstFillsALine(t *testing.T) {
	require.Equal(t, uintptr(64), unsafe.Sizeof(minst{}))
}

// TestMicroWritesAreLogged runs a test that writes, in loops of
// micro-code, memory that existed before it: every run from the snapshot
// starts from the same values, so the undo log has every write.
func TestMicroWritesAreLogged(t *testing.T) {
	prog, err := Load(Config{Dir: filepath.Join("testdata", "micro", "snaplog"), Tests: true}, ".")
	require.NoError(t, err)
	pkg := testPackage(t, prog, "TestWrites")
	s, err := prog.SnapshotTest(pkg, "TestWrites", RunOptions{})
	require.NoError(t, err)
	for run := range 3 {
		var out strings.Builder
		require.NoError(t, s.Run(RunOptions{Stdout: &out, MaxSteps: 100_000}))
		assert.Equal(t, "100 {8 0.5 true} [0 1 2 3 4 5 6 7] 28 2\n", out.String(), "run %d", run)
	}
	var f *function
	for _, fn := range prog.funcList {
		if fn.ssa == pkg.Func("TestWrites") {
			f = fn
		}
	}
	require.NotNil(t, f)
	assert.NotNil(t, f.micro, "TestWrites has micro-code")
}

// TestMicroRegsValid checks the check that lets runMicro access registers
// and instructions without bounds checks: an instruction, an edge or a
// call naming a register outside the frame, or an edge to a pc outside
// the function, keeps the function's closures.
func TestMicroRegsValid(t *testing.T) {
	valid := []minst{
		{op: mAdd, d: 2, x: 0, y: 1},
		withEdges(minst{op: mJump}, medge{dsts: []int32{0}, srcs: []int32{2}, tmps: []int32{1}}),
		{op: mCall, d: -1, ext: &mext{args: []int32{0, 1}}},
		{op: mRet, x: -1},
	}
	require.True(t, microRegsValid(valid, 3))
	for name, in := range map[string]minst{
		"result":   {op: mAdd, d: 3},
		"operand":  {op: mAdd, y: 3},
		"negative": {op: mAdd, x: -2},
		"store":    {op: mStoreField, z: 7},
		"phi dst":  withEdges(minst{op: mJump}, medge{dsts: []int32{3}, srcs: []int32{0}}),
		"phi src":  withEdges(minst{op: mJump}, medge{dsts: []int32{0}, srcs: []int32{-1}}),
		"phi tmp":  withEdges(minst{op: mJump}, medge{dsts: []int32{0}, srcs: []int32{1}, tmps: []int32{3}}),
		"argument": {op: mCall, ext: &mext{args: []int32{0, 3}}},
		"target":   withEdges(minst{op: mJump}, medge{target: 5}),
		"target<0": withEdges(minst{op: mIf}, medge{target: 0}, medge{target: -1}),
	} {
		assert.False(t, microRegsValid(append(valid[:len(valid):len(valid)], in), 3), name)
	}
}
