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
	// Env is the program's environment as seen by os.Getenv (nil: empty).
	Env []string
	// Scheduler chooses the goroutine to run at each scheduling point and
	// resolves nondeterministic choices. Nil means the deterministic default
	// (run the current goroutine until it blocks, then the lowest id).
	Scheduler Scheduler
	// Observer receives the run's events; nil means none are reported.
	Observer Observer
	// IgnoreMemory says the Observer needs no memory events (EvRead,
	// EvWrite, EvAlloc), which are most of a run's events: the run does
	// not report them.
	IgnoreMemory bool
	// Seed seeds math/rand and map iteration order.
	Seed int64
	// MaxSteps bounds the number of steps, that is taken branches and
	// calls (0: unbounded). A run that exceeds it stops with an
	// *StepLimitError.
	MaxSteps int64
	// WaitAll keeps the run going after main (or the test) returns, until
	// every other goroutine has ended or is blocked forever; blocked ones
	// are reported as an Outcome of kind Leaked.
	WaitAll bool
	// Hooks replace calls of the named functions (see Program.Hookable).
	Hooks map[string]Hook
	// Outcome, if non-nil, receives how the run ended.
	Outcome *Outcome
}

// RunMain runs the main package pkg of p: its initialization, then main.
// It returns the exit code the compiled program would have (0 after main
// returns, 2 after an uncaught panic or a deadlock, n after os.Exit(n)). The
// error is non-nil only when the interpreter could not run the program
// faithfully (an *UnsupportedError, a *StepLimitError, an internal error).
func (p *Program) RunMain(pkg *ssa.Package, opts RunOptions) (int, error) {
	mainFn := pkg.Func("main")
	if mainFn == nil {
		return 2, fmt.Errorf("interp: package %s has no main function", pkg.Pkg.Path())
	}
	m := p.newMachine(opts)
	g := m.newGoroutine(nil, token.NoPos)
	m.main = g
	mf := m.newFrame(p.funcOf(mainFn))
	mf.g = g
	mf.retDst = -1
	g.top = mf
	if initFn := pkg.Func("init"); initFn != nil {
		inf := m.newFrame(p.funcOf(initFn))
		inf.g, inf.caller, inf.retDst = g, mf, -1
		g.top = inf
	}
	m.run()
	return m.finish()
}
