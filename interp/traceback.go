package interp

// Goroutine tracebacks as the Go runtime prints them. One renderer serves
// runtime.Stack, runtime/debug.Stack, runtime/pprof's goroutine profile
// (debug=1 through program counters, debug=2 through runtime.Stack) and
// the dumps of an uncaught panic and of a deadlock:
//
//	goroutine 7 [chan receive]:
//	example.com/pkg.(*T).Method(...)
//		/path/file.go:12 +0x1d
//	created by example.com/pkg.Start in goroutine 6
//		/path/file.go:30 +0x45
//
// The states are the runtime's wait reasons (runtime2.go's
// waitReasonStrings); the frames are the interpreted ones, and above a
// goroutine blocked in a modeled operation the frames Go shows for it
// (sync.(*Mutex).Lock down to internal/sync.runtime_SemacquireMutex, at
// the lines of the Go distribution's source); a test's goroutines end in
// testing.tRunner and are created by testing.(*T).Run, and a run of a
// test shows the main goroutine blocked in T.Run, as go test has it
// (virtualMain). Arguments are written "(...)" (the interpreter has no
// argument words) and offsets are the op index's, not machine code's.
// runtime.Callers and the goroutine profile see the same frames, with the
// runtime's below them (bottomFrames).

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// goOrigin says what created a goroutine, for its "created by" line.
type goOrigin uint8

const (
	originGo       goOrigin = iota // a go statement of creatorFn (or a model called from it)
	originTestRun                  // testing.(*T).Run, for a subtest
	originBenchRun                 // testing.(*B).Run, for a sub-benchmark
	originTestRoot                 // testing.(*T).Run in the main goroutine: a run's test (virtualMain)
	originMain                     // the main goroutine of a program: runtime.main runs main
	originCall                     // a snapshot's root, a call of the tool's harness (nothing below it)
)

// traceFrame is one frame of a traceback.
type traceFrame struct {
	name string // as the runtime prints it: "pkg.(*T).M", "pkg.F.func1", "panic"
	file string
	line int
	// fn and pc locate the frame for a program counter (programCounter):
	// an interpreted function and its op, or a synthetic function whose
	// only op is the frame's line (traceSite).
	fn *function
	pc int
}

// programCounter returns the program counter that names f, as
// runtime.Callers reports it: the function's id and the op, (id+1)<<24 |
// (pc+1); runtime.CallersFrames and runtime.FuncForPC resolve it
// (machine.decodePC).
func (f traceFrame) programCounter() uint64 {
	if f.fn == nil {
		return 0
	}
	return uint64(f.fn.id+1)<<24 | uint64(f.pc+1)
}

// offset is the "+0x.." of the frame: the op's index in words, a stand-in
// for the machine code offset the interpreter does not have.
func (f traceFrame) offset() int { return 4 * (f.pc + 1) }

// goroutineTrace is the traceback of one goroutine.
type goroutineTrace struct {
	id      int
	state   string
	frames  []traceFrame
	created *traceFrame // the "created by" function and the go statement (nil: none)
	parent  int         // the creating goroutine (0: not written)
	// bottom are the runtime's frames below the goroutine's function,
	// which tracebacks hide and profiles keep (bottomFrames).
	bottom []traceFrame
}

// write writes t as the Go runtime does.
func (t *goroutineTrace) write(sb *strings.Builder) {
	fmt.Fprintf(sb, "goroutine %d [%s]:\n", t.id, t.state)
	for _, f := range t.frames {
		sb.WriteString(f.name)
		sb.WriteString("(...)\n")
		writeTraceLine(sb, f)
	}
	if c := t.created; c != nil {
		sb.WriteString("created by ")
		sb.WriteString(c.name)
		if t.parent != 0 {
			fmt.Fprintf(sb, " in goroutine %d", t.parent)
		}
		sb.WriteByte('\n')
		writeTraceLine(sb, *c)
	}
}

