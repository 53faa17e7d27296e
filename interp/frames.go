package interp

// Frames: activations of interpreted functions, held in interpreter memory
// (calls push frames, returns pop them), with their positions, returns
// and deferred calls.

import (
	"fmt"
	"go/token"
	"math"
	"unsafe"
)

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
	// tuple holds the results of the frame's last return of several
	// values to a compiled caller, whose Extracts read them at once (see
	// compiler.ret): the frame, recycled for the next call of its
	// function, reuses it instead of allocating a tuple per call.
	tuple value
	// user memoizes userFrame (nil: not computed yet; noUserFrame: none).
	// A frame's caller chain does not change while it is active, and
	// release clears it for the frame's next activation.
	user *frame
	// spare is a frame that this frame's last call returned, kept for
	// its next call (see machine.returned and machine.calleeFrame).
	spare *frame
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

// newFrame allocates a frame for f with its registers initialized.
func (m *machine) newFrame(f *function) *frame { return m.calleeFrame(nil, f) }

// calleeFrame returns a frame for caller's call of f (caller nil: a frame
// without a caller): the frame of f that caller's last call returned (its
// spare, see returned), the frame of f that returned last (m.last), a
// frame of f's free list, or a new one. Under HashStates frames are not
// reused.
func (m *machine) calleeFrame(caller *frame, f *function) *frame {
	if !f.ready.Load() {
		m.prog.compile(f)
	}
	if !m.opts.HashStates {
		var fr *frame
		switch {
		case caller != nil && caller.spare != nil && caller.spare.fn == f:
			fr, caller.spare = caller.spare, nil
		case f.id < len(m.last) && m.last[f.id] != nil:
			fr, m.last[f.id] = m.last[f.id], nil
		case f.id < len(m.free) && len(m.free[f.id]) > 0:
			l := m.free[f.id]
			fr = l[len(l)-1]
			m.free[f.id] = l[:len(l)-1]
		}
		if fr != nil {
			// No register needs resetting: the preloaded ones (constants,
			// functions, globals' addresses) are never written, and every
			// other one is written (SSA definitions dominate their uses)
			// before it is read.
			if verifyPreloaded {
				m.checkPreloaded(fr)
			}
			return fr
		}
	}
	t := m.template(f)
	regs := make([]value, len(t))
	copy(regs, t)
	return &frame{fn: f, code: f.code, regs: regs, retDst: -1}
}

// checkPreloaded panics if a preloaded register of the recycled frame fr
// does not hold its template value.
func (m *machine) checkPreloaded(fr *frame) {
	t := m.template(fr.fn)
	for _, i := range fr.fn.preloaded {
		if !sameWords(fr.regs[i], t[i]) {
			panic(fmt.Sprintf("interp: register %d of a recycled frame of %s was written (a preloaded register)", i, fr.fn.name))
		}
	}
}

// verifyPreloaded makes newFrame check that a recycled frame's preloaded
// registers still hold their template values (set by the package's tests).
var verifyPreloaded bool

// sameWords reports whether a and b are the same words: the same scalar,
// and the same interface words (type and data pointer) in r.
func sameWords(a, b value) bool {
	return a.n == b.n && *(*[2]uintptr)(unsafe.Pointer(&a.r)) == *(*[2]uintptr)(unsafe.Pointer(&b.r))
}

// maxFreeFrames bounds the frames a function's free list keeps: enough
// for the goroutines of one function that an execution runs at once (a
// frame's memory is its registers).
const maxFreeFrames = 64

// release returns a frame that returned to its function's free list.
// Frames of a panicking goroutine are kept: the traceback may need them.
func (m *machine) release(fr *frame) {
	if !recyclable(fr) {
		return
	}
	f := fr.fn
	if f.id >= len(m.free) {
		nf := make([][]*frame, max(2*len(m.free), f.id+1, 64))
		copy(nf, m.free)
		m.free = nf
	}
	if len(m.free[f.id]) >= maxFreeFrames {
		return
	}
	fr.reset()
	m.free[f.id] = append(m.free[f.id], fr)
}

// returned recycles fr, which returned to its caller c: it becomes c's
// spare if c has none, for c's next call, which often calls the same
// function (in a loop, or a recursion's second call); or else its
// function's last frame (m.last) if the function has none, for the next
// call of it from anywhere (a call site that calls several methods in
// turn); otherwise it goes to the function's free list (release). The
// micro loop does the first case inline (runMicro's mRet). Under
// HashStates frames are not reused (see calleeFrame).
func (m *machine) returned(c, fr *frame) {
	if !m.opts.HashStates && recyclable(fr) {
		if c.spare == nil {
			fr.reset()
			c.spare = fr
			return
		}
		id := fr.fn.id
		if id >= len(m.last) {
			m.last = append(m.last, make([]*frame, max(id+1-len(m.last), 64))...)
		}
		if m.last[id] == nil {
			fr.reset()
			m.last[id] = fr
			return
		}
	}
	m.release(fr)
}

// recyclable reports whether fr, which returned, may run again for
// another call. Frames of a panicking goroutine are kept: the traceback
// may need them.
func recyclable(fr *frame) bool {
	f := fr.fn
	return f != nil && f.id >= 0 && fr.g.panic == nil && fr.native == nil
}

// reset makes a frame that returned ready for its next call; its
// registers stay (see calleeFrame), and so does its spare.
func (fr *frame) reset() {
	fr.caller, fr.g, fr.pc, fr.retDst, fr.user = nil, nil, 0, -1, nil
	fr.defers = fr.defers[:0]
	fr.unwinding, fr.isDefer = false, false
}

