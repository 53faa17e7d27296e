package interp

// Running a test: a layer above the machine. The machine runs a root
// function; this driver decides which (the test, down to one subtest path),
// models its *testing.T (the state of models_testing.go) and reports the
// result as go test -v would.

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
)

type testState struct {
	results  []string // result lines of finished subtests, printed after this test's
	name     string
	depth    int
	failed   bool
	skipped  bool
	done     bool
	out      *strings.Builder
	helpers  map[*function]bool
	cleanups []value
	parent   *testState
	filter   []string // path of the one subtest to run below this test (nil: all)
}

// TestResult is the outcome of an interpreted test function.
type TestResult struct {
	Name    string
	Failed  bool
	Skipped bool
	// Output is what go test -v prints for the test: its === RUN and
	// --- PASS/FAIL/SKIP lines and its log lines, subtests included.
	Output string
}

// RunTest runs the test function name (a func(*testing.T)) of pkg, a
// package loaded with Config.Tests, after pkg's initialization. A name with
// slashes, "TestX/sub/case", runs TestX and, of its subtests, only those on
// that path (t.Run of any other subtest returns true without running it).
func (p *Program) RunTest(pkg *ssa.Package, name string, opts RunOptions) (TestResult, error) {
	r, err := p.testRoot(pkg, name)
	if err != nil {
		return TestResult{}, err
	}
	m := p.newMachine(opts)
	m.start(pkg, r)
	m.run()
	_, err = m.finish()
	return r.result(), err
}

// SnapshotTest runs the initialization of pkg (a package loaded with
// Config.Tests) and returns a snapshot after it: Run then runs the test
// name (as RunTest does, "TestX/sub" for one subtest path) as the root, with
// a fresh *testing.T each time; TestResult reports the last run's test.
func (p *Program) SnapshotTest(pkg *ssa.Package, name string, opts RunOptions) (*Snapshot, error) {
	r, err := p.testRoot(pkg, name)
	if err != nil {
		return nil, err
	}
	return p.snapshotAfterInit(pkg, opts, r)
}

// TestResult returns the outcome of the test of the snapshot's last run
// (SnapshotTest).
func (s *Snapshot) TestResult() TestResult {
	if r, ok := s.root.(*testRoot); ok {
		return r.result()
	}
	return TestResult{}
}

// testRoot runs a test function with a fresh *testing.T, through its
// driver (testDriver), down to one subtest path.
type testRoot struct {
	fn   *function
	path []string   // the test's name, then the subtest path
	last *testState // the state of the last run's test
}

func (p *Program) testRoot(pkg *ssa.Package, name string) (*testRoot, error) {
	path := strings.Split(name, "/")
	fn := pkg.Func(path[0])
	if fn == nil {
		return nil, fmt.Errorf("interp: package %s has no function %s", pkg.Pkg.Path(), path[0])
	}
	return &testRoot{fn: p.funcOf(fn), path: path}, nil
}

func (r *testRoot) frames(m *machine, g *Goroutine, bottom *frame) *frame {
	st := &testState{name: r.path[0], out: &strings.Builder{}}
	if len(r.path) > 1 {
		st.filter = r.path[1:]
	}
	r.last = st
	d := m.testDriver(st, value{r: &closure{fn: r.fn}}, m.newTestingT(st))
	d.g, d.caller = g, bottom
	return d
}

// result returns the outcome of the last run's test.
func (r *testRoot) result() TestResult {
	st := r.last
	if st == nil {
		return TestResult{}
	}
	return TestResult{Name: st.name, Failed: st.failed, Skipped: st.skipped, Output: st.out.String()}
}

// newTestingT allocates a *testing.T whose state is st.
func (m *machine) newTestingT(st *testState) value {
	tp := m.prog.SSA.ImportedPackage("testing")
	if tp == nil {
		panic(&UnsupportedError{What: "testing.T without package testing loaded"})
	}
	t := zero(m.prog.typeOf(tp.Pkg.Scope().Lookup("T").Type()))
	if m.tests == nil {
		m.tests = map[*value]*testState{}
	}
	m.tests[&t.elems()[0]] = st
	return value{r: &t}
}

// testDriver returns the bottom frame of a test's goroutine: it calls
// fn(t), then runs the cleanups, then reports the result and returns.
// Goexit (t.FailNow, t.SkipNow) stops unwinding at this frame.
func (m *machine) testDriver(st *testState, fn, t value) *frame {
	state := 0
	f := &function{prog: m.prog, name: "testing.tRunner", recoverPC: 0, id: -1}
	indent := strings.Repeat("    ", st.depth)
	f.code = []op{func(fr *frame) *frame {
		switch state {
		case 0:
			state = 1
			fmt.Fprintf(st.out, "=== RUN   %s\n", st.name)
			cl := fn.r.(*closure)
			nf := m.newFrame(cl.fn)
			nf.regs[0] = t
			copy(nf.regs[1:], cl.env)
			nf.g, nf.caller, nf.retDst = fr.g, fr, -1
			return nf
		case 1:
			if n := len(st.cleanups); n > 0 {
				c := st.cleanups[n-1]
				st.cleanups = st.cleanups[:n-1]
				cl := c.r.(*closure)
				nf := m.newFrame(cl.fn)
				copy(nf.regs, cl.env)
				nf.g, nf.caller, nf.retDst = fr.g, fr, -1
				return nf
			}
		}
		st.done = true
		verdict := "PASS"
		switch {
		case st.failed:
			verdict = "FAIL"
		case st.skipped:
			verdict = "SKIP"
		}
		line := fmt.Sprintf("%s--- %s: %s (0.00s)\n", indent, verdict, st.name)
		if p := st.parent; p != nil {
			if st.failed {
				p.failed = true
			}
			p.results = append(p.results, line)
			p.results = append(p.results, st.results...)
		} else {
			st.out.WriteString(line)
			for _, r := range st.results {
				st.out.WriteString(r)
			}
		}
		return fr.ret(value{})
	}}
	f.pos = []token.Pos{token.NoPos}
	f.ready.Store(true)
	return &frame{fn: f, code: f.code, regs: make([]value, 1), retDst: -1, barrier: true}
}

func (m *machine) testState(v value) *testState {
	p := v.ptr()
	if p == nil {
		panic(nilDeref)
	}
	st := m.tests[p]
	if st == nil {
		panic(&UnsupportedError{What: "testing.T not created by the interpreter"})
	}
	return st
}

// callSite returns "file:line: " of the first frame above fr that is not a
// helper of st.
func (m *machine) callSite(fr *frame, st *testState) string {
	for f := fr; f != nil; f = f.caller {
		if f.fn == nil || f.fn.ssa == nil || f.fn.ssa.Synthetic != "" || st.helpers[f.fn] {
			continue
		}
		pos := m.prog.position(f.callPos())
		return fmt.Sprintf("%s:%d: ", filepath.Base(pos.Filename), pos.Line)
	}
	return "???:1: "
}
