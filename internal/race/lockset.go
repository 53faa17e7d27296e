package race

import (
	"slices"

	"github.com/vtcheck/vt/interp"
)

// Lockset is the second detector: the lockset algorithm of Elmas and Qadeer
// ("A New Lockset Algorithm and Its Applications"), with its extension for
// concurrent reads, extended to Go's synchronization. It shares nothing with
// Detector but the event stream, so that the two can check each other.
//
// LH(t) is the set held by goroutine t: t itself and the mutexes it holds.
// Every location q has a lockset LSW(q) for its last write and one LSR(q, t)
// for the last read of each goroutine t since then: the goroutines and
// synchronization objects through which that access is ordered before
// what comes next. An unwritten location's LSW is everything (the
// allocation precedes every use of the pointer). An access by t is
// race-free when the locksets of the conflicting accesses meet LH(t); it
// then resets its own lockset to LH(t).
//
// Synchronization grows the locksets (the paper's rules for acq, fork and
// join, and the same for Go's release/acquire pairs):
//   - Lock of m by t: LH(t) ∪= {m}; every lockset meeting LH(t) gains LH(t).
//   - Unlock of m by t: LH(t) \= {m}.
//   - release of object o by t (Unlock of a RWMutex reader side, send,
//     close, Done, Signal, atomic): every lockset meeting LH(t) gains o.
//   - acquire of o by t (RLock, receive, Wait, atomic): every lockset
//     holding o gains t.
//   - go statement by t creating t': every lockset meeting LH(t) gains t'.
//
// Warnings. Next to each lockset the detector keeps a second one, WS, built
// by the same rules without the edges of locks (Lock, RLock, Unlock and
// RUnlock grow no WS), whose locks are those held at the access (for
// reading too). An access that its lockset orders after a conflicting one
// (no race) but whose WS does not meet {t} ∪ the locks t holds was ordered
// only by the order in which the goroutines took a lock, and no lock
// protects both: in another schedule they may race. Such pairs are
// potential races, reported by Warnings; they do not make the execution
// fail (the schedule that races, if one does, fails it). As in Eraser, a
// location is only warned about once it is shared and modified: written
// by a goroutine other than the first one that accessed it, or written
// after a second goroutine read it (data initialized by one goroutine and
// then only read by others, such as lazily initialized data published
// under a lock, is not).
type Lockset struct {
	opts   Options
	lh     map[int][]int32 // goroutine id → LH (sorted)
	rh     map[int][]int32 // goroutine id → the mutexes it holds for reading (sorted)
	objs   map[objKey]int32
	nobj   int32
	sh     shadow // cell → index in locs
	scr    rangeScratch
	locs   []lsLoc
	chans  map[interp.Addr]*chanState
	benign map[interp.Addr]bool
	locals localView
	ord    int64
	race   *Race

	warnings []*Race
	warned   map[[2]int64]bool // positions of the pairs warned about

	capture  map[int64]bool
	creation map[int]Creation
}

// maxWarnings bounds the warnings of one execution.
const maxWarnings = 20

// lsLoc is what Lockset knows of one location: a set of cells (see
// shadow) accessed as one so far.
type lsLoc struct {
	n       int32       // its cells (0: none left)
	keep    interp.Addr // one of its cells: keeps their memory alive
	benign  bool
	written bool    // until the first write, LSW is everything
	lsw     []int32 // LSW: lockset of the last write
	wsw     []int32 // its WS (without lock edges)
	owner   int     // the first goroutine that accessed it
	shared  bool    // accessed by another goroutine than owner
	sharedW bool    // shared and modified: warnings apply
	lastW   Access
	readers []lsReader // LSR per goroutine and kind of access since the last write
}

// lsReader is the last access of one kind (a plain read, an atomic load,
// an atomic write) by one goroutine since the last plain write.
type lsReader struct {
	g    int
	kind readKind
	ls   []int32
	ws   []int32 // without lock edges
	acc  Access
}

