package interp

import (
	"go/token"
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
	m       *machine
	fn      value
	args    []value
	pos     token.Pos
	clock   int64
	timers  []timer
	seq     int64
	seed    uint64
	nextGID int
	sync    map[*value]any
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
	cl := s.fn.r.(*closure)
	root := &frame{g: g, retDst: -1, barrier: true}
	root.native = func(*frame, value) *frame {
		m.endRoot([]*Goroutine{g})
		return nil
	}
	nf := m.newFrame(cl.fn)
	copy(nf.regs, s.args)
	copy(nf.regs[len(s.args):], cl.env)
	nf.g, nf.caller, nf.retDst = g, root, -1
	g.top = nf
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