// writeTraceLine writes the location line of f: a tab, file:line and the
// offset.
func writeTraceLine(sb *strings.Builder, f traceFrame) {
	file := f.file
	if file == "" {
		file = "?"
	}
	fmt.Fprintf(sb, "\t%s:%d +%#x\n", file, f.line, f.offset())
}

// tracebackText renders traces separated by blank lines, as runtime.Stack
// with all set and a fatal error do.
func tracebackText(traces []goroutineTrace) string {
	var sb strings.Builder
	for i := range traces {
		if i > 0 {
			sb.WriteByte('\n')
		}
		traces[i].write(&sb)
	}
	return sb.String()
}

// goroutineTraces returns the traceback of cur (running in frame top, nil
// for none) followed by every other goroutine's, in the order of their
// ids, the main goroutine of a test's run (virtualMain) included: the
// goroutines runtime.Stack(buf, true) and the goroutine profile list.
func (m *machine) goroutineTraces(cur *Goroutine, top *frame) []goroutineTrace {
	var out []goroutineTrace
	if cur != nil {
		out = append(out, m.traceOf(cur, top))
	}
	if m.virtualMain {
		out = append(out, m.mainTrace())
	}
	for _, g := range m.gs {
		if g != cur {
			out = append(out, m.traceOf(g, g.top))
		}
	}
	return out
}

// numGoroutine is runtime.NumGoroutine: the run's goroutines and the main
// goroutine of a test's run.
func (m *machine) numGoroutine() int {
	n := len(m.gs)
	if m.virtualMain {
		n++
	}
	return n
}

// traceOf returns the traceback of g with top as its innermost frame,
// with the frames of the panics whose deferred calls run (panicFrames).
func (m *machine) traceOf(g *Goroutine, top *frame) goroutineTrace {
	return m.traceWith(g, top, g.panic)
}

// traceWith is traceOf with p as the innermost panic whose deferred call
// runs (a fatal panic's dump starts at the origin of the panic that ends
// the program, below the deferred calls of older ones).
func (m *machine) traceWith(g *Goroutine, top *frame, p *panicState) goroutineTrace {
	t := goroutineTrace{id: g.id, state: m.waitReason(g)}
	if g.status == gBlocked {
		t.frames = append(t.frames, m.blockedFrames(g)...)
	}
	t.frames = append(t.frames, m.panicFrames(g, top, p)...)
	t.created, t.parent = m.createdBy(g)
	t.bottom = m.bottomFrames(g)
	return t
}

// frameTrace returns the trace frame of fr, innermost (top) or a caller,
// and whether a traceback shows it: synthetic wrappers and the frames of
// hidden packages (Program.HideFrames) are not shown, as Go hides its
// autogenerated code; a test's driver is testing.tRunner.
func (m *machine) frameTrace(g *Goroutine, fr *frame, top bool) (traceFrame, bool) {
	if fr.fn == nil {
		return traceFrame{}, false
	}
	if fr.fn.ssa == nil {
		if fr.fn.id < 0 && fr.fn.name == testDriverName {
			return m.prog.traceSite(testDriverName, tRunnerSite), true
		}
		return traceFrame{}, false
	}
	if isWrapper(fr.fn.ssa) || m.prog.isHidden(fr.fn) {
		return traceFrame{}, false
	}
	var pos token.Position
	switch {
	case top && g != m.cur && g.pending == OpStart && fr.pc == 0 && fr.fn.ssa.Pos().IsValid():
		// A goroutine that has not run yet is at its function's entry.
		pos = m.prog.position(fr.fn.ssa.Pos())
	case top:
		pos = m.prog.position(fr.pos())
	default:
		pos = m.prog.position(fr.callPos())
	}
	pc := fr.pc
	if !top && pc > 0 {
		pc--
	}
	return traceFrame{name: runtimeFuncName(fr.fn), file: pos.Filename, line: pos.Line, fn: fr.fn, pc: pc}, true
}

