package interp

import "go/token"

// OutcomeKind says how a run ended.
type OutcomeKind uint8

const (
	// Exited: main (or the test, or the hooked root) returned, or the
	// program called os.Exit.
	Exited OutcomeKind = iota
	// Panicked: a goroutine panicked and nothing recovered.
	Panicked
	// Deadlocked: every goroutine was blocked and no timer was pending.
	Deadlocked
	// Leaked: main ended (RunOptions.WaitAll) and goroutines remained
	// blocked, forever or waiting only for timers.
	Leaked
	// Fatal: the program hit an unrecoverable error such as unlocking an
	// unlocked mutex.
	Fatal
	// StepLimited: the run exceeded RunOptions.MaxSteps (RunMain and
	// RunTest also return a *StepLimitError).
	StepLimited
	// Stopped: RunOptions.Stop asked the run to stop (RunMain and RunTest
	// also return a *StoppedError).
	Stopped
)

// String names the kind: "exited", "panicked", ...
func (k OutcomeKind) String() string {
	return [...]string{"exited", "panicked", "deadlocked", "leaked", "fatal", "step limit", "stopped"}[k]
}

// Outcome describes how a run ended, for tools that judge runs.
type Outcome struct {
	Kind     OutcomeKind
	ExitCode int
	// Message is the panic value as Go prints it, or the fatal error.
	Message string
	// Goroutines are the goroutines involved: the panicking one, or every
	// blocked one for deadlocks and leaks.
	Goroutines []GoroutineInfo
	// Steps is the number of steps the run took.
	Steps int64
	// AfterMain: the run ended after main (or the root) had returned, with
	// other goroutines still running (WaitAll).
	AfterMain bool
	// Timers is the number of timers pending when the run ended (for
	// leaks: goroutines may be waiting for them).
	Timers int
	// Finalizers is the number of finalizers the run set
	// (runtime.SetFinalizer): they never run under the interpreter, so
	// goroutines a finalizer would stop remain (Leaked).
	Finalizers int
}

// GoroutineInfo is a snapshot of a goroutine for reports.
type GoroutineInfo struct {
	ID        int
	Op        Op // what it was doing or blocked in ("running" for a panicking one)
	Stack     []StackFrame
	Creator   int       // id of the goroutine that created it (0 for main)
	CreatedAt token.Pos // position of the go statement
	// Test is the full name of the subtest the goroutine runs for (a
	// subtest's own goroutine, and every goroutine created from it, at
	// any depth); empty outside subtests.
	Test string
}

func (g *Goroutine) info(op Op) GoroutineInfo {
	return GoroutineInfo{ID: g.id, Op: op, Stack: g.Stack(), Creator: g.parent, CreatedAt: g.created, Test: g.test}
}
