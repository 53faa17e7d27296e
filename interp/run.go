package interp

// Running a program: the options of a run, and its roots (what the main
// goroutine executes after package initialization).

import (
	"fmt"
	"go/token"
	"io"

	"golang.org/x/tools/go/ssa"
)

// RunOptions configures one run of a program.
type RunOptions struct {
	// Stdout and Stderr receive the program's output; nil discards it.
	Stdout, Stderr io.Writer
	// Args are os.Args; Args[0] is the program name.
	Args []string
	// Env is the program's environment as seen by os.Getenv (nil: a
	// snapshot of the real process's environment when the run starts;
	// an empty non-nil slice: none).
	Env []string
	// Dir is the program's working directory under the virtual OS. Empty:
	// for RunTest and SnapshotTest the directory of the test package's
	// files, where go test runs a test binary (a test opens its testdata
	// relative to it); for RunMain and SnapshotMain the real working
	// directory, as go run.
	Dir string
	// DatagramLoss lets the scheduler lose datagrams (UDP and unixgram):
	// each one sent is a Choice (ChooseDatagramLoss).
	DatagramLoss bool
	// Short is what testing.Short reports (go test -short).
	Short bool
	// Scheduler chooses the goroutine to run at each scheduling point and
	// resolves nondeterministic choices. Nil means the deterministic default
	// (run the current goroutine until it blocks, then the lowest id).
	Scheduler Scheduler
	// HashStates says the tool calls HashState at scheduling points:
	// frames are then not reused, so that the registers a frame has not
	// written yet hold their initial values in every run, and the same
	// state hashes alike whatever ran before it.
	HashStates bool
	// Observer receives the run's events; nil means none are reported.
	Observer Observer
	// IgnoreMemory says the Observer needs no memory events (EvRead,
	// EvWrite, EvAlloc), which are most of a run's events: the run does
	// not report them.
	IgnoreMemory bool
	// ReportNew asks for EvNew events (allocations), with the memory
	// events; they cost a little on every allocation, so only tools that
	// name objects across runs ask for them.
	ReportNew bool
	// Seed seeds the runtime's random numbers that the program does not
	// draw itself (hash seeds) and, under the default Scheduler, the
	// program's random draws (see ChooseRandom).
	Seed int64
	// MaxSteps bounds the number of steps, that is taken branches and
	// calls (0: unbounded). A run that exceeds it stops with an
	// *StepLimitError.
	MaxSteps int64
	// MaxMemory bounds the Go heap of the process while the run goes on,
	// in bytes (0: DefaultMaxMemory); a run that exceeds it stops with a
	// *MemoryLimitError.
	MaxMemory uint64
	// MoreSteps, if set, is asked when the run reaches MaxSteps steps
	// (afterMain: main, or the test, has returned): true lets the run go
	// on for another MaxSteps steps. Tools use it to bound only runs that
	// make no progress (a livelock), not long ones.
	MoreSteps func(afterMain bool) bool
	// Stop, if set, is called every few thousand steps (about every
	// millisecond) and when the run has nothing to do but fire timers; when
	// it reports true, the run stops with a *StoppedError. Tools use it for
	// wall-clock budgets: a run that never reaches a scheduling point still
	// ends.
	Stop func() bool
	// OnRoot, if set, is called when the run's root (main, or the test
	// function of RunTest) starts, after package initialization: a
	// scheduler that explores the root's choices starts there, while the
	// goroutines initialization started go on running in the run, as
	// daemons: once the root returned, the run does not wait for them, nor
	// reports them as leaked (go test does not).
	OnRoot func()
	// WaitAll keeps the run going after main (or the test) returns, until
	// every other goroutine has ended or is blocked; blocked ones are
	// reported as an Outcome of kind Leaked. Once main has returned and
	// every goroutine is blocked, only the timers due within a grace
	// period (5s of virtual time, 1000 timers) fire: a goroutine waiting
	// for a later timer is blocked too.
	WaitAll bool
	// Hooks replace calls of the named functions (see Program.Hookable).
	Hooks map[string]Hook
	// Outcome, if non-nil, receives how the run ended.
	Outcome *Outcome
}

