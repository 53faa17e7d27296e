package race

import (
	"go/token"

	"github.com/vtcheck/vt/interp"
)

// Event implements interp.Observer: it updates h for synchronization and
// checks non-atomic accesses.
func (d *Detector) Event(ev *interp.Event) {
	e := event{Kind: ev.Kind, G: ev.G.ID(), Addr: ev.Addr, Seq: ev.Seq, Cap: ev.Cap, Pos: ev.Pos, g: ev.G, other: ev.Other}
	if ev.Other != nil {
		e.Other = ev.Other.ID()
	}
	d.event(&e)
}

// event is the part of an interp.Event the detectors use; G and Other are
// goroutine ids (Other is 0 for none). g and other, when set, give stacks.
type event struct {
	Kind     interp.EventKind
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
		if d.capture != nil && ev.other != nil {
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
	case interp.EvAtomic:
		// Go's atomics are sequentially consistent: every operation both
		// acquires and releases the location.
		g := ev.G
		k := objKey{ev.Addr, objAtomic, 0}
		d.acquire(g, k)
		d.release(g, k)
	case interp.EvTimerSet:
		d.release(ev.G, objKey{ev.Addr, objTimer, 0})
	case interp.EvTimerFire:
		d.acquire(ev.G, objKey{ev.Addr, objTimer, 0})
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

// access checks a non-atomic read or write and updates h.
func (d *Detector) access(ev *event) {
	write := ev.Kind == interp.EvWrite
	gid := ev.G
	g := d.goRow(gid)
	d.ord++
	if d.opts.History {
		d.hist = append(d.hist, func() { d.ord-- })
	}
	i, ok := d.cols[ev.Addr]
	if !ok {
		// A location first seen: allocated by some goroutine whose
		// pointer was then passed along (an edge, or a race on the
		// pointer): no goroutine's access to its initial value races.
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
	}
	l := &d.locs[i]
	if l.benign {
		return
	}
	acc := Access{Write: write, G: gid, Pos: ev.Pos, Ord: d.ord}
	if d.capture[d.ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	if d.opts.History {
		d.setLoc(i, func(*loc) {})
	}
	epoch := d.gEpoch[gid]
	if write {
		if l.written && !d.has(g, l.col) {
			d.found(ev.Addr, acc, l.lastW)
		}
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
	var r *reader
	for j := range l.readers {
		if int(l.readers[j].g) == gid {
			r = &l.readers[j]
			break
		}
	}
	if r == nil {
		l.readers = append(l.readers, reader{g: int32(gid), mark: d.newCol()})
		r = &l.readers[len(l.readers)-1]
		d.set(g, r.mark)
	} else if !r.active || r.epoch != epoch {
		// rd(x, g) is written: only g holds it now.
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
