package interp

import (
	"go/types"
	"maps"
	"slices"
	"strings"
)

// Models of package sync. Their state lives in side tables of the run,
// keyed by the address of the sync object; every operation is a scheduling
// point; blocked goroutines are woken to retry, so every order in which
// waiters may win is possible. Once and Cond run from source over these
// models (Cond through the runtime's notification lists).

const whySync = "a scheduling point and a synchronization event; its state lives in the run's side tables"

var syncModels = modelTable{
	"(*sync.Mutex).Lock":       syncControl(whySync, lockCtl(OpMutexLock, true)),
	"(*sync.Mutex).Unlock":     syncControl(whySync, unlockCtl(OpMutexUnlock, true)),
	"(*sync.Mutex).TryLock":    syncControl(whySync, tryLockCtl(OpMutexTryLock, true)),
	"(*sync.RWMutex).Lock":     syncControl(whySync, lockCtl(OpRWMutexLock, true)),
	"(*sync.RWMutex).Unlock":   syncControl(whySync, unlockCtl(OpRWMutexUnlock, true)),
	"(*sync.RWMutex).TryLock":  syncControl(whySync, tryLockCtl(OpRWMutexTryLock, true)),
	"(*sync.RWMutex).RLock":    syncControl(whySync, lockCtl(OpRWMutexRLock, false)),
	"(*sync.RWMutex).RUnlock":  syncControl(whySync, unlockCtl(OpRWMutexRUnlock, false)),
	"(*sync.RWMutex).TryRLock": syncControl(whySync, tryLockCtl(OpRWMutexTryRLock, false)),

	"(*sync.WaitGroup).Add": syncControl(whySync, syncOp(OpWaitGroupAdd, func(fr *frame, p *value, args []value, dst int32) *frame {
		return wgAdd(fr, p, args[1].int(), dst)
	})),
	"(*sync.WaitGroup).Done": syncControl(whySync, syncOp(OpWaitGroupDone, func(fr *frame, p *value, args []value, dst int32) *frame {
		return wgAdd(fr, p, -1, dst)
	})),
	"(*sync.WaitGroup).Wait": syncControl(whySync, syncOp(OpWaitGroupWait, wgWait)),

	// The runtime's notification lists, under sync.Cond.
	"sync.runtime_notifyListAdd":       native(noBody, notifyListAdd),
	"sync.runtime_notifyListWait":      control(noBody, notifyListWait),
	"sync.runtime_notifyListNotifyOne": syncControl(noBody, syncOp(OpCondSignal, notifyOne)),
	"sync.runtime_notifyListNotifyAll": syncControl(noBody, syncOp(OpCondBroadcast, notifyAll)),
	"sync.runtime_notifyListCheck":     native(noBody, func(*machine, []value) value { return value{} }),
	"sync.runtime_registerPoolCleanup": native(noBody, func(*machine, []value) value { return value{} }),

	// The runtime's semaphores, as sync's tests call them (Mutex,
	// RWMutex and WaitGroup are modeled whole and do not reach them).
	"sync.runtime_Semacquire":               syncControl(whySema, semaAcquire),
	"sync.runtime_SemacquireWaitGroup":      syncControl(whySema, semaAcquire),
	"sync.runtime_SemacquireRWMutexR":       syncControl(whySema, semaAcquire),
	"sync.runtime_SemacquireRWMutex":        syncControl(whySema, semaAcquire),
	"sync.runtime_Semrelease":               syncControl(whySema, semaRelease),
	"internal/sync.runtime_SemacquireMutex": syncControl(whySema, semaAcquire),
	"internal/sync.runtime_Semrelease":      syncControl(whySema, semaRelease),

	// sync.Pool: items go back only to the goroutine that put them (as
	// if each goroutine ran on its own P, with no stealing), so that no
	// value passes between goroutines unseen by the search and the race
	// detector; another goroutine's Put drops them (a pool may drop
	// anything). runtime.GC moves them to the victim cache, the next GC
	// drops them, as the runtime's poolCleanup does.
	"(*sync.Pool).Get": control(whyPool, poolGet),
	"(*sync.Pool).Put": native(whyPool, poolPut),
	// procPin returns P 0; vt has no preemption between scheduling
	// points, and the pool model needs no P.
	"sync.runtime_procPin":   native("one P; preemption happens only at scheduling points", func(*machine, []value) value { return intVal(0) }).noMemory(whyNoAccess),
	"sync.runtime_procUnpin": native("one P; preemption happens only at scheduling points", func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),

	// sync.Map: a map from any to any in the run's memory; every
	// operation is a scheduling point and an atomic event on the map.
	"(*sync.Map).Load": control(whySync, syncMapOp(OpSyncMapLoad, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		return fr.done(dst, tuple(v, boolVal(ok)))
	})),
	"(*sync.Map).Store": control(whySync, syncMapOp(OpSyncMapStore, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		mo.set(a[0], a[1])
		return fr.done(dst, value{})
	})),
	"(*sync.Map).LoadOrStore": control(whySync, syncMapOp(OpSyncMapLoadOrStore, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		if v, ok := mo.get(a[0]); ok {
			return fr.done(dst, tuple(v, boolVal(true)))
		}
		mo.set(a[0], a[1])
		return fr.done(dst, tuple(a[1], boolVal(false)))
	})),
	"(*sync.Map).LoadAndDelete": control(whySync, syncMapOp(OpSyncMapLoadAndDelete, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		mo.delete(a[0])
		return fr.done(dst, tuple(v, boolVal(ok)))
	})),
	"(*sync.Map).Delete": control(whySync, syncMapOp(OpSyncMapDelete, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		mo.delete(a[0])
		return fr.done(dst, value{})
	})),
	"(*sync.Map).Swap": control(whySync, syncMapOp(OpSyncMapSwap, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		mo.set(a[0], a[1])
		return fr.done(dst, tuple(v, boolVal(ok)))
	})),
	"(*sync.Map).CompareAndSwap": control(whySync, syncMapOp(OpSyncMapCompareAndSwap, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			mo.set(a[0], a[2])
			return fr.done(dst, boolVal(true))
		}
		return fr.done(dst, boolVal(false))
	})),
	"(*sync.Map).CompareAndDelete": control(whySync, syncMapOp(OpSyncMapCompareAndDelete, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			mo.delete(a[0])
			return fr.done(dst, boolVal(true))
		}
		return fr.done(dst, boolVal(false))
	})),
	"(*sync.Map).Clear": control(whySync, syncMapOp(OpSyncMapClear, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		mo.clear()
		return fr.done(dst, value{})
	})),
	"(*sync.Map).Range": control(whySync, syncMapOp(OpSyncMapRange, syncMapRange)),
}

