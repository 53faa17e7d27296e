package interp

// Refusals and abnormal ends: what the interpreter cannot run stops the run
// with an error naming the function and position, never a Go panic; step
// limits, deadlocks and leaks are reported as such.

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoasmTag: a package with an assembly function and a Go fallback
// under the build tag noasm (snappy, klauspost/compress) runs its Go code.
func TestNoasmTag(t *testing.T) {
	r := runBehave(t, "noasm", RunOptions{})
	require.NoError(t, r.err)
	assert.Equal(t, "256\n", r.stdout)
	assert.Equal(t, 0, r.code)
}

// TestReadBuildInfo: an interpreted program has no build information, as
// a binary built without module support (no refusal: package inits ask).
func TestReadBuildInfo(t *testing.T) {
	r := runBehave(t, "buildinfo", RunOptions{})
	require.NoError(t, r.err)
	assert.Equal(t, "true false\n", r.stdout)
}

func TestRefuseFunctionWithoutBody(t *testing.T) {
	r := runBehave(t, "nobody", RunOptions{})
	require.Error(t, r.err)
	var ue *UnsupportedError
	require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
	msg := ue.Error()
	assert.Contains(t, msg, "behave/nobody.nanotime", "names the function")
	line := markerLine(t, "nobody", "call")
	assert.Equal(t, line, ue.Pos.Line, "the call site: %v", ue.Pos)
	assert.Equal(t, "main.go", filepath.Base(ue.Pos.Filename))
	assert.Contains(t, msg, fmt.Sprintf("main.go:%d", line), "the message names file:line of the call")
	assert.NotContains(t, msg, "goroutine ", "no Go traceback")
	assert.NotContains(t, msg, "internal error")
	assert.Equal(t, "before\n", r.stdout, "output before the refusal is kept")
	assert.Equal(t, 2, r.code)
}

// TestRefuseNet: dialing an address other than the loopback is refused
// at the program's own call, naming the address and the reason.
func TestRefuseNet(t *testing.T) {
	r := runBehave(t, "netdial", RunOptions{})
	require.Error(t, r.err)
	var ue *UnsupportedError
	require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
	line := markerLine(t, "netdial", "dial")
	assert.Equal(t, "dial 10.0.0.1:80", ue.Call)
	assert.Equal(t, "only loopback addresses exist under vt", ue.What)
	assert.Equal(t, line, ue.Pos.Line, "the call site: %v", ue.Pos)
	assert.Equal(t, "main.go", filepath.Base(ue.Pos.Filename))
	assert.True(t, strings.HasPrefix(ue.Error(), fmt.Sprintf("dial 10.0.0.1:80 at main.go:%d: only loopback addresses exist under vt\n", line)), ue.Error())
	assert.NotContains(t, ue.Error(), "internal error")
	assert.Empty(t, r.stdout)
}

func TestRefuseCgo(t *testing.T) {
	// Either Load or Run refuses; neither panics.
	var msg string
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("cgo program made the interpreter panic: %v", p)
			}
		}()
		prog, err := Load(Config{Dir: filepath.Join(behaveDir, "cgo")}, ".")
		if err != nil {
			msg = err.Error()
			return
		}
		mains := prog.Mains()
		require.Len(t, mains, 1)
		var stdout, stderr bytes.Buffer
		_, err = prog.RunMain(mains[0], RunOptions{Stdout: &stdout, Stderr: &stderr})
		require.Error(t, err, "a cgo program cannot run; stdout %q stderr %q", stdout.String(), stderr.String())
		var ue *UnsupportedError
		assert.True(t, errors.As(err, &ue), "want *UnsupportedError, got %T: %v", err, err)
		assert.Empty(t, stdout.String())
		msg = err.Error()
	}()
	assert.Regexp(t, `(?i)cgo|_Cfunc_answer|C\.answer`, msg)
	assert.NotContains(t, msg, "internal error")
	assert.NotContains(t, msg, "goroutine ")
}