// NewLockset returns a lockset detector.
func NewLockset(o Options) *Lockset {
	l := &Lockset{opts: o}
	l.Reset()
	if o.Prog != nil {
		l.locals.prog = o.Prog
		if len(o.Trust) > 0 {
			l.locals.trust = trustedFiles(o.Prog, o.Trust)
		}
	}
	if len(o.Capture) > 0 {
		l.capture = map[int64]bool{}
		for _, c := range o.Capture {
			l.capture[c] = true
		}
	}
	return l
}

var _ Checker = (*Lockset)(nil)

// Reset implements Checker.
func (l *Lockset) Reset() {
	l.lh = map[int][]int32{}
	l.rh = map[int][]int32{}
	l.warnings, l.warned = nil, map[[2]int64]bool{}
	l.objs = map[objKey]int32{}
	l.nobj = 0
	l.sh.reset()
	for i := range l.locs {
		l.locs[i] = lsLoc{} // let the execution's memory go
	}
	l.locs = l.locs[:0]
	l.chans = map[interp.Addr]*chanState{}
	l.benign = map[interp.Addr]bool{}
	l.creation = map[int]Creation{}
	l.ord, l.race = 0, nil
}

// Race implements Checker.
func (l *Lockset) Race() *Race { return l.race }

// Warnings returns the potential races of the execution: pairs of
// conflicting accesses that it ordered only through the order of lock
// acquisitions, with no lock held at both (at most maxWarnings, one per
// pair of positions; Cur is the later access).
func (l *Lockset) Warnings() []*Race { return l.warnings }

// Creations implements Checker.
func (l *Lockset) Creations() map[int]Creation { return l.creation }

// Benign implements Checker.
func (l *Lockset) Benign(a interp.Addr) {
	l.benign[a] = true
	p := l.sh.at(cellKey(a))
	if v := *p; v != 0 {
		i := v - 1
		if l.locs[i].n > 1 {
			i = l.split(i, 1, a, 1)
			*p = i + 1
		}
		l.locs[i].benign = true
	}
}

// Event implements interp.Observer.
func (l *Lockset) Event(ev *interp.Event) {
	l.event(fromInterp(ev))
}

// owner ids: goroutines are their ids (≥ 1), objects negative.
func (l *Lockset) obj(k objKey) int32 {
	if id, ok := l.objs[k]; ok {
		return id
	}
	l.nobj++
	l.objs[k] = -l.nobj
	return -l.nobj
}

func (l *Lockset) lhOf(g int) []int32 {
	if s, ok := l.lh[g]; ok {
		return s
	}
	s := []int32{int32(g)}
	l.lh[g] = s
	return s
}

