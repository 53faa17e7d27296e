package interp

// The virtual clock: time is virtual and costs nothing. Timers wait in a
// heap. Time passes in two ways: when every goroutine is blocked, the
// clock jumps to the earliest timer (the rule of testing/synctest); and
// while goroutines can still run, the Scheduler may choose to let time
// pass (ChooseTimer) wherever the firing of a pending timer is observable.
// Either way timers fire in deadline order, and the clock stands 1ns after
// the deadline of the last timer fired, so that a goroutine woken by a
// timer sees strictly more time passed than it waited for, as on a real
// clock.

import (
	"cmp"
	"container/heap"
	"fmt"
	"go/token"
	"math"
	"slices"
	"strings"
	"time"
)

// virtualEpoch is the virtual clock's start: 2000-01-01T00:00:00Z, as in
// testing/synctest.
const virtualEpoch = 946684800 * 1e9

// timer is a pending timer of the run: a sleeping goroutine's, or the
// runtime timer of a time.Timer, Ticker or AfterFunc.
type timer struct {
	when   int64
	seq    int64
	period int64
	index  int
	pos    token.Pos // where it was set, for schedules
	// wake is the sleeping goroutine's continuation (time.Sleep).
	wake func()
	// f(arg, seq, delta) is the runtime timer's function, time.sendTime
	// (Timer, Ticker) or time.goFunc (AfterFunc); it runs on ctx.
	f   value
	arg value
	// ch is the channel of a Timer or Ticker (f is sendTime), else nil.
	ch *chanObj
	// syncChan: the runtime was told ch (time.syncTimer), so Stop and
	// Reset drain it unless GODEBUG asynctimerchan is set.
	syncChan bool
	// cell is the runtime timer's cell: its address is the timer's
	// synchronization object (EvTimerSet, EvTimerFire).
	cell *value
	// ctx is the runtime's context that runs f, a goroutine that runs no
	// code of the program's own: it acquires what the timer's setters
	// released, and sends on ch or starts AfterFunc's goroutine. Made at
	// the first firing of the run.
	ctx   *Goroutine
	owner *Goroutine // the goroutine that set the timer last
	// fire, if set, is what a timer of a model does (a deadline of the
	// virtual OS passes), in place of the above; id identifies it
	// (model.Scheduling.Timer; osmodel's vos.DeadlineKey).
	fire func(m *machine, t *timer)
	id   any
	// internal: the standard library set the timer for itself, not the
	// program (frame.setByLibrary); see observable.
	internal bool
	// watchSeq is the seq of the timer's entry in machine.watched (0: it
	// has none).
	watchSeq int64
	// setStep is the run's step count when the timer was set (for
	// TimeScheduler: the work done since).
	setStep int64
}

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }

func (h timerHeap) Less(i, j int) bool { return before(h[i], h[j]) }

func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }

func (h *timerHeap) Push(x any) { t := x.(*timer); t.index = len(*h); *h = append(*h, t) }

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
	t.setStep = m.steps
	heap.Push(&m.timers, t)
	if m.watched != nil && t.observable() {
		m.watch(t)
	}
}

// watchEntry is a timer in machine.watched, as it was when added: a timer
// set again since (another seq) or stopped (not in the heap) is stale.
type watchEntry struct {
	t         *timer
	when, seq int64
}

// watchHeap is a min-heap of watch entries by deadline.
type watchHeap []watchEntry

