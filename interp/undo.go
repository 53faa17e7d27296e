package interp

import (
	"unsafe"
	"weak"
)

// The undo log of snapshots. From a snapshot on, every write to memory is
// logged (the cell and its old value; maps and channels are copied on
// their first change), so that Snapshot.Run can put memory back as it was
// and run the function again without re-running package initialization
// and the code before the call.

type undoRec struct {
	p   *value
	old value
}

// weakUndo is an entry of the undo log after compaction (compactUndo): the
// cell is held weakly, so that the log does not keep alive the memory a run
// allocated after the snapshot and dropped (a long test would otherwise
// keep every cell it ever wrote). A cell nobody reaches any more needs no
// restoring: the snapshot's state does not reach it either.
type weakUndo struct {
	p   weak.Pointer[value]
	old value
}

// undoCompactMin is the length of the undo log from which the periodic
// check (checkLimits) compacts it, when the heap holds more than a quarter
// of the memory limit.
const undoCompactMin = 1 << 16

// undoPressure: the undo log is compacted when the heap holds more than
// 1/undoPressure of the memory limit (a variable for tests).
var undoPressure uint64 = 4

// compactUndo moves the entries of the undo log to the weak part, keeping
// for each cell only its oldest value (the one rollback must restore), and
// drops the weak entries of cells that were collected. The cost is
// amortized over the writes logged: the next compaction waits until the
// log has grown by as much as the weak part holds.
func (m *machine) compactUndo() {
	m.noteWrittenOld() // before the log it reads is emptied
	if m.undoSeen == nil {
		m.undoSeen = map[weak.Pointer[value]]struct{}{}
	}
	// Drop what was collected.
	live := m.undoWeak[:0]
	for _, w := range m.undoWeak {
		if w.p.Value() != nil {
			live = append(live, w)
		} else {
			delete(m.undoSeen, w.p)
		}
	}
	clear(m.undoWeak[len(live):])
	m.undoWeak = live
	first := make(map[*value]struct{}, m.undo.len())
	m.undo.from(0, func(r *undoRec) {
		if _, ok := first[r.p]; ok {
			return // a later value of a cell logged in this batch
		}
		first[r.p] = struct{}{}
		w := weak.Make(r.p)
		if _, ok := m.undoSeen[w]; ok {
			return // an older value of the cell is kept already
		}
		m.undoSeen[w] = struct{}{}
		m.undoWeak = append(m.undoWeak, weakUndo{w, r.old})
	})
	m.undo.reset()
	m.undoScanned = 0
	m.undoCompactAt = max(undoCompactMin, len(m.undoWeak))
}

type mapSnap struct {
	m       *mapObj
	index   mapIndex
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
		m.undo.add(undoRec{p, *p})
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
		m.undo.add(undoRec{p, *p})
		*p = v
		return
	}
	if t.bytes {
		if dst := p.bytes(); dst != nil {
			m.setBytes(dst, v.bytes())
			return
		}
		m.undo.add(undoRec{p, *p})
		*p = copyVal(v, t)
		return
	}
	if t.zeroLong {
		m.undo.add(undoRec{p, *p})
		*p = v
		return
	}
	dst := p.elems()
	if dst == nil {
		if isView(p, t) {
			if t.sizeof() > 0 {
				m.undo.add(undoRec{p, *p})
				*p = viewStore(v, t)
			}
			return
		}
		m.undo.add(undoRec{p, *p})
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
	m.undoMaps = append(m.undoMaps, mapSnap{m: mo, index: mo.index.clone(), entries: append([]mapEntry(nil), mo.entries...), live: mo.live})
}

// touchChan saves ch before its first change since the snapshot.
func (m *machine) touchChan(ch *chanObj) {
	if ch.hasTimer {
		// Whether the timer's firing is observable may change.
		m.watchChan(ch)
	}
	if !m.logging || ch.epoch == m.epoch {
		return
	}
	ch.epoch = m.epoch
	m.undoChans = append(m.undoChans, chanSnap{c: ch, copy: *ch, buf: append([]value(nil), ch.buf...)})
}

// undoMax bounds the undo log, in bytes (a variable for tests): a run
// whose log outgrows it while its snapshot can initialize again drops the
// log (dropUndo).
var undoMax = 256 << 20

// undoSize returns the memory of the undo log, in bytes (maps and channels
// saved whole are not counted: they are saved once a run each).
func (m *machine) undoSize() int {
	return m.undo.len()*int(unsafe.Sizeof(undoRec{})) + len(m.undoWeak)*int(unsafe.Sizeof(weakUndo{})) +
		len(m.undoBytes)*int(unsafe.Sizeof(undoByte{})) + len(m.undoRanges)*int(unsafe.Sizeof(undoRange{})) + m.undoRangeBytes
}

// dropUndo stops logging and forgets the undo log: a long sequential test
// writes millions of cells, and logging each costs memory and time that
// grow with every write (compacting the log, as under memory pressure,
// costs more). The snapshot cannot put memory back any more: the next run
// of it (or of the next test of the package) initializes again
// (Snapshot.initAgain), which costs one initialization, once per run
// that wrote this much.
func (m *machine) dropUndo() {
	m.logging = false
	m.undoDropped = true
	m.undo.free()
	m.undoBytes, m.undoRanges, m.undoRangeBytes = nil, nil, 0
	m.undoWeak, m.undoSeen, m.undoBytesWeak = nil, nil, nil
	m.undoMaps, m.undoChans = nil, nil
	m.fresh = nil
	m.undoScanned, m.undoBytesScanned, m.undoRangesScanned = 0, 0, 0
}
