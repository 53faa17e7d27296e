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
type Lockset struct {
	opts   Options
	lh     map[int][]int32 // goroutine id → LH (sorted)
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

	capture  map[int64]bool
	creation map[int]Creation
}

// lsLoc is what Lockset knows of one location: a set of cells (see
// shadow) accessed as one so far.
type lsLoc struct {
	n       int32       // its cells (0: none left)
	keep    interp.Addr // one of its cells: keeps their memory alive
	benign  bool
	written bool    // until the first write, LSW is everything
	lsw     []int32 // LSW: lockset of the last write
	lastW   Access
	readers []lsReader // LSR per goroutine that read since the last write
}

type lsReader struct {
	g   int
	ls  []int32
	acc Access
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

// Creations implements Checker.
func (l *Lockset) Creations() map[int]Creation { return l.creation }

// Benign implements Checker.
func (l *Lockset) Benign(a interp.Addr) {
	l.benign[a] = true
	p := l.sh.at(cellKey(a))
	if v := *p; v != 0 {
		i := v - 1
		if l.locs[i].n > 1 {
			i = l.split(i, 1, a)
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
		if l.capture != nil && ev.other != nil {
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
		l.acquire(g, objKey{ev.Addr, objReaders, 0})
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
			l.release(g, m) // unlocked by another goroutine than the locker
		}
	case interp.EvRLock:
		l.acquire(ev.G, objKey{ev.Addr, objMutex, 0})
	case interp.EvRUnlock:
		l.release(ev.G, l.obj(objKey{ev.Addr, objReaders, 0}))
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
	case interp.EvAtomic:
		k := objKey{ev.Addr, objAtomic, 0}
		l.acquire(ev.G, k)
		l.release(ev.G, l.obj(k))
	case interp.EvAnnotation:
		annotationLock(ev, l.event)
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

// release: every lockset that meets LH(g) gains owner o.
func (l *Lockset) release(g int, o int32) {
	lh := l.lhOf(g)
	l.each(func(ls *[]int32) {
		if meets(*ls, lh) {
			*ls = insert(*ls, o)
		}
	})
}

// acquire: every lockset that holds object k gains g.
func (l *Lockset) acquire(g int, k objKey) {
	o, ok := l.objs[k]
	if !ok {
		return
	}
	t := int32(g)
	l.lhOf(g)
	l.each(func(ls *[]int32) {
		if _, ok := slices.BinarySearch(*ls, o); ok {
			*ls = insert(*ls, t)
		}
	})
}

// access checks a read or write of a range of cells: each location the
// range covers (one, unless earlier accesses split the range).
func (l *Lockset) access(ev *event) {
	l.ord++
	acc := Access{Write: ev.Kind == interp.EvWrite, G: ev.G, Pos: ev.Pos, Ord: l.ord, Op: ev.Op, Func: ev.Func}
	if l.capture[l.ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	n := ev.cells()
	if n == 1 || len(l.benign) > 0 {
		for j := range n {
			a := ev.Addr.Add(j)
			l.check(l.cellLoc(cellKey(a), a), acc, a)
		}
		return
	}
	key := cellKey(ev.Addr)
	r := &l.scr
	r.scan(&l.sh, key, n, len(l.locs))
	fresh := int32(-1)
	if r.fresh > 0 {
		fresh = l.newLoc(lsLoc{n: r.fresh, keep: ev.Addr.Add(int(r.fFirst))})
	}
	moved := false
	for _, i := range r.locs {
		if r.count[i] < l.locs[i].n {
			r.moveTo[i] = l.split(i, r.count[i], ev.Addr.Add(int(r.first[i]))) + 1
			moved = true
		}
	}
	if moved || fresh >= 0 {
		r.reassign(&l.sh, key, n, fresh, nil)
	}
	if fresh >= 0 {
		l.check(fresh, acc, ev.Addr.Add(int(r.fFirst)))
	}
	for _, i := range r.locs {
		j := i
		if m := r.moveTo[i]; m != 0 {
			j = m - 1
		}
		l.check(j, acc, ev.Addr.Add(int(r.first[i])))
	}
}

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
		i = l.split(i, 1, a)
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
func (l *Lockset) split(i, cells int32, keep interp.Addr) int32 {
	q := l.locs[i]
	nq := lsLoc{n: cells, keep: keep, benign: q.benign, written: q.written, lsw: slices.Clone(q.lsw), lastW: q.lastW}
	for _, r := range q.readers {
		nq.readers = append(nq.readers, lsReader{g: r.g, ls: slices.Clone(r.ls), acc: r.acc})
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

// check checks an access acc of location i, whose first cell in the
// access is at a.
func (l *Lockset) check(i int32, acc Access, a interp.Addr) {
	q := &l.locs[i]
	if q.benign {
		return
	}
	g := acc.G
	lh := l.lhOf(g)
	if q.written && !meets(q.lsw, lh) {
		l.found(a, acc, q.lastW)
	}
	if acc.Write {
		for _, r := range q.readers {
			if r.g != g && !meets(r.ls, lh) {
				l.found(a, acc, r.acc)
			}
		}
		q.written, q.lsw, q.lastW, q.readers = true, slices.Clone(lh), acc, q.readers[:0]
		return
	}
	for j := range q.readers {
		if q.readers[j].g == g {
			q.readers[j].ls, q.readers[j].acc = slices.Clone(lh), acc
			return
		}
	}
	q.readers = append(q.readers, lsReader{g: g, ls: slices.Clone(lh), acc: acc})
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