// syncOp makes the model of an operation on the sync object args[0]
// points to: a scheduling point (op), then f on the object's cell.
func syncOp(op Op, f func(fr *frame, p *value, args []value, dst int32) *frame) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		if fr.pointOn(op, fr.pos(), args[0].ptr()) {
			return nil
		}
		p := args[0].ptr()
		if p == nil {
			panic(nilDeref)
		}
		return f(fr, p, args, dst)
	}
}

// syncState returns the state of the sync object at p, made by mk on first
// use.
func (m *machine) syncState(p *value, mk func() any) any {
	if m.syncObjs == nil {
		m.syncObjs = map[*value]any{}
	}
	s, ok := m.syncObjs[p]
	if !ok {
		s = mk()
		m.syncObjs[p] = s
	}
	return s
}

// wakeAll wakes the goroutines waiting in *q and empties it.
func wakeAll(q *[]*Goroutine) {
	s := *q
	*q = nil
	for _, g := range s {
		g.wake()
	}
}

// fatal ends the program with an unrecoverable error, as Go's throw does.
func (m *machine) fatal(fr *frame, msg string) *frame {
	m.stdout.Flush()
	var sb strings.Builder
	sb.WriteString("fatal error: " + msg + "\n\n")
	fr.g.top = fr
	m.writeTraceback(&sb, fr.g)
	m.stderr.Write([]byte(sb.String()))
	m.outcome = Outcome{Kind: Fatal, ExitCode: 2, Message: msg, Goroutines: []GoroutineInfo{fr.g.info(OpRunning)}}
	m.exit(2)
	return nil
}

