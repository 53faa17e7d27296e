package race

import (
	"cmp"
	"runtime/metrics"
	"slices"

	"github.com/vtcheck/vt/interp"
)

// The lifetime of locations. The shadow maps cells to locations by their
// address, so a location must not outlive its cells' object: were the
// object freed, the collector could give its memory to a new object, whose
// cells the shadow would take for the old location (a new variable with
// the history of a dead one). A new location therefore holds one of its
// cells (loc.keep), which keeps the object alive. In one long execution
// that allocates without end (a ticker's time values, a million timers)
// that keeps every object ever accessed alive, and the detector's records
// of them.
//
// So the detector collects: when enough locations were made since the last
// collection and the heap is large (minCollectHeap), it trades the strong reference of each of them for a weak
// one (interp.WeakAddr, loc.weak), and forgets the weak locations whose
// object died (drop: their shadow entries are cleared and their index is
// reused by a new location). A location whose object died can never be
// accessed again, so forgetting it changes no verdict. Between
// collections, a lookup that finds a weak location checks that its object
// is alive (loc.live): the access is to a live object, so if the
// location's object died, the memory now belongs to a new object, whose
// cells are unseen. The check is exact: a weak reference is cleared before
// the collector frees the object, so a location found alive still owns its
// cells.
//
// The cells of a byte (interp.Addr.Weak) keep their strong reference: a
// byte cell may be in read-only memory, where no weak reference is made.
//
// Locations whose cells were all forgotten (forget: a frame's cells reused
// for a new local) are freed at once (unused). Neither applies with
// Options.History: Undo restores locations by index.
//
// The parts of a weak location that split makes share its weak reference
// (one object); the weak references are made in a batch, one per location,
// by decreasing address (the runtime keeps an object's weak references in
// a list ordered by address: made in that order, each is added at its
// head).

// minCollect is the number of new locations (holding their cells) that
// makes the first collection of an execution due; the next ones are due
// after half as many new locations as were alive after the last one, so
// that their work per location is constant.
const minCollect = 1 << 16

// minCollectHeap is the live heap below which a due collection waits (for
// minCollect more new locations): while memory is plentiful, the weak
// references cost more than the memory they let go (an execution of
// 100,000 goroutines makes several hundred thousand locations, and would
// make a weak reference for each).
var minCollectHeap = max(1<<30, interp.DefaultMaxMemory/16)

// heapMetric is the runtime metric of the live heap.
const heapMetric = "/memory/classes/heap/objects:bytes"

// heapBytes returns the process's heap in use, in bytes.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// lifetime is the bookkeeping of the locations' lifetime.
type lifetime struct {
	free  []int32 // indices of forgotten locations, for reuse
	young []int32 // locations that hold their cells, since the last collection
	next  int     // the length of young that makes a collection due
	first int     // if set (tests), used instead of minCollect, and no heap is too small
	// objs holds the rows of synchronization objects that a collection
	// found in Detector.objs, by the number of their object's cell, with
	// a weak reference to it. A key is in one of the two maps at most: a
	// new row goes to Detector.objs only if objs has none for the key or
	// that of a dead object, which weakObj then removes.
	objs map[weakObjKey]weakObj
	// kept is the number of rows the last collection left in
	// Detector.objs (objects of byte cells, see interp.Addr.Weak).
	kept int
}

// weakObjKey is an objKey by the number of its cell.
type weakObjKey struct {
	addr uintptr
	kind objKind
	seq  int64
}

// weakObj is the row of a synchronization object that does not keep the
// object alive.
type weakObj struct {
	row  int32
	weak interp.WeakAddr
}

func (k objKey) weakKey() weakObjKey { return weakObjKey{k.addr.Uintptr(), k.kind, k.seq} }

// weakObj returns the row of object k if a collection made it weak and
// the object is alive; the row of a dead object (whose memory k's object
// now has) is freed.
func (d *Detector) weakObj(k objKey) (int32, bool) {
	if len(d.life.objs) == 0 {
		return 0, false
	}
	wk := k.weakKey()
	o, ok := d.life.objs[wk]
	if !ok {
		return 0, false
	}
	if _, live := o.weak.Addr(); live {
		return o.row, true
	}
	delete(d.life.objs, wk)
	d.freeRow(o.row)
	return 0, false
}

// reset forgets every location (a new execution).
func (t *lifetime) reset() {
	t.free, t.young, t.next, t.kept = t.free[:0], t.young[:0], 0, 0
	clear(t.objs)
}

// due reports whether a collection is due, with objs new rows of
// synchronization objects since the last one.
func (t *lifetime) due(objs int) bool {
	first := minCollect
	if t.first > 0 {
		first = t.first
	}
	return len(t.young)+objs-t.kept >= max(t.next, first)
}

