package race

import (
	"cmp"
	"slices"

	"github.com/vtcheck/vt/interp"
)

// Digest adds a canonical encoding of h to c, the encoding of the
// program's state at a scheduling point (interp.HashState): two states
// with the same program state and the same digest have the same races in
// their futures. Rows and columns are named by what they stand for —
// goroutine ids, and the walk's numbers of the memory and synchronization
// objects they belong to — not by the order the detector met them in;
// locations and objects the walk did not meet are unreachable and left
// out. Epochs are left out too: they only save work (an access in the
// epoch of the last write skips an invalidation that would change
// nothing).
func (d *Detector) Digest(c *interp.Canon) {
	d.digest(c, -1)
}

// DigestAt is Digest at a join point: a scheduling point where goroutine
// g is the only one left to run and everything before happens before its
// next step, so that whatever runs later is ordered after g's history. A
// location settled in h(g) — its last write and every access since it in
// g's row — then races with nothing that comes later, as if it had never
// been accessed: DigestAt leaves such locations out (their benign mark
// stays), and the row of the goroutine that ended last (nothing acquires
// from it any more). Two executions that reached the same program state
// by different interleavings then match even though other goroutines
// accessed its memory in them.
func (d *Detector) DigestAt(g int, c *interp.Canon) {
	d.digest(c, g)
}

// settled reports whether location l holds nothing that a later access
// can race with, once every later access is ordered after row r.
func (d *Detector) settled(l *loc, r int32) bool {
	if l.written && !d.has(r, l.col) {
		return false
	}
	for _, rd := range l.readers {
		if rd.active && !d.has(r, rd.mark) {
			return false
		}
	}
	return true
}

// digest is Digest, or DigestAt(at) when at ≥ 0.
func (d *Detector) digest(c *interp.Canon, at int) {
	if d.race != nil {
		c.Refuse("a race was found")
		return
	}
	// Name every column: a location by its cell, a marker by its location,
	// goroutine and kind.
	// A column may stand for several locations (or markers): split gives
	// the part it splits off the columns of the whole, which they share
	// until one of them is written.
	type colName [4]uint64
	names := make(map[int32][]colName)
	type locID struct {
		i  int32
		id uint64
	}
	var locIDs []locID
	var benign []int32
	atRow := int32(-1)
	if at >= 0 && at < len(d.gRow) && d.gRow[at] > 0 {
		atRow = d.gRow[at] - 1
	}
	for i := range d.locs {
		l := &d.locs[i]
		id, ok := c.CellID(l.addr())
		if !ok || l.n == 0 {
			continue
		}
		if atRow >= 0 && d.settled(l, atRow) {
			if l.benign {
				benign = append(benign, int32(i))
			}
			continue
		}
		names[l.col] = append(names[l.col], colName{1, id, uint64(l.n)})
		for _, r := range l.readers {
			names[r.mark] = append(names[r.mark], colName{2, id, uint64(r.g), uint64(r.kind)})
		}
		locIDs = append(locIDs, locID{int32(i), id})
	}
	slices.SortFunc(locIDs, func(a, b locID) int { return cmp.Compare(a.id, b.id) })
	c.WriteUint(uint64(len(locIDs)))
	for _, li := range locIDs {
		l := &d.locs[li.i]
		c.WriteUint(li.id)
		c.WriteUint(uint64(l.n))
		c.WriteUint(b2u(l.written) | b2u(l.benign)<<1 | b2u(l.atomicW)<<2)
		c.WriteUint(uint64(l.wOwner))
		rs := slices.Clone(l.readers)
		slices.SortFunc(rs, func(a, b reader) int {
			return cmp.Or(cmp.Compare(a.g, b.g), cmp.Compare(a.kind, b.kind))
		})
		c.WriteUint(uint64(len(rs)))
		for _, r := range rs {
			c.WriteUint(uint64(r.g))
			c.WriteUint(uint64(r.kind))
			c.WriteUint(b2u(r.active))
		}
	}
	if atRow >= 0 {
		ids := make([][2]uint64, 0, len(benign))
		for _, i := range benign {
			id, _ := c.CellID(d.locs[i].addr())
			ids = append(ids, [2]uint64{id, uint64(d.locs[i].n)})
		}
		slices.SortFunc(ids, func(a, b [2]uint64) int { return slices.Compare(a[:], b[:]) })
		c.WriteUint(uint64(len(ids)))
		for _, id := range ids {
			c.WriteUint(id[0])
			c.WriteUint(id[1])
		}
	}
	// Rows: goroutines by id, then objects by their cell.
	type rowName struct {
		name [4]uint64
		row  int32
	}
	var rows []rowName
	for id, r := range d.gRow {
		if r > 0 && (atRow < 0 || id != d.exited || id == at) {
			rows = append(rows, rowName{[4]uint64{1, uint64(id)}, r - 1})
		}
	}
	for k, r := range d.objs {
		id, ok := c.CellID(k.addr)
		if !ok {
			continue
		}
		rows = append(rows, rowName{[4]uint64{2, id, uint64(k.kind), uint64(k.seq)}, r})
	}
	for k, o := range d.life.objs {
		a, ok := o.weak.Addr()
		if !ok {
			continue
		}
		id, ok := c.CellID(a)
		if !ok {
			continue
		}
		rows = append(rows, rowName{[4]uint64{2, id, uint64(k.kind), uint64(k.seq)}, o.row})
	}
	slices.SortFunc(rows, func(a, b rowName) int { return slices.Compare(a.name[:], b.name[:]) })
	var cols []colName
	c.WriteUint(uint64(len(rows)))
	for _, rn := range rows {
		for _, n := range rn.name {
			c.WriteUint(n)
		}
		cols = cols[:0]
		d.eachCol(rn.row, func(b int32) {
			cols = append(cols, names[b]...)
		})
		slices.SortFunc(cols, func(a, b colName) int { return slices.Compare(a[:], b[:]) })
		c.WriteUint(uint64(len(cols)))
		for _, n := range cols {
			for _, u := range n {
				c.WriteUint(u)
			}
		}
	}
	// The last send on each unbuffered channel.
	type chanName struct {
		id uint64
		st *chanState
	}
	var chans []chanName
	for a, st := range d.chans {
		if id, ok := c.CellID(a); ok {
			chans = append(chans, chanName{id, st})
		}
	}
	slices.SortFunc(chans, func(a, b chanName) int { return cmp.Compare(a.id, b.id) })
	c.WriteUint(uint64(len(chans)))
	for _, ch := range chans {
		c.WriteUint(ch.id)
		c.WriteUint(uint64(ch.st.sendG))
		c.WriteUint(uint64(ch.st.sendSeq))
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
