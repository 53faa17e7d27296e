package race

import (
	"go/token"

	"github.com/vtcheck/vt/interp"
)

// Event implements interp.Observer: it updates h for synchronization and
// checks non-atomic accesses.
func (d *Detector) Event(ev *interp.Event) {
	d.event(fromInterp(ev))
}

// fromInterp returns the part of ev the detectors use.
func fromInterp(ev *interp.Event) *event {
	e := &event{Kind: ev.Kind, G: ev.G.ID(), Addr: ev.Addr, N: ev.N, Seq: ev.Seq, Cap: ev.Cap, Pos: ev.Pos,
		Op: ev.Op, Func: ev.Func, g: ev.G, other: ev.Other}
	if ev.Other != nil {
		e.Other = ev.Other.ID()
	}
	return e
}

// event is the part of an interp.Event the detectors use; G and Other are
// goroutine ids (Other is 0 for none). g and other, when set, give stacks.
type event struct {
	Kind     interp.EventKind
	G, Other int
	Addr     interp.Addr
	N        int // memory events: the number of cells from Addr
	Seq, Cap int64
	Pos      token.Pos
	Op       interp.Op // memory events: the operation that made the access (a builtin, a model, sync/atomic)
	Func     string    // memory events of modeled functions: the function
	g, other *interp.Goroutine
}

// cells returns the number of cells of a memory event (at least one).
func (ev *event) cells() int { return max(ev.N, 1) }

