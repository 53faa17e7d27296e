package interp

// The machine: its state, and the loop that runs goroutines until the
// program ends.

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
	"unsafe"
	"weak"

	modelapi "github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

// machine runs a program: one run, or the runs of a snapshot one after
// the other. Its state is in five parts, so that what a new run resets and
// what a snapshot restores is decided per part, never per field (see
// snapshot.go; TestMachineStateClassified keeps it so).
type machine struct {
	prog *Program
	runConfig
	runState
	world
	memory
	caches
}

// runConfig is a run's configuration, from its RunOptions: set for every
// run.
type runConfig struct {
	opts  RunOptions
	sched Scheduler
	// rsched is sched if it is a RunnableScheduler (else nil).
	rsched RunnableScheduler
	obs    Observer
	// watchMem: the observer wants memory events (EvRead, EvWrite,
	// EvAlloc); their producers test it before building them.
	watchMem bool
	watchNew bool // the observer wants EvNew too (RunOptions.ReportNew)
	maxSteps int64
	stdout   *bufio.Writer
	stderr   io.Writer
	// old are the objects of the snapshot the run started from, reachable
	// when it was taken (RunOptions.HashStates; see statehash.go).
	old map[unsafe.Pointer]uint64
}

// runState is the progress of a run: new (zero) at the start of every run.
type runState struct {
	gs []*Goroutine // live goroutines, by id
	// osysFrom, if set, is the kernel of the snapshot the run started
	// from, which world.osys is a copy of once the run uses it
	// (machine.vos): most runs never do, and do not pay for the copy.
	osysFrom *vos.Kernel
	// runnableOK: machine.runnable is the runnable set (no goroutine
	// started, blocked, woke or ended since schedule built it).
	runnableOK bool
	// runnableVer is the version of machine.runnable (RunnableScheduler).
	runnableVer uint64
	// finalizers counts the finalizers set (runtime.SetFinalizer), which
	// never run: a leak's message says so.
	finalizers int
	// virtualMain: the run's root is a test, which go test runs on a
	// goroutine of its own while main waits in T.Run: tracebacks and
	// runtime.NumGoroutine count that main goroutine (traceback.go).
	virtualMain bool
	// gc holds the run's cleanups (runtime.AddCleanup; gc.go).
	gc gcState
	// mutexProfile is the fraction runtime.SetMutexProfileFraction set
	// (no profiler samples; the call answers the previous one).
	mutexProfile int
	cur          *Goroutine
	main         *Goroutine
	steps        int64
	// clockStep is steps when the virtual clock last moved (a timer
	// fired): the work done since is what a TimeScheduler weighs.
	clockStep int64
	checkAt   int64 // step count at which step checks the bound and RunOptions.Stop
	// microFrame is the frame whose op's closure runMicro is calling in
	// place, if it is not the frame execSlice called (runMicro entered
	// it by a call or a return): a Go panic of that closure belongs to
	// it (see execSlice).
	microFrame *frame
	exited     bool
	exitCode   int
	mainDone   bool
	// daemons counts the live goroutines package initialization started
	// (Goroutine.daemon).
	daemons int
	// mainDoneAt is the clock when main (or the root) returned; graceFires
	// counts the timers fired since while every goroutine was blocked
	// (see leakGrace).
	mainDoneAt int64
	graceFires int
	err        error
	outcome    Outcome
	// writtenOld are the cells of old written in this run, found in the
	// undo log up to undoScanned (statehash.go).
	// Its value is true for a byte cell.
	writtenOld       map[unsafe.Pointer]bool
	undoScanned      int
	undoBytesScanned int
	// undoRangesScanned: undoRanges up to it are in writtenOld.
	undoRangesScanned int
	// gcd are the gc compiler's decisions for the run's program, found at
	// the first allocation counted (allocs.go).
	gcd *gcDecisions
	// viewSt is the bookkeeping of unsafe pointers (memview.go), made on
	// first use.
	viewSt *viewState
}

// world is the program's state besides its memory: the virtual clock, the
// random seed, goroutine numbering, the side tables in which models keep
// the state of sync objects, timers, coroutines and tests, and the virtual
// OS. A snapshot keeps a copy and restores it whole (clone).
type world struct {
	// allocs are the allocation statistics runtime.ReadMemStats reports
	// (allocs.go).
	allocs allocStats

	// runtime/debug's settings, stored as differences from their defaults
	// (GC percent 100, no memory limit) so that the zero world has them.
	gcPercent, memoryLimit int64

	nextGID  int
	clock    int64 // virtual time in nanoseconds since the epoch
	timers   timerHeap
	timerSeq int64
	// watched holds the pending timers that may be observable, earliest
	// first (observableTimer), and chanTimers the timer of each timer
	// channel; both are derived from timers and timerObjs, and rebuilt
	// after a clone (nil).
	watched    watchHeap
	chanTimers map[*chanObj]*timer
	seed       uint64
	syncObjs   map[*value]any        // state of sync objects, by address
	timerObjs  map[*value]*timer     // runtime timers of time.Timer values
	funcObjs   map[*value]*function  // *runtime.Func values
	coros      map[*value]*coroState // coroutines of iter.Pull
	tests      map[*value]*testState // testing.common state, by address
	// models are the states of the packages of models written against
	// the models' API (modelapi.go), by their keys.
	models map[*modelapi.StateKey]modelapi.State
	osys   vos.Kernel // the virtual OS: descriptors, sockets, files, environment (made on first use)
}

