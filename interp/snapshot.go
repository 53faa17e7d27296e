package interp

// Snapshots. A tool that runs the same function many times (vt explores
// the executions of one vt.Check call) takes a snapshot when the run
// reaches it, and runs the function again from that state as often as
// needed (the undo log of undo.go puts memory back).

import (
	"fmt"
	"go/token"
	"maps"
	"unsafe"

	"github.com/vtcheck/vt/interp/vos"
	"golang.org/x/tools/go/ssa"
)

// Snapshot is the state of a run at a point where a tool asked for it
// (HookAction.Snapshot, or after package initialization: SnapshotMain,
// SnapshotTest); Run runs the snapshot's root from that state, as often as
// needed.
type Snapshot struct {
	m     *machine
	root  root      // what each run runs
	pos   token.Pos // where the root's goroutine was created
	world world     // the world at the snapshot (memory: the undo log)
	// dropped are the goroutines alive at the snapshot that its runs do
	// not have (Dropped).
	dropped []GoroutineInfo
	dir     string // the working directory of its runs (RunOptions.Dir)
	// old are the objects reachable at the snapshot, for HashState (made
	// by the first run that hashes states).
	old map[unsafe.Pointer]uint64
	// kept is the kept initialization s runs from (SnapshotTest), until
	// Release.
	kept *initEntry
	// rootID is the id of the goroutine whose call a hook made the root
	// (0: the next id): the root runs as that goroutine's call would.
	rootID int
	// reinit initializes again with initOpts (snapshots after
	// initialization only): the state after it replaces the machine whose
	// undo log was dropped.
	reinit   func(RunOptions) (*Snapshot, error)
	initOpts RunOptions
}

// Dropped returns the goroutines that were alive when the snapshot was
// taken, other than the one that took it and tests blocked in t.Run
// around it: a snapshot's runs start with its root alone, so these do not
// run in them (a server started before the snapshot does not serve).
func (s *Snapshot) Dropped() []GoroutineInfo { return s.dropped }

// takeSnapshot takes a snapshot of m's current state, with root to run,
// and starts logging writes.
func (m *machine) takeSnapshot(r root, pos token.Pos) *Snapshot {
	m.materializeOS()
	s := &Snapshot{m: m, root: r, pos: pos, world: m.world.clone(), dir: m.opts.Dir}
	for _, g := range m.gs {
		if g != m.cur && g.pending != OpTestRun && g.status != gDone {
			s.dropped = append(s.dropped, g.info(g.pending))
		}
	}
	m.logging = true
	clear(m.fresh)
	m.epoch++
	m.undo.reset()
	m.undoBytes = m.undoBytes[:0]
	clear(m.undoRanges)
	m.undoRanges = m.undoRanges[:0]
	m.undoRangeBytes = 0
	m.undoBytesWeak = nil
	m.undoWeak = m.undoWeak[:0]
	clear(m.undoSeen)
	m.undoCompactAt = 0
	return s
}

// clone returns a copy of w that shares nothing that runs change: the
// states of sync objects, timers (and the timers' table, which points at
// the copies) and the side tables are copied.
func (w *world) clone() world {
	c := *w
	copies := make(map[*timer]*timer, len(w.timers))
	c.timers = make(timerHeap, len(w.timers))
	for i, t := range w.timers {
		ct := *t
		ct.ctx = nil // a context is a goroutine of one run
		c.timers[i] = &ct
		copies[t] = &ct
	}
	c.timerObjs = make(map[*value]*timer, len(w.timerObjs))
	for p, t := range w.timerObjs {
		ct := copies[t]
		if ct == nil { // a stopped timer
			x := *t
			x.ctx = nil
			ct = &x
		}
		c.timerObjs[p] = ct
	}
	c.watched, c.chanTimers = nil, nil // derived: rebuilt from the copies
	c.syncObjs = make(map[*value]any, len(w.syncObjs))
	for p, st := range w.syncObjs {
		if cl, ok := st.(cloner); ok {
			st = cl.clone()
		}
		c.syncObjs[p] = st
	}
	c.funcObjs = maps.Clone(w.funcObjs)
	c.coros = make(map[*value]*coroState, len(w.coros))
	for p, cs := range w.coros {
		cc := *cs
		c.coros[p] = &cc
	}
	c.tests = cloneTests(w.tests)
	c.models = cloneModelStates(w.models)
	c.osys = *w.osys.Clone()
	return c
}

// cloneNoOS is clone without the virtual OS, which is left not started.
func (w *world) cloneNoOS() world {
	osys := w.osys
	w.osys = vos.Kernel{}
	c := w.clone()
	w.osys = osys
	return c
}

// cloner is implemented by the states of sync objects.
type cloner interface{ clone() any }

