package race

import "github.com/vtcheck/vt/interp"

// A goroutine alone: the accesses of one long sequential phase.
//
// A test that runs one goroutine for a long time (math/big's arithmetic
// tests, a 10 MB bytes.Buffer) makes millions of accesses, and recording
// each of them (a location per range first seen, shadow pages for every
// cell, reader entries and marker columns) costs memory and time that
// grow with every access. None of that record is needed when the
// goroutine is alone: every other goroutine has ended or waits in
// testing.T.Run for a subtest to end (the harness's), and no timer is
// pending (interp.Goroutine.Quiescent).
//
// Why an access a by goroutine g alone needs to be checked, but not
// recorded. A later access b by another goroutine races with a only if it
// is not ordered after a. Every goroutine that runs after a is
//
//   - g itself (program order orders a before b);
//   - a goroutine created after a: by g after a, or by a goroutine
//     created after a — h(child) = h(parent) at the go statement, so a
//     is ordered before everything the child does;
//   - a goroutine waiting in T.Run when a happened: it wakes when its
//     subtest ends or calls Parallel, by the subtest's send on its signal
//     channel and Run's receive (EvChanSend, EvChanRecv), which order
//     everything the subtest (and what it waited for) did before;
//   - the goroutine of a timer set after a (time.AfterFunc): the timer's
//     firing acquires what its setter released when it set it, after a.
//
// No timer set before a can fire after it (none is pending at a). So no
// later access races with a: a record of a would never be reported, and
// leaving it out changes no verdict. a itself can still race with earlier
// accesses — of a goroutine that ended without g waiting for it, for
// example — so it is checked against the locations' records as any access
// is (accessAlone), in the same order, with the same result. Leaving a's
// record out leaves the location's earlier record (its last write, its
// readers) in place instead of a's; when a is race-free, every access in
// that record is ordered before a, hence before every later access by the
// argument above (h is transitive: a row that holds a column keeps it
// until the location is written again, and the later goroutines' rows
// inherit g's), so the stale record raises no race either. Cells first
// seen while alone get no location and no shadow page at all.
//
// Being alone is decided at the first access after any event other than
// a plain access or an allocation (a go statement, a timer set, a channel
// operation, a lock: anything that may start or wake another goroutine),
// by asking the interpreter, and holds until the next such event; it is
// decided for the goroutine of that access only.

// aloneState caches whether the goroutine of the last access was alone.
type aloneState uint8

const (
	aloneUnknown aloneState = iota // decide at the next access
	aloneNo
	aloneYes
)

// isAlone reports whether the access ev is by a goroutine alone (see
// above).
func (d *Detector) isAlone(ev *event) bool {
	if d.alone != aloneUnknown && ev.G == d.aloneG {
		return d.alone == aloneYes
	}
	d.aloneG, d.alone = ev.G, aloneNo
	switch {
	case d.quiescent != nil:
		if d.quiescent(ev.G) {
			d.alone = aloneYes
		}
	case ev.g != nil && ev.g.Quiescent():
		d.alone = aloneYes
	}
	return d.alone == aloneYes
}

// accessAlone checks the access ev by a goroutine alone against the
// records of the locations it covers, as access does, without recording
// it (see above).
func (d *Detector) accessAlone(ev *event) {
	d.ord++
	if d.opts.History {
		d.hist = append(d.hist, func() { d.ord-- })
	}
	if d.race != nil {
		return // only the first race is kept
	}
	ord := d.ord
	write := ev.Kind == interp.EvWrite
	key := cellKey(ev.Addr)
	last := int32(-1)
	d.sh.eachPeek(key, ev.cells(), func(off int, seg []int32, _ int) {
		for j, v := range seg {
			if v == 0 || v-1 == last || !d.locs[v-1].live() {
				// Unseen, just checked, or of an object that died
				// (this cell is in a new one: unseen too).
				continue
			}
			// A location's cells need not be consecutive (a range
			// access splits off the part it covers): checking one
			// twice finds nothing new, and the first check of each is
			// in the order of its first cell, as access checks them.
			last = v - 1
			d.checkOnly(last, ev, write, ord, ev.Addr.Add(off+j))
		}
	})
}

// checkOnly is check without its updates: it reports a race between the
// access ev (ordinal ord) of location i, whose first cell in the access is
// at a, and the location's record.
func (d *Detector) checkOnly(i int32, ev *event, write bool, ord int64, a interp.Addr) {
	l := &d.locs[i]
	if l.benign || d.race != nil {
		return
	}
	gid := ev.G
	g := d.goRow(gid)
	l = &d.locs[i]
	if l.written && !d.has(g, l.col) {
		d.found(a, d.aloneAccess(ev, write, ord), l.lastW)
		return
	}
	if !write && !l.atomicW {
		// A read conflicts only with the atomic writes since the last
		// write, and there are none: no pass over the readers (a
		// variable that every timer's context reads has as many).
		return
	}
	for j := range l.readers {
		r := &l.readers[j]
		// A write conflicts with every earlier access since the last
		// write; a read with the atomic writes.
		if !r.active || int(r.g) == gid || !write && r.kind != rkAtomicWrite || d.has(g, r.mark) {
			continue
		}
		d.found(a, d.aloneAccess(ev, write, ord), r.acc)
		return
	}
}

// aloneAccess is the Access of ev (ordinal ord), as newAccess makes it.
func (d *Detector) aloneAccess(ev *event, write bool, ord int64) Access {
	acc := Access{Write: write, Op: ev.Op, Func: ev.Func, G: ev.G, Pos: ev.Pos, Ord: ord}
	if d.capture[ord] && ev.g != nil {
		acc.Stack = ev.g.Stack()
	}
	return acc
}
