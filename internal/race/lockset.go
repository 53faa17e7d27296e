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
	cols   map[interp.Addr]int32
	locs   []lsLoc
	chans  map[interp.Addr]*chanState
	benign map[interp.Addr]bool
	locals localView
	ord    int64
	race   *Race

	capture  map[int64]bool
	creation map[int]Creation
}

// lsLoc is what Lockset knows of one location.
type lsLoc struct {
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
	l.cols = map[interp.Addr]int32{}
	l.locs = nil
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
	if i, ok := l.cols[a]; ok {
		l.locs[i].benign = true
	}
}

// Event implements interp.Observer.
func (l *Lockset) Event(ev *interp.Event) {
	e := event{Kind: ev.Kind, G: ev.G.ID(), Addr: ev.Addr, Seq: ev.Seq, Cap: ev.Cap, Pos: ev.Pos, g: ev.G, other: ev.Other}
	if ev.Other != nil {
		e.Other = ev.Other.ID()
	}
	l.event(&e)
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
		// A reused cell is a new location: forget its history.
		delete(l.cols, ev.Addr)
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
	case interp.EvTimerSet:
		l.release(ev.G, l.obj(objKey{ev.Addr, objTimer, 0}))
	case interp.EvTimerFire:
		l.acquire(ev.G, objKey{ev.Addr, objTimer, 0})
	case interp.EvAnnotation:
		annotationLock(ev, l.event)
	}
}

// each calls f on every lockset: every LSW and every LSR.
func (l *Lockset) each(f func(ls *[]int32)) {
	for i := range l.locs {
		q := &l.locs[i]
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

func (l *Lockset) access(ev *event) {
	write := ev.Kind == interp.EvWrite
	g := ev.G
	l.ord++
	i, ok := l.cols[ev.Addr]
	if !ok {
		i = int32(len(l.locs))
		l.locs = append(l.locs, lsLoc{benign: l.benign[ev.Addr]})
		l.cols[ev.Addr] = i
	}
	q := &l.locs[i]
	if q.benign {
		return
	}
	acc := Access{Write: write, G: g, Pos: ev.Pos, Ord: l.ord}
	if l.capture[l.ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	lh := l.lhOf(g)
	if q.written && !meets(q.lsw, lh) {
		l.found(ev.Addr, acc, q.lastW)
	}
	if write {
		for _, r := range q.readers {
			if r.g != g && !meets(r.ls, lh) {
				l.found(ev.Addr, acc, r.acc)
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
