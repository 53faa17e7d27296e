package interp

// The errors of a run that the interpreter could not run faithfully.

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// UnsupportedError reports a construct the interpreter cannot run: cgo, a
// function with no body and no model, unsafe pointer arithmetic, or what
// the virtual OS refuses (a process, an address other than loopback).
//
// Every refusal reads the same way (Error): what is refused, at the
// program's own line that led to it, and why:
//
//	dial 10.0.0.1:80 at client.go:31: only loopback addresses exist under vt
//	conversion of a *any to *abi.EmptyInterface at map_test.go:52 (in internal/abi/type.go:182): ...
type UnsupportedError struct {
	// Pos is the program's own line that led to the construct: the
	// innermost call on the goroutine's stack in the code under test (not
	// the Go distribution's, not a dependency module's), or the
	// construct's own position if no such call is on the stack.
	Pos token.Position
	// At is the construct's own position when it is not Pos: a line of
	// the Go distribution or of a dependency that Pos called into.
	At token.Position
	// What says what is unsupported and why, e.g. "call of
	// syscall.Syscall: a system call the virtual OS does not model" (the
	// part before the first ": " is what, the rest why), or only why when
	// Call is set.
	What string
	// Call, when set, names the refused operation ("dial 10.0.0.1:80",
	// "exec.Command"), and What says why.
	Call string
	// Stack lists the interpreted callers, innermost first, as
	// "function (file:line)".
	Stack []string
	// inCallee: raised by the refused function's own frame (compiled as
	// a refusal), so the search for Pos starts at its caller.
	inCallee bool
}

// Error says what is refused, at which line of the program, and why,
// then from which calls.
func (e *UnsupportedError) Error() string {
	subject, why := e.Subject(), e.Why()
	msg := subject + ": " + why
	if e.Pos.IsValid() {
		msg = fmt.Sprintf("%s at %s:%d", subject, filepath.Base(e.Pos.Filename), e.Pos.Line)
		if e.At.IsValid() && e.At != e.Pos {
			msg += fmt.Sprintf(" (in %s:%d)", shortPath(e.At.Filename), e.At.Line)
		}
		msg += ": " + why
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

// Subject returns what is refused: Call, or What up to its first ": ".
func (e *UnsupportedError) Subject() string {
	if e.Call != "" {
		return e.Call
	}
	if what, _, ok := strings.Cut(e.What, ": "); ok {
		return what
	}
	return e.What
}

// Why returns why it is refused: What when Call is set, else What after
// its first ": " (or a general reason if What says only what).
func (e *UnsupportedError) Why() string {
	if e.Call != "" {
		return e.What
	}
	if _, why, ok := strings.Cut(e.What, ": "); ok {
		return why
	}
	return "not supported by vt's interpreter"
}

// shortPath returns filename without the directories that say only where
// the Go distribution or the module cache lies: "internal/abi/type.go",
// "golang.org/x/sys@v0.30.0/unix/mmap.go"; other names unchanged.
func shortPath(filename string) string {
	slash := filepath.ToSlash(filename)
	for _, root := range shortRoots() {
		if rest, ok := strings.CutPrefix(slash, root); ok {
			return rest
		}
	}
	return filename
}

var (
	shortRootsOnce sync.Once
	shortRootList  []string
)

// shortRoots returns the directories shortPath strips: GOROOT/src and the
// module cache, as slash paths ending in "/".
func shortRoots() []string {
	shortRootsOnce.Do(func() {
		shortRootList = append(shortRootList, filepath.ToSlash(filepath.Join(GOROOT(), "src"))+"/")
		if dir := modCache(); dir != "" {
			shortRootList = append(shortRootList, filepath.ToSlash(dir)+"/")
		}
	})
	return shortRootList
}

// modCache returns the module cache's directory: GOMODCACHE, else
// GOPATH's first element's pkg/mod, else "" if unknown.
func modCache() string {
	if dir := os.Getenv("GOMODCACHE"); dir != "" {
		return dir
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		gopath = filepath.Join(home, "go")
	}
	return filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
}

// placeRefusal completes the refusal e raised while fr ran: its stack,
// and its position, the program's own line that led to it (Pos), with
// the construct's own position in At when that is elsewhere.
func (m *machine) placeRefusal(fr *frame, e *UnsupportedError) {
	here := m.prog.position(fr.pos())
	if !e.Pos.IsValid() {
		e.Pos = here
	}
	if e.Stack == nil {
		e.Stack = m.stackStrings(fr)
		if len(e.Stack) > 0 && e.Pos == here {
			e.Stack = e.Stack[1:]
		}
	}
	from, pos := fr, fr.pos()
	if e.inCallee && fr.caller != nil {
		from, pos = fr.caller, fr.caller.callPos()
	}
	if user := m.prog.position(from.refusalPos(pos)); user.IsValid() && user != e.Pos {
		if !e.At.IsValid() {
			e.At = e.Pos
		}
		e.Pos = user
	}
}

// refusalPos returns the line a refusal raised at pos, in fr, names: the
// innermost call on fr's stack in the code under test (fr.own), else the
// innermost outside the Go distribution, else pos.
func (fr *frame) refusalPos(pos token.Pos) token.Pos {
	outside := token.NoPos
	for f := fr; f != nil; f = f.caller {
		at := pos
		if f != fr {
			at = f.callPos()
		}
		if f.fn == nil || f.fn.ssa == nil || !at.IsValid() {
			continue
		}
		if f.own() {
			return at
		}
		if !outside.IsValid() && f.isUser() {
			outside = at
		}
	}
	if outside.IsValid() {
		return outside
	}
	return pos
}

// own reports whether fr runs the code under test: neither the Go
// distribution's (see function.inGoroot) nor a dependency module's, nor
// cgo's generated wrappers.
func (fr *frame) own() bool {
	if !fr.isUser() || fr.fn.prog.deps[fnPackage(fr.fn.ssa)] {
		return false
	}
	name := fr.fn.ssa.Name()
	return !strings.HasPrefix(name, "_Cfunc_") && !strings.HasPrefix(name, "_cgo")
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
