package interp

// Goroutines: their life (creation, blocking, waking, exit), the choice of
// the next one at a scheduling point, and the end of a run in a deadlock or
// with leaked goroutines.

import (
	"fmt"
	"go/token"
	"io"
	"strings"
	"sync/atomic"
)

// Goroutine is a goroutine of a run: data, not a host goroutine.
type Goroutine struct {
	id      int
	m       *machine
	top     *frame
	status  gStatus
	pending Op        // operation at the scheduling point or blocking operation
	pendPos token.Pos // its position in the program's own code (userPos)
	pendAt  token.Pos // its position itself, in the innermost frame
	pendObj *value    // the sync object of a pending sync operation (nil: none or not one)
	resumed bool      // picked at its scheduling point: perform the op now
	atPoint bool      // stopped by point (not blocked, woken or new): the next pick resumes its op
	idle    bool      // the op performed at its last scheduling point changed nothing others observe
	panic   *panicState
	created token.Pos // position of the go statement
	parent  int
	// creatorFn is the function whose go statement (or model call, with
	// origin) created the goroutine, for "created by" lines (traceback.go).
	creatorFn *function
	origin    goOrigin
	test      string  // the subtest it runs for (its own, or its creator's), if any
	onExit    func()  // called when the goroutine ends (subtests)
	bubble    *bubble // the testing/synctest bubble it belongs to, if any
	// daemon: package initialization started it (RunOptions.OnRoot): a
	// run does not wait for it after the root returned, nor report it as
	// leaked, as go test does not.
	daemon bool
}

type gStatus uint8

// setStatus sets g's status; a change invalidates the machine's runnable
// set (schedule).
func (g *Goroutine) setStatus(s gStatus) {
	if g.status != s {
		g.status = s
		g.m.runnableOK = false
	}
}

const (
	gRunnable gStatus = iota
	gBlocked
	gDone
)

// ID returns the goroutine's id: 1 for main, then in creation order (0 for
// a nil *Goroutine, as in events that belong to no goroutine, EvTimer).
func (g *Goroutine) ID() int {
	if g == nil {
		return 0
	}
	return g.id
}

// Pending returns the operation g is stopped at or blocked in.
func (g *Goroutine) Pending() (Op, token.Pos) { return g.pending, g.pendPos }

// PendingAt returns the position of the operation g is stopped at itself:
// where Pending's position is the program's own code that reached it (the
// call of a library function), this one is the operation's, inside that
// function. Two points at one position of the program's code are one
// point of its loop only if they are also one operation here.
func (g *Goroutine) PendingAt() token.Pos { return g.pendAt }

// WouldBlock reports whether the operation g is stopped at would only
// block if g ran now, changing nothing: a Mutex.Lock or RWMutex.RLock of a
// mutex that is not free. It is false for other operations (a blocked
// RWMutex.Lock keeps new readers out; a WaitGroup.Wait that would block
// may instead panic on a reused group). A scheduler may prefer the goroutines
// that can make progress; picking one that would block only blocks it.
func (g *Goroutine) WouldBlock() bool {
	p := g.pendObj
	if p == nil || !g.atPoint || g.m.syncObjs == nil {
		return false
	}
	st, ok := g.m.syncObjs[p]
	if !ok {
		return false
	}
	switch g.pending {
	case OpMutexLock:
		ms, ok := st.(*mutexState)
		return ok && !ms.canLock(g, true)
	case OpRWMutexRLock:
		ms, ok := st.(*mutexState)
		return ok && !ms.canLock(g, false)
	}
	return false
}

// Blocked reports whether g is blocked.
func (g *Goroutine) Blocked() bool { return g.status == gBlocked }

// Idle reports whether the operation g performed at its last scheduling
// point changed nothing that other goroutines can observe: runtime.Gosched,
// an atomic, atomic.Value or sync.Map load, a TryLock, TryRLock or
// CompareAndSwap that failed, a receive from a closed channel, a select
// that took its default case. A goroutine that keeps doing only such
// operations is waiting for another one; schedulers use it for fairness.
func (g *Goroutine) Idle() bool { return g.idle }