// anyString returns s as a value of type any: a panic value, an element
// of a ...any argument.
func (m *machine) anyString(s string) value {
	return value{r: &iface{t: m.prog.typeOf(types.Typ[types.String]), v: strVal(s)}}
}

// --- Mutex and RWMutex ---

type mutexState struct {
	locked   bool
	readers  int
	wwait    map[*Goroutine]bool // goroutines waiting in (RW)Mutex.Lock
	sleepers []*Goroutine
	// Starvation mode, as the runtime's: since holds when (virtual clock)
	// each goroutine waiting in Lock first blocked; an Unlock that finds
	// one waiting for starvationThreshold or longer hands the mutex to the
	// longest waiting one (handoff), which alone may take it, instead of
	// letting the unlocker or a newcomer take it again first. So a
	// goroutine that sleeps holding the mutex and takes it again at once
	// cannot starve another waiting in Lock (sync's TestMutexFairness).
	since   map[*Goroutine]int64
	handoff *Goroutine
}

// starvationThreshold is how long a goroutine waits in Lock before the
// mutex is handed to it (the runtime's starvationThresholdNs).
const starvationThreshold = 1e6

func (m *machine) mutex(p *value) *mutexState {
	return m.syncState(p, func() any { return &mutexState{} }).(*mutexState)
}

func (st *mutexState) sleep(fr *frame, p *value, op Op) *frame {
	st.sleepers = append(st.sleepers, fr.g)
	return fr.blockOn(op, fr.pos(), addrOf(p))
}

// lockEvent reports that fr's goroutine acquired the mutex at p (for
// writing, or as a reader).
func lockEvent(fr *frame, p *value, write bool) {
	k := EvRLock
	if write {
		k = EvLock
	}
	fr.g.m.emit(fr, Event{Kind: k, Addr: addrOf(p), Pos: fr.pos()})
}

// canLock reports whether g can lock the mutex now.
func (st *mutexState) canLock(g *Goroutine, write bool) bool {
	if st.handoff != nil {
		return write && st.handoff == g
	}
	if write {
		return !st.locked && st.readers == 0
	}
	return !st.locked && len(st.wwait) == 0
}

// lock takes the mutex: canLock was true.
func (st *mutexState) lock(fr *frame, p *value, write bool) {
	if write {
		delete(st.wwait, fr.g)
		delete(st.since, fr.g)
		st.locked, st.handoff = true, nil
	} else {
		st.readers++
	}
	lockEvent(fr, p, write)
}

// waitLock records that g blocks in Lock, from the clock's now if it was
// not waiting already.
func (st *mutexState) waitLock(g *Goroutine) {
	if st.wwait == nil {
		st.wwait = map[*Goroutine]bool{}
	}
	st.wwait[g] = true
	if st.since == nil {
		st.since = map[*Goroutine]int64{}
	}
	if _, ok := st.since[g]; !ok {
		st.since[g] = g.m.clock
	}
}

// starved returns the goroutine that has waited in Lock longest, if it has
// waited starvationThreshold or longer (ties: the lower id), else nil.
func (st *mutexState) starved(now int64) *Goroutine {
	var best *Goroutine
	for g, t := range st.since {
		if now-t < starvationThreshold || g.status != gBlocked {
			continue
		}
		if best == nil || t < st.since[best] || t == st.since[best] && g.id < best.id {
			best = g
		}
	}
	return best
}

