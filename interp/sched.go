package interp

import (
	"fmt"
	"go/token"
	"unsafe"
)

// A Scheduler decides, at every scheduling point, which goroutine runs next,
// and resolves the program's other nondeterministic choices. The interpreter
// calls it from the goroutine that runs the program; implementations need no
// locking.
type Scheduler interface {
	// Pick returns the index in runnable of the goroutine to run next.
	// runnable is non-empty and ordered by goroutine id; every goroutine in
	// it is stopped just before its pending operation (Goroutine.Pending).
	Pick(runnable []*Goroutine) int
	// Choose returns a number in [0, n) for a nondeterministic choice of
	// kind c made by g, such as which ready case a select takes (n ≥ 2).
	Choose(g *Goroutine, c Choice, n int) int
}

// Choice names a kind of nondeterministic choice.
type Choice uint8

const (
	// ChooseSelect picks among the ready cases of a select.
	ChooseSelect Choice = iota + 1
	// ChooseTimer picks among timers that fire at the same virtual instant.
	ChooseTimer
)

// DefaultScheduler runs the current goroutine until it blocks, then the
// runnable goroutine with the lowest id after it (round robin). To keep spin
// loops live it switches after Quantum consecutive scheduling points of one
// goroutine. Select picks the first ready case in source order.
type DefaultScheduler struct {
	// Quantum is the number of consecutive scheduling points after which
	// the running goroutine is switched out (0 means 64).
	Quantum int

	last  *Goroutine
	count int
}

// Pick implements Scheduler.
func (s *DefaultScheduler) Pick(runnable []*Goroutine) int {
	q := s.Quantum
	if q == 0 {
		q = 64
	}
	for i, g := range runnable {
		if g == s.last {
			if s.count < q {
				s.count++
				return i
			}
			s.count = 0
			s.last = runnable[(i+1)%len(runnable)]
			return (i + 1) % len(runnable)
		}
	}
	// The last goroutine blocked or exited: next one after it by id.
	idx := 0
	if s.last != nil {
		for i, g := range runnable {
			if g.id > s.last.id {
				idx = i
				break
			}
		}
	}
	s.last, s.count = runnable[idx], 0
	return idx
}

// Choose implements Scheduler.
func (s *DefaultScheduler) Choose(*Goroutine, Choice, int) int { return 0 }

// An Observer receives the events of a run as they happen. Events are
// reported synchronously from the interpreter; the *Event is only valid
// during the call. During the call, Event.G.Stack() is the goroutine's
// stack at the event.
type Observer interface {
	Event(ev *Event)
}

// EventKind classifies events.
type EventKind uint8

// Event kinds.
const (
	EvGoStart        EventKind = iota + 1 // G was created by Other (Other is nil for the main goroutine)
	EvGoExit                              // G returned from its function or called runtime.Goexit
	EvBlock                               // G blocked; Op says on what
	EvUnblock                             // G became runnable again
	EvRead                                // non-atomic read of Addr
	EvWrite                               // non-atomic write of Addr
	EvChanSend                            // send on channel Addr; Seq is the send's index (from 0)
	EvChanRecv                            // receive on channel Addr; Seq is the receive's index (from 0)
	EvChanClose                           // close of channel Addr
	EvChanRecvClosed                      // receive on closed, drained channel Addr
	EvLock                                // sync.Mutex.Lock or RWMutex.Lock acquired Addr
	EvUnlock                              // Unlock of Addr
	EvRLock                               // RWMutex.RLock acquired Addr
	EvRUnlock                             // RWMutex.RUnlock of Addr
	EvWGAdd                               // WaitGroup.Add with Seq = delta on Addr (Done is Add(-1))
	EvWGWait                              // WaitGroup.Wait on Addr returned
	EvCondWait                            // sync.Cond.Wait on Addr woke up
	EvCondSignal                          // sync.Cond.Signal or Broadcast on Addr
	EvAtomic                              // sync/atomic operation on Addr (read-modify-write or load or store)
	EvAnnotation                          // a call of an annotation function Name with Args
	EvTimer                               // the virtual clock advanced to Seq nanoseconds
	EvAlloc                               // Addr is a fresh location of G (a non-escaping local's cell, zeroed for reuse)
)

// Addr identifies a memory location or synchronization object for the
// length of a run: a variable, a struct field, an array or slice element, a
// map's contents, a channel.
type Addr struct{ p unsafe.Pointer }

// IsNil reports whether a is the zero Addr.
func (a Addr) IsNil() bool { return a.p == nil }

func (a Addr) String() string { return fmt.Sprintf("%p", a.p) }

func addrOf(p *value) Addr { return Addr{unsafe.Pointer(p)} }

// Event is one observable event of a run.
type Event struct {
	Kind  EventKind
	G     *Goroutine // the goroutine doing it
	Other *Goroutine // EvGoStart: the creator
	Addr  Addr
	Seq   int64
	Cap   int64     // channel events: the channel's capacity (0: unbuffered)
	Op    Op        // EvBlock: the blocking operation
	Pos   token.Pos // where (resolve with Program.Position)
	Name  string    // EvAnnotation: the function's name, e.g. "vt.AcquireW"
	Args  []Addr    // EvAnnotation: the pointer arguments
	Ints  []int64   // EvAnnotation: the integer arguments
}

// Op names the operation a goroutine is about to do or is blocked in, in the
// words of Go's tracebacks ("chan send", "select", "sync.Mutex.Lock", ...).
type Op string

// Goroutine is a goroutine of a run: data, not a host goroutine.
type Goroutine struct {
	id      int
	m       *machine
	top     *frame
	status  gStatus
	pending Op        // operation at the scheduling point or blocking operation
	pendPos token.Pos // its position
	resumed bool      // picked at its scheduling point: perform the op now
	atPoint bool      // stopped by point (not blocked, woken or new): the next pick resumes its op
	panic   *panicState
	created token.Pos // position of the go statement
	parent  int
	onExit  func() // called when the goroutine ends (subtests)
}

type gStatus uint8

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

// Blocked reports whether g is blocked.
func (g *Goroutine) Blocked() bool { return g.status == gBlocked }

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
		if fr.fn == nil || fr.fn.ssa == nil || fr.fn.ssa.Synthetic != "" {
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

// observe reports ev to the run's observer. The *Event passed is reused for
// the next event, so observers must not keep it.
func (m *machine) observe(ev Event) {
	m.ev = ev
	m.obs.Event(&m.ev)
}