func (l *Lockset) event(ev *event) {
	switch ev.Kind {
	case interp.EvRead, interp.EvWrite:
		if l.locals.skip(ev.Pos) {
			return
		}
		l.access(ev)
	case interp.EvAlloc:
		// Reused cells are new locations: forget their history.
		l.forget(cellKey(ev.Addr), ev.cells())
	case interp.EvGoStart:
		c := Creation{Parent: ev.Other, Pos: ev.Pos}
		if l.capture != nil && ev.other != nil && ev.Pos.IsValid() {
			c.Stack = ev.other.Stack()
		}
		l.creation[ev.G] = c
		l.lhOf(ev.G)
		if ev.Other != 0 {
			l.release(ev.Other, int32(ev.G)) // fork: t' joins what t knows
		}
	case interp.EvChanSend:
		g := ev.G
		l.acquire(g, objKey{ev.Addr, objChanSlot, ev.Seq})
		l.release(g, l.obj(objKey{ev.Addr, objChanMsg, ev.Seq}))
		if ev.Cap == 0 {
			cs := l.chans[ev.Addr]
			if cs == nil {
				cs = &chanState{}
				l.chans[ev.Addr] = cs
			}
			cs.sendG, cs.sendSeq = int32(g), ev.Seq
		}
	case interp.EvChanRecv:
		g := ev.G
		l.acquire(g, objKey{ev.Addr, objChanMsg, ev.Seq})
		if ev.Cap == 0 {
			if cs := l.chans[ev.Addr]; cs != nil && cs.sendSeq == ev.Seq {
				// The rendezvous: the receiver's past is the sender's too.
				slot := l.obj(objKey{ev.Addr, objChanSlot, ev.Seq})
				l.release(g, slot)
				l.acquire(int(cs.sendG), objKey{ev.Addr, objChanSlot, ev.Seq})
			}
		} else {
			l.release(g, l.obj(objKey{ev.Addr, objChanSlot, ev.Seq + ev.Cap}))
		}
	case interp.EvChanClose:
		l.release(ev.G, l.obj(objKey{ev.Addr, objChanClose, 0}))
	case interp.EvChanRecvClosed:
		l.acquire(ev.G, objKey{ev.Addr, objChanClose, 0})
	case interp.EvLock:
		// The paper's acq: LH(t) gains the lock, and every lockset that
		// meets LH(t) gains LH(t).
		g := ev.G
		m := l.obj(objKey{ev.Addr, objMutex, 0})
		l.lockAcquire(g, objKey{ev.Addr, objReaders, 0})
		lh := insert(slices.Clone(l.lhOf(g)), m)
		l.lh[g] = lh
		l.each(func(ls *[]int32) {
			if meets(*ls, lh) {
				*ls = unionSorted(*ls, lh)
			}
		})
	case interp.EvUnlock:
		// The paper's rel: LH(t) loses the lock.
		g := ev.G
		m := l.obj(objKey{ev.Addr, objMutex, 0})
		lh := l.lhOf(g)
		if i, ok := slices.BinarySearch(lh, m); ok {
			l.lh[g] = slices.Delete(slices.Clone(lh), i, i+1)
		} else {
			l.lockRelease(g, m) // unlocked by another goroutine than the locker
		}
	case interp.EvRLock:
		g := ev.G
		l.lockAcquire(g, objKey{ev.Addr, objMutex, 0})
		l.rh[g] = insert(slices.Clone(l.rh[g]), l.obj(objKey{ev.Addr, objMutex, 0}))
	case interp.EvRUnlock:
		g := ev.G
		m := l.obj(objKey{ev.Addr, objMutex, 0})
		if i, ok := slices.BinarySearch(l.rh[g], m); ok {
			l.rh[g] = slices.Delete(slices.Clone(l.rh[g]), i, i+1)
		}
		l.lockRelease(g, l.obj(objKey{ev.Addr, objReaders, 0}))
	case interp.EvWGAdd:
		if ev.Seq < 0 {
			l.release(ev.G, l.obj(objKey{ev.Addr, objWaitGroup, 0}))
		}
	case interp.EvWGWait:
		l.acquire(ev.G, objKey{ev.Addr, objWaitGroup, 0})
	case interp.EvCondSignal:
		l.release(ev.G, l.obj(objKey{ev.Addr, objCond, 0}))
	case interp.EvCondWait:
		l.acquire(ev.G, objKey{ev.Addr, objCond, 0})
	case interp.EvAtomicLoad:
		l.acquire(ev.G, objKey{ev.Addr, objAtomic, 0})
		l.atomicAccess(ev, false)
	case interp.EvAtomicStore:
		l.atomicAccess(ev, true)
		l.releaseStore(ev.G, l.obj(objKey{ev.Addr, objAtomic, 0}))
	case interp.EvAtomicRMW:
		k := objKey{ev.Addr, objAtomic, 0}
		l.acquire(ev.G, k)
		l.atomicAccess(ev, true)
		l.release(ev.G, l.obj(k))
	case interp.EvAtomic: // a sync.Map method
		k := objKey{ev.Addr, objAtomic, 0}
		l.acquire(ev.G, k)
		l.release(ev.G, l.obj(k))
	case interp.EvCoroSwitch:
		// What the switching goroutine did is ordered before what the
		// other one does next, as a fork.
		l.lhOf(ev.Other)
		l.release(ev.G, int32(ev.Other))
	case interp.EvTimerSet:
		l.release(ev.G, l.obj(objKey{ev.Addr, objTimer, 0}))
	case interp.EvTimerFire:
		l.acquire(ev.G, objKey{ev.Addr, objTimer, 0})
	case interp.EvIOWrite:
		l.release(ev.G, l.obj(objKey{ev.Addr, objIO, 0}))
	case interp.EvIORead:
		l.acquire(ev.G, objKey{ev.Addr, objIO, 0})
	}
}