// Creator returns the id of the goroutine that created g (0 for main) and
// the position of the go statement.
func (g *Goroutine) Creator() (int, token.Pos) { return g.parent, g.created }

// StackFrame is one frame of a goroutine's stack.
type StackFrame struct {
	Func string    // as Go's tracebacks name it, e.g. "main.worker", "example.com/p.(*T).M.func1"
	Pos  token.Pos // current position in the function
}

// Stack returns g's frames, innermost first.
func (g *Goroutine) Stack() []StackFrame {
	var out []StackFrame
	for fr := g.top; fr != nil; fr = fr.caller {
		if fr.fn == nil || fr.fn.ssa == nil || isWrapper(fr.fn.ssa) {
			continue
		}
		pos := fr.pos()
		if fr != g.top {
			pos = fr.callPos()
		}
		out = append(out, StackFrame{Func: runtimeFuncName(fr.fn), Pos: pos})
	}
	return out
}

// newGoroutine creates a goroutine at pos: by the running frame creator (a
// go statement, t.Run, iter.Pull), by the goroutine parent that is not
// running (a timer's function), or by nobody (both nil: a root).
// Observers of EvGoStart see the creator's stack as it is at pos.
func (m *machine) newGoroutine(creator *frame, parent *Goroutine, pos token.Pos) *Goroutine {
	return m.newGoroutineID(creator, parent, pos, 0)
}

// newGoroutineID is newGoroutine with the goroutine's id (0: the next
// one). A snapshot's root takes the id of the goroutine whose call it is
// (Snapshot.Run).
func (m *machine) newGoroutineID(creator *frame, parent *Goroutine, pos token.Pos, id int) *Goroutine {
	if id == 0 {
		m.nextGID++
		id = m.nextGID
	}
	g := &Goroutine{id: id, m: m, created: pos, pending: OpStart}
	if creator != nil {
		parent = creator.g
		parent.top = creator
		g.creatorFn = creator.fn
	}
	if parent != nil {
		g.parent = parent.id
		g.test = parent.test
		if b := parent.bubble; b != nil {
			g.bubble = b
			b.live++
		}
	}
	m.gs = append(m.gs, g)
	m.runnableOK = false
	m.emit(nil, Event{Kind: EvGoStart, G: g, Other: parent, Pos: pos})
	return g
}

// runnableVersions numbers the runnable sets schedule builds, in every run
// of every machine (RunnableScheduler): a scheduler given to two runs
// cannot take one's set for the other's.
var runnableVersions atomic.Uint64