// release wakes the goroutines waiting for the mutex, which was just
// unlocked: all of them, to try again, or in starvation mode only the one
// it is handed to.
func (st *mutexState) release(m *machine) {
	if !st.locked && st.readers == 0 {
		if g := st.starved(m.clock); g != nil {
			st.locked, st.handoff = true, g
			st.sleepers = slices.DeleteFunc(st.sleepers, func(s *Goroutine) bool { return s == g })
			g.wake()
			return
		}
	}
	wakeAll(&st.sleepers)
}

func lockCtl(op Op, write bool) controlFn {
	return syncOp(op, func(fr *frame, p *value, args []value, dst int32) *frame {
		st := fr.g.m.mutex(p)
		if !st.canLock(fr.g, write) {
			if write {
				st.waitLock(fr.g)
			}
			return st.sleep(fr, p, op)
		}
		st.lock(fr, p, write)
		return fr.done(dst, value{})
	})
}

func tryLockCtl(op Op, write bool) controlFn {
	return syncOp(op, func(fr *frame, p *value, args []value, dst int32) *frame {
		st := fr.g.m.mutex(p)
		if !st.canLock(fr.g, write) {
			fr.g.idle = true
			fr.g.m.emit(fr, Event{Kind: EvLook, Op: op, Pos: fr.pos(), Addr: addrOf(p)})
			return fr.done(dst, boolVal(false))
		}
		st.lock(fr, p, write)
		return fr.done(dst, boolVal(true))
	})
}

func unlockCtl(op Op, write bool) controlFn {
	return syncOp(op, func(fr *frame, p *value, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.mutex(p)
		if write {
			if !st.locked {
				if op == OpRWMutexUnlock {
					return m.fatal(fr, "sync: Unlock of unlocked RWMutex")
				}
				return m.fatal(fr, "sync: unlock of unlocked mutex")
			}
			st.locked = false
			m.emit(fr, Event{Kind: EvUnlock, Addr: addrOf(p), Pos: fr.pos()})
		} else {
			if st.readers == 0 {
				return m.fatal(fr, "sync: RUnlock of unlocked RWMutex")
			}
			st.readers--
			m.emit(fr, Event{Kind: EvRUnlock, Addr: addrOf(p), Pos: fr.pos()})
		}
		st.release(m)
		return fr.done(dst, value{})
	})
}

// --- WaitGroup ---

// waitGroupState is a WaitGroup's counter and its waiters. A Wait blocked
// while the counter was positive is released when the counter reaches zero
// (it returns then, even if an Add raised the counter again before it ran,
// as the runtime's semaphore does); waitGen says which waiters those are.
type waitGroupState struct {
	count    int64
	sleepers []*Goroutine
	gen      uint64                // incremented when the counter reaches zero with waiters
	waitGen  map[*Goroutine]uint64 // blocked (or released, not yet returned) waiters: gen when they blocked
}

func (m *machine) waitGroup(p *value) *waitGroupState {
	return m.syncState(p, func() any { return &waitGroupState{} }).(*waitGroupState)
}

// wgSema returns the address of the sema field of the WaitGroup at p: Go's
// race detector checks it as a memory location, so that an Add from zero
// unordered with a Wait that blocks is reported as a data race.
func wgSema(m *machine, p *value) Addr {
	prog := m.prog
	prog.wgSemaOnce.Do(func() {
		sp := prog.SSA.ImportedPackage("sync")
		prog.wgSema = fieldIndex(sp.Pkg.Scope().Lookup("WaitGroup").Type(), "sema")
	})
	return addrOf(&p.elems()[prog.wgSema])
}