// panicFrames returns the frames of g from top outwards as Go's traceback
// shows them while deferred calls run for panics (p the innermost): the
// frames a panic unwinds stay on the stack until its deferred call
// returns, so below a deferred call run by a panic come "panic" and the
// frames from where it was raised to the frame whose deferred call it is
// (runtime/debug.Stack in a deferred call after recover shows where the
// value was panicked). The interpreter pops them as it unwinds; the panic
// keeps its origin, and its frames are not recycled while it is active.
func (m *machine) panicFrames(g *Goroutine, top *frame, p *panicState) []traceFrame {
	var out []traceFrame
	// A panic's origin stands at the panic, not past a call, as the
	// innermost frame does.
	origin := map[*frame]bool{}
	for q := p; q != nil; q = q.link {
		origin[q.origin] = true
	}
	var walk func(start, stop *frame)
	walk = func(start, stop *frame) {
		for fr := start; fr != nil && fr != stop; fr = fr.caller {
			if f, ok := m.frameTrace(g, fr, fr == start || origin[fr]); ok {
				out = append(out, f)
			}
			if !fr.isDefer || fr.caller == nil || !fr.caller.unwinding || p == nil {
				continue
			}
			// fr is a deferred call of the innermost active panic not
			// seen yet (panics nest as their deferred calls do); the
			// frames it unwound may hold deferred calls of older ones.
			q := p
			p = p.link
			if !q.goexit {
				out = append(out, m.prog.traceSite("panic", gopanicSite))
				walk(q.origin, fr.caller)
			}
		}
	}
	walk(top, nil)
	return out
}

// createdBy returns the "created by" frame of g and the goroutine it names
// (nil for a goroutine created by nobody: main, a snapshot's root).
func (m *machine) createdBy(g *Goroutine) (*traceFrame, int) {
	switch g.origin {
	case originTestRoot:
		f := m.prog.traceSite("testing.(*T).Run", tRunGoSite)
		return &f, mainGoroutineID
	case originTestRun:
		f := m.prog.traceSite("testing.(*T).Run", tRunGoSite)
		return &f, g.parent
	case originBenchRun:
		f := m.prog.traceSite("testing.(*B).Run", bRunGoSite)
		return &f, g.parent
	}
	if g.creatorFn == nil || g.parent == 0 {
		return nil, 0
	}
	pos := m.prog.position(g.created)
	f := traceFrame{name: runtimeFuncName(g.creatorFn), file: pos.Filename, line: pos.Line, fn: g.creatorFn}
	if g.creatorFn.ssa == nil {
		f.name = g.creatorFn.name
	}
	return &f, g.parent
}

// bottomFrames returns the frames of the runtime below g's function, which
// runtime.Callers reports and tracebacks hide: runtime.main below main,
// runtime.goexit at the bottom of every goroutine (none below the call of
// a tool's harness, which is not the program's).
func (m *machine) bottomFrames(g *Goroutine) []traceFrame {
	switch g.origin {
	case originCall:
		return nil
	case originMain:
		return []traceFrame{m.prog.traceSite("runtime.main", runtimeMainSite), m.prog.traceSite("runtime.goexit", goexitSite)}
	}
	return []traceFrame{m.prog.traceSite("runtime.goexit", goexitSite)}
}

// mainGoroutineID is the id of the main goroutine, which runs main, or
// in a test's run go test's main, blocked in T.Run (virtualMain).
const mainGoroutineID = 1

