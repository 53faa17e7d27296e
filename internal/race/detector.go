package race

import (
	"go/token"

	"github.com/vtcheck/vt/interp"
)

// Event implements interp.Observer: it updates h for synchronization and
// checks non-atomic accesses.
func (d *Detector) Event(ev *interp.Event) {
	e := event{Kind: ev.Kind, Op: ev.Op, G: ev.G.ID(), Addr: ev.Addr, Seq: ev.Seq, Cap: ev.Cap, Pos: ev.Pos, g: ev.G, other: ev.Other}
	if ev.Other != nil {
		e.Other = ev.Other.ID()
	}
	d.event(&e)
}

// event is the part of an interp.Event the detectors use; G and Other are
// goroutine ids (Other is 0 for none). g and other, when set, give stacks.
type event struct {
	Kind     interp.EventKind
	Op       interp.Op // the model's operation of a memory event (sync/atomic, WaitGroup)
	G, Other int
	Addr     interp.Addr
	Seq, Cap int64
	Pos      token.Pos
	g, other *interp.Goroutine
}

func (d *Detector) event(ev *event) {
	switch ev.Kind {
	case interp.EvRead, interp.EvWrite:
		if d.locals.skip(ev.Pos) {
			return
		}
		d.access(ev)
	case interp.EvAlloc:
		// A reused cell is a new location: forget its history.
		if i, ok := d.cols[ev.Addr]; ok {
			delete(d.cols, ev.Addr)
			if d.opts.History {
				a := ev.Addr
				d.hist = append(d.hist, func() { d.cols[a] = i })
			}
		}
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
	case interp.EvAnnotation:
		annotationLock(ev, d.event)
	}
}

// annotationLock hands an annotation to a detector as what vt's annotation
// functions do outside the interpreter: lock and unlock the one mutex that
// guards their permission table. (Under the interpreter they are events,
// not code; the edges stay, so that a program's verdict does not depend on
// where its annotations run.) The zero Addr is no real mutex's.
func annotationLock(ev *event, handle func(*event)) {
	lock := event{Kind: interp.EvLock, G: ev.G, Pos: ev.Pos, g: ev.g}
	handle(&lock)
	lock.Kind = interp.EvUnlock
	handle(&lock)
}

// location returns the index of ev.Addr's location, numbering a location
// first seen.
func (d *Detector) location(ev *event) int32 {
	i, ok := d.cols[ev.Addr]
	if ok {
		return i
	}
	// A location first seen: allocated by some goroutine whose pointer was
	// then passed along (an edge, or a race on the pointer): no goroutine's
	// access to its initial value races.
	i = int32(len(d.locs))
	l := loc{col: d.newCol(), benign: d.benign[ev.Addr]}
	if int(i) < cap(d.locs) {
		// Reuse the reader list of a location of an earlier execution.
		l.readers = d.locs[:i+1][i].readers[:0]
	}
	d.locs = append(d.locs, l)
	d.cols[ev.Addr] = i
	if d.opts.History {
		a := ev.Addr
		d.hist = append(d.hist, func() { delete(d.cols, a); d.locs = d.locs[:len(d.locs)-1] })
	}
	return i
}

// newAccess numbers an access and records its stack if the report needs it.
func (d *Detector) newAccess(ev *event, write, atomic bool) Access {
	d.ord++
	if d.opts.History {
		d.hist = append(d.hist, func() { d.ord-- })
	}
	acc := Access{Write: write, Atomic: atomic, Op: ev.Op, G: ev.G, Pos: ev.Pos, Ord: d.ord}
	if d.capture[d.ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	return acc
}

// access checks a non-atomic read or write and updates h.
func (d *Detector) access(ev *event) {
	write := ev.Kind == interp.EvWrite
	gid := ev.G
	g := d.goRow(gid)
	i := d.location(ev)
	l := &d.locs[i]
	acc := d.newAccess(ev, write, false)
	if l.benign {
		return
	}
	if d.opts.History {
		d.setLoc(i, func(*loc) {})
	}
	epoch := d.gEpoch[gid]
	if write {
		if l.written && !d.has(g, l.col) {
			d.found(ev.Addr, acc, l.lastW)
		}
		// Every earlier access, plain or atomic, conflicts with a write.
		for j := range l.readers {
			r := &l.readers[j]
			if r.active && int(r.g) != gid && !d.has(g, r.mark) {
				d.found(ev.Addr, acc, r.acc)
			}
			r.active = false
		}
		// Invalidate: unless this goroutine wrote it last and has not
		// released since (then no other row can hold it).
		if !l.written || l.wOwner != int32(gid) || l.wEpoch != epoch {
			if l.written {
				d.invalidate(g, l.col)
			} else {
				d.set(g, l.col) // no row holds an unwritten location
			}
		}
		l.written, l.wOwner, l.wEpoch, l.lastW = true, int32(gid), epoch, acc
		return
	}
	if l.written && !d.has(g, l.col) {
		d.found(ev.Addr, acc, l.lastW)
	}
	if l.atomicW {
		// A read conflicts with the atomic writes since the last write.
		d.conflicts(l, g, gid, rkAtomicWrite, ev.Addr, acc)
	}
	d.touch(l, g, gid, rkRead, epoch, acc)
}

// atomicAccess checks an atomic access (a sync/atomic operation) of a word:
// it conflicts with the plain write before it and, if it writes, with the
// plain reads since; never with another atomic access.
func (d *Detector) atomicAccess(ev *event, write bool) {
	gid := ev.G
	g := d.goRow(gid)
	i := d.location(ev)
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
	var r *reader
	for j := range l.readers {
		if int(l.readers[j].g) == gid && l.readers[j].kind == k {
			r = &l.readers[j]
			break
		}
	}
	if r == nil {
		l.readers = append(l.readers, reader{g: int32(gid), kind: k, mark: d.newCol()})
		r = &l.readers[len(l.readers)-1]
		d.set(g, r.mark)
	} else if !r.active || r.epoch != epoch {
		// rd(x, g, k) is written: only g holds it now.
		d.invalidate(g, r.mark)
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