// each calls f on every lockset: every LSW and every LSR.
func (l *Lockset) each(f func(ls *[]int32)) {
	for i := range l.locs {
		q := &l.locs[i]
		if q.n == 0 {
			continue
		}
		if q.written {
			f(&q.lsw)
		}
		for j := range q.readers {
			f(&q.readers[j].ls)
		}
	}
}

// eachWS calls f on every lockset without lock edges.
func (l *Lockset) eachWS(f func(ws *[]int32)) {
	for i := range l.locs {
		q := &l.locs[i]
		if q.n == 0 {
			continue
		}
		if q.written {
			f(&q.wsw)
		}
		for j := range q.readers {
			f(&q.readers[j].ws)
		}
	}
}

// lockRelease: every lockset that meets LH(g) gains owner o (an edge of a
// lock: the sets without lock edges do not change).
func (l *Lockset) lockRelease(g int, o int32) {
	lh := l.lhOf(g)
	l.each(func(ls *[]int32) {
		if meets(*ls, lh) {
			*ls = insert(*ls, o)
		}
	})
}

// release: every lockset that meets LH(g) gains owner o; every one without
// lock edges that holds g gains it too.
func (l *Lockset) release(g int, o int32) {
	l.lockRelease(g, o)
	t := int32(g)
	l.eachWS(func(ws *[]int32) {
		if has(*ws, t) {
			*ws = insert(*ws, o)
		}
	})
}

// releaseStore: every lockset that meets LH(g) gains owner o, every other
// one loses it (an atomic store replaces what o releases); the same for
// the sets without lock edges that hold g.
func (l *Lockset) releaseStore(g int, o int32) {
	store := func(ls *[]int32, ordered bool) {
		if ordered {
			*ls = insert(*ls, o)
		} else if i, ok := slices.BinarySearch(*ls, o); ok {
			*ls = slices.Delete(*ls, i, i+1)
		}
	}
	lh := l.lhOf(g)
	l.each(func(ls *[]int32) { store(ls, meets(*ls, lh)) })
	t := int32(g)
	l.eachWS(func(ws *[]int32) { store(ws, has(*ws, t)) })
}

// lockAcquire: every lockset that holds object k gains g (an edge of a
// lock).
func (l *Lockset) lockAcquire(g int, k objKey) {
	o, ok := l.objs[k]
	if !ok {
		return
	}
	t := int32(g)
	l.lhOf(g)
	l.each(func(ls *[]int32) {
		if has(*ls, o) {
			*ls = insert(*ls, t)
		}
	})
}

// acquire: every lockset, with or without lock edges, that holds object k
// gains g.
func (l *Lockset) acquire(g int, k objKey) {
	l.lockAcquire(g, k)
	o, ok := l.objs[k]
	if !ok {
		return
	}
	t := int32(g)
	l.eachWS(func(ws *[]int32) {
		if has(*ws, o) {
			*ws = insert(*ws, t)
		}
	})
}

// has reports whether the sorted set s holds x.
func has(s []int32, x int32) bool {
	_, ok := slices.BinarySearch(s, x)
	return ok
}

// lhw returns {g} ∪ the locks g holds, for writing or reading: the
// initial set without lock edges of g's accesses.
func (l *Lockset) lhw(g int) []int32 {
	lh := l.lhOf(g)
	if len(l.rh[g]) == 0 {
		return lh
	}
	return unionSorted(slices.Clone(lh), l.rh[g])
}