// rollback puts memory back as it was when the snapshot was taken (a
// machine whose undo log was dropped is replaced by initAgain instead).
func (s *Snapshot) rollback() {
	m := s.m
	if m.undoDropped {
		return
	}
	m.undo.undo()
	m.undo.reset()
	m.rollbackBytes()
	clear(m.fresh)
	m.undoBytesScanned, m.undoRangesScanned = 0, 0
	// The compacted entries are older than the rest; each cell is there
	// once, with its value at the snapshot.
	for _, w := range m.undoWeak {
		if p := w.p.Value(); p != nil {
			*p = w.old
		}
	}
	clear(m.undoWeak)
	m.undoWeak = m.undoWeak[:0]
	clear(m.undoSeen)
	m.undoCompactAt = 0
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
}

// Run runs the snapshot's root once more from the snapshot's state, with
// opts' scheduler, observer, hooks, step bound and outcome; as for
// HookAction.Root, the run ends when the root has returned and the
// goroutines it created have finished or are blocked. Runs of one
// snapshot must not overlap.
func (s *Snapshot) Run(opts RunOptions) error {
	if err := s.initAgain(); err != nil {
		return err
	}
	s.rollback()
	m := s.m
	m.world = s.world.cloneNoOS()
	if opts.Dir == "" {
		opts.Dir = s.dir
	}
	m.configure(opts)
	// The virtual OS is copied when the run first uses it (machine.vos):
	// s.world does not change before the run ends.
	m.osysFrom = &s.world.osys
	m.undoDroppable = s.reinit != nil && !opts.HashStates
	if opts.HashStates {
		if s.old == nil {
			s.old = m.reachable(s.root)
		}
		m.old = s.old
	}
	g := m.newGoroutineID(nil, nil, s.pos, s.rootID)
	m.main = g
	bottom := &frame{g: g, retDst: -1, barrier: true}
	bottom.native = func(*frame, value) *frame {
		m.endRoot([]*Goroutine{g})
		return nil
	}
	g.top = s.root.frames(m, g, bottom)
	m.run()
	_, err := m.finish()
	return err
}

// SnapshotMain runs the initialization of the main package pkg and returns
// a snapshot of the state after it: Run then runs main as the root, each
// time from that state, without initializing again.
func (p *Program) SnapshotMain(pkg *ssa.Package, opts RunOptions) (*Snapshot, error) {
	r, err := p.mainRoot(pkg)
	if err != nil {
		return nil, err
	}
	return p.snapshotAfterInit(pkg, opts, r)
}

// snapshotAfterInit runs the initialization of pkg and returns a snapshot
// after it, whose runs run r.
func (p *Program) snapshotAfterInit(pkg *ssa.Package, opts RunOptions, r root) (*Snapshot, error) {
	m := p.newMachine(opts)
	g := m.newGoroutine(nil, nil, token.NoPos)
	m.main = g
	var snap *Snapshot
	stop := &frame{g: g, retDst: -1}
	stop.native = func(*frame, value) *frame {
		snap = m.takeSnapshot(r, token.NoPos)
		if len(m.gs) == 1 {
			// Initialization started no goroutine: the root is goroutine
			// 1, as main is in Go; a test is goroutine 2, as go test's
			// main is goroutine 1 (traceback.go).
			snap.world.nextGID = 0
			if _, ok := r.(*testRoot); ok {
				snap.world.nextGID = mainGoroutineID
			}
		}
		m.exited = true
		return nil
	}
	if top := m.initFrames(pkg, g, stop); top != stop {
		g.top = top
		m.run()
	} else {
		stop.native(stop, value{})
	}
	if _, err := m.finish(); err != nil {
		return nil, err
	}
	if snap != nil {
		snap.reinit = func(o RunOptions) (*Snapshot, error) { return p.snapshotAfterInit(pkg, o, r) }
		snap.initOpts = opts
	}
	if snap == nil {
		return nil, fmt.Errorf("interp: the initialization of %s did not complete (outcome: %s)", pkg.Pkg.Path(), m.outcome.Kind)
	}
	return snap, nil
}

// initAgain replaces the machine of s, if its undo log was dropped
// (dropUndo), by a new one initialized again, as the first one was: its
// memory cannot be put back.
func (s *Snapshot) initAgain() error {
	if !s.m.undoDropped {
		return nil
	}
	if s.reinit == nil {
		return fmt.Errorf("interp: the undo log of a snapshot that cannot initialize again was dropped")
	}
	ns, err := s.reinit(s.initOpts)
	if err != nil {
		return fmt.Errorf("interp: initializing again (the last run's undo log outgrew its bound): %w", err)
	}
	s.m, s.world, s.dropped, s.pos, s.dir, s.old = ns.m, ns.world, ns.dropped, ns.pos, ns.dir, nil
	if s.kept != nil {
		s.m.prog.initsMu.Lock()
		s.kept.snap = ns
		s.m.prog.initsMu.Unlock()
	}
	return nil
}
