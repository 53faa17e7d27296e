package interp

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
)

// machine is one run of a program.
type machine struct {
	prog  *Program
	opts  RunOptions
	sched Scheduler
	obs   Observer
	// watchMem: the observer wants memory events (EvRead, EvWrite,
	// EvAlloc); their producers test it before building them.
	watchMem bool
	stdout   *bufio.Writer
	stderr   io.Writer

	gs      []*Goroutine // live goroutines, by id
	cur     *Goroutine
	nextGID int
	main    *Goroutine

	globals []*value
	tmpl    [][]value // per function id: initial registers

	steps    int64
	maxSteps int64

	exited   bool
	exitCode int
	mainDone bool
	err      error

	clock    int64 // virtual time in nanoseconds since the epoch
	timers   timerHeap
	timerSeq int64

	seed     uint64
	runnable []*Goroutine // scratch
	free     [][]*frame   // per function id: returned frames for reuse

	syncObjs  map[*value]any    // state of sync objects, by address
	timerObjs map[*value]*timer // runtime timers of time.Timer values
	outcome   Outcome
	ev        Event // the event being reported (reused)
	funcObjs  map[*value]*function
	coros     map[*value]*coroState

	logging   bool // a snapshot is active: log writes (undo.go)
	epoch     int  // maps and channels changed in this epoch are saved already
	undo      []undoRec
	undoMaps  []mapSnap
	undoChans []chanSnap
	tests     map[*value]*testState // testing.common state, by address
}

func (p *Program) newMachine(opts RunOptions) *machine {
	m := &machine{prog: p, opts: opts, sched: opts.Scheduler, obs: opts.Observer, maxSteps: opts.MaxSteps}
	m.watchMem = m.obs != nil && !opts.IgnoreMemory
	if m.sched == nil {
		m.sched = &DefaultScheduler{}
	}
	out := opts.Stdout
	if out == nil {
		out = io.Discard
	}
	m.stdout = bufio.NewWriterSize(out, 4096)
	m.stderr = opts.Stderr
	if m.stderr == nil {
		m.stderr = io.Discard
	}
	m.seed = uint64(opts.Seed)
	m.clock = virtualEpoch
	return m
}

func (m *machine) finish() (int, error) {
	m.stdout.Flush()
	m.outcome.Steps = m.steps
	if m.opts.Outcome != nil {
		*m.opts.Outcome = m.outcome
	}
	if m.err != nil {
		return 2, m.err
	}
	return m.exitCode, nil
}

// run executes goroutines until the program ends.
func (m *machine) run() {
	m.cur = m.main
	for !m.exited {
		g := m.cur
		if g.status == gRunnable && g.top != nil {
			m.exec(g)
			if m.exited {
				break
			}
		}
		if !m.schedule() {
			break
		}
	}
}

// exec runs g until an op returns nil, converting panics raised by op
// implementations into interpreted panics or tool errors.
func (m *machine) exec(g *Goroutine) {
	fr := g.top
	for fr != nil {
		fr = m.execSlice(fr)
	}
}

func (m *machine) execSlice(fr *frame) (next *frame) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		next = m.hostPanic(fr, r)
	}()
	for fr != nil {
		fr = fr.code[fr.pc](fr)
	}
	return nil
}

// hostPanic handles a Go panic raised while executing an op of fr.
func (m *machine) hostPanic(fr *frame, r any) *frame {
	switch e := r.(type) {
	case runtimeError:
		return fr.g.startPanic(fr, m.runtimeErrorValue(e))
	case *panicValue:
		return fr.g.startPanic(fr, e.v)
	case exitError:
		m.exit(e.code)
		return nil
	case *UnsupportedError:
		if !e.Pos.IsValid() {
			e.Pos = m.prog.position(fr.pos())
		}
		if e.Stack == nil {
			e.Stack = m.stackStrings(fr)
			if len(e.Stack) > 0 && e.Pos == m.prog.position(fr.pos()) {
				e.Stack = e.Stack[1:]
			}
		}
		m.fail(e)
		return nil
	case *StepLimitError:
		fr.g.top = fr
		m.outcome = Outcome{Kind: StepLimited, Message: e.Error(), Steps: m.steps, AfterMain: m.mainDone}
		for _, g := range m.gs {
			op := g.pending
			if g == fr.g {
				op = OpRunning
			}
			m.outcome.Goroutines = append(m.outcome.Goroutines, g.info(op))
		}
		m.fail(e)
		return nil
	}
	m.fail(fmt.Errorf("interp: internal error at %s in %s: %v\n%s", m.prog.position(fr.pos()), fr.fn.name, r, debug.Stack()))
	return nil
}

func (m *machine) fail(err error) {
	if m.err == nil {
		m.err = err
	}
	m.exited = true
}

func (m *machine) exit(code int) {
	m.exitCode = code
	m.exited = true
	m.outcome.ExitCode = code
	m.outcome.Steps = m.steps
}

// --- panics ---

// --- virtual time ---