// memory is the program's memory outside frames: the cells of the
// globals, and the undo log that puts memory back for a snapshot's runs
// (undo.go).
type memory struct {
	globals []*value
	logging bool // a snapshot is active: log writes
	epoch   int  // maps and channels changed in this epoch are saved already
	undo    undoLog
	// undoBytes, undoRanges: the log of writes to byte cells (bytes.go).
	undoBytes  []undoByte
	undoRanges []undoRange
	// undoBytesWeak are older entries of both, moved out by runtime.GC
	// with their bytes held weakly (gc.go).
	undoBytesWeak []weakBytes
	// fresh indexes the large byte arrays allocated since the snapshot,
	// whose writes are not logged (noteFresh).
	fresh map[uintptr]freshSpan
	// undoWeak: the entries of undo that compactUndo moved out (all older
	// than undo's), with undoSeen their cells; undoCompactAt: the length
	// of undo at which the periodic check compacts it (0: undoCompactMin).
	undoWeak      []weakUndo
	undoSeen      map[weak.Pointer[value]]struct{}
	undoCompactAt int
	undoMaps      []mapSnap
	undoChans     []chanSnap
	// undoRangeBytes counts the old bytes undoRanges hold. undoDroppable:
	// the snapshot can initialize again and no state is hashed, so the
	// log may be dropped when it outgrows undoMax (dropUndo); undoDropped:
	// it was, and memory cannot be put back.
	undoRangeBytes int
	undoDroppable  bool
	undoDropped    bool
}

// caches are derived from the program and reused by every run.
type caches struct {
	tmpl     [][]value              // per function id: initial registers
	free     [][]*frame             // per function id: returned frames for reuse
	last     []*frame               // per function id: the frame that returned last (see returned)
	runnable []*Goroutine           // schedule's runnable set (runState.runnableOK)
	ev       Event                  // the event being reported (emit)
	callee   string                 // the model running, for its memory events (model.withMem)
	argBuf   [4]value               // arguments of the model running, if it borrows them (model.borrows)
	resBuf   [maxTupleResults]value // results of the tuple model running (compiler.tupleCall)
	// evPlain says that ev holds a plain access (see emitAccess).
	evPlain bool
	// scope resolves import paths in the binary the machine runs: its
	// root package's import graph (pkgscope.go).
	scope pkgScope
}

// newMachine returns a machine for a first run with opts.
func (p *Program) newMachine(opts RunOptions) *machine {
	m := &machine{prog: p}
	m.world.seed = uint64(opts.Seed)
	m.world.clock = virtualEpoch
	m.configure(opts)
	return m
}

// configure sets the run's configuration from opts and starts a new run
// state.
func (m *machine) configure(opts RunOptions) {
	out, errw := opts.Stdout, opts.Stderr
	if out == nil {
		out = io.Discard
	}
	if errw == nil {
		errw = io.Discard
	}
	stdout := m.stdout
	if stdout == nil {
		stdout = bufio.NewWriterSize(out, 4096)
	} else {
		stdout.Reset(out)
	}
	m.runConfig = runConfig{opts: opts, sched: opts.Scheduler, obs: opts.Observer, maxSteps: opts.MaxSteps,
		watchMem: opts.Observer != nil && !opts.IgnoreMemory, stdout: stdout, stderr: errw,
		watchNew: opts.Observer != nil && !opts.IgnoreMemory && opts.ReportNew}
	if m.sched == nil {
		m.sched = &DefaultScheduler{Seed: opts.Seed}
	}
	m.rsched, _ = m.sched.(RunnableScheduler)
	// The table of goroutines keeps its memory from run to run.
	gs := m.gs
	clear(gs)
	m.runState = runState{gs: gs[:0]}
	m.setCheckAt()
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
	// A program that writes through unsafe.StringData into a string the
	// host keeps in read-only memory (undefined in Go) faults: a host
	// panic, reported as an error, rather than the end of vt.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
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
		if mf := m.microFrame; mf != nil {
			fr, m.microFrame = mf, nil
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
		m.placeRefusal(fr, e)
		m.fail(e)
		return nil
	case *MemoryLimitError:
		if !e.Pos.IsValid() {
			e.Pos = m.prog.position(fr.pos())
		}
		m.fail(e)
		return nil
	case *StepLimitError, *StoppedError:
		fr.g.top = fr
		m.limitReached(e.(error), fr.g)
		return nil
	}
	m.fail(fmt.Errorf("interp: internal error at %s in %s: %v\n%s", m.prog.position(fr.pos()), fr.fn.name, r, debug.Stack()))
	return nil
}

// limitReached ends the run that exceeded its step bound or was stopped
// (err), while running goroutine (nil: none, the run was between
// goroutines).
func (m *machine) limitReached(err error, running *Goroutine) {
	kind := StepLimited
	if _, ok := err.(*StoppedError); ok {
		kind = Stopped
	}
	m.outcome = Outcome{Kind: kind, Message: err.Error(), Steps: m.steps, AfterMain: m.mainDone}
	for _, g := range m.gs {
		op := g.pending
		if g == running {
			op = OpRunning
		}
		m.outcome.Goroutines = append(m.outcome.Goroutines, g.info(op))
	}
	m.fail(err)
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
