package interp

import (
	"bufio"
	"container/heap"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"runtime/debug"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
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

// frame is one activation of an interpreted function. Frames live in
// interpreter memory: calls push frames, returns pop them; the host stack
// does not grow with the interpreted one.
type frame struct {
	fn     *function
	code   []op
	regs   []value
	locals []value // cells of non-escaping locals (Alloc with !Heap)
	pc     int
	caller *frame
	g      *Goroutine
	defers []deferred
	retDst int32 // register of the caller that receives the result (-1: none)

	unwinding bool                                 // a deferred call of this frame runs because of a panic
	isDefer   bool                                 // this frame is a deferred call
	native    func(fr *frame, result value) *frame // continuation of a native caller
	barrier   bool                                 // runtime.Goexit stops unwinding here (test drivers)
}

type deferred struct {
	fn   value // closure
	args []value
	pos  token.Pos
}

// op executes one compiled instruction of fr and returns the frame to run
// next: fr itself, a callee, a caller, or nil to stop running the current
// goroutine (it blocked, reached a scheduling point, exited, or the program
// ended).
type op func(fr *frame) *frame

type panicState struct {
	val       value // the panic value (an interface value)
	recovered bool
	link      *panicState
	goexit    bool
	origin    *frame // frame that panicked (for the traceback)
}

// exitError is panicked by natives to end the program (os.Exit).
type exitError struct{ code int }

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

func (m *machine) newGoroutine(parent *Goroutine, pos token.Pos) *Goroutine {
	m.nextGID++
	g := &Goroutine{id: m.nextGID, m: m, created: pos, pending: OpStart}
	if parent != nil {
		g.parent = parent.id
	}
	m.gs = append(m.gs, g)
	m.emit(nil, Event{Kind: EvGoStart, G: g, Other: parent, Pos: pos})
	return g
}

// newFrame allocates a frame for f with its registers initialized.
func (m *machine) newFrame(f *function) *frame {
	if !f.ready.Load() {
		m.prog.compile(f)
	}
	t := m.template(f)
	if f.id < len(m.free) {
		if l := m.free[f.id]; len(l) > 0 {
			fr := l[len(l)-1]
			m.free[f.id] = l[:len(l)-1]
			// Only preloaded registers need resetting: every other one is
			// written (SSA definitions dominate their uses) before it is read.
			for _, i := range f.preloaded {
				fr.regs[i] = t[i]
			}
			return fr
		}
	}
	regs := make([]value, len(t))
	copy(regs, t)
	return &frame{fn: f, code: f.code, regs: regs, retDst: -1}
}

// release returns a frame that returned to its function's free list.
// Frames of a panicking goroutine are kept: the traceback may need them.
func (m *machine) release(fr *frame) {
	f := fr.fn
	if f == nil || f.id < 0 || fr.g.panic != nil || fr.native != nil {
		return
	}
	if f.id >= len(m.free) {
		nf := make([][]*frame, max(2*len(m.free), f.id+1, 64))
		copy(nf, m.free)
		m.free = nf
	}
	if len(m.free[f.id]) >= 8 {
		return
	}
	fr.caller, fr.g, fr.pc, fr.retDst = nil, nil, 0, -1
	fr.defers = fr.defers[:0]
	fr.unwinding, fr.isDefer = false, false
	m.free[f.id] = append(m.free[f.id], fr)
}

// template returns f's initial registers in this run: constants, and the
// addresses of the globals it uses.
func (m *machine) template(f *function) []value {
	if f.id < len(m.tmpl) {
		if t := m.tmpl[f.id]; t != nil {
			return t
		}
	} else {
		n := max(2*len(m.tmpl), f.id+1, 64)
		nt := make([][]value, n)
		copy(nt, m.tmpl)
		m.tmpl = nt
	}
	t := make([]value, len(f.template))
	copy(t, f.template)
	for _, gs := range f.globals {
		t[gs.reg] = value{r: m.global(gs.index)}
	}
	m.tmpl[f.id] = t
	return t
}

// global returns the cell of the global with index i, allocating it with
// its zero value on first use.
func (m *machine) global(i int) *value {
	if i >= len(m.globals) {
		ng := make([]*value, max(2*len(m.globals), i+1, 64))
		copy(ng, m.globals)
		m.globals = ng
	}
	if m.globals[i] == nil {
		m.prog.globalsMu.Lock()
		t := m.prog.globalTy[i]
		m.prog.globalsMu.Unlock()
		c := zero(t)
		m.globals[i] = &c
	}
	return m.globals[i]
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

// stackStrings describes the interpreted frames from fr outwards.
func (m *machine) stackStrings(fr *frame) []string {
	var out []string
	for f := fr; f != nil; f = f.caller {
		if f.fn != nil && f.fn.ssa != nil {
			pos := f.pos()
			if f != fr {
				pos = f.callPos()
			}
			out = append(out, fmt.Sprintf("%s (%s)", f.fn.name, m.prog.position(pos)))
		}
	}
	return out
}

// panicValue carries an interpreted panic value through the host stack
// (raised by natives).
type panicValue struct{ v value }

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

// schedule picks the goroutine to run next; it returns false when the
// program has ended (deadlock reported).
func (m *machine) schedule() bool {
	for {
		m.runnable = m.runnable[:0]
		for _, g := range m.gs {
			if g.status == gRunnable {
				m.runnable = append(m.runnable, g)
			}
		}
		if len(m.runnable) > 0 {
			i := m.sched.Pick(m.runnable)
			g := m.runnable[i]
			// Only a goroutine stopped at a scheduling point performs its
			// op at once; a woken or new one runs to its next point.
			g.resumed, g.atPoint = g.atPoint, false
			m.cur = g
			return true
		}
		if m.fireTimers() {
			continue
		}
		if m.mainDone {
			m.leak()
			return false
		}
		m.deadlock()
		return false
	}
}

// userPos returns pos if fr's function is the program's own, else the
// position of the call in the innermost caller outside the Go distribution
// (a deferred mu.Unlock, a typed atomic's method): what a user recognizes.
func (fr *frame) userPos(pos token.Pos) token.Pos {
	if fr.fn == nil || !fr.fn.inGoroot() {
		return pos
	}
	for f := fr.caller; f != nil; f = f.caller {
		if f.fn != nil && f.fn.ssa != nil && !f.fn.inGoroot() && f.fn.ssa.Synthetic == "" {
			return f.callPos()
		}
	}
	return pos
}

// block marks g blocked in op (until another goroutine wakes it).
func (fr *frame) block(op Op, pos token.Pos) *frame {
	g := fr.g
	g.top = fr
	g.status = gBlocked
	g.pending, g.pendPos = op, fr.userPos(pos)
	g.m.emit(fr, Event{Kind: EvBlock, Op: op, Pos: pos})
	return nil
}

// wake makes a blocked goroutine runnable.
func (g *Goroutine) wake() {
	if g.status != gBlocked {
		return
	}
	g.status = gRunnable
	// It resumes after (or, to retry, at) the operation it blocked in and
	// runs to its next scheduling point.
	g.pending = OpResume
	g.m.emit(nil, Event{Kind: EvUnblock, G: g})
}

// exitGoroutine ends g (its function returned or it called Goexit).
func (m *machine) exitGoroutine(g *Goroutine) {
	g.status = gDone
	g.top = nil
	m.emit(nil, Event{Kind: EvGoExit, G: g})
	for i, x := range m.gs {
		if x == g {
			m.gs = append(m.gs[:i], m.gs[i+1:]...)
			break
		}
	}
	if g.onExit != nil {
		g.onExit()
	}
	if g == m.main {
		m.mainDone = true
		if !m.opts.WaitAll || len(m.gs) == 0 {
			m.exit(0)
		}
	} else if m.mainDone && len(m.gs) == 0 {
		m.exit(0)
	}
}

// deadlock reports that every goroutine is blocked, as Go does.
func (m *machine) deadlock() {
	m.stdout.Flush()
	var sb strings.Builder
	sb.WriteString("fatal error: all goroutines are asleep - deadlock!\n")
	m.outcome = Outcome{Kind: Deadlocked, ExitCode: 2, Message: "all goroutines are asleep - deadlock!"}
	for _, g := range m.gs {
		sb.WriteString("\n")
		m.writeTraceback(&sb, g)
		m.outcome.Goroutines = append(m.outcome.Goroutines, g.info(g.pending))
	}
	io.WriteString(m.stderr, sb.String())
	m.exit(2)
}

// leak ends a WaitAll run in which main ended and goroutines remain blocked.
func (m *machine) leak() {
	m.outcome = Outcome{Kind: Leaked, Message: "goroutines blocked forever after the main function returned"}
	for _, g := range m.gs {
		m.outcome.Goroutines = append(m.outcome.Goroutines, g.info(g.pending))
	}
	m.exit(0)
}

func (m *machine) writeTraceback(sb *strings.Builder, g *Goroutine) {
	state := g.pending.String()
	if g.status == gRunnable && g == m.cur {
		state = "running"
	}
	fmt.Fprintf(sb, "goroutine %d [%s]:\n", g.id, state)
	for _, f := range g.Stack() {
		fmt.Fprintf(sb, "%s(...)\n\t%s\n", f.Func, m.prog.position(f.Pos))
	}
	if g.parent != 0 {
		fmt.Fprintf(sb, "created by goroutine %d at %s\n", g.parent, m.prog.position(g.created))
	}
}

// Position resolves a position reported in events and stacks.
func (p *Program) Position(pos token.Pos) token.Position { return p.position(pos) }

func (p *Program) position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return p.SSA.Fset.Position(pos)
}

// --- panics ---

// startPanic begins panicking in fr with val (an interface value).
func (g *Goroutine) startPanic(fr *frame, val value) *frame {
	g.panic = &panicState{val: val, link: g.panic, origin: fr}
	return g.unwind(fr)
}

// unwind runs the deferred calls of the panicking goroutine, innermost
// frame first, and pops frames whose deferred calls are done.
func (g *Goroutine) unwind(fr *frame) *frame {
	for fr != nil {
		if fr.barrier && g.panic.goexit {
			g.panic = g.panic.link
			if fr.native != nil {
				return fr.native(fr, value{})
			}
			return fr
		}
		if n := len(fr.defers); n > 0 {
			d := fr.defers[n-1]
			fr.defers = fr.defers[:n-1]
			fr.unwinding = true
			return g.m.callDeferred(fr, d)
		}
		fr = fr.caller
	}
	g.top = nil
	if g.panic.goexit {
		g.m.exitGoroutine(g)
		return nil
	}
	g.m.fatalPanic(g)
	return nil
}

// goexit ends fr's goroutine as runtime.Goexit does: its deferred calls
// run first, and a barrier frame (a test's driver) stops the unwinding.
func (fr *frame) goexit() *frame {
	g := fr.g
	g.panic = &panicState{goexit: true, link: g.panic}
	fr.pc++
	return g.unwind(fr)
}

// deferReturned continues after a deferred call made while unwinding has
// returned to fr.
func (g *Goroutine) deferReturned(fr *frame) *frame {
	p := g.panic
	if p.recovered {
		g.panic = p.link
		fr.unwinding = false
		fr.pc = fr.fn.recoverPC
		return fr
	}
	return g.unwind(fr)
}

// fatalPanic prints the uncaught panic as Go does and ends the program with
// exit code 2.
func (m *machine) fatalPanic(g *Goroutine) {
	m.stdout.Flush()
	var chain []*panicState
	for p := g.panic; p != nil; p = p.link {
		chain = append([]*panicState{p}, chain...)
	}
	var sb strings.Builder
	for i, p := range chain {
		if i > 0 {
			sb.WriteString("\t")
		}
		sb.WriteString("panic: ")
		sb.WriteString(m.panicString(p.val))
		if p.recovered {
			sb.WriteString(" [recovered]")
		}
		sb.WriteString("\n")
	}
	if e := g.panic.val.iface(); e != nil && e.t == m.prog.runtimeType("errorString") && strings.Contains(e.v.str(), "nil pointer dereference") {
		sb.WriteString("[signal SIGSEGV: segmentation violation]\n")
	}
	sb.WriteString("\n")
	g.status = gRunnable
	m.cur = g
	g.top = g.panic.origin
	m.writeTraceback(&sb, g)
	sb.WriteString("exit status 2\n")
	io.WriteString(m.stderr, strings.TrimSuffix(sb.String(), "exit status 2\n"))
	m.outcome = Outcome{Kind: Panicked, ExitCode: 2, Message: m.panicString(g.panic.val), Goroutines: []GoroutineInfo{g.info(OpRunning)}}
	m.exit(2)
}

// panicString formats a panic value like the Go runtime's printpanicval.
func (m *machine) panicString(v value) string {
	i := v.iface()
	if i == nil {
		return "nil"
	}
	for _, meth := range []string{"Error", "String"} {
		if !hasStringMethod(i.t, meth) {
			continue
		}
		if fn := i.t.method(meth); fn != nil {
			if r, ok := m.callSync(fn, []value{i.v}); ok {
				return r.str()
			}
		}
	}
	switch i.t.kind {
	case kString:
		s := i.v.str()
		if i.t.t.String() != "string" {
			return fmt.Sprintf("%s(%q)", i.t.str, s)
		}
		return s
	case kBool, kInt, kInt8, kInt16, kInt32, kInt64, kUint, kUint8, kUint16, kUint32, kUint64, kUintptr, kFloat32, kFloat64, kComplex64, kComplex128:
		var sb strings.Builder
		printValue(&sb, i.v, i.t)           // as the runtime's print
		if i.t.str != kindNames[i.t.kind] { // a named type
			return fmt.Sprintf("%s(%s)", i.t.str, sb.String())
		}
		return sb.String()
	}
	return fmt.Sprintf("(%s) %p", i.t.str, i.v.r)
}

// hasStringMethod reports whether t has a method name() string.
func hasStringMethod(t *rtype, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t.t, false, nil, name)
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := f.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// callSync runs fn(args...) to completion on a fresh goroutine, outside the
// schedule: for formatting values in reports only. It reports false if the
// call blocked or failed.
func (m *machine) callSync(fn *function, args []value) (value, bool) {
	saveCur := m.cur
	defer func() { m.cur = saveCur }()
	g := &Goroutine{id: -1, m: m}
	var result value
	done := false
	base := &frame{g: g, retDst: 0}
	base.native = func(_ *frame, r value) *frame {
		result, done = r, true
		return nil
	}
	f := m.newFrame(fn)
	f.g, f.caller, f.retDst = g, base, 0
	copy(f.regs, args)
	obs := m.obs
	m.obs = nil
	defer func() { m.obs = obs }()
	g.top = f
	m.cur = g
	fr := f
	for fr != nil && !done && !m.exited {
		fr = m.execSlice(fr)
		if g.status != gRunnable || g.panic != nil {
			return value{}, false
		}
		if fr == nil && !done && g.top != nil && g.status == gRunnable {
			// Stopped at a scheduling point: continue.
			g.resumed = true
			fr = g.top
		}
	}
	return result, done
}

// --- virtual time ---

// virtualEpoch is the virtual clock's start: 2000-01-01T00:00:00Z, as in
// testing/synctest.
const virtualEpoch = 946684800 * 1e9

type timer struct {
	when   int64
	seq    int64
	period int64
	fire   func(m *machine, t *timer)
	index  int
	id     any
	owner  *Goroutine // the goroutine that set the timer last
}

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].when != h[j].when {
		return h[i].when < h[j].when
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *timerHeap) Push(x any)   { t := x.(*timer); t.index = len(*h); *h = append(*h, t) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

func (m *machine) addTimer(t *timer) {
	m.timerSeq++
	t.seq = m.timerSeq
	heap.Push(&m.timers, t)
}

func (m *machine) delTimer(t *timer) bool {
	if t.index < 0 || t.index >= len(m.timers) || m.timers[t.index] != t {
		return false
	}
	heap.Remove(&m.timers, t.index)
	return true
}

// fireTimers advances the virtual clock to the earliest timer and fires
// every timer due then. It reports false if there is none.
func (m *machine) fireTimers() bool {
	if len(m.timers) == 0 {
		return false
	}
	when := m.timers[0].when
	if when > m.clock {
		m.clock = when
	}
	m.emit(nil, Event{Kind: EvTimer, Seq: m.clock})
	var due []*timer
	for len(m.timers) > 0 && m.timers[0].when <= m.clock {
		due = append(due, heap.Pop(&m.timers).(*timer))
	}
	sort.SliceStable(due, func(i, j int) bool { return due[i].seq < due[j].seq })
	for _, t := range due {
		if t.period > 0 {
			t.when += t.period
			m.addTimer(t)
		}
		t.fire(m, t)
	}
	return true
}