// schedule picks the goroutine to run next; it returns false when the
// program has ended (deadlock reported).
func (m *machine) schedule() bool {
	if m.gc.due {
		m.collect() // runtime.GC was called (gc.go)
	}
	for {
		if !m.runnableOK {
			// The runnable set is rebuilt only when a goroutine started,
			// blocked, woke or ended since the last scheduling point: a
			// point that changes none of it costs the same whatever the
			// number of goroutines.
			m.runnable = m.runnable[:0]
			for _, g := range m.gs {
				if g.status == gRunnable {
					m.runnable = append(m.runnable, g)
				}
			}
			m.runnableOK = true
			m.runnableVer = runnableVersions.Add(1)
		}
		if len(m.runnable) > 0 {
			if len(m.timers) > 0 && m.passTime() {
				if m.exited {
					return false
				}
				continue
			}
			var i int
			if m.rsched != nil {
				i = m.rsched.PickRunnable(m.runnable, m.runnableVer)
			} else {
				i = m.sched.Pick(m.runnable)
			}
			if i < 0 {
				// The scheduler abandons the run (Scheduler.Pick).
				m.limitReached(&StoppedError{Steps: m.steps}, nil)
				return false
			}
			g := m.runnable[i]
			// Only a goroutine stopped at a scheduling point performs its
			// op at once; a woken or new one runs to its next point.
			g.resumed, g.atPoint = g.atPoint, false
			m.cur = g
			return true
		}
		if m.mainDone && len(m.gs) == m.daemons {
			// Only goroutines package initialization or the runtime's
			// own loops started are left (os/signal's loop becomes one
			// when it first waits, after the root may have returned).
			m.exit(0)
			return false
		}
		if m.mainDone {
			// The root has returned: the goroutines left are blocked,
			// forever or until a timer fires. Those a timer due within
			// the grace period wakes may still end (see leakGrace);
			// otherwise the run ends and they leak.
			if len(m.timers) == 0 || m.timers[0].when > satAdd(m.mainDoneAt, leakGrace) || m.graceFires >= leakGraceFires {
				m.leak()
				return false
			}
			m.graceFires++
		}
		if m.fireTimers() {
			if m.exited {
				return false
			}
			// Firing timers is a step: a ticker that wakes nobody cannot
			// keep a run going past its bound or its budget.
			m.steps++
			if m.steps >= m.checkAt {
				if err := m.checkLimits(); err != nil {
					m.limitReached(err, nil)
					return false
				}
			}
			continue
		}
		if m.mainDone {
			// Only timers that wake nobody are left (fireTimers).
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
//
// It costs O(1) amortized, however deep the stack: each frame memoizes the
// innermost user frame from it outwards (userFrame), so that a library
// recursing 100,000 frames deep (text/template's exec depth limit) does
// not walk its whole stack at every mutex operation.
func (fr *frame) userPos(pos token.Pos) token.Pos {
	if fr.fn == nil || !fr.fn.inGoroot() || fr.caller == nil {
		return pos
	}
	if u := fr.caller.userFrame(); u != nil {
		return u.callPos()
	}
	return pos
}

// noUserFrame is frame.user's mark for "no user frame from here outwards".
var noUserFrame = &frame{}

// isUser reports whether fr runs a function of the program's own (not of
// the Go distribution, not a synthetic wrapper or a native continuation).
func (fr *frame) isUser() bool {
	return fr.fn != nil && fr.fn.ssa != nil && !fr.fn.inGoroot()
}

// userFrame returns the innermost frame from fr outwards (fr, its caller,
// ...) that runs the program's own code, or nil. It memoizes the answer in
// each frame it passes, so that a frame is walked over at most once per
// activation.
func (fr *frame) userFrame() *frame {
	var u *frame
	f := fr
	for ; f != nil; f = f.caller {
		if f.user != nil {
			u = f.user
			break
		}
		if f.isUser() {
			u = f
			break
		}
	}
	if u == nil {
		u = noUserFrame
	}
	for g := fr; g != f; g = g.caller {
		g.user = u
	}
	if u == noUserFrame {
		return nil
	}
	return u
}

// block marks g blocked in op (until another goroutine wakes it).
func (fr *frame) block(op Op, pos token.Pos) *frame {
	return fr.blockOn(op, pos, Addr{})
}

// blockOn is block for an operation on one synchronization object (a
// channel, mutex, WaitGroup or Cond): EvBlock carries its Addr, so that a
// tool knows which operations can unblock it.
func (fr *frame) blockOn(op Op, pos token.Pos, obj Addr) *frame {
	g := fr.g
	g.top = fr
	g.setStatus(gBlocked)
	g.pending, g.pendPos, g.pendAt = op, fr.userPos(pos), pos
	g.m.emit(fr, Event{Kind: EvBlock, Op: op, Pos: pos, Addr: obj})
	return nil
}

// blockInSelect is block for a select that waits for the channels chans.
func (fr *frame) blockInSelect(pos token.Pos, chans []Addr) *frame {
	g := fr.g
	g.top = fr
	g.setStatus(gBlocked)
	g.pending, g.pendPos, g.pendAt = OpSelect, fr.userPos(pos), pos
	g.m.emit(fr, Event{Kind: EvBlock, Op: OpSelect, Pos: pos, Waits: chans})
	return nil
}

// wake makes a blocked goroutine runnable.
func (g *Goroutine) wake() {
	if g.status != gBlocked {
		return
	}
	g.setStatus(gRunnable)
	// It resumes after (or, to retry, at) the operation it blocked in and
	// runs to its next scheduling point.
	g.pending = OpResume
	g.idle = false
	g.m.emit(nil, Event{Kind: EvUnblock, G: g})
}

// exitGoroutine ends g (its function returned or it called Goexit).
func (m *machine) exitGoroutine(g *Goroutine) {
	g.setStatus(gDone)
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
	if g.bubble != nil {
		m.bubbleExit(g)
	}
	if g.daemon {
		m.daemons--
	}
	if g == m.main {
		m.mainDone, m.mainDoneAt = true, m.clock
		if !m.opts.WaitAll || len(m.gs) == m.daemons {
			m.exit(0)
		}
	} else if m.mainDone && len(m.gs) == m.daemons {
		m.exit(0)
	}
}

// markDaemons marks the goroutines alive, other than main, as started by
// package initialization (Goroutine.daemon).
func (m *machine) markDaemons() {
	for _, g := range m.gs {
		if g != m.main && !g.daemon {
			g.daemon = true
			m.daemons++
		}
	}
}

// deadlock reports that every goroutine is blocked, as Go does.
func (m *machine) deadlock() {
	m.stdout.Flush()
	var sb strings.Builder
	sb.WriteString("fatal error: all goroutines are asleep - deadlock!\n")
	m.outcome = Outcome{Kind: Deadlocked, ExitCode: 2, Message: "all goroutines are asleep - deadlock!" + m.timersWakeNobody(), Timers: len(m.timers)}
	sb.WriteString("\n")
	sb.WriteString(tracebackText(m.goroutineTraces(nil, nil)))
	for _, g := range m.gs {
		m.outcome.Goroutines = append(m.outcome.Goroutines, g.info(g.pending))
	}
	io.WriteString(m.stderr, sb.String())
	m.exit(2)
}

// leakGrace is how much virtual time passes, once main (or the root)
// returned and every goroutine left is blocked, for the timers that wake
// them: goroutines that end within it (a callback's last sleep, a loop
// that sees its stop flag at its next tick) do not leak, as leak checkers
// such as goleak retry for a while before they report. At most
// leakGraceFires timers fire so (a fast ticker nobody stops still leaks,
// quickly).
const (
	leakGrace      = 5 * 1e9
	leakGraceFires = 1000
)

// leak ends a WaitAll run in which main (or the root) returned and
// goroutines remain blocked: forever, or until a timer fires beyond the
// grace period (leakGrace).
func (m *machine) leak() {
	msg := "goroutines remain blocked forever after the function returned"
	if len(m.timers) > 0 {
		msg = "goroutines remain blocked after the function returned, forever or waiting only for timers"
	}
	if m.finalizers > 0 {
		msg += fmt.Sprintf(" (%d finalizers were set with runtime.SetFinalizer: finalizers never run under vt, so a goroutine that one would stop remains)", m.finalizers)
	}
	m.outcome = Outcome{Kind: Leaked, Message: msg, Timers: len(m.timers), Finalizers: m.finalizers}
	for _, g := range m.gs {
		if !g.daemon {
			m.outcome.Goroutines = append(m.outcome.Goroutines, g.info(g.pending))
		}
	}
	m.exit(0)
}

// writeTraceback writes the traceback of g, stopped at its top frame.
func (m *machine) writeTraceback(sb *strings.Builder, g *Goroutine) {
	t := m.traceOf(g, g.top)
	t.write(sb)
}

// Position resolves a position reported in events and stacks.
func (p *Program) Position(pos token.Pos) token.Position { return p.position(pos) }

func (p *Program) position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return p.SSA.Fset.Position(pos)
}

// spawn starts a new goroutine running fn(args...) (used by timers).
func (m *machine) spawn(parent *Goroutine, fn value, args []value) {
	cl := fn.r.(*closure)
	ng := m.newGoroutine(nil, parent, 0)
	nf := m.newFrame(cl.fn)
	copy(nf.regs, args)
	copy(nf.regs[len(args):], cl.env)
	nf.g, nf.retDst = ng, -1
	ng.top = nf
}