func (h watchHeap) Len() int { return len(h) }
func (h watchHeap) Less(i, j int) bool {
	return h[i].when < h[j].when || h[i].when == h[j].when && h[i].seq < h[j].seq
}
func (h watchHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *watchHeap) Push(x any)   { *h = append(*h, x.(watchEntry)) }
func (h *watchHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// watch adds pending timer t to the watched timers, unless it is there.
func (m *machine) watch(t *timer) {
	if t.watchSeq == t.seq || t.index < 0 {
		return
	}
	t.watchSeq = t.seq
	heap.Push(&m.watched, watchEntry{t, t.when, t.seq})
}

// watchChan watches the timer of timer channel ch: an operation on ch may
// make its firing observable (a receiver waits, a select polls, room is
// made).
func (m *machine) watchChan(ch *chanObj) {
	if m.watched == nil {
		return // built by the next observableTimer
	}
	if m.chanTimers == nil {
		m.chanTimers = map[*chanObj]*timer{}
		for _, t := range m.timerObjs {
			if t.ch != nil {
				m.chanTimers[t.ch] = t
			}
		}
	}
	if t := m.chanTimers[ch]; t != nil {
		m.watch(t)
	}
}

func (m *machine) delTimer(t *timer) bool {
	if t.index < 0 || t.index >= len(m.timers) || m.timers[t.index] != t {
		return false
	}
	heap.Remove(&m.timers, t.index)
	return true
}

// observable reports whether firing t now would make a difference that a
// goroutine can see before the timer would fire anyway: it wakes a sleeper,
// starts a callback, or puts a value into a channel that has room for it
// and on which a goroutine waits or that a goroutine has polled (a select
// with a default case, or a receive that would have blocked). I/O
// deadlines are not (see below).
func (t *timer) observable() bool {
	if t.fire != nil || t.internal {
		// A deadline of the virtual OS, or a timer the standard library
		// sets for itself (a dial timeout, an idle connection's timeout):
		// the peer of a loopback socket is the program itself, never slow
		// while it can run, so such a timer fires only when time passes
		// for another one or every goroutine is blocked.
		return false
	}
	ch := t.ch
	if ch == nil {
		return true
	}
	if ch.closed || ch.count >= ch.capacity {
		return false
	}
	return ch.polled || hasWaiter(ch.recvq)
}

// observableTimer returns the earliest pending timer whose firing is
// observable, or nil.
//
// It costs O(log n) amortized in the number n of pending timers (a test
// may leave a million time.After timers that nobody waits on): the watched
// heap holds every pending timer that may be observable. A timer enters it
// when it is set, if observable then, and whenever an operation on its
// channel may make it observable (touchChan: a receiver waits, a select
// polls, a receive makes room); one found not observable on top leaves it
// until the next such operation.
func (m *machine) observableTimer() *timer {
	t := m.watchedTimer()
	if checkWatched {
		if want := m.scanObservable(); want != t {
			panic(fmt.Sprintf("interp: watched timers: the earliest observable timer is %v, the watched heap says %v", want, t))
		}
	}
	return t
}

// checkWatched makes observableTimer check its answer against a scan of
// every pending timer (tests).
var checkWatched = false

// scanObservable is observableTimer by a scan of every pending timer.
func (m *machine) scanObservable() *timer {
	var best *timer
	for _, t := range m.timers {
		if (best == nil || before(t, best)) && t.observable() {
			best = t
		}
	}
	return best
}

// watchedTimer is observableTimer by the watched heap.
func (m *machine) watchedTimer() *timer {
	if len(m.timers) == 0 {
		return nil
	}
	if t := m.timers[0]; t.observable() {
		return t
	}
	if m.watched == nil {
		m.watched = make(watchHeap, 0, 16)
		for _, t := range m.timers {
			t.watchSeq = 0
		}
		for _, t := range m.timers {
			if t.observable() {
				m.watch(t)
			}
		}
	}
	for len(m.watched) > 0 {
		e := m.watched[0]
		t := e.t
		if e.seq == t.seq && t.index >= 0 && t.observable() {
			return t
		}
		heap.Pop(&m.watched)
		if t.watchSeq == e.seq {
			t.watchSeq = 0
		}
	}
	return nil
}

// before reports whether a fires before b.
func before(a, b *timer) bool {
	return a.when < b.when || a.when == b.when && a.seq < b.seq
}

// passTime lets time pass while goroutines can run, if the scheduler so
// chooses: it reports whether a timer fired.
func (m *machine) passTime() bool {
	t := m.observableTimer()
	if t == nil {
		return false
	}
	var c int
	if ts, ok := m.sched.(TimeScheduler); ok {
		ran := m.steps - max(t.setStep, m.clockStep)
		c = ts.ChooseTime(time.Duration(max(t.when-m.clock, 0)), max(ran, 0))
	} else {
		c = m.sched.Choose(nil, ChooseTimer, 2)
	}
	if c != 1 {
		return false
	}
	m.fireThrough(t)
	return true
}

// fireTimers advances the virtual clock to the earliest timer whose
// firing does something (see dropsTick), and fires every timer due by
// then. It reports false if there is none.
//
// A ticker whose tick nobody took (its channel is full) fires without
// effect, so the clock goes on to the next timer that has one: a ticker of
// 1ns left running while the program sleeps 10ms does not fire ten million
// times, one step each (it fires once, skipping the ticks the jump
// passed, as a ticker does). If every pending timer would only drop its
// tick, none can wake a goroutine or run a callback: the run is blocked
// for good (a deadlock, which Go's runtime cannot tell from a busy
// program; see timersWakeNobody).
func (m *machine) fireTimers() bool {
	if len(m.timers) == 0 {
		return false
	}
	target := m.timers[0]
	if target.dropsTick() {
		// Rare: a pass over the pending timers (the earliest one that
		// does something is usually on top).
		target = nil
		for _, t := range m.timers[1:] {
			if !t.dropsTick() && (target == nil || before(t, target)) {
				target = t
			}
		}
		if target == nil {
			return false
		}
	}
	m.fireThrough(target)
	return true
}

// timersWakeNobody describes the pending timers of a run in which every
// goroutine is blocked and no timer can wake one: tickers and timers whose
// channels are full, that nobody receives from.
func (m *machine) timersWakeNobody() string {
	if len(m.timers) == 0 {
		return ""
	}
	ts := slices.Clone([]*timer(m.timers))
	slices.SortFunc(ts, func(a, b *timer) int { return cmp.Compare(a.seq, b.seq) })
	var parts []string
	for i, t := range ts {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("%d more", len(ts)-i))
			break
		}
		what := "a timer"
		if t.period > 0 {
			what = "a ticker (every " + time.Duration(t.period).String() + ")"
		}
		parts = append(parts, what+" set at "+m.prog.position(t.pos).String())
	}
	if len(ts) == 1 {
		return " (1 pending timer wakes nobody, its channel full: " + parts[0] + ")"
	}
	return fmt.Sprintf(" (%d pending timers wake nobody, their channels full: %s)", len(ts), strings.Join(parts, "; "))
}