// TestRefuseCgoAtCallSite: the refusal of a cgo call points at the
// program's own call of the C function and names it.
func TestRefuseCgoAtCallSite(t *testing.T) {
	prog, err := Load(Config{Dir: filepath.Join(behaveDir, "cgo")}, ".")
	if err != nil {
		t.Skipf("cgo program does not load here: %v", err)
	}
	_, err = prog.RunMain(prog.Mains()[0], RunOptions{})
	var ue *UnsupportedError
	require.True(t, errors.As(err, &ue), "want *UnsupportedError, got %T: %v", err, err)
	assert.Equal(t, "main.go", filepath.Base(ue.Pos.Filename), "position %v", ue.Pos)
	assert.Equal(t, 12, ue.Pos.Line, "the line of C.answer()")
	assert.Equal(t, "C.answer", ue.Call)
	assert.Contains(t, ue.What, "cgo")
}

func TestStepLimit(t *testing.T) {
	r := runBehave(t, "spin", RunOptions{MaxSteps: 10000})
	require.Error(t, r.err)
	var se *StepLimitError
	require.True(t, errors.As(r.err, &se), "want *StepLimitError, got %T: %v", r.err, r.err)
	assert.GreaterOrEqual(t, se.Steps, int64(10000))
	assert.Less(t, se.Steps, int64(20000))
}

func TestDeadlockOutcome(t *testing.T) {
	var out Outcome
	r := runBehave(t, "deadlock", RunOptions{Outcome: &out})
	require.NoError(t, r.err)
	assert.Equal(t, 2, r.code)
	assert.Equal(t, "waiting\n", r.stdout)
	assert.True(t, strings.HasPrefix(r.stderr, "fatal error: all goroutines are asleep - deadlock!\n"), r.stderr)
	assert.Equal(t, Deadlocked, out.Kind)
	assert.Equal(t, 2, out.ExitCode)
	require.Len(t, out.Goroutines, 2, "%+v", out.Goroutines)
	byID := map[int]GoroutineInfo{}
	for _, g := range out.Goroutines {
		byID[g.ID] = g
	}
	prog, _ := behave(t, "deadlock")
	main, worker := byID[1], byID[2]
	assert.Equal(t, OpChanRecv, main.Op)
	assert.Equal(t, OpMutexLock, worker.Op)
	assert.Equal(t, 1, worker.Creator)
	require.NotEmpty(t, main.Stack)
	require.NotEmpty(t, worker.Stack)
	assert.Equal(t, "main.main", lastPart(main.Stack[0].Func), "Go's name for the main package's functions")
	assert.Equal(t, "main.main.func1", lastPart(worker.Stack[0].Func))
	assert.Equal(t, markerLine(t, "deadlock", "recv"), prog.Position(main.Stack[0].Pos).Line)
	assert.Equal(t, markerLine(t, "deadlock", "lock"), prog.Position(worker.Stack[0].Pos).Line)
	assert.Contains(t, r.stderr, "goroutine 1 [chan receive]:")
	assert.Contains(t, r.stderr, "goroutine 2 [sync.Mutex.Lock]:")
}

// Finalizers never run: a leak's outcome counts those the run set, so that
// its report can say why a goroutine a finalizer would stop remains.
func TestLeakOutcomeCountsFinalizers(t *testing.T) {
	var out Outcome
	r := runBehave(t, "finalizer", RunOptions{Outcome: &out, WaitAll: true})
	require.NoError(t, r.err)
	assert.Equal(t, Leaked, out.Kind)
	assert.Contains(t, out.Message, "finalizers never run")
	// The standard library sets some during initialization (os's files);
	// the program's one with a function counts, the one with nil does not.
	var base Outcome
	runBehave(t, "leak", RunOptions{Outcome: &base, WaitAll: true})
	assert.Equal(t, base.Finalizers+1, out.Finalizers)
}

