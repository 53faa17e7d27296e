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

// clockObject stands for the virtual clock: time passing writes it;
// outputObject for the standard streams, which output writes.
const (
	clockObject  = uintptr(8)
	outputObject = uintptr(16)
)

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
	case interp.EvWGAdd:
		// Decrements (Done) commute with each other: each is a read of the
		// group against Add from zero and Wait, which write it.
		f.add(a, a+1, ev.Seq > 0)
	case interp.EvAtomicStore, interp.EvAtomicRMW,
		interp.EvChanSend, interp.EvChanRecv, interp.EvChanClose, interp.EvChanRecvClosed,
		interp.EvLock, interp.EvUnlock, interp.EvRLock, interp.EvRUnlock,
		interp.EvWGWait, interp.EvCondWait, interp.EvCondSignal,
		interp.EvAtomic, interp.EvTimerSet, interp.EvTimerFire, interp.EvIOWrite, interp.EvIORead:
		f.add(a, a+1, true)
	case interp.EvTimerStop:
		// Stop or Reset changes the timer and may drain its channel.
		f.add(a, a+1, true)
		for _, c := range ev.Waits {
			u := c.Uintptr()
			f.add(u, u+1, true)
		}
	case interp.EvTimer:
		f.add(clockObject, clockObject+1, true)
	case interp.EvOutput:
		f.add(outputObject, outputObject+1, true)
	case interp.EvLook:
		// What a select, len or a failed TryLock saw of channels or a
		// mutex depends on the operations on them.
		if !ev.Addr.IsNil() {
			f.add(a, a+1, false)
		}
		for _, c := range ev.Waits {
			u := c.Uintptr()
			f.add(u, u+1, false)
		}
	case interp.EvBlock:
		// A blocked operation on one object depends on the operations
		// on it (they enable or disable it); a select on the operations
		// on its channels; one on none (a sleep) on everything. A Wait that blocks only
		// reads the WaitGroup's counter: it commutes with Done (a
		// read too), which only changes whether it blocks before it
		// returns, after the last Done either way (the edges of
		// dporRun.event).
		switch {
		case len(ev.Waits) > 0:
			// A select waits for its channels: an operation on any of
			// them may wake it.
			for _, c := range ev.Waits {
				u := c.Uintptr()
				f.add(u, u+1, true)
			}
		case ev.Addr.IsNil():
			f.wild = true
		default:
			f.add(a, a+1, ev.Op != interp.OpWaitGroupWait)
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

// Addresses differ from one execution to the next (every execution
// allocates its objects afresh), so what DPOR keeps across executions —
// the footprints of the sleep sets and of the alternatives explored — is
// written in canonical coordinates: a cell is named by the ordinal of the
// event that first touched it in the execution and its offset in that
// event's range. Executions that share a prefix of choices make the same
// events in that prefix, so a cell first touched there has the same name in
// all of them. A cell first touched after the point where two executions
// diverge may have different names in each: such cells are compared as one
// unknown class (any two accesses of it, one a write, conflict).

// ccell is a cell in canonical coordinates. Cells of the runtime's own
// objects (the clock, the output streams) have negative ordinals.
type ccell struct {
	ord, off int32
	write    bool
	// alloc: the cell is named by its allocation (EvNew), not by its
	// first access. A cell allocated after the point two executions
	// diverge at is private to the transition that allocated it in one of
	// them: it is left out of their comparison.
	alloc bool
}

// cfoot is a footprint in canonical coordinates.
type cfoot struct {
	cells []ccell
	wild  bool
	done  bool
}

// privateCell is the ordinal of the cells of non-escaping locals.
const privateCell = -1 << 30

// maxCanonRange is the largest range whose cells get canonical names one by
// one; a transition with a larger one conflicts with everything in sleep
// sets.
const maxCanonRange = 256

var cellSize = interp.Addr{}.Add(1).Uintptr()

// canon names the cells of one execution.
type canon struct {
	names map[uintptr]ccell // by address: ord and off
	nev   int32             // events with addresses so far
}

// add records in cf an access of n cells from a (n = 0: a synchronization
// object, one cell).
func (c *canon) add(cf *cfoot, a uintptr, n int, write bool) {
	ord := c.nev
	c.nev++
	if n > maxCanonRange {
		cf.wild = true
		return
	}
	n = max(n, 1)
	for i := range n {
		p := a + uintptr(i)*cellSize
		name, ok := c.names[p]
		if !ok {
			name = ccell{ord: ord, off: int32(i)}
			c.names[p] = name
		}
		if name.ord == privateCell {
			continue
		}
		name.write = write
		cf.cells = append(cf.cells, name)
	}
	cf.done = false
}

// event adds what ev touches to cf, as footprint.event does.
func (c *canon) event(cf *cfoot, ev *interp.Event) {
	a := ev.Addr.Uintptr()
	switch ev.Kind {
	case interp.EvRead:
		c.add(cf, a, ev.N, false)
	case interp.EvNew:
		if ev.N <= maxCanonRange {
			for i := range max(ev.N, 1) {
				c.names[a+uintptr(i)*cellSize] = ccell{ord: c.nev, off: int32(i), alloc: true}
			}
		}
		c.nev++
	case interp.EvAlloc:
		// A non-escaping local of the goroutine: no other goroutine
		// touches it, its accesses are in no sleep set.
		if ev.N <= maxCanonRange {
			for i := range max(ev.N, 1) {
				c.names[a+uintptr(i)*cellSize] = ccell{ord: privateCell}
			}
		}
		c.nev++
	case interp.EvWrite, interp.EvAnnotation:
		c.add(cf, a, ev.N, true)
	case interp.EvAtomicLoad:
		c.add(cf, a, 0, false)
	case interp.EvWGAdd:
		c.add(cf, a, 0, ev.Seq > 0)
	case interp.EvAtomicStore, interp.EvAtomicRMW,
		interp.EvChanSend, interp.EvChanRecv, interp.EvChanClose, interp.EvChanRecvClosed,
		interp.EvLock, interp.EvUnlock, interp.EvRLock, interp.EvRUnlock,
		interp.EvWGWait, interp.EvCondWait, interp.EvCondSignal,
		interp.EvAtomic, interp.EvTimerSet, interp.EvTimerFire, interp.EvIOWrite, interp.EvIORead:
		c.add(cf, a, 0, true)
	case interp.EvTimerStop:
		c.add(cf, a, 0, true)
		for _, w := range ev.Waits {
			c.add(cf, w.Uintptr(), 0, true)
		}
	case interp.EvTimer:
		cf.cells = append(cf.cells, ccell{ord: -1, write: true})
	case interp.EvOutput:
		cf.cells = append(cf.cells, ccell{ord: -2, write: true})
	case interp.EvLook:
		if !ev.Addr.IsNil() {
			c.add(cf, a, 0, false)
		}
		for _, w := range ev.Waits {
			c.add(cf, w.Uintptr(), 0, false)
		}
	case interp.EvBlock:
		switch {
		case len(ev.Waits) > 0:
			for _, w := range ev.Waits {
				c.add(cf, w.Uintptr(), 0, true)
			}
		case ev.Addr.IsNil():
			cf.wild = true
		default:
			c.add(cf, a, 0, ev.Op != interp.OpWaitGroupWait)
		}
	case interp.EvCoroSwitch:
		cf.wild = true
	}
}

func cless(a, b ccell) int {
	switch {
	case a.ord != b.ord:
		if a.ord < b.ord {
			return -1
		}
		return 1
	case a.off != b.off:
		if a.off < b.off {
			return -1
		}
		return 1
	}
	return 0
}

// finish sorts the cells and merges duplicates (a read and a write of a
// cell become a write).
func (f *cfoot) finish() {
	if f.done {
		return
	}
	f.done = true
	slices.SortFunc(f.cells, cless)
	out := f.cells[:0]
	for _, c := range f.cells {
		if n := len(out); n > 0 && cless(out[n-1], c) == 0 {
			out[n-1].write = out[n-1].write || c.write
			continue
		}
		out = append(out, c)
	}
	f.cells = out
}

// union adds o's cells to f.
func (f *cfoot) union(o *cfoot) {
	if o == nil {
		return
	}
	f.wild = f.wild || o.wild
	f.cells = append(f.cells, o.cells...)
	f.done = false
	f.finish()
}

// conflicts reports whether f and o (both finished) may touch a cell in
// common, one writing, where the names of cells with ordinals from known
// on may differ between them (they are one unknown class).
func (f *cfoot) conflicts(o *cfoot, known int32) bool {
	if f.wild || o.wild {
		return true
	}
	var fu, fuw, ou, ouw bool
	for _, c := range f.cells {
		if c.ord >= known && !c.alloc {
			fu, fuw = true, fuw || c.write
		}
	}
	for _, c := range o.cells {
		if c.ord >= known && !c.alloc {
			ou, ouw = true, ouw || c.write
		}
	}
	if fuw && ou || fu && ouw {
		return true
	}
	a, b := f.cells, o.cells
	i, j := 0, 0
	for i < len(a) && j < len(b) && a[i].ord < known && b[j].ord < known {
		switch cless(a[i], b[j]) {
		case -1:
			i++
		case 1:
			j++
		default:
			if a[i].write || b[j].write {
				return true
			}
			i++
			j++
		}
	}
	return false
}