// dropsTick reports whether firing t now would change nothing but the
// clock: t is a Timer's or Ticker's and its channel has no room for the
// tick (it is full, or closed).
func (t *timer) dropsTick() bool {
	if t.fire != nil || t.wake != nil || t.ch == nil {
		return false
	}
	return t.ch.closed || t.ch.count >= t.ch.capacity
}

// fireThrough fires the pending timers up to and including target, in
// deadline order, and sets the clock 1ns after target's deadline (never
// back).
func (m *machine) fireThrough(target *timer) {
	m.clock = max(m.clock, satAdd(target.when, 1))
	m.clockStep = m.steps
	m.emit(nil, Event{Kind: EvTimer, Seq: m.clock, Pos: target.pos})
	var due []*timer
	for len(m.timers) > 0 && m.timers[0].when <= target.when {
		due = append(due, heap.Pop(&m.timers).(*timer))
	}
	for _, t := range due {
		if t.period > 0 {
			// A ticker: the next tick, skipping those the jump passed.
			t.when = satAdd(t.when, t.period)
			if t.when < m.clock {
				t.when = satAdd(t.when, (m.clock-t.when+t.period-1)/t.period*t.period)
			}
			m.addTimer(t)
		}
		m.fire(t)
		if m.exited {
			return
		}
	}
}

// fire runs what a timer does when it fires.
func (m *machine) fire(t *timer) {
	if t.fire != nil {
		t.fire(m, t)
		return
	}
	if t.wake != nil {
		t.wake()
		return
	}
	if t.ctx == nil {
		m.nextGID++
		t.ctx = &Goroutine{id: m.nextGID, m: m, pending: OpRunning, created: t.pos}
		if t.owner != nil {
			t.ctx.parent = t.owner.id
		}
		m.emit(nil, Event{Kind: EvGoStart, G: t.ctx, Pos: t.pos})
	}
	m.emit(nil, Event{Kind: EvTimerFire, G: t.ctx, Addr: addrOf(t.cell), Pos: t.pos})
	cl, _ := t.f.r.(*closure)
	if cl == nil {
		return
	}
	if _, ok := m.runOn(t.ctx, cl, []value{t.arg, {}, intVal(0)}, true); !ok {
		if !m.exited {
			m.fail(&UnsupportedError{What: "the function of a timer (" + cl.fn.name + ") blocked or panicked", Pos: m.prog.position(t.pos)})
		}
		return
	}
	m.emit(nil, Event{Kind: EvTimerDone, G: t.ctx, Addr: addrOf(t.cell), Pos: t.pos})
}

// monotonic is the runtime's nanotime on the virtual clock.
func (m *machine) monotonic() int64 { return m.clock - virtualEpoch + 1000 }

// vclock converts a runtime "when" (monotonic) to the virtual clock; a
// time beyond the clock's range (time.when saturates a huge duration at
// math.MaxInt64) stays at its end.
func (m *machine) vclock(when int64) int64 { return satAdd(when, virtualEpoch-1000) }

// satAdd returns a+b for b >= 0, or math.MaxInt64 if that overflows: the
// end of time, which deadlines and ticks never pass.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