// mainTrace is the traceback of the main goroutine of a test's run: go
// test's main, in testing.(*T).Run waiting for the test to end.
func (m *machine) mainTrace() goroutineTrace {
	p := m.prog
	return goroutineTrace{id: mainGoroutineID, state: "chan receive", frames: []traceFrame{
		p.traceSite("testing.(*T).Run", tRunWaitSite),
		p.traceSite("testing.runTests.func1", runTestsFunc1Site),
		p.traceSite("testing.tRunner", tRunnerSite),
		p.traceSite("testing.runTests", runTestsSite),
		p.traceSite("testing.(*M).Run", mRunSite),
		p.traceSite("main.main", testMainSite),
	}, bottom: []traceFrame{p.traceSite("runtime.main", runtimeMainSite), p.traceSite("runtime.goexit", goexitSite)}}
}

// waitReason returns g's state as Go's traceback writes it: "running"
// for the goroutine that asks, "runnable" for one that can run, else the
// runtime's wait reason of the operation it is blocked in.
func (m *machine) waitReason(g *Goroutine) string {
	if g.status != gBlocked {
		if g == m.cur && !g.atPoint {
			return "running"
		}
		return "runnable"
	}
	r := waitReasons[g.pending]
	if r == "" {
		r = g.pending.String()
	}
	if g.pending == OpRWMutexLock && m.rwWriterHeld(g) {
		r = "sync.Mutex.Lock" // waiting in Lock's w.Lock(), for the other writer
	}
	if g.bubble != nil {
		switch r {
		case "chan receive", "chan send", "select", "sync.WaitGroup.Wait":
			r += " (durable)"
		}
	}
	return r
}

// waitReasons are the runtime's wait reasons of the operations a
// goroutine blocks in (runtime2.go's waitReasonStrings); an operation not
// listed is written by its name (Op.String).
var waitReasons = [numOps]string{
	OpChanSend:       "chan send",
	OpChanRecv:       "chan receive",
	OpSelect:         "select",
	OpChanSendNil:    "chan send (nil chan)",
	OpChanRecvNil:    "chan receive (nil chan)",
	OpSelectNoCases:  "select (no cases)",
	OpMutexLock:      "sync.Mutex.Lock",
	OpRWMutexLock:    "sync.RWMutex.Lock",
	OpRWMutexRLock:   "sync.RWMutex.RLock",
	OpWaitGroupWait:  "sync.WaitGroup.Wait",
	OpCondWait:       "sync.Cond.Wait",
	OpSleep:          "sleep",
	OpCoroutine:      "coroutine",
	OpTestRun:        "chan receive", // <-t.signal
	OpTestParallel:   "chan receive", // <-t.parent.barrier
	OpSemacquire:     "semacquire",
	OpSemaAcquire:    "semacquire",
	OpSynctestRun:    "synctest.Run",
	OpListen:         "IO wait",
	OpDial:           "IO wait",
	OpAccept:         "IO wait",
	OpNetRead:        "IO wait",
	OpNetWrite:       "IO wait",
	OpPipeRead:       "IO wait",
	OpPipeWrite:      "IO wait",
	OpFileRead:       "IO wait",
	OpFileWrite:      "IO wait",
	OpFutureGet:      "chan receive",
	OpDDFAwait:       "chan receive",
	OpPhaserWait:     "sync.Cond.Wait",
	OpFinishEnd:      "sync.WaitGroup.Wait",
	OpIsolatedEnter:  "sync.Mutex.Lock",
	OpMutexTryLock:   "runnable",
	OpRWMutexTryLock: "runnable",
}

// rwWriterHeld reports whether the RWMutex g waits to Lock is held by a
// writer (Go's Lock then waits in its inner Mutex's Lock).
func (m *machine) rwWriterHeld(g *Goroutine) bool {
	if g.pendObj == nil || m.syncObjs == nil {
		return false
	}
	ms, ok := m.syncObjs[g.pendObj].(*mutexState)
	return ok && ms.locked
}

