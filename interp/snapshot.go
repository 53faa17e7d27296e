package interp

// Snapshots. A tool that runs the same function many times (vt explores
// the executions of one vt.Check call) takes a snapshot when the run
// reaches it, and runs the function again from that state as often as
// needed (the undo log of undo.go puts memory back).

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

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