// pressure reports whether a due collection (due's objs) should run: the
// heap is large enough. If not, the next check waits for minCollect more
// new locations or rows.
func (t *lifetime) pressure(objs int) bool {
	if t.first > 0 || heapBytes() >= minCollectHeap {
		return true
	}
	t.next = len(t.young) + objs - t.kept + minCollect
	return false
}

// reuse returns the index of a forgotten location, if there is one.
func (t *lifetime) reuse() (int32, bool) {
	n := len(t.free)
	if n == 0 {
		return 0, false
	}
	i := t.free[n-1]
	t.free = t.free[:n-1]
	return i, true
}

// born notes the new location i (l).
func (t *lifetime) born(i int32, l *loc) {
	if !l.isWeak && !l.keep.IsNil() {
		t.young = append(t.young, i)
	}
}

// addr returns one of the location's cells, or the zero Addr if its
// object died.
func (l *loc) addr() interp.Addr {
	if l.isWeak {
		a, _ := l.weak.Addr()
		return a
	}
	return l.keep
}

// live reports whether the location's object is alive (see above).
func (l *loc) live() bool { return !l.isWeak || l.weakLive() }

// weakLive reports whether the object of the weak location l is alive.
func (l *loc) weakLive() bool {
	_, ok := l.weak.Addr()
	return ok
}

// live reports whether location i's object is alive; if not, it forgets
// the location. It makes Detector a rangeOwner.
func (d *Detector) live(i int32) bool {
	if d.locs[i].live() {
		return true
	}
	d.drop(i)
	return false
}

// drop forgets location i, whose object died: its cells become unseen.
func (d *Detector) drop(i int32) {
	l := &d.locs[i]
	d.sh.eachPeek(l.lo, int(l.span), func(_ int, seg []int32, _ int) {
		for j, v := range seg {
			if v == i+1 {
				seg[j] = 0
			}
		}
	})
	d.freeLoc(i)
}

// unused frees location i if it has no cells left (without history).
func (d *Detector) unused(i int32) {
	if l := &d.locs[i]; l.n == 0 && !l.dead && !d.opts.History {
		d.freeLoc(i)
	}
}

// freeLoc makes the index of location i, which no cell maps to, free for a
// new location.
func (d *Detector) freeLoc(i int32) {
	d.locs[i] = loc{dead: true, readers: d.locs[i].readers[:0]}
	d.life.free = append(d.life.free, i)
}

// collect makes the locations made since the last collection weak and
// forgets the weak locations whose object died (see above).
func (d *Detector) collect() {
	t := &d.life
	young := t.young[:0]
	for _, i := range t.young {
		if l := &d.locs[i]; !l.dead && !l.isWeak && !l.keep.IsNil() {
			young = append(young, i)
		}
	}
	slices.SortFunc(young, func(a, b int32) int {
		return cmp.Compare(d.locs[b].keep.Uintptr(), d.locs[a].keep.Uintptr())
	})
	for _, i := range young {
		l := &d.locs[i]
		if l.isWeak { // a duplicate: the index was freed and reused
			continue
		}
		if w, ok := l.keep.Weak(); ok {
			l.weak, l.isWeak, l.keep = w, true, interp.Addr{}
		}
	}
	t.young = young[:0]
	d.collectObjs()
	alive := len(t.objs)
	for i := range d.locs {
		l := &d.locs[i]
		switch {
		case l.dead:
		case !l.live():
			d.drop(int32(i))
		default:
			alive++
		}
	}
	t.next = alive / 2
}

// collectObjs moves the rows of synchronization objects to life.objs,
// which refers to their objects weakly, and frees the rows of the objects
// that died.
func (d *Detector) collectObjs() {
	t := &d.life
	if t.objs == nil {
		t.objs = map[weakObjKey]weakObj{}
	}
	keys := make([]objKey, 0, len(d.objs))
	for k := range d.objs {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b objKey) int { return cmp.Compare(b.addr.Uintptr(), a.addr.Uintptr()) })
	var last interp.Addr
	var w interp.WeakAddr
	ok := false
	for _, k := range keys {
		if k.addr != last {
			last = k.addr
			w, ok = k.addr.Weak()
		}
		if ok {
			t.objs[k.weakKey()] = weakObj{d.objs[k], w}
			delete(d.objs, k)
		}
	}
	t.kept = len(d.objs)
	for k, o := range t.objs {
		if _, live := o.weak.Addr(); !live {
			delete(t.objs, k)
			d.freeRow(o.row)
		}
	}
}