// newAccess numbers an access and records its stack if the report needs it.
func (l *Lockset) newAccess(ev *event, write, atomic bool) Access {
	l.ord++
	acc := Access{Write: write, Atomic: atomic, Op: ev.Op, Func: ev.Func, G: ev.G, Pos: ev.Pos, Ord: l.ord}
	if l.capture[l.ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	return acc
}

// access checks a read or write of a range of cells: each location the
// range covers (one, unless earlier accesses split the range).
func (l *Lockset) access(ev *event) {
	acc := l.newAccess(ev, ev.Kind == interp.EvWrite, false)
	n := ev.cells()
	if n == 1 || len(l.benign) > 0 {
		for j := range n {
			a := ev.Addr.Add(j)
			l.plain(l.cellLoc(cellKey(a), a), acc, a)
		}
		return
	}
	l.scr.locate(&l.sh, l, len(l.locs), ev.Addr, n, nil, func(i int32, first interp.Addr) {
		l.plain(i, acc, first)
	})
}

// live makes Lockset a rangeOwner: its locations keep their cells alive.
func (l *Lockset) live(int32) bool { return true }

// freshLoc, cellsOf and split make Lockset a rangeOwner.
func (l *Lockset) freshLoc(cells int32, keep interp.Addr, _ int32) int32 {
	return l.newLoc(lsLoc{n: cells, keep: keep})
}

func (l *Lockset) cellsOf(i int32) int32 { return l.locs[i].n }

// cellLoc returns the location of the one cell number key at a.
func (l *Lockset) cellLoc(key uintptr, a interp.Addr) int32 {
	p := l.sh.at(key)
	v := *p
	if v == 0 {
		i := l.newLoc(lsLoc{benign: l.benign[a], n: 1, keep: a})
		*p = i + 1
		return i
	}
	i := v - 1
	if l.locs[i].n > 1 {
		i = l.split(i, 1, a, 1)
		*p = i + 1
	}
	return i
}

func (l *Lockset) newLoc(q lsLoc) int32 {
	l.locs = append(l.locs, q)
	return int32(len(l.locs) - 1)
}

// split moves cells of the cells of location i (the first at keep) to a
// new location with a copy of i's locksets.
func (l *Lockset) split(i, cells int32, keep interp.Addr, _ int32) int32 {
	q := l.locs[i]
	nq := q
	nq.n, nq.keep = cells, keep
	nq.lsw, nq.wsw = slices.Clone(q.lsw), slices.Clone(q.wsw)
	nq.readers = nil
	for _, r := range q.readers {
		nr := r
		nr.ls, nr.ws = slices.Clone(r.ls), slices.Clone(r.ws)
		nq.readers = append(nq.readers, nr)
	}
	l.locs[i].n -= cells
	return l.newLoc(nq)
}

// forget makes the n cells from number key unseen.
func (l *Lockset) forget(key uintptr, n int) {
	if n == 1 {
		p := l.sh.at(key)
		if v := *p; v != 0 {
			l.locs[v-1].n--
			*p = 0
		}
		return
	}
	r := &l.scr
	r.scan(&l.sh, key, n, len(l.locs))
	for _, i := range r.locs {
		l.locs[i].n -= r.count[i]
	}
	if len(r.locs) > 0 {
		l.sh.each(key, n, func(_ int, seg []int32) { clear(seg) })
	}
}

// plain checks a plain access acc of location i, whose first cell in the
// access is at a.
func (l *Lockset) plain(i int32, acc Access, a interp.Addr) {
	q := &l.locs[i]
	if q.benign {
		return
	}
	g, write := acc.G, acc.Write
	q.share(g, write)
	lh, lhw := l.lhOf(g), l.lhw(g)
	if q.written {
		l.check(q, a, acc, q.lastW, q.lsw, q.wsw, lh, lhw)
	}
	if write {
		// Every earlier access, plain or atomic, conflicts with a write.
		for _, r := range q.readers {
			if r.g != g {
				l.check(q, a, acc, r.acc, r.ls, r.ws, lh, lhw)
			}
		}
		q.written, q.lsw, q.wsw, q.lastW, q.readers = true, slices.Clone(lh), slices.Clone(lhw), acc, q.readers[:0]
		return
	}
	l.conflicts(q, g, rkAtomicWrite, a, acc, lh, lhw)
	l.touch(q, g, rkRead, acc, lh, lhw)
}

// atomicAccess checks an atomic access of a word: it conflicts with the
// plain write before it and, if it writes, with the plain reads since.
func (l *Lockset) atomicAccess(ev *event, write bool) {
	g := ev.G
	q := &l.locs[l.cellLoc(cellKey(ev.Addr), ev.Addr)]
	acc := l.newAccess(ev, write, true)
	if q.benign {
		return
	}
	q.share(g, write)
	lh, lhw := l.lhOf(g), l.lhw(g)
	if q.written {
		l.check(q, ev.Addr, acc, q.lastW, q.lsw, q.wsw, lh, lhw)
	}
	k := rkAtomicRead
	if write {
		l.conflicts(q, g, rkRead, ev.Addr, acc, lh, lhw)
		k = rkAtomicWrite
	}
	l.touch(q, g, k, acc, lh, lhw)
}

// check checks acc (by a goroutine holding lh, and lhw counting locks held
// for reading) against the conflicting earlier access prev with lockset ls
// and set without lock edges ws: a race if ls does not meet lh; else a
// potential race if ws does not meet lhw.
func (l *Lockset) check(q *lsLoc, a interp.Addr, acc, prev Access, ls, ws, lh, lhw []int32) {
	switch {
	case !meets(ls, lh):
		l.found(a, acc, prev)
	case q.sharedW && prev.G != acc.G && !meets(ws, lhw):
		l.warn(a, acc, prev)
	}
}

// share advances q's Eraser state for an access by g.
func (q *lsLoc) share(g int, write bool) {
	switch {
	case q.owner == 0:
		q.owner = g
	case g != q.owner:
		q.shared = true
	}
	if write && q.shared {
		q.sharedW = true
	}
}

// conflicts checks acc by g against every other goroutine's last access
// of kind k.
func (l *Lockset) conflicts(q *lsLoc, g int, k readKind, a interp.Addr, acc Access, lh, lhw []int32) {
	for _, r := range q.readers {
		if r.kind == k && r.g != g {
			l.check(q, a, acc, r.acc, r.ls, r.ws, lh, lhw)
		}
	}
}

// touch records acc as g's last access of kind k: its lockset is LH(g).
func (l *Lockset) touch(q *lsLoc, g int, k readKind, acc Access, lh, lhw []int32) {
	for j := range q.readers {
		if q.readers[j].g == g && q.readers[j].kind == k {
			q.readers[j].ls, q.readers[j].ws, q.readers[j].acc = slices.Clone(lh), slices.Clone(lhw), acc
			return
		}
	}
	q.readers = append(q.readers, lsReader{g: g, kind: k, ls: slices.Clone(lh), ws: slices.Clone(lhw), acc: acc})
}

// warn records a potential race between cur and prev, once per pair of
// positions.
func (l *Lockset) warn(a interp.Addr, cur, prev Access) {
	if len(l.warnings) >= maxWarnings {
		return
	}
	k := [2]int64{int64(prev.Pos), int64(cur.Pos)}
	if l.warned[k] {
		return
	}
	l.warned[k] = true
	l.warnings = append(l.warnings, &Race{Addr: a, Cur: cur, Prev: prev})
}

func (l *Lockset) found(a interp.Addr, cur, prev Access) {
	if l.race == nil {
		l.race = &Race{Addr: a, Cur: cur, Prev: prev}
	}
}

// meets reports whether the sorted sets a and b intersect.
func meets(a, b []int32) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// insert adds x to the sorted set s.
func insert(s []int32, x int32) []int32 {
	i, ok := slices.BinarySearch(s, x)
	if ok {
		return s
	}
	return slices.Insert(s, i, x)
}

// unionSorted returns a ∪ b for sorted sets.
func unionSorted(a, b []int32) []int32 {
	for _, x := range b {
		a = insert(a, x)
	}
	return a
}
