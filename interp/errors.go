package interp

// The errors of a run that the interpreter could not run faithfully.

import (
	"fmt"
	"go/token"
	"path/filepath"
)

// UnsupportedError reports a construct the interpreter cannot run: cgo, a
// function with no body and no model, unsafe pointer arithmetic, or what
// the virtual OS refuses (a process, an address other than loopback).
type UnsupportedError struct {
	Pos  token.Position // where the construct is used (call site or instruction)
	What string         // what is unsupported, e.g. "call to syscall.Syscall (no model)"
	// Call, when set, names the refused operation ("dial 10.0.0.1:80",
	// "exec.Command"), What says why, and Pos is the program's own call
	// site: the error reads "dial 10.0.0.1:80 at client.go:31: only
	// loopback addresses exist under vt".
	Call string
	// Stack lists the interpreted callers, innermost first, as
	// "function (file:line)".
	Stack []string
}

// Error says what is unsupported, where, and from which calls.
func (e *UnsupportedError) Error() string {
	msg := "unsupported: " + e.What
	switch {
	case e.Call != "" && e.Pos.IsValid():
		msg = fmt.Sprintf("%s at %s:%d: %s", e.Call, filepath.Base(e.Pos.Filename), e.Pos.Line, e.What)
	case e.Call != "":
		msg = e.Call + ": " + e.What
	case e.Pos.IsValid():
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

// Error says how many steps the run took.
func (e *StepLimitError) Error() string {
	return fmt.Sprintf("step limit exceeded after %d steps", e.Steps)
}

// StoppedError reports a run that its tool stopped (RunOptions.Stop
// reported true): a time budget spent, an interrupt.
type StoppedError struct {
	Steps int64
}

// Error says after how many steps the run stopped.
func (e *StoppedError) Error() string {
	return fmt.Sprintf("run stopped after %d steps", e.Steps)
}

// MemoryLimitError reports a run stopped because the interpreter's heap
// grew beyond RunOptions.MaxMemory (the process would otherwise be killed
// by the operating system).
type MemoryLimitError struct {
	Limit uint64 // bytes
	Pos   token.Position
}

// Error says where the run was and what the limit is.
func (e *MemoryLimitError) Error() string {
	return fmt.Sprintf("%v: the interpreter's memory exceeded %d MiB: the run is stopped (an interpreted value costs more than a compiled one)", e.Pos, e.Limit>>20)
}