// blockedFrames returns the frames Go's traceback shows above the
// program's call of the operation g is blocked in, innermost first: none
// for channel operations (the runtime's frames are hidden), the modeled
// function and the frames below it down to the runtime for the others.
func (m *machine) blockedFrames(g *Goroutine) []traceFrame {
	chain := blockChains[g.pending]
	caller := ""
	if fr := g.top; fr != nil && fr.fn != nil {
		caller = fr.fn.name
	}
	switch g.pending {
	case OpRWMutexLock:
		if m.rwWriterHeld(g) {
			chain = rwMutexWriterChain
		}
	case OpSemacquire:
		// internal/poll's runtime semaphore: its fdMutex's rwlock (a
		// model) waits on it, as FD.Close does directly.
		switch {
		case caller == "(*internal/poll.FD).Close":
			chain = fdLockChain[:1]
		case strings.HasPrefix(caller, "(*internal/poll."):
			chain = fdLockChain
		}
	case OpPipeRead, OpPipeWrite, OpAccept, OpDial, OpNetRead, OpNetWrite:
		// The poller's wait (internal/poll runs from source); the
		// virtual OS's blocking system calls have no frames of their own.
		if caller != "(*internal/poll.pollDesc).wait" {
			chain = nil
		}
	}
	out := make([]traceFrame, 0, len(chain))
	for _, s := range chain {
		if fr := g.top; fr != nil && fr.fn != nil && fr.fn.ssa != nil && s.name == runtimeFuncName(fr.fn) {
			break // the rest of the chain runs from source: its frames are the goroutine's
		}
		out = append(out, m.prog.traceSite(s.name, s.site))
	}
	return out
}

// chainFrame is a frame of a modeled operation's traceback: the function
// Go's traceback names, and where in the Go distribution's source its
// line is.
type chainFrame struct {
	name string
	site siteSpec
}

// siteSpec locates a line of the Go distribution's source: the call of
// callee (a name as go/ssa writes functions, or for a function without
// a body its last element) inside function fn (go/ssa's name; for a
// function the runtime implements, impl is the runtime's function whose
// body has the line). callee "<-" is fn's first receive; "" is fn's
// declaration.
type siteSpec struct {
	fn, impl, callee string
	last             bool // the last such call (default: the first)
	// file is the source file (under GOROOT/src) of a runtime function
	// (impl, or fn when impl is empty), for a program that does not load
	// the runtime's package (one that imports nothing).
	file string
}

// Where the traceback's synthetic frames are, in Go 1.26's source.
var (
	tRunnerSite       = siteSpec{fn: "testing.tRunner", callee: "fn(t)"}
	tRunGoSite        = siteSpec{fn: "(*testing.T).Run", callee: "testing.tRunner"}
	bRunGoSite        = siteSpec{fn: "(*testing.B).Run", callee: "(*testing.B).run1"}
	tRunWaitSite      = siteSpec{fn: "(*testing.T).Run", callee: "<-"}
	tParallelSite     = siteSpec{fn: "(*testing.T).Parallel", callee: "<-"}
	runTestsFunc1Site = siteSpec{fn: "testing.runTests$1", callee: "(*testing.T).Run"}
	runTestsSite      = siteSpec{fn: "testing.runTests", callee: "testing.tRunner"}
	mRunSite          = siteSpec{fn: "(*testing.M).Run", callee: "testing.runTests"}
	testMainSite      = siteSpec{fn: "_testmain.go"}
	gopanicSite       = siteSpec{fn: "runtime.gopanic", callee: "fn", file: "runtime/panic.go"}
	callersSite       = siteSpec{fn: "runtime.Callers", callee: "callers", file: "runtime/extern.go"}
	runtimeMainSite   = siteSpec{fn: "runtime.main", callee: "fn", last: true, file: "runtime/proc.go"}
	goexitSite        = siteSpec{fn: "runtime.goexit", impl: asmGoexit}
	debugStackSite    = siteSpec{fn: "runtime/debug.Stack", callee: "Stack", file: "runtime/debug/stack.go"}
)