func wgAdd(fr *frame, p *value, delta int64, dst int32) *frame {
	m := fr.g.m
	st := m.waitGroup(p)
	m.emit(fr, Event{Kind: EvWGAdd, Addr: addrOf(p), Seq: delta, Pos: fr.pos()})
	if delta > 0 && st.count == 0 && m.watchMem {
		// As -race: the first increment must be synchronized with Wait
		// (a read of sema, which a blocking Wait writes).
		m.emit(fr, Event{Kind: EvRead, Op: OpWaitGroupAdd, Addr: wgSema(m, p), N: 1, Pos: fr.userPos(fr.pos())})
	}
	st.count += delta
	if st.count < 0 {
		panic(&panicValue{m.anyString("sync: negative WaitGroup counter")})
	}
	if st.count == 0 && len(st.sleepers) > 0 {
		st.gen++
		wakeAll(&st.sleepers)
	}
	return fr.done(dst, value{})
}

func wgWait(fr *frame, p *value, _ []value, dst int32) *frame {
	m := fr.g.m
	st := m.waitGroup(p)
	g := fr.g
	if gen, ok := st.waitGen[g]; ok && gen != st.gen {
		// Released by the counter reaching zero.
		delete(st.waitGen, g)
		m.emit(fr, Event{Kind: EvWGWait, Addr: addrOf(p), Pos: fr.pos()})
		if st.count != 0 {
			panic(&panicValue{m.anyString("sync: WaitGroup is reused before previous Wait has returned")})
		}
		return fr.done(dst, value{})
	}
	if st.count > 0 {
		if len(st.sleepers) == 0 && m.watchMem {
			// As -race: the first waiter writes sema.
			m.emit(fr, Event{Kind: EvWrite, Op: OpWaitGroupWait, Addr: wgSema(m, p), N: 1, Pos: fr.userPos(fr.pos())})
		}
		if st.waitGen == nil {
			st.waitGen = map[*Goroutine]uint64{}
		}
		st.waitGen[g] = st.gen
		st.sleepers = append(st.sleepers, g)
		return fr.blockOn(OpWaitGroupWait, fr.pos(), addrOf(p))
	}
	m.emit(fr, Event{Kind: EvWGWait, Addr: addrOf(p), Pos: fr.pos()})
	return fr.done(dst, value{})
}

// --- the runtime's notification lists (sync.Cond) ---

type notifyListState struct {
	wait, notify uint32
	sleepers     []*Goroutine
}

func (m *machine) notifyList(p *value) *notifyListState {
	return m.syncState(p, func() any { return &notifyListState{} }).(*notifyListState)
}

func notifyListAdd(m *machine, args []value) value {
	st := m.notifyList(args[0].ptr())
	t := st.wait
	st.wait++
	return uintVal(uint64(t))
}

func notifyListWait(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	p := args[0].ptr()
	st := m.notifyList(p)
	t := uint32(args[1].n)
	if t >= st.notify {
		st.sleepers = append(st.sleepers, fr.g)
		return fr.blockOn(OpCondWait, fr.pos(), addrOf(p))
	}
	m.emit(fr, Event{Kind: EvCondWait, Addr: addrOf(p), Pos: fr.pos()})
	return fr.done(dst, value{})
}

func notifyOne(fr *frame, p *value, _ []value, dst int32) *frame {
	m := fr.g.m
	st := m.notifyList(p)
	m.emit(fr, Event{Kind: EvCondSignal, Addr: addrOf(p), Pos: fr.pos()})
	if st.notify != st.wait {
		st.notify++
		wakeAll(&st.sleepers)
	}
	return fr.done(dst, value{})
}

func notifyAll(fr *frame, p *value, _ []value, dst int32) *frame {
	m := fr.g.m
	st := m.notifyList(p)
	m.emit(fr, Event{Kind: EvCondSignal, Addr: addrOf(p), Pos: fr.pos()})
	st.notify = st.wait
	wakeAll(&st.sleepers)
	return fr.done(dst, value{})
}

// --- the runtime's semaphores ---

