package habanero

import (
	"fmt"
	"sync"
)

// Mode is the mode in which a task is registered on a phaser.
type Mode int

const (
	// Sig: the task signals the phaser at Next and does not wait; phase k
	// completes only when every signaler has signaled it.
	Sig Mode = iota
	// Wait: the task waits at Next until the current phase completes, and
	// does not signal.
	Wait
	// SigWait: the task signals and then waits, like a barrier.
	SigWait
	// SigWaitSingle: like SigWait, and the task may use NextSingle, whose
	// body runs once, by one task, between two phases.
	SigWaitSingle
)

// String returns the mode's name.
func (m Mode) String() string {
	switch m {
	case Sig:
		return "Sig"
	case Wait:
		return "Wait"
	case SigWait:
		return "SigWait"
	case SigWaitSingle:
		return "SigWaitSingle"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

func (m Mode) valid() bool   { return m >= Sig && m <= SigWaitSingle }
func (m Mode) signals() bool { return m != Wait }
func (m Mode) waits() bool   { return m != Sig }

// allows reports whether a parent registered in m may register a child in c
// (the capability rule: SigWaitSingle > SigWait > {Sig, Wait}).
func (m Mode) allows(c Mode) bool {
	switch m {
	case SigWaitSingle:
		return true
	case SigWait:
		return c != SigWaitSingle
	default:
		return c == m
	}
}

func checkMode(op string, m Mode) {
	if !m.valid() {
		panic(fmt.Sprintf("habanero: %s with an illegal mode %v", op, m))
	}
}

// Phaser is a Habanero phaser: a barrier whose participants register in a
// [Mode], can join (AsyncPhased) and leave (Drop, task end) dynamically,
// and move through numbered phases together. Phasers are unbounded.
type Phaser struct {
	id      int64
	mu      sync.Mutex
	cond    *sync.Cond
	phase   int // number of completed phases
	regs    map[*registration]struct{}
	signals int  // registrations that signal
	singles int  // registrations in SigWaitSingle mode
	ready   bool // SigWaitSingle: every signal of the current phase is in, the single body is pending
	running bool // a NextSingle body is running
}

// registration is one task's registration on one phaser. Its counters are
// guarded by ph.mu.
type registration struct {
	ph        *Phaser
	task      *Task
	mode      Mode
	sig       int          // the task has signaled every phase < sig
	wait      int          // the task is in phase wait: it has passed every phase < wait
	createdIn *finishScope // for the creator: the finish the phaser was created in
}

// Reg is a phaser together with a mode, for [Task.AsyncPhased].
type Reg struct {
	ph   *Phaser
	mode Mode
}

// NewPhaser creates a phaser and registers t on it in mode m. If t creates
// it inside a Finish, t drops it when that Finish body returns.
func (t *Task) NewPhaser(m Mode) *Phaser {
	checkMode("NewPhaser", m)
	p := &Phaser{id: t.rt.nextPID.Add(1), regs: make(map[*registration]struct{})}
	p.cond = sync.NewCond(&p.mu)
	r := &registration{ph: p, task: t, mode: m, createdIn: t.ief}
	p.mu.Lock()
	p.add(r)
	p.mu.Unlock()
	t.regs = append(t.regs, r)
	return p
}

// In pairs the phaser with mode m for [Task.AsyncPhased].
func (p *Phaser) In(m Mode) Reg {
	checkMode("In", m)
	return Reg{ph: p, mode: m}
}

// ID returns the phaser's number within its Launch (1, 2, ...).
func (p *Phaser) ID() int64 { return p.id }

// Phase returns the number of phases of p that have completed.
func (p *Phaser) Phase() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.phase
}

func (p *Phaser) add(r *registration) {
	p.regs[r] = struct{}{}
	if r.mode.signals() {
		p.signals++
	}
	if r.mode == SigWaitSingle {
		p.singles++
	}
}

func (p *Phaser) remove(r *registration) {
	delete(p.regs, r)
	if r.mode.signals() {
		p.signals--
	}
	if r.mode == SigWaitSingle {
		p.singles--
	}
	if p.singles == 0 && p.ready && !p.running {
		// Nobody is left to run a single body: complete the phase.
		p.ready = false
		p.phase++
	}
	p.advance()
	p.cond.Broadcast()
}

// allSignaled reports whether every signaler has signaled the current phase.
func (p *Phaser) allSignaled() bool {
	if p.signals == 0 {
		return false
	}
	for r := range p.regs {
		if r.mode.signals() && r.sig <= p.phase {
			return false
		}
	}
	return true
}

// advance completes every phase whose signals are all in. On a phaser with
// SigWaitSingle registrations it stops at the single body instead. p.mu is
// held.
func (p *Phaser) advance() {
	for !p.ready && !p.running && p.allSignaled() {
		if p.singles > 0 {
			p.ready = true
		} else {
			p.phase++
		}
		p.cond.Broadcast()
	}
}

// regFor returns t's registration on p, or nil.
func (t *Task) regFor(p *Phaser) *registration {
	for _, r := range t.regs {
		if r.ph == p {
			return r
		}
	}
	return nil
}

// AsyncPhased starts body as a child task registered on each phaser of regs
// in the given mode. The child joins t's immediately enclosing finish and
// starts in t's current phase. t must be registered on each phaser in a mode
// at least as strong as the child's (SigWaitSingle > SigWait > Sig, Wait);
// otherwise AsyncPhased panics.
func (t *Task) AsyncPhased(regs []Reg, body func(t *Task)) {
	t.checkNotIsolated("AsyncPhased")
	seen := make(map[*Phaser]bool, len(regs))
	for _, g := range regs {
		if g.ph == nil {
			panic("habanero: AsyncPhased with a zero Reg (use Phaser.In)")
		}
		checkMode("AsyncPhased", g.mode)
		if seen[g.ph] {
			panic(fmt.Sprintf("habanero: AsyncPhased names phaser %d twice", g.ph.id))
		}
		seen[g.ph] = true
		pr := t.regFor(g.ph)
		if pr == nil {
			panic(fmt.Sprintf("habanero: AsyncPhased on phaser %d, which task %d is not registered on", g.ph.id, t.id))
		}
		if !pr.mode.allows(g.mode) {
			panic(fmt.Sprintf("habanero: capability rule: a child cannot register in %v on phaser %d, its parent is registered in %v", g.mode, g.ph.id, pr.mode))
		}
	}
	child := make([]*registration, 0, len(regs))
	for _, g := range regs {
		pr := t.regFor(g.ph)
		p := g.ph
		p.mu.Lock()
		r := &registration{ph: p, mode: g.mode, sig: pr.wait, wait: pr.wait}
		p.add(r)
		p.mu.Unlock()
		child = append(child, r)
	}
	t.fork(child, nil, body)
}

// Next ends the task's current phase on every phaser it is registered on:
// it first signals every phaser it is registered on in a signaling mode
// (unless it already signaled with Signal), then waits on every phaser it is
// registered on in a waiting mode until that phase has completed. Next on a
// phaser registered in SigWaitSingle panics (use NextSingle). A task with
// no registrations returns at once.
func (t *Task) Next() {
	t.checkNotIsolated("Next")
	markNext(t)
	for _, r := range t.regs {
		if r.mode == SigWaitSingle {
			panic(fmt.Sprintf("habanero: Next on phaser %d, registered in SigWaitSingle mode (use NextSingle)", r.ph.id))
		}
	}
	t.signalAll()
	for _, r := range t.regs {
		p := r.ph
		if r.mode.waits() {
			markPhaserWait(p)
		}
		p.mu.Lock()
		if r.mode.waits() {
			k := r.wait
			await(p.cond, func() bool { return p.phase > k || p.signals == 0 })
			if p.phase <= k { // nobody signals any more: the phase is over
				p.phase = k + 1
				p.cond.Broadcast()
			}
		}
		r.wait++
		if r.sig < r.wait {
			r.sig = r.wait
		}
		p.mu.Unlock()
	}
}

// Signal signals the current phase early on every phaser the task is
// registered on in a signaling mode, so that the phase can complete while
// the task keeps working; its next Next does not signal again.
func (t *Task) Signal() {
	t.checkNotIsolated("Signal")
	markSignal(t)
	t.signalAll()
}

func (t *Task) signalAll() {
	for _, r := range t.regs {
		if !r.mode.signals() {
			continue
		}
		p := r.ph
		p.mu.Lock()
		if r.sig <= r.wait {
			r.sig = r.wait + 1
			p.advance()
		}
		p.mu.Unlock()
	}
}

// NextSingle is Next for a task registered on exactly one phaser, in
// SigWaitSingle mode: once every signaler has signaled the current phase,
// exactly one of the tasks in NextSingle runs body, and then the phase
// completes and they all continue. NextSingle panics for any other
// registration.
func (t *Task) NextSingle(body func()) {
	t.checkNotIsolated("NextSingle")
	if len(t.regs) != 1 || t.regs[0].mode != SigWaitSingle {
		panic(fmt.Sprintf("habanero: NextSingle needs exactly one phaser registration, in SigWaitSingle mode; task %d has %s", t.id, t.describeRegs()))
	}
	r := t.regs[0]
	markNext(t)
	p := r.ph
	k := r.wait
	p.mu.Lock()
	if r.sig <= k {
		r.sig = k + 1
		p.advance()
	}
	await(p.cond, func() bool { return p.phase > k || (p.ready && !p.running) })
	if p.phase == k {
		p.running = true
		p.mu.Unlock()
		defer finishSingle(r, k) // also when body panics
		body()
		return
	}
	r.wait = k + 1
	if r.sig < r.wait {
		r.sig = r.wait
	}
	p.mu.Unlock()
}

// finishSingle completes phase k after the NextSingle body of r's task ran.
func finishSingle(r *registration, k int) {
	p := r.ph
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running, p.ready = false, false
	p.phase++
	r.wait = k + 1
	if r.sig < r.wait {
		r.sig = r.wait
	}
	p.advance()
	p.cond.Broadcast()
}

func (t *Task) describeRegs() string {
	if len(t.regs) == 0 {
		return "no registrations"
	}
	s := ""
	for i, r := range t.regs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%v on phaser %d", r.mode, r.ph.id)
	}
	return s
}

// Drop deregisters t from p. Drop of a phaser t is not registered on panics.
func (t *Task) Drop(p *Phaser) {
	for i, r := range t.regs {
		if r.ph == p {
			t.regs = append(t.regs[:i:i], t.regs[i+1:]...)
			p.mu.Lock()
			p.remove(r)
			p.mu.Unlock()
			return
		}
	}
	id := int64(0)
	if p != nil {
		id = p.id
	}
	panic(fmt.Sprintf("habanero: Drop of phaser %d, which task %d is not registered on", id, t.id))
}

// dropAll drops every registration of t (at task end).
func (t *Task) dropAll() {
	regs := t.regs
	t.regs = nil
	for _, r := range regs {
		r.ph.mu.Lock()
		r.ph.remove(r)
		r.ph.mu.Unlock()
	}
}

// dropCreatedIn drops t's registrations on phasers t created in scope.
func (t *Task) dropCreatedIn(scope *finishScope) {
	for _, r := range append([]*registration(nil), t.regs...) {
		if r.createdIn == scope {
			t.Drop(r.ph)
		}
	}
}