// semaFrame is the frame of a runtime semaphore function reached by
// linkname (sync.runtime_SemacquireWaitGroup and its kin): name, and the
// runtime function implementing it.
func semaFrame(name, impl string) chainFrame {
	return chainFrame{name, siteSpec{fn: name, impl: impl, callee: "semacquire1", file: "runtime/sema.go"}}
}

// mutexChain is the traceback of a goroutine blocked in sync.Mutex.Lock,
// innermost first.
var mutexChain = []chainFrame{
	semaFrame("internal/sync.runtime_SemacquireMutex", "runtime.internal_sync_runtime_SemacquireMutex"),
	{"internal/sync.(*Mutex).lockSlow", siteSpec{fn: "(*internal/sync.Mutex).lockSlow", callee: "internal/sync.runtime_SemacquireMutex"}},
	{"internal/sync.(*Mutex).Lock", siteSpec{fn: "(*internal/sync.Mutex).Lock", callee: "(*internal/sync.Mutex).lockSlow"}},
	{"sync.(*Mutex).Lock", siteSpec{fn: "(*sync.Mutex).Lock", callee: "(*internal/sync.Mutex).Lock"}},
}

// rwMutexWriterChain: RWMutex.Lock waiting for another writer, in its
// inner Mutex.
var rwMutexWriterChain = append(mutexChain[:len(mutexChain):len(mutexChain)],
	chainFrame{"sync.(*RWMutex).Lock", siteSpec{fn: "(*sync.RWMutex).Lock", callee: "(*sync.Mutex).Lock"}})

// fdLockChain is the traceback of a goroutine waiting for a file's lock
// (internal/poll's fdMutex).
var fdLockChain = []chainFrame{
	semaFrame("internal/poll.runtime_Semacquire", "runtime.poll_runtime_Semacquire"),
	{"internal/poll.(*fdMutex).rwlock", siteSpec{fn: "(*internal/poll.fdMutex).rwlock", callee: "internal/poll.runtime_Semacquire"}},
}

// pollWaitChain is the traceback of a goroutine waiting in the poller.
var pollWaitChain = []chainFrame{
	{"internal/poll.runtime_pollWait", siteSpec{fn: "internal/poll.runtime_pollWait", impl: "runtime.poll_runtime_pollWait", callee: "netpollblock", file: "runtime/netpoll.go"}},
}

// blockChains are the tracebacks of the blocking operations the
// interpreter models, innermost first (channel operations have none: the
// runtime's frames are hidden).
var blockChains = [numOps][]chainFrame{
	OpMutexLock: mutexChain,
	OpRWMutexRLock: {
		semaFrame("sync.runtime_SemacquireRWMutexR", "runtime.sync_runtime_SemacquireRWMutexR"),
		{"sync.(*RWMutex).RLock", siteSpec{fn: "(*sync.RWMutex).RLock", callee: "sync.runtime_SemacquireRWMutexR"}},
	},
	OpRWMutexLock: {
		semaFrame("sync.runtime_SemacquireRWMutex", "runtime.sync_runtime_SemacquireRWMutex"),
		{"sync.(*RWMutex).Lock", siteSpec{fn: "(*sync.RWMutex).Lock", callee: "sync.runtime_SemacquireRWMutex"}},
	},
	OpWaitGroupWait: {
		semaFrame("sync.runtime_SemacquireWaitGroup", "runtime.sync_runtime_SemacquireWaitGroup"),
		{"sync.(*WaitGroup).Wait", siteSpec{fn: "(*sync.WaitGroup).Wait", callee: "sync.runtime_SemacquireWaitGroup"}},
	},
	OpCondWait: {
		{"sync.runtime_notifyListWait", siteSpec{fn: "sync.runtime_notifyListWait", impl: "runtime.notifyListWait", callee: "goparkunlock", file: "runtime/sema.go"}},
		{"sync.(*Cond).Wait", siteSpec{fn: "(*sync.Cond).Wait", callee: "sync.runtime_notifyListWait"}},
	},
	OpSleep: {
		{"time.Sleep", siteSpec{fn: "time.Sleep", impl: "runtime.timeSleep", callee: "gopark", last: true, file: "runtime/time.go"}},
	},
	OpSemaAcquire: {
		semaFrame("sync.runtime_Semacquire", "runtime.sync_runtime_Semacquire"),
	},
	OpPipeRead:  pollWaitChain,
	OpPipeWrite: pollWaitChain,
	OpAccept:    pollWaitChain,
	OpDial:      pollWaitChain,
	OpNetRead:   pollWaitChain,
	OpNetWrite:  pollWaitChain,
	OpTestRun: {
		{"testing.(*T).Run", tRunWaitSite},
	},
	OpTestParallel: {
		{"testing.(*T).Parallel", tParallelSite},
	},
}