const whySema = "a scheduling point; the runtime decrements and increments the semaphore with atomic operations, which order a release before the acquire that observes it"

// semaState is the goroutines blocked on a semaphore's cell.
type semaState struct{ sleepers []*Goroutine }

func (st *semaState) clone() any { return &semaState{sleepers: slices.Clone(st.sleepers)} }

// semaAcquire is runtime_Semacquire: a scheduling point, then it waits
// until the uint32 at a[0] is positive and decrements it, an atomic
// read-modify-write of the cell (the release it observes happens before
// it). The other arguments (lifo, skipframes) change nothing here: every
// waiter is woken to retry, so any of them may take the count.
var semaAcquire = syncOp(OpSemaAcquire, func(fr *frame, p *value, _ []value, dst int32) *frame {
	m := fr.g.m
	if uint32(p.n) == 0 {
		st := m.syncState(p, func() any { return &semaState{} }).(*semaState)
		st.sleepers = append(st.sleepers, fr.g)
		return fr.blockOn(OpSemaAcquire, fr.pos(), addrOf(p))
	}
	m.set(p, uintVal(uint64(uint32(p.n)-1)))
	m.emit(fr, Event{Kind: EvAtomicRMW, Op: OpSemaAcquire, Addr: addrOf(p), N: 1, Pos: fr.pos()})
	return fr.done(dst, value{})
})

// semaRelease is runtime_Semrelease: a scheduling point, then an atomic
// increment of the uint32 at a[0], which wakes the goroutines waiting on
// it (they retry; handoff, which gives the count to the first waiter at
// once, is one of the orders this allows).
var semaRelease = syncOp(OpSemaRelease, func(fr *frame, p *value, _ []value, dst int32) *frame {
	m := fr.g.m
	m.set(p, uintVal(uint64(uint32(p.n)+1)))
	m.emit(fr, Event{Kind: EvAtomicRMW, Op: OpSemaRelease, Addr: addrOf(p), N: 1, Pos: fr.pos()})
	if st, ok := m.syncObjs[p].(*semaState); ok {
		wakeAll(&st.sleepers)
	}
	return fr.done(dst, value{})
})

// --- Pool ---

const whyPool = "deterministic: items go back to the goroutine that put them; runtime.GC moves them to a victim cache, as the runtime's"

// poolState is what a sync.Pool keeps: the items its owner (the goroutine
// of the last Put) put, and those the last runtime.GC moved to the victim
// cache, with their owner. As the runtime's per-P pools, private is taken
// first, then shared from its end; the victim cache likewise, then
// shared from its start.
type poolState struct {
	owner, victimOwner int
	local, victim      poolLocal
}

type poolLocal struct {
	private value
	has     bool
	shared  []value
}

func (st *poolState) clone() any {
	c := *st
	c.local.shared = slices.Clone(st.local.shared)
	c.victim.shared = slices.Clone(st.victim.shared)
	return &c
}

func (m *machine) pool(p *value) *poolState {
	return m.syncState(p, func() any { return &poolState{} }).(*poolState)
}

func poolPut(m *machine, a []value) value {
	if a[1].r == nil {
		return value{}
	}
	p := a[0].ptr()
	if p == nil {
		m.rpanic("nil Pool")
	}
	st := m.pool(p)
	if g := m.cur.id; st.owner != g {
		st.owner, st.local = g, poolLocal{}
	}
	l := &st.local
	if !l.has {
		l.private, l.has = a[1], true
	} else {
		l.shared = append(l.shared, a[1])
	}
	return value{}
}

