package explore

import (
	"slices"

	"github.com/vtcheck/vt/interp"
)

// A footprint is what one transition (a goroutine's run from one
// scheduling point to the next) touched: ranges of memory cells and
// synchronization objects, each read or written. Two transitions of
// different goroutines are dependent when their footprints conflict: they
// overlap and one of them writes. A wild footprint (the transition blocked,
// or the exit of a goroutine the exploration did not create) conflicts
// with every other one.
type footprint struct {
	spans []span
	wild  bool
	done  bool // spans are sorted, disjoint and coalesced
}

// span is a half-open range [lo, hi) of addresses (interp.Addr numbers).
type span struct {
	lo, hi uintptr
	write  bool
}

// clockObject stands for the virtual clock: time passing writes it.
const clockObject = uintptr(8)

// add records an access of [lo, hi).
func (f *footprint) add(lo, hi uintptr, write bool) {
	if hi <= lo {
		hi = lo + 1
	}
	if n := len(f.spans); n > 0 {
		l := &f.spans[n-1]
		if l.write == write && lo >= l.lo && lo <= l.hi {
			l.hi = max(l.hi, hi)
			return
		}
	}
	f.spans = append(f.spans, span{lo, hi, write})
	f.done = false
}

// event adds what ev touches; it reports false for the events that are not
// accesses (they are edges or nothing).
func (f *footprint) event(ev *interp.Event) {
	a := ev.Addr.Uintptr()
	switch ev.Kind {
	case interp.EvRead:
		f.add(a, ev.Addr.Add(max(ev.N, 1)).Uintptr(), false)
	case interp.EvWrite, interp.EvAlloc, interp.EvAnnotation:
		f.add(a, ev.Addr.Add(max(ev.N, 1)).Uintptr(), true)
	case interp.EvAtomicLoad:
		f.add(a, a+1, false)
	case interp.EvAtomicStore, interp.EvAtomicRMW,
		interp.EvChanSend, interp.EvChanRecv, interp.EvChanClose, interp.EvChanRecvClosed,
		interp.EvLock, interp.EvUnlock, interp.EvRLock, interp.EvRUnlock,
		interp.EvWGAdd, interp.EvWGWait, interp.EvCondWait, interp.EvCondSignal,
		interp.EvAtomic, interp.EvTimerSet, interp.EvTimerFire:
		f.add(a, a+1, true)
	case interp.EvTimer:
		f.add(clockObject, clockObject+1, true)
	case interp.EvBlock:
		// A blocked operation on one object depends on the operations
		// on it (they enable or disable it); one on several (select) or
		// on none (a sleep) on everything.
		if ev.Addr.IsNil() {
			f.wild = true
		} else {
			f.add(a, a+1, true)
		}
	case interp.EvCoroSwitch:
		f.wild = true
	}
}

// finish sorts and coalesces the spans (an overlap of a read and a write
// becomes a write: conservative).
func (f *footprint) finish() {
	if f.done {
		return
	}
	f.done = true
	if len(f.spans) < 2 {
		return
	}
	slices.SortFunc(f.spans, func(a, b span) int {
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
	out := f.spans[:1]
	for _, s := range f.spans[1:] {
		l := &out[len(out)-1]
		if s.lo < l.hi || s.lo == l.hi && s.write == l.write {
			l.hi = max(l.hi, s.hi)
			l.write = l.write || s.write
			continue
		}
		out = append(out, s)
	}
	f.spans = out
}

// union adds o's accesses to f.
func (f *footprint) union(o *footprint) {
	if o == nil {
		return
	}
	f.wild = f.wild || o.wild
	f.spans = append(f.spans, o.spans...)
	f.done = false
	f.finish()
}

// conflicts reports whether f and o are dependent (both finished).
func (f *footprint) conflicts(o *footprint) bool {
	if f.wild || o.wild {
		return true
	}
	a, b := f.spans, o.spans
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		if x.lo < y.hi && y.lo < x.hi && (x.write || y.write) {
			return true
		}
		if x.hi <= y.hi {
			i++
		} else {
			j++
		}
	}
	return false
}
