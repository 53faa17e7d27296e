package interp

// Running a test: a layer above the machine. The machine runs a root
// function; this driver decides which (the test, down to one subtest path),
// models its *testing.T or *testing.B (the state of models_testing.go) and
// reports the result as go test -v would.
//
// The driver does what testing.tRunner does, in the same order: it runs the
// test function; when the function has returned (or called runtime.Goexit
// through FailNow or SkipNow) it releases the parallel subtests that wait
// for it and waits for them; it cancels the test's context and runs its
// cleanups, last registered first; then the test is done, and the goroutine
// that waits in T.Run for it continues. The synchronization between a test
// and its subtests is reported as the channel operations Go's testing
// package performs (EvChanSend and EvChanRecv on the subtest's signal
// channel, EvChanClose and EvChanRecvClosed on the parent's barrier), so
// race detectors see the same edges as in Go.

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
)

type testState struct {
	results []string // result lines of finished subtests, printed after this test's
	name    string
	depth   int
	failed  bool
	skipped bool
	// finished: the test function returned, or called FailNow or SkipNow
	// on the test's goroutine. done: the test and its subtests are over,
	// cleanups included; logging or failing afterwards panics, as in Go.
	finished bool
	done     bool
	out      *strings.Builder
	helpers  map[*function]bool
	cleanups []cleanup
	parent   *testState
	filter   []string   // path of the one subtest to run below this test (nil: all)
	g        *Goroutine // the goroutine running the test function

	// Synchronization with the parent: the goroutine blocked in T.Run (or
	// B.Run) until this subtest ends or calls Parallel, and the counts of
	// sends and receives on the subtest's signal channel. sig and barrier
	// give the channels their identities in events.
	runWaiter    *waiter
	sends, recvs int64
	// synctest: the T of a testing/synctest bubble (testingSynctestTest):
	// it has its parent's name, reports nothing of its own, and refuses
	// Run, Parallel and Deadline as Go's does.
	synctest     bool
	sig, barrier value

	// Parallel subtests: parallel marks this one; subs are this test's
	// parallel subtests, paused those waiting for the barrier (this test's
	// function to return), running the number not yet done, and waiting
	// the driver waiting for them.
	parallel     bool
	denyParallel bool // t.Setenv was called
	barrierOpen  bool
	subs         []*testState
	paused       []*testState
	pausedAt     *frame // where this subtest called Parallel, while it waits
	running      int
	waiting      *frame

	// subNames and usedNames are the subtest names given so far, in a
	// top-level test (subtestName).
	subNames  map[string]int
	usedNames map[string]bool

	cleanupStarted bool
	ctx, cancel    value // t.Context() and its cancel function, once asked for
	loops          int   // calls of B.Loop
}

// cleanup is a function registered with t.Cleanup, or one of the model's
// own (t.Setenv's restore).
type cleanup struct {
	fn     value
	native func(*machine)
}