// template returns f's initial registers in this run: constants, and the
// addresses of the globals it uses. A function that uses no global has the
// same registers in every run: its compiled template, shared (templates
// are only copied from).
func (m *machine) template(f *function) []value {
	if len(f.globals) == 0 {
		return f.template
	}
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
		t, init := m.prog.globalTy[i], m.prog.globalInit[i]
		m.prog.globalsMu.Unlock()
		c := zero(t)
		if init != nil {
			c = init(m)
		}
		m.globals[i] = &c
	}
	return m.globals[i]
}

// pos returns the position of the op at which fr stands.
func (fr *frame) pos() token.Pos { return fr.posAt(fr.pc) }

// callPos returns the position of the call a caller frame is in: its pc
// has already moved past the call.
func (fr *frame) callPos() token.Pos {
	if fr.pc > 0 {
		return fr.posAt(fr.pc - 1)
	}
	return fr.posAt(0)
}

func (fr *frame) posAt(pc int) token.Pos {
	if fr.fn == nil || fr.fn.pos == nil {
		return token.NoPos
	}
	if pc >= len(fr.fn.pos) {
		pc = len(fr.fn.pos) - 1
	}
	if pc < 0 {
		return token.NoPos
	}
	if p := fr.fn.pos[pc]; p.IsValid() {
		return p
	}
	if fr.fn.ssa != nil {
		return fr.fn.ssa.Pos()
	}
	return token.NoPos
}

// step counts a step (a taken edge or a call) against the run's bound.
// Every stopInterval steps it also asks RunOptions.Stop, so that a run
// that never reaches a scheduling point still ends when its tool says.
func (m *machine) step() {
	m.steps++
	if m.steps >= m.checkAt {
		if err := m.checkLimits(); err != nil {
			panic(err)
		}
	}
}

// stopInterval is how many steps pass between two calls of RunOptions.Stop
// (about a millisecond of interpretation).
const stopInterval = 1 << 14

// checkLimits returns the error that ends the run when it has exceeded its
// step bound or its tool asks it to stop, and sets the step count at which
// to check again.
func (m *machine) checkLimits() error {
	if m.maxSteps > 0 && m.steps > m.maxSteps {
		if m.opts.MoreSteps == nil || !m.opts.MoreSteps(m.mainDone) {
			return &StepLimitError{Steps: m.steps}
		}
		m.maxSteps += m.opts.MaxSteps
	}
	if m.opts.Stop != nil && m.opts.Stop() {
		return &StoppedError{Steps: m.steps}
	}
	if m.logging && m.undoDroppable && m.undoSize() > undoMax {
		// A long run: the next one initializes again instead.
		m.dropUndo()
	} else if m.undo.len() >= max(m.undoCompactAt, undoCompactMin) && heapBytes() > m.maxMemory()/undoPressure {
		// Only under memory pressure: compaction makes a weak pointer
		// per cell, which costs far more than the log entry.
		m.compactUndo()
	}
	if lim := m.maxMemory(); overLimit(0, lim) {
		return &MemoryLimitError{Limit: lim}
	}
	m.setCheckAt()
	return nil
}

func (m *machine) maxMemory() uint64 {
	if m.opts.MaxMemory > 0 {
		return m.opts.MaxMemory
	}
	return DefaultMaxMemory
}

// workShift: a run's work is counted in steps and, for the operations
// that move many bytes at once (copy, append, clear), in 2^workShift
// bytes moved per step, as far as the checks of its limits go (work).
const workShift = 10

// work counts n bytes moved by one operation: the next check of the
// run's limits (checkLimits: the tool's Stop, with its time budget, and
// the memory limit) comes that much sooner, so that a loop whose every
// step copies megabytes does not run 2^14 such steps between two checks.
// The step count itself is unchanged (a step bound counts steps).
func (m *machine) work(n int) {
	if n >= 1<<workShift {
		m.checkAt -= int64(n >> workShift)
	}
}

// setCheckAt sets the step count at which step calls checkLimits next.
func (m *machine) setCheckAt() {
	m.checkAt = math.MaxInt64
	if m.maxSteps > 0 {
		m.checkAt = m.maxSteps + 1
	}
	// The memory limit is checked as often as the tool's Stop.
	m.checkAt = min(m.checkAt, m.steps+stopInterval)
}

// ret returns from fr with result res.
func (fr *frame) ret(res value) *frame {
	c := fr.caller
	g := fr.g
	if c == nil {
		// The goroutine's first frame: its function returned.
		g.top = nil
		g.m.release(fr)
		g.m.exitGoroutine(g)
		return nil
	}
	if c.native != nil {
		// A native caller (the bottom of a goroutine run as a call, a
		// model calling back) takes the result alone: fr is free.
		if !fr.isDefer {
			if g.top == fr {
				g.top = c
			}
			g.m.release(fr)
		}
		return c.native(c, res)
	}
	if fr.retDst >= 0 {
		c.regs[fr.retDst] = res
	}
	if fr.isDefer && c.unwinding {
		return g.deferReturned(c)
	}
	g.m.returned(c, fr)
	return c
}

// runDefer calls fr's most recently deferred function; fr's pc stays, so
// the calling op runs again when it returns.
func (fr *frame) runDefer() *frame {
	n := len(fr.defers)
	d := fr.defers[n-1]
	fr.defers = fr.defers[:n-1]
	return fr.g.m.callDeferred(fr, d)
}

func (m *machine) callDeferred(fr *frame, d deferred) *frame {
	cl, _ := d.fn.r.(*closure)
	if cl == nil {
		return fr.g.startPanic(fr, m.runtimeErrorValue(nilDeref))
	}
	nf := m.newFrame(cl.fn)
	nf.g, nf.caller, nf.isDefer, nf.retDst = fr.g, fr, true, -1
	copy(nf.regs, d.args)
	copy(nf.regs[cl.fn.nparams:], cl.env)
	return nf
}