// traceTables are a program's synthetic trace frames: one function per
// site, so that a program counter names it (runtime.CallersFrames of a
// goroutine profile's stacks), and the lines found in the Go
// distribution's source.
type traceTables struct {
	mu    sync.Mutex
	sites map[string]*function // by name and site
	lines map[*function]token.Position
	files map[string]*parsedFile    // parsed sources of functions without SSA bodies
	live  map[*function]*fnLiveness // registers' liveness (gc.go)
}

// traceSite returns the frame name at site, its function registered for
// program counters.
func (p *Program) traceSite(name string, site siteSpec) traceFrame {
	t := &p.traces
	t.mu.Lock()
	defer t.mu.Unlock()
	key := name + "\x00" + site.fn + "\x00" + site.impl + "\x00" + site.callee
	f := t.sites[key]
	if f == nil {
		pos := p.siteLine(site)
		f = p.newFunction(name)
		f.pos = []token.Pos{token.NoPos}
		if t.sites == nil {
			t.sites, t.lines = map[string]*function{}, map[*function]token.Position{}
		}
		t.sites[key] = f
		t.lines[f] = pos
	}
	pos := t.lines[f]
	return traceFrame{name: name, file: pos.Filename, line: pos.Line, fn: f}
}

// syntheticLine returns the position of a synthetic trace frame's
// function (traceSite), if f is one.
func (p *Program) syntheticLine(f *function) (token.Position, bool) {
	t := &p.traces
	t.mu.Lock()
	defer t.mu.Unlock()
	pos, ok := t.lines[f]
	return pos, ok
}

// siteLine finds the line of site in the loaded program's source: through
// go/ssa where the function has a body, else by parsing the file of its
// declaration. A site it cannot find is its function's declaration, and
// a function it cannot find a position without a file (the test binary's
// main has no source under vt: "_testmain.go").
func (p *Program) siteLine(site siteSpec) token.Position {
	switch {
	case site.fn == "_testmain.go":
		return token.Position{Filename: "_testmain.go", Line: 1}
	case site.impl == asmGoexit:
		return goexitLine()
	}
	fn := p.lookupFuncOrClosure(site.fn)
	if site.impl != "" {
		fn = p.lookupFuncIn(nil, site.impl)
	}
	if fn == nil {
		if site.file == "" {
			return token.Position{}
		}
		// Not loaded: the runtime's source all the same.
		name := site.impl
		if name == "" {
			name = site.fn
		}
		return p.parsedSite(filepath.Join(GOROOT(), "src", filepath.FromSlash(site.file)), name[strings.LastIndexByte(name, '.')+1:], 0, site)
	}
	if fn.Blocks == nil && fn.Pkg != nil {
		fn.Pkg.Build()
	}
	decl := p.position(fn.Pos())
	if site.callee == "" {
		return decl
	}
	if fn.Blocks != nil {
		if pos := ssaSite(fn, site); pos.IsValid() {
			return p.position(pos)
		}
		return decl
	}
	return p.parsedSite(decl.Filename, fn.Name(), decl.Line, site)
}

