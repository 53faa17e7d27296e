package interp

import (
	"fmt"
	"go/token"
	"io"
)

// Config says how to load packages.
type Config struct {
	// Dir is the directory in which package patterns are resolved. It may
	// belong to another module with its own go.mod. Empty means the current
	// directory.
	Dir string
	// Env is the environment of the go command (nil: the process's own).
	Env []string
	// BuildFlags are extra flags for the go command (for example -tags).
	BuildFlags []string
	// Tests also loads the test files of the matched packages.
	Tests bool
}

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

// UnsupportedError reports a construct the interpreter cannot run: cgo, a
// function with no body and no model, unsafe pointer arithmetic.
type UnsupportedError struct {
	Pos  token.Position // where the construct is used (call site or instruction)
	What string         // what is unsupported, e.g. "call to syscall.Syscall (no model)"
	// Stack lists the interpreted callers, innermost first, as
	// "function (file:line)".
	Stack []string
}

func (e *UnsupportedError) Error() string {
	msg := "unsupported: " + e.What
	if e.Pos.IsValid() {
		msg = fmt.Sprintf("%s: unsupported: %s", e.Pos, e.What)
	}
	for i, s := range e.Stack {
		if i == 8 {
			msg += fmt.Sprintf("\n\t... %d more", len(e.Stack)-i)
			break
		}
		msg += "\n\tcalled from " + s
	}
	return msg
}

// StepLimitError reports a run that executed more instructions than
// RunOptions.MaxSteps allows.
type StepLimitError struct {
	Steps int64
}

func (e *StepLimitError) Error() string {
	return fmt.Sprintf("step limit exceeded after %d steps", e.Steps)
}