func (d *Detector) event(ev *event) {
	d.maybeCompact()
	switch ev.Kind {
	case interp.EvRead, interp.EvWrite:
		if d.locals.skip(ev.Pos) {
			return
		}
		if !d.opts.History && d.life.due(len(d.objs)) && d.life.pressure(len(d.objs)) {
			d.collect()
		}
		if d.isAlone(ev) {
			d.accessAlone(ev)
			return
		}
		d.access(ev)
		return
	case interp.EvAlloc:
		// Reused cells are new locations: forget their history.
		d.forget(cellKey(ev.Addr), ev.cells())
		return
	case interp.EvNew:
		return
	}
	// Any other event may end a goroutine's being alone (isAlone).
	d.alone = aloneUnknown
	switch ev.Kind {
	case interp.EvGoStart:
		id := ev.G
		c := Creation{Parent: ev.Other, Pos: ev.Pos}
		if d.capture != nil && ev.other != nil && ev.Pos.IsValid() {
			c.Stack = ev.other.Stack()
		}
		d.creation[id] = c
		if d.opts.History {
			d.hist = append(d.hist, func() { delete(d.creation, id) })
		}
		r := d.goRow(id)
		if ev.Other != 0 {
			// The go statement: h(child) = h(parent).
			p := ev.Other
			d.union(r, d.goRow(p))
			d.released(p)
		}
	case interp.EvGoExit:
		d.goExit(ev.G)
	case interp.EvChanSend:
		g := ev.G
		// The (k)-th send acquires what the (k-C)-th receive released.
		d.consume(g, objKey{ev.Addr, objChanSlot, ev.Seq})
		d.release(g, objKey{ev.Addr, objChanMsg, ev.Seq})
		if ev.Cap == 0 {
			cs := d.chans[ev.Addr]
			if cs == nil {
				cs = &chanState{}
				d.chans[ev.Addr] = cs
				a := ev.Addr
				if d.opts.History {
					d.hist = append(d.hist, func() { delete(d.chans, a) })
				}
			}
			old := *cs
			cs.sendG, cs.sendSeq = int32(g), ev.Seq
			if d.opts.History {
				d.hist = append(d.hist, func() { *cs = old })
			}
		}
	case interp.EvChanRecv:
		g := ev.G
		d.consume(g, objKey{ev.Addr, objChanMsg, ev.Seq})
		if ev.Cap == 0 {
			// Unbuffered: the k-th receive is synchronized before the
			// k-th send completes. The send's event came just before
			// (a rendezvous), so the sender gets the receiver's h now.
			if cs := d.chans[ev.Addr]; cs != nil && cs.sendSeq == ev.Seq {
				d.union(d.goRow(int(cs.sendG)), d.goRow(g))
				d.released(g)
			}
		} else {
			// The k-th receive is synchronized before the (k+C)-th send
			// completes.
			d.release(g, objKey{ev.Addr, objChanSlot, ev.Seq + ev.Cap})
		}
	case interp.EvChanClose:
		d.release(ev.G, objKey{ev.Addr, objChanClose, 0})
	case interp.EvChanRecvClosed:
		d.acquire(ev.G, objKey{ev.Addr, objChanClose, 0})
	case interp.EvLock:
		g := ev.G
		d.acquire(g, objKey{ev.Addr, objMutex, 0})
		d.acquire(g, objKey{ev.Addr, objReaders, 0})
	case interp.EvUnlock:
		d.release(ev.G, objKey{ev.Addr, objMutex, 0})
	case interp.EvRLock:
		d.acquire(ev.G, objKey{ev.Addr, objMutex, 0})
	case interp.EvRUnlock:
		d.release(ev.G, objKey{ev.Addr, objReaders, 0})
	case interp.EvWGAdd:
		// As Go's race detector: Done (a negative delta) releases, and
		// the Wait it unblocks acquires.
		if ev.Seq < 0 {
			d.release(ev.G, objKey{ev.Addr, objWaitGroup, 0})
		}
	case interp.EvWGWait:
		d.acquire(ev.G, objKey{ev.Addr, objWaitGroup, 0})
	case interp.EvCondSignal:
		d.release(ev.G, objKey{ev.Addr, objCond, 0})
	case interp.EvCondWait:
		d.acquire(ev.G, objKey{ev.Addr, objCond, 0})
	case interp.EvAtomicLoad:
		// A load is synchronized after the store it observes (the last
		// one, in the total order of the execution).
		d.acquire(ev.G, objKey{ev.Addr, objAtomic, 0})
		d.atomicAccess(ev, false)
	case interp.EvAtomicStore:
		// A store releases what its goroutine knows; a load that observes
		// it acquires that, and no longer what earlier stores released
		// (as Go's race detector: a store is not a read).
		d.atomicAccess(ev, true)
		d.releaseStore(ev.G, objKey{ev.Addr, objAtomic, 0})
	case interp.EvAtomicRMW:
		// A read-modify-write observes the last store and is observed by
		// the next load: it acquires, then releases (merging).
		k := objKey{ev.Addr, objAtomic, 0}
		d.acquire(ev.G, k)
		d.atomicAccess(ev, true)
		d.release(ev.G, k)
	case interp.EvAtomic:
		// A sync.Map method: synchronized after every earlier one on the
		// map (a Load after the Store it observes, whatever the key).
		k := objKey{ev.Addr, objAtomic, 0}
		d.acquire(ev.G, k)
		d.release(ev.G, k)
	case interp.EvCoroSwitch:
		// iter.Pull: the goroutine that switches stops until switched
		// back to; the other one goes on from what it did.
		d.union(d.goRow(ev.Other), d.goRow(ev.G))
		d.released(ev.G)
	case interp.EvTimerSet:
		d.release(ev.G, objKey{ev.Addr, objTimer, 0})
	case interp.EvTimerFire:
		d.acquire(ev.G, objKey{ev.Addr, objTimer, 0})
	case interp.EvTimerDone:
		// The context is idle until the timer fires again: what it did
		// goes into the timer, which its next firing acquires, and its
		// row is freed. So h holds a row per timer that may still fire,
		// not one per timer that ever fired.
		d.release(ev.G, objKey{ev.Addr, objTimer, 0})
		d.retireRow(ev.G)
	case interp.EvIOWrite:
		// What a goroutine wrote to a socket, pipe or file carries its h
		// to the goroutine that reads it (Go's race detector orders every
		// write before every later read, through one object).
		d.release(ev.G, objKey{ev.Addr, objIO, 0})
	case interp.EvIORead:
		d.acquire(ev.G, objKey{ev.Addr, objIO, 0})
		// An annotation (EvAnnotation) is no edge: permission regions
		// order nothing (DESIGN: a program behaves the same with them
		// removed), the permission checker judges them.
	}
}