// lookupFuncOrClosure is lookupFunc, also for an anonymous function as
// go/ssa names it ("testing.runTests$1": runTests' first).
func (p *Program) lookupFuncOrClosure(name string) *ssa.Function {
	outer, idx, ok := strings.Cut(name, "$")
	if !ok {
		return p.lookupFuncIn(nil, name)
	}
	fn := p.lookupFuncIn(nil, outer)
	if fn == nil {
		return nil
	}
	if fn.Blocks == nil && fn.Pkg != nil {
		fn.Pkg.Build()
	}
	for _, part := range strings.Split(idx, "$") {
		i, err := strconv.Atoi(part)
		if err != nil || i < 1 || i > len(fn.AnonFuncs) {
			return nil
		}
		fn = fn.AnonFuncs[i-1]
	}
	return fn
}

// asmGoexit names runtime.goexit's assembly (siteSpec.impl).
const asmGoexit = "asm"

// goexitLine returns the position Go gives runtime.goexit: its first
// instruction in the runtime's assembly for the architecture.
func goexitLine() token.Position {
	file := filepath.Join(GOROOT(), "src", "runtime", "asm_"+runtime.GOARCH+".s")
	pos := token.Position{Filename: file}
	src, err := os.ReadFile(file)
	if err != nil {
		return pos
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "TEXT runtime·goexit(SB)") {
			pos.Line = i + 2
			break
		}
	}
	return pos
}

// ssaSite returns the position of site's call (or receive) in fn's body.
func ssaSite(fn *ssa.Function, site siteSpec) token.Pos {
	var found token.Pos
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if !instr.Pos().IsValid() {
				continue
			}
			match := false
			switch in := instr.(type) {
			case *ssa.UnOp:
				match = site.callee == "<-" && in.Op == token.ARROW
			case ssa.CallInstruction:
				c := in.Common()
				if site.callee == "fn(t)" {
					// tRunner's call of the test function, its parameter.
					match = len(fn.Params) > 1 && c.Value == fn.Params[1]
				} else if callee := c.StaticCallee(); callee != nil {
					match = callee.String() == site.callee
				}
			}
			if match {
				if !site.last {
					return instr.Pos()
				}
				found = instr.Pos()
			}
		}
	}
	return found
}

// parsedSite returns the position of site's call in the body of the
// function name declared in file (at line decl, 0 if unknown): a function
// of a package loaded without bodies, such as the runtime's, or not
// loaded. It parses the file once per program. Without the call, it is
// the declaration; without the function, the file alone. The caller
// holds p.traces.mu.
func (p *Program) parsedSite(file, name string, decl int, site siteSpec) token.Position {
	t := &p.traces
	pf, ok := t.files[file]
	if !ok {
		fset := token.NewFileSet()
		if src, err := os.ReadFile(file); err == nil {
			if f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution); err == nil {
				pf = &parsedFile{fset: fset, f: f}
			}
		}
		if t.files == nil {
			t.files = map[string]*parsedFile{}
		}
		t.files[file] = pf // nil: unreadable, tried once
	}
	pos := token.Position{Filename: file, Line: decl}
	if pf == nil {
		return pos
	}
	callee := site.callee[strings.LastIndexByte(site.callee, '.')+1:]
	for _, d := range pf.f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Recv != nil || fd.Name.Name != name {
			continue
		}
		pos.Line = pf.fset.Position(fd.Name.Pos()).Line
		found := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if found && !site.last {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			called := ""
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				called = fun.Name
			case *ast.SelectorExpr:
				called = fun.Sel.Name
			}
			if called == callee {
				pos.Line, found = pf.fset.Position(call.Pos()).Line, true
			}
			return true
		})
		break
	}
	return pos
}

// parsedFile is a source file parsed for parsedSite.
type parsedFile struct {
	fset *token.FileSet
	f    *ast.File
}