func TestLeakOutcome(t *testing.T) {
	var out Outcome
	r := runBehave(t, "leak", RunOptions{Outcome: &out, WaitAll: true})
	require.NoError(t, r.err)
	assert.Equal(t, 0, r.code)
	assert.Equal(t, "main done\n", r.stdout)
	assert.Equal(t, Leaked, out.Kind)
	require.Len(t, out.Goroutines, 1)
	g := out.Goroutines[0]
	assert.Equal(t, 2, g.ID)
	assert.Equal(t, OpChanSend, g.Op)
	prog, _ := behave(t, "leak")
	require.NotEmpty(t, g.Stack)
	assert.Equal(t, markerLine(t, "leak", "send"), prog.Position(g.Stack[0].Pos).Line)

	// Without WaitAll the run ends with main, as in Go.
	var out2 Outcome
	r2 := runBehave(t, "leak", RunOptions{Outcome: &out2})
	require.NoError(t, r2.err)
	assert.Equal(t, Exited, out2.Kind)
	assert.Empty(t, out2.Goroutines)
}

// lastPart strips the package path from a function name
// ("example.com/p.f" → "p.f"; "main.main" stays).
func lastPart(fn string) string {
	if i := strings.LastIndex(fn, "/"); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// TestRefuseVirtualOS: what the virtual OS does not offer (processes,
// other hosts, DNS, interfaces, unmodeled system calls, stopping the
// process, user databases, plugins) is refused at the program's own call, naming the
// operation and the reason, after the output before it.
func TestRefuseVirtualOS(t *testing.T) {
	for _, tc := range []struct{ arg, call, what string }{
		{"startprocess", "os.StartProcess", "starting processes is refused under vt"},
		{"findprocess", "syscall.Kill of signal interrupt to process 1", "the virtual OS has one process"},
		{"listen", "listen on 192.0.2.1:80", "only loopback addresses exist under vt"},
		{"sendto", "send to 192.0.2.1:53", "only loopback addresses exist under vt"},
		{"lookup", "lookup example.com", "only localhost and IP literals resolve under vt"},
		{"mx", "lookup MX of example.com", "the virtual OS has no DNS"},
		{"interfaces", "reading the network interfaces", "no interface table"},
		{"mount", "syscall.Mount", "a system call the virtual OS does not model"},
		{"kill", "syscall.Kill of signal stopped (signal) to the process", "job control"},
		{"user", "user.Current", "user databases are refused under vt"},
		{"plugin", "plugin.Open", "loading shared objects is refused under vt"},
	} {
		t.Run(tc.arg, func(t *testing.T) {
			r := runBehave(t, "refusals", RunOptions{Args: []string{"refusals", tc.arg}})
			require.Error(t, r.err)
			var ue *UnsupportedError
			require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
			line := markerLine(t, "refusals", tc.arg)
			assert.Equal(t, tc.call, ue.Call)
			assert.Contains(t, ue.What, tc.what)
			assert.Equal(t, "main.go", filepath.Base(ue.Pos.Filename))
			assert.Equal(t, line, ue.Pos.Line, "the program's call: %v", ue.Pos)
			assert.True(t, strings.HasPrefix(ue.Error(), fmt.Sprintf("%s at main.go:%d: ", tc.call, line)), ue.Error())
			assert.NotContains(t, ue.Error(), "internal error")
			assert.NotContains(t, ue.Error(), "goroutine ")
			assert.Equal(t, "before\n", r.stdout, "output before the refusal is kept, nothing after")
		})
	}
}

// TestRefuseZeroSizeReflect: a slice of more zero-size elements than the
// interpreter stores (it keeps their length) is refused by reflect, which
// does not model that representation (the language's operations do: see
// the conformance program zeroslices).
func TestRefuseZeroSizeReflect(t *testing.T) {
	r := runBehave(t, "refusals", RunOptions{Args: []string{"refusals", "zerosize"}})
	require.Error(t, r.err)
	var ue *UnsupportedError
	require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
	assert.Contains(t, ue.What, "slice or array of 9223372036854775807 zero-size elements")
	assert.Equal(t, "before\n", r.stdout)
}

// TestRefuseViews: what unsafe.Pointer reaches that gc's layout does not
// define (past a variable, padding, part of a pointer word, a header longer
// than its memory) or that the interpreter cannot model (a slice sharing
// the memory of values, an atomic operation on two words) is refused
// at the line that does it, saying what.
func TestRefuseViews(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"add", "unsafe.Add of 16 bytes to a pointer at byte 0 of an int64 of 8 bytes, which leaves it"},
		{"end", "a read of 8 bytes at byte 8 of an int64 of 8 bytes, outside of it"},
		{"padding", "a read of 8 bytes at byte 0 of a main.padded that covers padding between fields (bytes 1 to 3), whose content gc does not define"},
		{"ptrpart", "a read of 4 bytes at byte 0 of a *int64 that covers part of a pointer word"},
		{"strlen", "a string header written through a view with the length 100, beyond the 5 bytes its data pointer is known to reach"},
		{"slicecap", "a slice header made through a view with the capacity 100, beyond the 4 elements its data pointer is known to reach"},
		{"share", "unsafe.Slice (a slice or string cannot share the memory of values of another type) through an unsafe.Pointer view (a uint8 at byte 0 of a uint32)"},
		{"atomic", "an atomic operation through an unsafe.Pointer view (a uint64 at byte 0 of a struct { lo uint32; hi uint32 })"},
		{"container", "a pointer to byte 16 of an int64 of 8 bytes, outside of it"},
	} {
		t.Run(tc.arg, func(t *testing.T) {
			r := runBehave(t, "viewrefuse", RunOptions{Args: []string{"viewrefuse", tc.arg}})
			require.Error(t, r.err)
			var ue *UnsupportedError
			require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
			assert.Contains(t, ue.What, tc.want)
			assert.Contains(t, ue.What, "the interpreter's memory is made of values, not bytes")
			assert.Equal(t, markerLine(t, "viewrefuse", tc.arg), ue.Pos.Line, "the line: %v", ue.Pos)
			assert.Equal(t, "before\n", r.stdout)
		})
	}
}