// clone copies the states of a run's tests, so that a snapshot's runs
// start from the tests as they were.
func cloneTests(tests map[*value]*testState) map[*value]*testState {
	copies := make(map[*testState]*testState, len(tests))
	var cp func(st *testState) *testState
	cp = func(st *testState) *testState {
		if st == nil {
			return nil
		}
		if c, ok := copies[st]; ok {
			return c
		}
		c := *st
		copies[st] = &c
		c.out = &strings.Builder{}
		c.out.WriteString(st.out.String())
		c.results = append([]string(nil), st.results...)
		c.cleanups = append([]cleanup(nil), st.cleanups...)
		c.subs = nil
		for _, s := range st.subs {
			c.subs = append(c.subs, cp(s))
		}
		c.paused = nil
		for _, s := range st.paused {
			c.paused = append(c.paused, cp(s))
		}
		c.parent = cp(st.parent)
		c.subNames, c.usedNames = maps.Clone(st.subNames), maps.Clone(st.usedNames)
		return &c
	}
	out := make(map[*value]*testState, len(tests))
	for p, st := range tests {
		out[p] = cp(st)
	}
	return out
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

// RunTest runs the test function name (a func(*testing.T), or a benchmark,
// a func(*testing.B)) of pkg, a package loaded with Config.Tests, after
// pkg's initialization. A name with slashes, "TestX/sub/case", runs TestX
// and, of its subtests, only those on that path (t.Run of any other subtest
// returns true without running it).
func (p *Program) RunTest(pkg *ssa.Package, name string, opts RunOptions) (TestResult, error) {
	r, err := p.testRoot(pkg, name)
	if err != nil {
		return TestResult{}, err
	}
	if opts.Dir == "" {
		opts.Dir = p.packageDir(pkg)
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
//
// The package is initialized once for all its tests: the state after the
// initialization is kept, and the snapshot of a later test of the package
// (with the same seed, arguments, environment and directory) reuses it,
// its machine rolled back to that state, when the snapshot of the earlier
// test was released (Snapshot.Release) — a test's runs start from the
// state after initialization either way, as every run of one test does.
// Without a release, or when another test's snapshot is in use, the
// package is initialized again for the new snapshot.
func (p *Program) SnapshotTest(pkg *ssa.Package, name string, opts RunOptions) (*Snapshot, error) {
	r, err := p.testRoot(pkg, name)
	if err != nil {
		return nil, err
	}
	if opts.Dir == "" {
		opts.Dir = p.packageDir(pkg)
	}
	key := newInitKey(pkg, opts)
	if s := p.reuseInit(key, r); s != nil {
		// The earlier test's run may have dropped the undo log: then the
		// package is initialized again now, before the test's budget
		// (with this test's options: the same key).
		s.initOpts = opts
		if err := s.initAgain(); err != nil {
			s.Release()
			return nil, err
		}
		return s, nil
	}
	s, err := p.snapshotAfterInit(pkg, opts, r)
	if err != nil {
		return nil, err
	}
	p.keepInit(key, s)
	return s, nil
}

// initKey names the initialization of a package by what it may depend on.
type initKey struct {
	pkg       *ssa.Package
	seed      int64
	dir, args string
	env       string
	loss      bool
	short     bool
}

func newInitKey(pkg *ssa.Package, opts RunOptions) initKey {
	return initKey{pkg: pkg, seed: opts.Seed, dir: opts.Dir, args: strings.Join(opts.Args, "\x00"),
		env: strings.Join(opts.Env, "\x00"), loss: opts.DatagramLoss, short: opts.Short}
}

// initEntry is a kept initialization: the first snapshot taken after it
// (whose machine, world and goroutines later snapshots share) and whether
// a snapshot of it is in use.
type initEntry struct {
	snap  *Snapshot
	inUse bool
}

// reuseInit returns a snapshot running r from the kept initialization
// key, marked in use, or nil if there is none or it is in use.
func (p *Program) reuseInit(key initKey, r root) *Snapshot {
	p.initsMu.Lock()
	defer p.initsMu.Unlock()
	e := p.inits[key]
	if e == nil || e.inUse {
		return nil
	}
	e.inUse = true
	base := e.snap
	// The machine is rolled back to the state after initialization by
	// the first run (Run), as between any two runs; the states reachable
	// at the snapshot depend on the root, and are made again.
	base.m.old = nil
	return &Snapshot{m: base.m, root: r, pos: base.pos, world: base.world, dropped: base.dropped, dir: base.dir, kept: e, reinit: base.reinit}
}

// keepInit keeps s, just taken after the initialization key, in use, for
// later tests, unless an initialization is kept for key already.
func (p *Program) keepInit(key initKey, s *Snapshot) {
	p.initsMu.Lock()
	defer p.initsMu.Unlock()
	if p.inits[key] != nil {
		return
	}
	if p.inits == nil {
		p.inits = map[initKey]*initEntry{}
	}
	e := &initEntry{snap: s, inUse: true}
	p.inits[key] = e
	s.kept = e
}

// Release says that s will not run again: when its package's
// initialization is kept (SnapshotTest), the memory goes back to the
// state after it and the next test's snapshot may reuse it. Release of
// any other snapshot does nothing.
func (s *Snapshot) Release() {
	if s == nil || s.kept == nil {
		return
	}
	s.rollback()
	p := s.m.prog
	p.initsMu.Lock()
	s.kept.inUse = false
	p.initsMu.Unlock()
	s.kept = nil
}

// packageDir returns the directory of pkg's source files ("" if unknown).
func (p *Program) packageDir(pkg *ssa.Package) string {
	for _, mem := range pkg.Members {
		if pos := mem.Pos(); pos.IsValid() {
			if f := p.SSA.Fset.File(pos); f != nil {
				return filepath.Dir(f.Name())
			}
		}
	}
	return ""
}

// TestResult returns the outcome of the test of the snapshot's last run
// (SnapshotTest).
func (s *Snapshot) TestResult() TestResult {
	if r, ok := s.root.(*testRoot); ok {
		return r.result()
	}
	return TestResult{}
}

// testRoot runs a test function with a fresh *testing.T (or *testing.B),
// through its driver (testDriver), down to one subtest path.
type testRoot struct {
	fn    *function
	bench bool       // a benchmark: its argument is a *testing.B
	path  []string   // the test's name, then the subtest path
	last  *testState // the state of the last run's test
}

func (p *Program) testRoot(pkg *ssa.Package, name string) (*testRoot, error) {
	path := strings.Split(name, "/")
	fn := pkg.Func(path[0])
	if fn == nil {
		return nil, fmt.Errorf("interp: package %s has no function %s", pkg.Pkg.Path(), path[0])
	}
	r := &testRoot{fn: p.funcOf(fn), path: path}
	if ps := fn.Signature.Params(); ps.Len() == 1 {
		if ptr, ok := ps.At(0).Type().(*types.Pointer); ok {
			if n, ok := ptr.Elem().(*types.Named); ok && n.Obj().Name() == "B" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
				r.bench = true
			}
		}
	}
	return r, nil
}

func (r *testRoot) frames(m *machine, g *Goroutine, bottom *frame) *frame {
	st := &testState{name: r.path[0], out: &strings.Builder{}}
	if len(r.path) > 1 {
		st.filter = r.path[1:]
	}
	r.last = st
	typ := "T"
	if r.bench {
		typ = "B"
	}
	d := m.testDriver(st, value{r: &closure{fn: r.fn}}, m.newTestingValue(st, typ))
	d.g, d.caller = g, bottom
	// go test runs the test on a goroutine T.Run created, while main
	// waits (traceback.go); the test's goroutine is not goroutine 1.
	g.origin = originTestRoot
	m.virtualMain = true
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

// newTestingValue allocates a *testing.T (typ "T") or *testing.B ("B")
// whose state is st. A B runs its loops once (N is 1).
func (m *machine) newTestingValue(st *testState, typ string) value {
	tp := m.pkg("testing")
	if tp == nil {
		panic(&UnsupportedError{What: "testing." + typ + " without package testing loaded"})
	}
	t := zero(m.prog.typeOf(tp.Pkg.Scope().Lookup(typ).Type()))
	if typ == "B" {
		t.elems()[fieldIndex(tp.Pkg.Scope().Lookup("B").Type(), "N")] = intVal(1)
	}
	if m.tests == nil {
		m.tests = map[*value]*testState{}
	}
	m.tests[&t.elems()[0]] = st
	return value{r: &t}
}

// testDriverName is the name of a test's driver frame: the function of
// Go's testing package whose work it does (tracebacks show it so).
const testDriverName = "testing.tRunner"

// The states of a test's driver.
const (
	drvStart    = iota // run the test function
	drvReturned        // the function returned or called Goexit: release the parallel subtests
	drvSubsDone        // the parallel subtests are done
	drvCleanup         // cancel the context, run the cleanups
	drvDone            // report
)

// testDriver returns the bottom frame of a test's goroutine (see the top
// of this file). Goexit (t.FailNow, t.SkipNow) stops unwinding at this
// frame.
func (m *machine) testDriver(st *testState, fn, t value) *frame {
	state := drvStart
	f := &function{prog: m.prog, name: testDriverName, recoverPC: 0, id: -1}
	indent := strings.Repeat("    ", st.depth)
	f.code = []op{func(fr *frame) *frame {
		switch state {
		case drvStart:
			state = drvReturned
			st.g = fr.g
			if !st.synctest {
				fmt.Fprintf(st.out, "=== RUN   %s\n", st.name)
			}
			cl := fn.r.(*closure)
			nf := m.newFrame(cl.fn)
			nf.regs[0] = t
			copy(nf.regs[1:], cl.env)
			nf.g, nf.caller, nf.retDst = fr.g, fr, -1
			return nf
		case drvReturned:
			// Returned normally, or FailNow or SkipNow: in Go, a Goexit
			// of another kind is "test executed panic(nil) or
			// runtime.Goexit"; vt lets it end the test as FailNow does.
			st.finished = true
			state = drvSubsDone
			if len(st.subs) > 0 {
				// close(t.barrier): the parallel subtests run now.
				st.barrierOpen = true
				m.emit(fr, Event{Kind: EvChanClose, Addr: addrOf(&st.barrier), Pos: fr.pos()})
				for _, sub := range st.paused {
					pf := sub.pausedAt
					sub.pausedAt = nil
					m.emit(nil, Event{Kind: EvChanRecvClosed, G: pf.g, Addr: addrOf(&st.barrier), Pos: pf.pos()})
					fmt.Fprintf(st.out, "=== CONT  %s\n", sub.name)
					pf.pc++
					pf.g.wake()
				}
				st.paused = nil
				if st.running > 0 {
					st.waiting = fr
					return fr.block(OpTestRun, fr.pos())
				}
			}
			fallthrough
		case drvSubsDone:
			// <-sub.signal for each parallel subtest.
			for _, sub := range st.subs {
				m.emit(fr, Event{Kind: EvChanRecv, Addr: addrOf(&sub.sig), Seq: sub.recvs, Cap: 1, Pos: fr.pos()})
				sub.recvs++
			}
			state = drvCleanup
			st.cleanupStarted = true
			if cancel := st.cancel; cancel.r != nil {
				// The context is canceled just before the cleanups run.
				st.cancel = value{}
				return m.callFrom(fr, cancel)
			}
			fallthrough
		case drvCleanup:
			for len(st.cleanups) > 0 {
				c := st.cleanups[len(st.cleanups)-1]
				st.cleanups = st.cleanups[:len(st.cleanups)-1]
				if c.native != nil {
					c.native(m)
					continue
				}
				return m.callFrom(fr, c.fn)
			}
			state = drvDone
		}
		st.cleanupStarted = false
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
			if !st.synctest {
				p.results = append(p.results, line)
			}
			p.results = append(p.results, st.results...)
			m.testEnded(fr, st)
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

// callFrom calls the function value fn() from the driver frame fr, to
// which it returns.
func (m *machine) callFrom(fr *frame, fn value) *frame {
	cl := fn.r.(*closure)
	nf := m.newFrame(cl.fn)
	copy(nf.regs, cl.env)
	nf.g, nf.caller, nf.retDst = fr.g, fr, -1
	return nf
}

// signal is t.signal <- v in the subtest st's goroutine (fr): it releases
// the goroutine waiting in T.Run, if any, whose Run returns !st.failed.
func (m *machine) signal(fr *frame, st *testState) {
	m.emit(fr, Event{Kind: EvChanSend, Addr: addrOf(&st.sig), Seq: st.sends, Cap: 1, Pos: fr.pos()})
	st.sends++
	w := st.runWaiter
	if w == nil {
		return
	}
	st.runWaiter = nil
	m.emit(nil, Event{Kind: EvChanRecv, G: w.g, Addr: addrOf(&st.sig), Seq: st.recvs, Cap: 1, Pos: w.fr.pos()})
	st.recvs++
	w.fr.regs[w.dst] = boolVal(!st.failed)
	w.fr.pc++
	w.g.wake()
}

// testEnded tells the parent of the subtest st, which is done, that it
// ended: a sequential subtest releases its T.Run, a parallel one counts
// down the subtests its parent's driver waits for.
func (m *machine) testEnded(fr *frame, st *testState) {
	if !st.parallel {
		m.signal(fr, st)
		return
	}
	m.emit(fr, Event{Kind: EvChanSend, Addr: addrOf(&st.sig), Seq: st.sends, Cap: 1, Pos: fr.pos()})
	st.sends++
	p := st.parent
	p.running--
	if p.running == 0 && p.waiting != nil {
		w := p.waiting
		p.waiting = nil
		w.g.wake()
	}
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

// testPanic panics in the interpreted program with Go's message s.
func (m *machine) testPanic(s string) {
	panic(&panicValue{m.anyString(s)})
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