// DefaultMaxMemory is the default of RunOptions.MaxMemory: half
// of the machine's memory (8 GiB where it is unknown).
var DefaultMaxMemory = defaultMaxMemory()

// RunMain runs the main package pkg of p: its initialization, then main.
// It returns the exit code the compiled program would have (0 after main
// returns, 2 after an uncaught panic or a deadlock, n after os.Exit(n)). The
// error is non-nil only when the interpreter could not run the program
// faithfully (an *UnsupportedError, a *StepLimitError, an internal error).
func (p *Program) RunMain(pkg *ssa.Package, opts RunOptions) (int, error) {
	r, err := p.mainRoot(pkg)
	if err != nil {
		return 2, err
	}
	m := p.newMachine(opts)
	m.start(pkg, r)
	m.run()
	return m.finish()
}

// A root is what the main goroutine of a run executes after package
// initialization: main, a test (testroot.go), or a call that a hook made
// the root of a snapshot. The machine runs it; the root decides what.
type root interface {
	// frames returns the frames that run the root on g, above bottom (the
	// frame it returns to; nil: the goroutine ends there).
	frames(m *machine, g *Goroutine, bottom *frame) *frame
}

// start makes the main goroutine of a run: the initialization of pkg,
// then r.
func (m *machine) start(pkg *ssa.Package, r root) {
	if _, ok := r.(*testRoot); ok {
		m.nextGID = mainGoroutineID // go test's main is goroutine 1 (traceback.go)
	}
	g := m.newGoroutine(nil, nil, token.NoPos)
	m.main = g
	top := r.frames(m, g, nil)
	if on := m.opts.OnRoot; on != nil {
		// A frame between the initialization and the root tells when
		// the root starts.
		mark := &frame{g: g, retDst: -1}
		mark.native = func(*frame, value) *frame {
			m.markDaemons()
			on()
			return top
		}
		if init := m.initFrames(pkg, g, mark); init != mark {
			g.top = init
			return
		}
		on()
	}
	g.top = m.initFrames(pkg, g, top)
}

// initFrames returns the frames that initialize pkg on g and then return
// to next (next itself if pkg has nothing to initialize).
func (m *machine) initFrames(pkg *ssa.Package, g *Goroutine, next *frame) *frame {
	m.setRoot(pkg)
	initFn := pkg.Func("init")
	if initFn == nil {
		return next
	}
	f := m.newFrame(m.prog.funcOf(initFn))
	f.g, f.caller, f.retDst = g, next, -1
	return f
}

// mainRoot runs the function main.
type mainRoot struct{ fn *function }

func (p *Program) mainRoot(pkg *ssa.Package) (mainRoot, error) {
	fn := pkg.Func("main")
	if fn == nil {
		return mainRoot{}, fmt.Errorf("interp: package %s has no main function", pkg.Pkg.Path())
	}
	return mainRoot{p.funcOf(fn)}, nil
}

func (r mainRoot) frames(m *machine, g *Goroutine, bottom *frame) *frame {
	g.origin = originMain
	f := m.newFrame(r.fn)
	f.g, f.caller, f.retDst = g, bottom, -1
	return f
}

// callRoot runs a call of a function value (HookAction.Snapshot).
type callRoot struct {
	fn   value
	args []value
}

func (r callRoot) frames(m *machine, g *Goroutine, bottom *frame) *frame {
	g.origin = originCall
	cl := r.fn.r.(*closure)
	f := m.newFrame(cl.fn)
	copy(f.regs, r.args)
	copy(f.regs[len(r.args):], cl.env)
	f.g, f.caller, f.retDst = g, bottom, -1
	return f
}
