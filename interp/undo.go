package interp

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Snapshots. A tool that runs the same function many times (vt explores
// the executions of one vt.Check call) asks for a snapshot when the run
// reaches the call (HookAction.Snapshot). From then on every write to
// memory that existed before is logged (the cell and its old value; maps and
// channels are copied on their first change), so that Snapshot.Run can put
// memory back as it was and run the function again without re-running
// package initialization and the code before the call.

type undoRec struct {
	p   *value
	old value
}

type mapSnap struct {
	m       *mapObj
	index   map[any]int
	entries []mapEntry
	live    int
}

type chanSnap struct {
	c    *chanObj
	copy chanObj
	buf  []value
}

// set assigns v to the cell p, logging the old value while a snapshot is
// active.
func (m *machine) set(p *value, v value) {
	if m.logging {
		m.undo = append(m.undo, undoRec{p, *p})
	}
	*p = v
}

// store assigns v of type t to the cell p (see storeVal), logging the cells
// it changes while a snapshot is active.
func (m *machine) store(p *value, v value, t *rtype) {
	if !m.logging {
		storeVal(p, v, t)
		return
	}
	if !t.aggregate {
		m.undo = append(m.undo, undoRec{p, *p})
		*p = v
		return
	}
	dst := p.elems()
	if dst == nil {
		m.undo = append(m.undo, undoRec{p, *p})
		*p = copyVal(v, t)
		return
	}
	src := v.elems()
	for i := range src {
		et := t.elem
		if t.kind == kStruct {
			et = t.fields[i].typ
		}
		m.store(&dst[i], src[i], et)
	}
}

// touchMap saves mo before its first change since the snapshot.
func (m *machine) touchMap(mo *mapObj) {
	if !m.logging || mo.epoch == m.epoch {
		return
	}
	mo.epoch = m.epoch
	idx := make(map[any]int, len(mo.index))
	for k, v := range mo.index {
		idx[k] = v
	}
	m.undoMaps = append(m.undoMaps, mapSnap{m: mo, index: idx, entries: append([]mapEntry(nil), mo.entries...), live: mo.live})
}

// touchChan saves ch before its first change since the snapshot.
func (m *machine) touchChan(ch *chanObj) {
	if !m.logging || ch.epoch == m.epoch {
		return
	}
	ch.epoch = m.epoch
	m.undoChans = append(m.undoChans, chanSnap{c: ch, copy: *ch, buf: append([]value(nil), ch.buf...)})
}

// Snapshot is the state of a run when it reached a root call that asked for
// it (HookAction.Snapshot); Run repeats the root call from that state.
type Snapshot struct {
	m    *machine
	fn   value
	args []value
	pos  token.Pos
	// start, if set, builds the root's frames for a run (in place of
	// calling fn(args...)) under the root frame.
	start    func(m *machine, g *Goroutine, root *frame) *frame
	lastTest *testState
	clock    int64
	timers   []timer
	seq      int64
	seed     uint64
	nextGID  int
	sync     map[*value]any
}

// takeSnapshot starts logging writes; the state is the current one.
func (m *machine) takeSnapshot(fn value, args []value, pos token.Pos) *Snapshot {
	s := &Snapshot{m: m, fn: fn, args: args, pos: pos, clock: m.clock, seq: m.timerSeq, seed: m.seed, nextGID: m.nextGID}
	for _, t := range m.timers {
		s.timers = append(s.timers, *t)
	}
	s.sync = cloneSync(m.syncObjs)
	m.logging = true
	m.epoch++
	m.undo = m.undo[:0]
	return s
}

// cloner is implemented by the states of sync objects.
type cloner interface{ clone() any }

func cloneSync(objs map[*value]any) map[*value]any {
	out := make(map[*value]any, len(objs))
	for k, v := range objs {
		if c, ok := v.(cloner); ok {
			v = c.clone()
		}
		out[k] = v
	}
	return out
}

// rollback puts memory back as it was when the snapshot was taken.
func (s *Snapshot) rollback() {
	m := s.m
	for i := len(m.undo) - 1; i >= 0; i-- {
		r := m.undo[i]
		*r.p = r.old
	}
	m.undo = m.undo[:0]
	for i := len(m.undoMaps) - 1; i >= 0; i-- {
		ms := m.undoMaps[i]
		ms.m.index, ms.m.entries, ms.m.live = ms.index, ms.entries, ms.live
	}
	m.undoMaps = m.undoMaps[:0]
	for i := len(m.undoChans) - 1; i >= 0; i-- {
		cs := m.undoChans[i]
		*cs.c = cs.copy
		cs.c.buf = append(cs.c.buf[:0], cs.buf...)
	}
	m.undoChans = m.undoChans[:0]
	m.epoch++
	m.clock, m.timerSeq, m.seed, m.nextGID = s.clock, s.seq, s.seed, s.nextGID
	m.timers = m.timers[:0]
	for _, t := range s.timers {
		t := t
		m.timers = append(m.timers, &t)
	}
	m.syncObjs = cloneSync(s.sync)
}

// Run runs the snapshot's root call once more from the snapshot's state,
// with opts' scheduler, observer, hooks, step bound and outcome; as for
// HookAction.Root, the run ends when the call has returned and the
// goroutines it created have finished or are blocked forever. Runs of one
// snapshot must not overlap.
func (s *Snapshot) Run(opts RunOptions) error {
	s.rollback()
	m := s.m
	m.reset(opts)
	g := m.newGoroutine(nil, s.pos)
	m.main = g
	root := &frame{g: g, retDst: -1, barrier: true}
	root.native = func(*frame, value) *frame {
		m.endRoot([]*Goroutine{g})
		return nil
	}
	if s.start != nil {
		g.top = s.start(m, g, root)
	} else {
		cl := s.fn.r.(*closure)
		nf := m.newFrame(cl.fn)
		copy(nf.regs, s.args)
		copy(nf.regs[len(s.args):], cl.env)
		nf.g, nf.caller, nf.retDst = g, root, -1
		g.top = nf
	}
	m.run()
	_, err := m.finish()
	return err
}

// reset prepares the machine for another run with opts.
func (m *machine) reset(opts RunOptions) {
	out := m.stdout
	errw := m.stderr
	keep := *m
	*m = machine{prog: keep.prog, opts: opts, sched: opts.Scheduler, obs: opts.Observer, maxSteps: opts.MaxSteps,
		stdout: out, stderr: errw, globals: keep.globals, tmpl: keep.tmpl, free: keep.free,
		clock: keep.clock, timers: keep.timers, timerSeq: keep.timerSeq, seed: keep.seed, nextGID: keep.nextGID,
		syncObjs: keep.syncObjs, timerObjs: keep.timerObjs, funcObjs: keep.funcObjs, tests: keep.tests, coros: keep.coros,
		logging: keep.logging, epoch: keep.epoch, undo: keep.undo, undoMaps: keep.undoMaps, undoChans: keep.undoChans}
	m.watchMem = m.obs != nil && !opts.IgnoreMemory
	if m.sched == nil {
		m.sched = &DefaultScheduler{}
	}
	if opts.Stdout != nil {
		m.stdout.Reset(opts.Stdout)
	}
	if opts.Stderr != nil {
		m.stderr = opts.Stderr
	}
}

// SnapshotMain runs the initialization of the main package pkg and returns
// a snapshot of the state after it: Run then runs main as the root, each
// time from that state, without initializing again.
func (p *Program) SnapshotMain(pkg *ssa.Package, opts RunOptions) (*Snapshot, error) {
	mainFn := pkg.Func("main")
	if mainFn == nil {
		return nil, fmt.Errorf("interp: package %s has no main function", pkg.Pkg.Path())
	}
	f := p.funcOf(mainFn)
	return p.snapshotAfterInit(pkg, opts, func(m *machine, g *Goroutine, root *frame) *frame {
		nf := m.newFrame(f)
		nf.g, nf.caller, nf.retDst = g, root, -1
		return nf
	}, nil)
}

// SnapshotTest runs the initialization of pkg (a package loaded with
// Config.Tests) and returns a snapshot after it: Run then runs the test
// name (as RunTest does, "TestX/sub" for one subtest path) as the root, with
// a fresh *testing.T each time; TestResult reports the last run's test.
func (p *Program) SnapshotTest(pkg *ssa.Package, name string, opts RunOptions) (*Snapshot, error) {
	path := strings.Split(name, "/")
	fn := pkg.Func(path[0])
	if fn == nil {
		return nil, fmt.Errorf("interp: package %s has no function %s", pkg.Pkg.Path(), path[0])
	}
	var s *Snapshot
	f := p.funcOf(fn)
	s, err := p.snapshotAfterInit(pkg, opts, func(m *machine, g *Goroutine, root *frame) *frame {
		st := &testState{name: path[0], out: &strings.Builder{}}
		if len(path) > 1 {
			st.filter = path[1:]
		}
		s.lastTest = st
		d := m.testDriver(st, value{r: &closure{fn: f}}, m.newTestingT(st))
		d.g, d.caller = g, root
		return d
	}, func(sn *Snapshot) { s = sn })
	return s, err
}

// TestResult returns the outcome of the test of the snapshot's last run
// (SnapshotTest).
func (s *Snapshot) TestResult() TestResult {
	st := s.lastTest
	if st == nil {
		return TestResult{}
	}
	return TestResult{Name: st.name, Failed: st.failed, Skipped: st.skipped, Output: st.out.String()}
}

func (p *Program) snapshotAfterInit(pkg *ssa.Package, opts RunOptions, start func(*machine, *Goroutine, *frame) *frame, early func(*Snapshot)) (*Snapshot, error) {
	m := p.newMachine(opts)
	g := m.newGoroutine(nil, token.NoPos)
	m.main = g
	var snap *Snapshot
	stop := &frame{g: g, retDst: -1}
	stop.native = func(*frame, value) *frame {
		snap = m.takeSnapshot(value{}, nil, token.NoPos)
		snap.start = start
		if len(m.gs) == 1 {
			// Initialization started no goroutine: the root is goroutine
			// 1, as main is in Go.
			snap.nextGID = 0
		}
		if early != nil {
			early(snap)
		}
		m.exited = true
		return nil
	}
	g.top = stop
	if initFn := pkg.Func("init"); initFn != nil {
		inf := m.newFrame(p.funcOf(initFn))
		inf.g, inf.caller, inf.retDst = g, stop, -1
		g.top = inf
		m.run()
	} else {
		stop.native(stop, value{})
	}
	if _, err := m.finish(); err != nil {
		return nil, err
	}
	if snap == nil {
		return nil, fmt.Errorf("interp: the initialization of %s did not complete (outcome: %s)", pkg.Pkg.Path(), m.outcome.Kind)
	}
	return snap, nil
}