// newAccess numbers an access and records its stack if the report needs it.
func (d *Detector) newAccess(ev *event, write, atomic bool) Access {
	d.ord++
	if d.opts.History {
		d.hist = append(d.hist, func() { d.ord-- })
	}
	acc := Access{Write: write, Atomic: atomic, Op: ev.Op, Func: ev.Func, G: ev.G, Pos: ev.Pos, Ord: d.ord}
	if d.capture[d.ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	return acc
}

// access checks a non-atomic read or write of a range of cells and updates
// h: each location the range covers is checked and updated (one, unless
// earlier accesses split the range).
func (d *Detector) access(ev *event) {
	acc := d.newAccess(ev, ev.Kind == interp.EvWrite, false)
	n := ev.cells()
	if n == 1 || len(d.benign) > 0 {
		// One cell, or cells that may be benign one by one.
		for j := range n {
			a := ev.Addr.Add(j)
			d.check(d.cellLoc(cellKey(a), a), acc, a)
		}
		return
	}
	d.scr.locate(&d.sh, d, len(d.locs), ev.Addr, n, d.logShadow(), func(i int32, first interp.Addr) {
		d.check(i, acc, first)
	})
}

// freshLoc, cellsOf and split make Detector a rangeOwner.
func (d *Detector) freshLoc(cells int32, keep interp.Addr, span int32) int32 {
	return d.newLoc(loc{col: d.newCol(), n: cells, keep: keep, lo: cellKey(keep), span: span})
}

func (d *Detector) cellsOf(i int32) int32 { return d.locs[i].n }

// cellLoc returns the location of the one cell number key at a: its own,
// split off a larger location, or a new one.
func (d *Detector) cellLoc(key uintptr, a interp.Addr) int32 {
	p := d.sh.at(key)
	v := *p
	if v != 0 && !d.locs[v-1].live() {
		d.drop(v - 1) // its object died: the cell is in a new one
		v = 0
	}
	if v == 0 {
		i := d.newLoc(loc{col: d.newCol(), benign: d.benign[a], n: 1, keep: a, lo: key, span: 1})
		d.setShadow(key, p, i+1)
		return i
	}
	i := v - 1
	if d.locs[i].n > 1 {
		j := d.split(i, 1, a, 1)
		d.setShadow(key, p, j+1)
		return j
	}
	return i
}

// newLoc adds a location and returns its index.
func (d *Detector) newLoc(l loc) int32 {
	if !d.opts.History {
		if i, ok := d.life.reuse(); ok {
			l.readers = d.locs[i].readers[:0]
			d.locs[i] = l
			d.life.born(i, &d.locs[i])
			return i
		}
	}
	i := int32(len(d.locs))
	if int(i) < cap(d.locs) {
		// Reuse the reader list of a location of an earlier execution.
		l.readers = d.locs[:i+1][i].readers[:0]
	}
	d.locs = append(d.locs, l)
	if d.opts.History {
		d.hist = append(d.hist, func() { d.locs = d.locs[:len(d.locs)-1] })
	} else {
		d.life.born(i, &d.locs[i])
	}
	return i
}

// split moves cells of the cells of location i (the first at keep) to a
// new location with the same history, and returns it. It shares i's column
// and reader markers: the rows that hold one hold the other, and they part
// when either is written (every write that adds a location's column to a
// row gives it a new column first, see check and touch), so split does not
// visit the rows.
func (d *Detector) split(i, cells int32, keep interp.Addr, span int32) int32 {
	old := &d.locs[i]
	nl := loc{col: old.col, written: old.written, benign: old.benign, wOwner: old.wOwner,
		wEpoch: old.wEpoch, atomicW: old.atomicW, lastW: old.lastW, n: cells, keep: keep,
		lo: cellKey(keep), span: span}
	if old.isWeak {
		// The same object: its weak reference serves the part too.
		nl.keep, nl.weak, nl.isWeak = interp.Addr{}, old.weak, true
	}
	readers := old.readers
	j := d.newLoc(nl)
	for _, r := range readers {
		d.locs[j].addReader(r)
	}
	d.setLoc(i, func(l *loc) { l.n -= cells })
	return j
}

// forget makes the n cells from number key unseen (they are reused for new
// variables).
func (d *Detector) forget(key uintptr, n int) {
	if n == 1 {
		seg, _ := d.sh.peek(key, 1)
		if seg == nil {
			return
		}
		p := &seg[0]
		if v := *p; v != 0 {
			d.setLoc(v-1, func(l *loc) { l.n-- })
			d.setShadow(key, p, 0)
			d.unused(v - 1)
		}
		return
	}
	r := &d.scr
	r.scan(&d.sh, key, n, len(d.locs))
	for _, i := range r.locs {
		c := r.count[i]
		d.setLoc(i, func(l *loc) { l.n -= c })
	}
	if len(r.locs) > 0 {
		log := d.logShadow()
		d.sh.eachPeek(key, n, func(off int, seg []int32, _ int) {
			for j, v := range seg {
				if v != 0 && log != nil {
					log(key+uintptr(off+j), v)
				}
				seg[j] = 0
			}
		})
	}
	for _, i := range r.locs {
		d.unused(i)
	}
}

// setShadow sets the shadow entry p of cell number key to v.
func (d *Detector) setShadow(key uintptr, p *int32, v int32) {
	if log := d.logShadow(); log != nil {
		log(key, *p)
	}
	*p = v
}

// logShadow returns the function that logs the old shadow entry of a
// cell for Undo, or nil without history.
func (d *Detector) logShadow() func(key uintptr, old int32) {
	if !d.opts.History {
		return nil
	}
	return func(key uintptr, old int32) {
		d.hist = append(d.hist, func() { *d.sh.at(key) = old })
	}
}

// check checks an access acc of location i (whose first cell in the
// access is at a) and updates h.
func (d *Detector) check(i int32, acc Access, a interp.Addr) {
	l := &d.locs[i]
	if l.benign {
		return
	}
	if d.opts.History {
		d.setLoc(i, func(*loc) {})
	}
	gid := acc.G
	g := d.goRow(gid)
	l = &d.locs[i]
	epoch := d.gEpoch[gid]
	if acc.Write {
		if l.written && !d.has(g, l.col) {
			d.found(a, acc, l.lastW)
		}
		// Every earlier access, plain or atomic, conflicts with a write.
		for j := range l.readers {
			r := &l.readers[j]
			if r.active && int(r.g) != gid && !d.has(g, r.mark) {
				d.found(a, acc, r.acc)
			}
		}
		// The readers are checked: a read after this write starts a new
		// entry (and marker column), so that the list holds the accesses
		// since the last write only, not every goroutine that ever read.
		l.clearReaders()
		// Invalidate: unless this goroutine wrote it last and has not
		// released since (then no other row can hold it).
		// The column is new even for an unwritten location (which no row
		// holds): split may have given its column to another location too.
		if !l.written || l.wOwner != int32(gid) || l.wEpoch != epoch {
			l.col = d.invalidate(g)
		}
		l.written, l.wOwner, l.wEpoch, l.lastW = true, int32(gid), epoch, acc
		return
	}
	if l.written && !d.has(g, l.col) {
		d.found(a, acc, l.lastW)
	}
	if l.atomicW {
		// A read conflicts with the atomic writes since the last write.
		d.conflicts(l, g, gid, rkAtomicWrite, a, acc)
	}
	d.touch(l, g, gid, rkRead, epoch, acc)
}

// atomicAccess checks an atomic access (a sync/atomic operation) of a word:
// it conflicts with the plain write before it and, if it writes, with the
// plain reads since; never with another atomic access.
func (d *Detector) atomicAccess(ev *event, write bool) {
	gid := ev.G
	g := d.goRow(gid)
	i := d.cellLoc(cellKey(ev.Addr), ev.Addr)
	l := &d.locs[i]
	acc := d.newAccess(ev, write, true)
	if l.benign {
		return
	}
	if d.opts.History {
		d.setLoc(i, func(*loc) {})
	}
	if l.written && !d.has(g, l.col) {
		d.found(ev.Addr, acc, l.lastW)
	}
	kind := rkAtomicRead
	if write {
		d.conflicts(l, g, gid, rkRead, ev.Addr, acc)
		kind = rkAtomicWrite
		l.atomicW = true
	}
	d.touch(l, g, gid, kind, d.gEpoch[gid], acc)
}

// conflicts reports a race between acc by goroutine gid (row g) and the
// last access of kind k of every other goroutine since the location's last
// write that is not ordered before it.
func (d *Detector) conflicts(l *loc, g int32, gid int, k readKind, a interp.Addr, acc Access) {
	if l.ofKind[k] == 0 {
		return
	}
	for j := range l.readers {
		r := &l.readers[j]
		if r.kind == k && r.active && int(r.g) != gid && !d.has(g, r.mark) {
			d.found(a, acc, r.acc)
		}
	}
}

// touch records acc as goroutine gid's last access of kind k to l: its
// marker column rd(x, g, k) is then in h(g) only.
func (d *Detector) touch(l *loc, g int32, gid int, k readKind, epoch uint32, acc Access) {
	r := l.reader(int32(gid), k)
	if r == nil {
		d.prune(l, g, gid, k)
		r = l.addReader(reader{g: int32(gid), kind: k, mark: d.newCol()})
		d.set(g, r.mark)
	} else if !r.active || r.epoch != epoch {
		// rd(x, g, k) is written: only g holds it now.
		r.mark = d.invalidate(g)
	}
	r.active, r.epoch, r.acc = true, epoch, acc
}

// found records a race between cur and the earlier prev (the first one of
// the execution is kept).
func (d *Detector) found(a interp.Addr, cur, prev Access) {
	if d.race != nil {
		return
	}
	d.race = &Race{Addr: a, Cur: cur, Prev: prev}
	if d.opts.History {
		d.hist = append(d.hist, func() { d.race = nil })
	}
}