// TestRefuseIntPointerDeref: a pointer made from an integer keeps the
// integer (stored, loaded, compared, converted back) and its dereference
// is refused at its position.
func TestRefuseIntPointerDeref(t *testing.T) {
	r := runBehave(t, "intderef", RunOptions{})
	require.Error(t, r.err)
	var ue *UnsupportedError
	require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
	assert.Contains(t, ue.What, "a dereference of a pointer made from the integer 0x10002")
	assert.Equal(t, markerLine(t, "intderef", "deref"), ue.Pos.Line, "the dereference: %v", ue.Pos)
	assert.Equal(t, "65538 true true false\ntrue\n", r.stdout)
}

// TestNodeHeaderConvertsBack: a pointer to a struct's first field (a
// node's header, as internal/sync's HashTrieMap keeps) converted back to
// the struct through unsafe.Pointer is the struct (its package converts to
// it, so taking the field's address records where it is); a conversion
// between structs of the same layout runs too.
func TestNodeHeaderConvertsBack(t *testing.T) {
	r := runBehave(t, "nodeheader", RunOptions{})
	require.NoError(t, r.err)
	assert.Equal(t, "true a 1\ntrue\na 1\ntrue\n", r.stdout)
}

func TestRefuseTypePunning(t *testing.T) {
	r := runBehave(t, "punning", RunOptions{})
	require.Error(t, r.err)
	var ue *UnsupportedError
	require.True(t, errors.As(r.err, &ue), "want *UnsupportedError, got %T: %v", r.err, r.err)
	assert.Contains(t, ue.What, "unsafe.Slice (a slice or string cannot share the memory of values of another type) through an unsafe.Pointer view (a uint8 at byte 0 of a uint32)")
	assert.Equal(t, markerLine(t, "punning", "pun"), ue.Pos.Line, "the call site: %v", ue.Pos)
	assert.Equal(t, "[1 2 3 4]\n", r.stdout)
}