func poolGet(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	p := args[0].ptr()
	if p == nil {
		m.rpanic("nil Pool")
	}
	if st, ok := m.syncObjs[p].(*poolState); ok {
		g := fr.g.id
		if l := &st.local; st.owner == g {
			if l.has {
				x := l.private
				l.private, l.has = value{}, false
				return fr.done(dst, x)
			}
			if n := len(l.shared); n > 0 {
				x := l.shared[n-1]
				l.shared[n-1] = value{}
				l.shared = l.shared[:n-1]
				return fr.done(dst, x)
			}
		}
		if l := &st.victim; st.victimOwner == g {
			if l.has {
				x := l.private
				l.private, l.has = value{}, false
				return fr.done(dst, x)
			}
			if len(l.shared) > 0 {
				x := l.shared[0]
				l.shared = l.shared[1:]
				return fr.done(dst, x)
			}
		}
	}
	newFn := p.elems()[poolNewField(m.prog)]
	if newFn.r == nil {
		return fr.done(dst, value{})
	}
	return fr.callValue(newFn, nil, dst)
}

// poolCleanup is what a garbage collection does to every pool: the victim
// caches are dropped, the items move to them.
func (m *machine) poolCleanup() {
	for _, s := range m.syncObjs {
		if st, ok := s.(*poolState); ok {
			st.victim, st.victimOwner = st.local, st.owner
			st.local = poolLocal{}
		}
	}
}

func poolNewField(p *Program) int {
	sp := p.SSA.ImportedPackage("sync")
	return fieldIndex(sp.Pkg.Scope().Lookup("Pool").Type(), "New")
}

// --- Map ---

// syncMapOp makes the model of a method of sync.Map: a scheduling point,
// an atomic event on the map, then f on the map's contents.
func syncMapOp(op Op, f func(fr *frame, mo *mapObj, a []value, dst int32) *frame) controlFn {
	return syncOp(op, func(fr *frame, p *value, a []value, dst int32) *frame {
		m := fr.g.m
		mo := m.syncState(p, func() any {
			at := m.prog.anyType()
			return newMap(m, m.prog.typeOf(types.NewMap(at.t, at.t)))
		}).(*mapObj)
		m.emit(fr, Event{Kind: EvAtomic, Addr: addrOf(p), N: 1, Pos: fr.pos()})
		return f(fr, mo, a[1:], dst)
	})
}

func syncMapRange(fr *frame, mo *mapObj, a []value, dst int32) *frame {
	it := mo.iter(fr.g.m)
	f := a[0]
	fr.pc++
	var step func(c *frame, res value) *frame
	cont := &frame{g: fr.g, caller: fr, retDst: -1}
	step = func(c *frame, res value) *frame {
		if c != nil && !res.bool() {
			return fr
		}
		k, v, ok := it.next()
		if !ok {
			return fr
		}
		cl := f.r.(*closure)
		nf := fr.g.m.newFrame(cl.fn)
		nf.regs[0], nf.regs[1] = k, v
		copy(nf.regs[2:], cl.env)
		nf.g, nf.caller, nf.retDst = fr.g, cont, 0
		return nf
	}
	cont.native = step
	return step(nil, value{})
}

// anyType returns the rtype of interface{}.
func (p *Program) anyType() *rtype {
	return p.typeOf(types.NewInterfaceType(nil, nil).Complete())
}

func (st *mutexState) clone() any {
	c := *st
	c.wwait = map[*Goroutine]bool{}
	for g := range st.wwait {
		c.wwait[g] = true
	}
	c.sleepers = append([]*Goroutine(nil), st.sleepers...)
	if st.since != nil {
		c.since = maps.Clone(st.since)
	}
	return &c
}

func (st *waitGroupState) clone() any {
	c := *st
	c.sleepers = append([]*Goroutine(nil), st.sleepers...)
	if st.waitGen != nil {
		c.waitGen = make(map[*Goroutine]uint64, len(st.waitGen))
		for g, n := range st.waitGen {
			c.waitGen[g] = n
		}
	}
	return &c
}

func (st *notifyListState) clone() any {
	c := *st
	c.sleepers = append([]*Goroutine(nil), st.sleepers...)
	return &c
}
