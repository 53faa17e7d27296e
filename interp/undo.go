package interp

// The undo log of snapshots. From a snapshot on, every write to memory is
// logged (the cell and its old value; maps and channels are copied on
// their first change), so that Snapshot.Run can put memory back as it was
// and run the function again without re-running package initialization
// and the code before the call.

type undoRec struct {
	p   *value
	old value
}

type mapSnap struct {
	m       *mapObj
	index   map[any]int
	entries []mapEntry
	live    int
}

type chanSnap struct {
	c    *chanObj
	copy chanObj
	buf  []value
}

// set assigns v to the cell p, logging the old value while a snapshot is
// active.
func (m *machine) set(p *value, v value) {
	if m.logging {
		m.undo = append(m.undo, undoRec{p, *p})
	}
	*p = v
}

// store assigns v of type t to the cell p (see storeVal), logging the cells
// it changes while a snapshot is active.
func (m *machine) store(p *value, v value, t *rtype) {
	if !m.logging {
		storeVal(p, v, t)
		return
	}
	if !t.aggregate {
		m.undo = append(m.undo, undoRec{p, *p})
		*p = v
		return
	}
	dst := p.elems()
	if dst == nil {
		m.undo = append(m.undo, undoRec{p, *p})
		*p = copyVal(v, t)
		return
	}
	src := v.elems()
	for i := range src {
		et := t.elem
		if t.kind == kStruct {
			et = t.fields[i].typ
		}
		m.store(&dst[i], src[i], et)
	}
}

// touchMap saves mo before its first change since the snapshot.
func (m *machine) touchMap(mo *mapObj) {
	if !m.logging || mo.epoch == m.epoch {
		return
	}
	mo.epoch = m.epoch
	idx := make(map[any]int, len(mo.index))
	for k, v := range mo.index {
		idx[k] = v
	}
	m.undoMaps = append(m.undoMaps, mapSnap{m: mo, index: idx, entries: append([]mapEntry(nil), mo.entries...), live: mo.live})
}

// touchChan saves ch before its first change since the snapshot.
func (m *machine) touchChan(ch *chanObj) {
	if !m.logging || ch.epoch == m.epoch {
		return
	}
	ch.epoch = m.epoch
	m.undoChans = append(m.undoChans, chanSnap{c: ch, copy: *ch, buf: append([]value(nil), ch.buf...)})
}
