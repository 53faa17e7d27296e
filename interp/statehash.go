package interp

// State hashing. A stateful search (vt's "stateful" strategy) prunes a
// schedule that reaches a state it has seen before. The state of a run is
// data (value.go): HashState walks it from its roots — the globals, then
// every goroutine's frames, then the side tables of the world — and
// writes a canonical encoding of what it meets, numbering cells, arrays,
// maps, channels and closures in the order of the walk rather than by
// address. Two states that differ only in where their objects were
// allocated, or in the order they were allocated, encode alike.
//
// The encoding is exact for what it covers: a state holds something the
// walk cannot encode faithfully (a host continuation, a coroutine, open
// files or sockets of the virtual OS, a panicking goroutine, an unknown
// host object), the state is not hashable and HashState says so: such a
// state never matches another, which keeps the search sound.

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unsafe"
)

// StateKey is the digest of a run's state (HashState).
type StateKey [16]byte

// Canon is a canonical encoding of a run's state under construction: the
// bytes written so far and the numbers the walk gave the run's objects.
// Observers that keep state of their own across a run (a race detector's
// happens-before relation) add a canonical encoding of it with the Write
// methods, naming memory by CellID.
type Canon struct {
	buf    []byte
	cells  map[unsafe.Pointer]uint64 // cell → number
	arrays map[unsafe.Pointer]uint64 // first cell of an array walked whole → number
	objs   map[unsafe.Pointer]uint64 // map, channel, closure → number
	next   uint64
	bad    string // why the state cannot be encoded ("" if it can)
	// old are the objects of the snapshot the run started from: named by
	// their number in a walk of the snapshot (a snapshot's runs restore
	// them in place; the number is the same on every machine made from the
	// program), their contents written only where the run changed them.
	// epoch is the run's: an old map or channel the run changed has it.
	old   map[unsafe.Pointer]uint64
	epoch int
	// words are the integers of the walk that may be addresses
	// (mayBeAddr), in walk order: resolved once the walk has numbered
	// every object (resolveWords).
	words []uint64
}

// oldBit marks the number of an object of the snapshot.
const oldBit = 1 << 63

// CellID returns the number of the cell (or map or channel) at a in the
// walk, and whether the walk met it: a location the walk did not meet is
// unreachable from the program and cannot be accessed again.
func (c *Canon) CellID(a Addr) (uint64, bool) {
	if id, ok := c.old[a.p]; ok {
		return id | oldBit, true
	}
	if id, ok := c.cells[a.p]; ok {
		return id, true
	}
	id, ok := c.objs[a.p]
	return id, ok
}

// WriteUint writes u to the encoding.
func (c *Canon) WriteUint(u uint64) { c.buf = binary.AppendUvarint(c.buf, u) }

// WriteString writes s to the encoding.
func (c *Canon) WriteString(s string) {
	c.WriteUint(uint64(len(s)))
	c.buf = append(c.buf, s...)
}

// Refuse marks the state as one the encoding cannot represent (why says
// what): HashState reports it not hashable.
func (c *Canon) Refuse(why string) {
	if c.bad == "" {
		c.bad = why
	}
}

// HashState returns the digest of the state of g's run, with what extra
// (nil: nothing) adds to the encoding after the interpreter's own part.
// ok is false, with the reason, when the state holds something the
// encoding cannot represent; a search must then treat the state as new.
// Call it only while the run is stopped at a scheduling point (from
// Scheduler.Pick).
func HashState(g *Goroutine, extra func(*Canon)) (key StateKey, ok bool, why string) {
	m := g.m
	c := newCanon()
	c.old, c.epoch = m.old, m.epoch
	m.encodeState(c)
	c.resolveWords()
	if extra != nil && c.bad == "" {
		extra(c)
	}
	if c.bad != "" {
		return key, false, c.bad
	}
	sum := sha256.Sum256(c.buf)
	copy(key[:], sum[:])
	return key, true, ""
}

func newCanon() *Canon {
	return &Canon{cells: map[unsafe.Pointer]uint64{}, arrays: map[unsafe.Pointer]uint64{}, objs: map[unsafe.Pointer]uint64{}}
}

// reachable returns the objects reachable from the globals and from r
// now, numbered in walk order: a snapshot's, whose runs HashState names by
// those numbers (the same on every machine of the program: the walk
// depends on the values only).
func (m *machine) reachable(r root) map[unsafe.Pointer]uint64 {
	c := newCanon()
	for _, p := range m.globals {
		if p != nil {
			c.cell(p)
		}
	}
	if cr, ok := r.(callRoot); ok {
		c.value(cr.fn)
		for _, a := range cr.args {
			c.value(a)
		}
	}
	old := make(map[unsafe.Pointer]uint64, len(c.cells)+len(c.objs))
	for p, id := range c.cells {
		old[p] = id
	}
	for p, id := range c.objs {
		old[p] = id
	}
	return old
}

// FlushOutput writes what g's run printed so far to RunOptions.Stdout
// (the run buffers its output): a tool that treats the output as part of
// the state reads it there.
func FlushOutput(g *Goroutine) { g.m.stdout.Flush() }

// noteWrittenOld adds the cells of the snapshot that the undo log's
// entries since the last call wrote to writtenOld. compactUndo calls it
// before it empties the log.
func (m *machine) noteWrittenOld() {
	if m.old == nil {
		return
	}
	if m.writtenOld == nil {
		m.writtenOld = map[unsafe.Pointer]bool{}
	}
	m.undo.from(m.undoScanned, func(u *undoRec) {
		if _, ok := m.old[unsafe.Pointer(u.p)]; ok {
			m.writtenOld[unsafe.Pointer(u.p)] = false
		}
	})
	m.undoScanned = m.undo.len()
	for _, u := range m.undoBytes[min(m.undoBytesScanned, len(m.undoBytes)):] {
		if _, ok := m.old[unsafe.Pointer(u.p)]; ok {
			m.writtenOld[unsafe.Pointer(u.p)] = true
		}
	}
	m.undoBytesScanned = len(m.undoBytes)
	for _, u := range m.undoRanges[min(m.undoRangesScanned, len(m.undoRanges)):] {
		for i := range u.dst {
			if _, ok := m.old[unsafe.Pointer(&u.dst[i])]; ok {
				m.writtenOld[unsafe.Pointer(&u.dst[i])] = true
			}
		}
	}
	m.undoRangesScanned = len(m.undoRanges)
}

// Tags of the encoding.
const (
	tagNil byte = iota + 1
	tagScalar
	tagString
	tagComplex
	tagArray
	tagArrayRef
	tagEmpty
	tagCell
	tagCellRef
	tagMap
	tagChan
	tagClosure
	tagIface
	tagObjRef
	tagStatic
	tagOld
	tagBytes
	tagByte
	tagZeroSlice
	tagIntPointer
	tagView
)

// isOld reports whether p is an object of the snapshot, and writes its
// number if so.
func (c *Canon) isOld(p unsafe.Pointer) bool {
	id, ok := c.old[p]
	if !ok {
		return false
	}
	c.tag(tagOld)
	c.WriteUint(id)
	return true
}

func (c *Canon) tag(t byte) { c.buf = append(c.buf, t) }

// static writes a pointer to data that no run changes (a type, a
// function): it is the same object in every state of the program.
func (c *Canon) static(p unsafe.Pointer) {
	c.tag(tagStatic)
	c.WriteUint(uint64(uintptr(p)))
}

// function writes a function: a function of the program by identity; one
// a run made for itself (a test's driver, whose progress is in its test's
// state) by name.
func (c *Canon) function(f *function) {
	if f != nil && f.id < 0 {
		c.tag(tagString)
		c.WriteString(f.name)
		return
	}
	c.static(unsafe.Pointer(f))
}

// encodeState writes the canonical encoding of m's state.
func (m *machine) encodeState(c *Canon) {
	if m.old != nil {
		// The globals and what they reached at the snapshot are named by
		// number; the cells of them this run wrote, with their contents.
		m.noteWrittenOld()
		ws := make([]unsafe.Pointer, 0, len(m.writtenOld))
		for p := range m.writtenOld {
			ws = append(ws, p)
		}
		slices.SortFunc(ws, func(a, b unsafe.Pointer) int { return cmp.Compare(m.old[a], m.old[b]) })
		c.WriteUint(uint64(len(ws)))
		for _, p := range ws {
			c.WriteUint(m.old[p])
			if m.writtenOld[p] {
				c.WriteUint(uint64(*(*byte)(p)))
				continue
			}
			c.value(*(*value)(p))
		}
		// Globals allocated since (on first use) are new.
		for i, p := range m.globals {
			if p != nil {
				if _, ok := m.old[unsafe.Pointer(p)]; !ok {
					c.WriteUint(uint64(i))
					c.cell(p)
				}
			}
		}
	} else {
		// The globals.
		c.WriteUint(uint64(len(m.globals)))
		for _, p := range m.globals {
			if p == nil {
				c.tag(tagNil)
				continue
			}
			c.cell(p)
		}
	}
	if len(m.gc.cleanups) > 0 || m.gc.due {
		// Whether a cleanup runs depends on what the host still holds.
		c.Refuse("cleanups registered (runtime.AddCleanup)")
	}
	// The goroutines, by id.
	c.WriteUint(uint64(len(m.gs)))
	for _, g := range m.gs {
		m.encodeGoroutine(c, g)
	}
	m.encodeWorld(c)
}

func (m *machine) encodeGoroutine(c *Canon, g *Goroutine) {
	c.WriteUint(uint64(g.id))
	c.WriteUint(uint64(g.status))
	c.WriteUint(uint64(g.pending))
	c.WriteUint(uint64(g.pendPos))
	c.ptrTo(g.pendObj)
	c.WriteUint(b2u(g.resumed) | b2u(g.atPoint)<<1 | b2u(g.idle)<<2 | b2u(g.onExit != nil)<<3)
	c.WriteUint(uint64(g.created))
	c.WriteUint(uint64(g.parent))
	if g.panic != nil {
		c.Refuse("a goroutine is panicking")
		return
	}
	depth := 0
	for fr := g.top; fr != nil; fr = fr.caller {
		depth++
	}
	c.WriteUint(uint64(depth))
	for fr := g.top; fr != nil; fr = fr.caller {
		m.encodeFrame(c, fr)
	}
}

func (m *machine) encodeFrame(c *Canon, fr *frame) {
	if fr.native != nil {
		// A model's continuation is host code with host state (an
		// iteration's position): only the continuations of harnesses — a
		// hook's call, a snapshot's root, a test driver, the frames that
		// stop a runtime.Goexit — keep nothing a run changes.
		if !fr.barrier {
			c.Refuse("a goroutine runs interpreted code called back by a model")
			return
		}
		c.WriteUint(uint64(reflect.ValueOf(fr.native).Pointer()))
	}
	c.function(fr.fn)
	c.WriteUint(uint64(fr.pc))
	c.WriteUint(uint64(int64(fr.retDst)))
	c.WriteUint(b2u(fr.unwinding) | b2u(fr.isDefer)<<1 | b2u(fr.barrier)<<2)
	c.WriteUint(uint64(len(fr.regs)))
	for _, v := range fr.regs {
		c.value(v)
	}
	c.array(fr.locals)
	c.WriteUint(uint64(len(fr.defers)))
	for _, d := range fr.defers {
		c.value(d.fn)
		c.WriteUint(uint64(len(d.args)))
		for _, a := range d.args {
			c.value(a)
		}
		c.WriteUint(uint64(d.pos))
	}
}

// value writes v: its scalar word and what its reference holds.
func (c *Canon) value(v value) {
	switch r := v.r.(type) {
	case elemsData:
		// A flat slice is written as a boxed one is (see slices.go): its
		// length and capacity are the array's.
		c.word(0)
		c.array(flatElems(r, v.n))
		return
	case bytesData:
		c.word(0)
		c.byteArray(flatBytes(r, v.n))
		return
	case strData:
		c.word(0)
		c.tag(tagString)
		c.WriteString(v.str())
		return
	}
	c.word(v.n)
	switch r := v.r.(type) {
	case nil:
		c.tag(tagNil)
	case string:
		c.tag(tagString)
		c.WriteString(r)
	case complex128:
		c.tag(tagComplex)
		c.WriteUint(math.Float64bits(real(r)))
		c.WriteUint(math.Float64bits(imag(r)))
	case []value:
		c.array(r)
	case *value:
		c.ptrTo(r)
	case []byte:
		c.byteArray(r)
	case zeroSlice:
		c.tag(tagZeroSlice)
		c.WriteUint(uint64(r.len))
		c.WriteUint(uint64(r.cap))
	case *byte:
		c.byteCell(r)
	case *mapObj:
		c.mapObj(r)
	case *chanObj:
		c.chanObj(r)
	case *closure:
		c.closure(r)
	case *iface:
		c.tag(tagIface)
		c.static(unsafe.Pointer(r.t))
		c.value(r.v)
	case *rtype:
		c.static(unsafe.Pointer(r))
	case *function:
		c.function(r)
	case intPointer:
		c.tag(tagIntPointer)
		c.word(uint64(r))
	case *memView:
		// A view (memview.go): its memory, where in it, and its type.
		c.tag(tagView)
		if r.root.et == nil {
			c.byteCell(unsafe.SliceData(r.root.bytes))
		} else {
			c.ptrTo(unsafe.SliceData(r.root.cells))
			c.static(unsafe.Pointer(r.root.et))
		}
		c.WriteUint(uint64(r.root.size()))
		c.WriteUint(uint64(r.off))
		c.static(unsafe.Pointer(r.t))
	default:
		c.Refuse("a value of host type " + hostTypeName(r))
	}
}

// A program can hold an address as an integer (uintptr(unsafe.Pointer(p)):
// sync.Cond's copy check keeps its own address so). Written raw, it would
// make states that differ only in where their objects were allocated
// differ; so an integer that may be an address is written as an index
// into Canon.words, and resolveWords writes, after the walk, each one's
// number in the walk if it is the address of an object the walk met, and
// its value otherwise.

// wordEscape introduces, in the encoding, an integer written by index
// (followed by 1 and the index) or the value wordEscape itself (followed
// by 0).
const wordEscape = math.MaxUint64 - 8

// mayBeAddr reports whether n may be the address of an object: aligned,
// and in the range of the user-space addresses of a 64-bit heap.
func mayBeAddr(n uint64) bool {
	return n >= 1<<32 && n < 1<<48 && n%8 == 0
}

// word writes the integer part of a value.
func (c *Canon) word(n uint64) {
	switch {
	case mayBeAddr(n):
		c.WriteUint(wordEscape)
		c.WriteUint(1)
		c.WriteUint(uint64(len(c.words)))
		c.words = append(c.words, n)
	case n == wordEscape:
		c.WriteUint(wordEscape)
		c.WriteUint(0)
	default:
		c.WriteUint(n)
	}
}

// resolveWords writes the integers word deferred: the number of the
// object at each one's address, or its value.
func (c *Canon) resolveWords() {
	c.WriteUint(uint64(len(c.words)))
	if len(c.words) == 0 {
		return
	}
	byAddr := make(map[uint64]uint64, len(c.words))
	for _, n := range c.words {
		byAddr[n] = 0
	}
	for _, m := range []map[unsafe.Pointer]uint64{c.cells, c.objs} {
		for p, id := range m {
			if _, ok := byAddr[uint64(uintptr(p))]; ok {
				byAddr[uint64(uintptr(p))] = id + 1
			}
		}
	}
	for p, id := range c.old {
		if _, ok := byAddr[uint64(uintptr(p))]; ok {
			byAddr[uint64(uintptr(p))] = (id | oldBit) + 1
		}
	}
	for _, n := range c.words {
		if id := byAddr[n]; id != 0 {
			c.WriteUint(1)
			c.WriteUint(id - 1)
			continue
		}
		c.WriteUint(0)
		c.WriteUint(n)
	}
}

// hostTypeName names the host type of x, for Refuse.
func hostTypeName(x any) string {
	return strings.TrimPrefix(strings.TrimPrefix(fmt.Sprintf("%T", x), "*"), "interp.")
}

// array writes the cells of es, a slice, an array or the fields of a
// struct, up to its capacity (a slice can be resliced up to it): walked
// whole the first time its first cell is met, by number afterwards.
func (c *Canon) array(es []value) {
	if es == nil {
		c.tag(tagNil)
		return
	}
	if cap(es) == 0 {
		c.tag(tagEmpty)
		return
	}
	all := es[:cap(es)]
	if !c.arrayHead(unsafe.Pointer(&all[0]), len(es), cap(es), tagArray) {
		return
	}
	for i := range all {
		c.cell(&all[i])
	}
}

// arrayHead writes the head of an array of n elements of capacity cp whose
// first cell is first, and reports whether its cells must be walked now:
// an array of the snapshot, or one met already (the array, or a pointer to
// its first cell), is written by number; a new one gets tag.
func (c *Canon) arrayHead(first unsafe.Pointer, n, cp int, tag byte) bool {
	if c.isOld(first) {
		c.WriteUint(uint64(n))
		c.WriteUint(uint64(cp))
		return false
	}
	if id, ok := c.cells[first]; ok {
		c.tag(tagArrayRef)
		c.WriteUint(id)
		c.WriteUint(uint64(n))
		c.WriteUint(uint64(cp))
		return false
	}
	c.tag(tag)
	c.WriteUint(uint64(n))
	c.WriteUint(uint64(cp))
	return true
}

// byteArray writes the byte cells of b, a byte slice or array, as array
// does the cells of a []value: walked whole the first time its first byte
// is met, by number afterwards. Each byte is a cell with a number of its
// own (a pointer may point to it).
func (c *Canon) byteArray(b []byte) {
	if b == nil {
		c.tag(tagNil)
		return
	}
	if cap(b) == 0 {
		c.tag(tagEmpty)
		return
	}
	all := b[:cap(b)]
	if !c.arrayHead(unsafe.Pointer(&all[0]), len(b), cap(b), tagBytes) {
		return
	}
	for i := range all {
		c.byteCell(&all[i])
	}
}

// byteCell writes the byte cell p: its contents the first time, its number
// after (nil: none).
func (c *Canon) byteCell(p *byte) {
	if p == nil {
		c.tag(tagNil)
		return
	}
	if c.isOld(unsafe.Pointer(p)) {
		return
	}
	if id, ok := c.cells[unsafe.Pointer(p)]; ok {
		c.tag(tagCellRef)
		c.WriteUint(id)
		return
	}
	c.next++
	c.cells[unsafe.Pointer(p)] = c.next
	c.tag(tagByte)
	c.buf = append(c.buf, *p)
}

// cell writes the cell p: its contents the first time, its number after.
func (c *Canon) cell(p *value) {
	if c.isOld(unsafe.Pointer(p)) {
		return
	}
	if id, ok := c.cells[unsafe.Pointer(p)]; ok {
		c.tag(tagCellRef)
		c.WriteUint(id)
		return
	}
	c.next++
	c.cells[unsafe.Pointer(p)] = c.next
	c.tag(tagCell)
	c.value(*p)
}

// ptrTo writes a pointer to the cell p (nil: none).
func (c *Canon) ptrTo(p *value) {
	if p == nil {
		c.tag(tagNil)
		return
	}
	c.cell(p)
}

// id is CellID for a cell the walk met.
func (c *Canon) id(p *value) uint64 {
	id, _ := c.CellID(addrOf(p))
	return id
}

// obj numbers the host object p; it reports whether p was met before
// (then its number is written).
func (c *Canon) obj(p unsafe.Pointer) bool {
	if id, ok := c.objs[p]; ok {
		c.tag(tagObjRef)
		c.WriteUint(id)
		return true
	}
	c.next++
	c.objs[p] = c.next
	return false
}

func (c *Canon) mapObj(mo *mapObj) {
	if c.isOld(unsafe.Pointer(mo)) && mo.epoch != c.epoch {
		return // unchanged since the snapshot
	}
	if c.obj(unsafe.Pointer(mo)) {
		return
	}
	c.tag(tagMap)
	c.static(unsafe.Pointer(mo.t))
	// Entries in their order, dead ones included: iteration visits them in
	// this order from a chosen start.
	c.WriteUint(uint64(len(mo.entries)))
	for i := range mo.entries {
		e := &mo.entries[i]
		if e.dead {
			c.tag(tagNil)
			continue
		}
		c.tag(tagCell)
		c.value(e.k)
		c.value(e.v)
	}
}

func (c *Canon) chanObj(ch *chanObj) {
	if c.isOld(unsafe.Pointer(ch)) && ch.epoch != c.epoch {
		return // unchanged since the snapshot
	}
	if c.obj(unsafe.Pointer(ch)) {
		return
	}
	c.tag(tagChan)
	c.static(unsafe.Pointer(ch.elem))
	c.WriteUint(uint64(ch.capacity))
	c.WriteUint(uint64(ch.count))
	for i := range ch.count {
		c.value(ch.buf[(ch.head+i)%len(ch.buf)])
	}
	c.WriteUint(b2u(ch.closed) | b2u(ch.polled)<<1)
	c.WriteUint(uint64(ch.sends))
	c.WriteUint(uint64(ch.recvs))
	c.waiters(ch.recvq)
	c.waiters(ch.sendq)
}

func (c *Canon) waiters(q []*waiter) {
	c.WriteUint(uint64(len(q)))
	for _, w := range q {
		c.WriteUint(uint64(w.g.id))
		c.WriteUint(uint64(w.caseIdx))
		c.value(w.val)
		c.WriteUint(uint64(int64(w.dst)))
		c.WriteUint(b2u(w.commaOk) | b2u(w.sel != nil)<<1)
		if w.sel != nil {
			c.WriteUint(b2u(w.sel.done))
			c.WriteUint(uint64(int64(w.sel.dst)))
			c.WriteUint(uint64(w.sel.nrecv))
		}
	}
}

func (c *Canon) closure(cl *closure) {
	if c.isOld(unsafe.Pointer(cl)) {
		return // closures do not change
	}
	if c.obj(unsafe.Pointer(cl)) {
		return
	}
	c.tag(tagClosure)
	c.function(cl.fn)
	c.WriteUint(uint64(len(cl.env)))
	for _, v := range cl.env {
		c.value(v)
	}
}

// encodeWorld writes the side tables: the clock and timers, the states of
// sync objects, tests, random sources; the virtual OS must be unused (or
// hold only the standard descriptors).
func (m *machine) encodeWorld(c *Canon) {
	w := &m.world
	c.WriteUint(uint64(w.gcPercent))
	c.WriteUint(uint64(w.memoryLimit))
	c.WriteUint(uint64(w.nextGID))
	c.WriteUint(uint64(w.clock))
	c.WriteUint(uint64(w.timerSeq))
	c.WriteUint(w.seed)
	if len(w.coros) > 0 {
		c.Refuse("a coroutine (iter.Pull) is alive")
	}
	m.encodeOS(c)
	// Timers in deadline order (the heap's layout is history).
	ts := slices.Clone([]*timer(w.timers))
	slices.SortFunc(ts, func(a, b *timer) int {
		if before(a, b) {
			return -1
		}
		if before(b, a) {
			return 1
		}
		return 0
	})
	c.WriteUint(uint64(len(ts)))
	for _, t := range ts {
		c.timer(t)
	}
	// Tables keyed by cells: the cells the walk met, in their order
	// (others are unreachable: nothing can use them again).
	keyed := func(n int, each func(yield func(p *value))) []*value {
		ks := make([]*value, 0, n)
		each(func(p *value) {
			if _, ok := c.CellID(addrOf(p)); ok {
				ks = append(ks, p)
			}
		})
		slices.SortFunc(ks, func(a, b *value) int {
			return cmp.Compare(c.id(a), c.id(b))
		})
		return ks
	}
	syncKeys := keyed(len(w.syncObjs), func(yield func(*value)) {
		for p := range w.syncObjs {
			yield(p)
		}
	})
	c.WriteUint(uint64(len(syncKeys)))
	for _, p := range syncKeys {
		c.WriteUint(c.id(p))
		c.syncState(w.syncObjs[p])
	}
	timerKeys := keyed(len(w.timerObjs), func(yield func(*value)) {
		for p := range w.timerObjs {
			yield(p)
		}
	})
	c.WriteUint(uint64(len(timerKeys)))
	for _, p := range timerKeys {
		c.WriteUint(c.id(p))
		c.timer(w.timerObjs[p])
	}
	m.encodeModelStates(c)
	testKeys := keyed(len(w.tests), func(yield func(*value)) {
		for p := range w.tests {
			yield(p)
		}
	})
	c.WriteUint(uint64(len(testKeys)))
	for _, p := range testKeys {
		c.WriteUint(c.id(p))
		c.testState(w.tests[p])
	}
}

func (c *Canon) timer(t *timer) {
	c.WriteUint(uint64(t.when))
	c.WriteUint(uint64(t.seq))
	c.WriteUint(uint64(t.period))
	c.WriteUint(uint64(t.index))
	c.WriteUint(uint64(t.pos))
	c.WriteUint(b2u(t.wake != nil) | b2u(t.internal)<<1 | b2u(t.ctx != nil)<<2)
	if t.fire != nil {
		c.Refuse("a deadline of the virtual OS is pending")
	}
	c.value(t.f)
	c.value(t.arg)
	if t.ch != nil {
		c.chanObj(t.ch)
	} else {
		c.tag(tagNil)
	}
	c.ptrTo(t.cell)
	if t.owner != nil {
		c.WriteUint(uint64(t.owner.id))
	} else {
		c.WriteUint(0)
	}
}

// goroutines writes the ids of gs in their order.
func (c *Canon) goroutines(gs []*Goroutine) {
	c.WriteUint(uint64(len(gs)))
	for _, g := range gs {
		c.WriteUint(uint64(g.id))
	}
}

func (c *Canon) syncState(st any) {
	switch s := st.(type) {
	case *mutexState:
		c.tag(1)
		c.WriteUint(b2u(s.locked))
		c.WriteUint(uint64(s.readers))
		ws := make([]int, 0, len(s.wwait))
		for g, ok := range s.wwait {
			if ok {
				ws = append(ws, g.id)
			}
		}
		slices.Sort(ws)
		c.WriteUint(uint64(len(ws)))
		for _, id := range ws {
			c.WriteUint(uint64(id))
		}
		c.goroutines(s.sleepers)
		// Starvation mode: who the mutex is handed to, and since when each
		// waiter waits (the clock is part of the state).
		if s.handoff != nil {
			c.WriteUint(uint64(s.handoff.id))
		} else {
			c.WriteUint(0)
		}
		since := make([][2]int64, 0, len(s.since))
		for g, t := range s.since {
			since = append(since, [2]int64{int64(g.id), t})
		}
		slices.SortFunc(since, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
		c.WriteUint(uint64(len(since)))
		for _, w := range since {
			c.WriteUint(uint64(w[0]))
			c.WriteUint(uint64(w[1]))
		}
	case *waitGroupState:
		c.tag(2)
		c.WriteUint(uint64(s.count))
		c.goroutines(s.sleepers)
		c.WriteUint(s.gen)
		ws := make([][2]uint64, 0, len(s.waitGen))
		for g, gen := range s.waitGen {
			ws = append(ws, [2]uint64{uint64(g.id), gen})
		}
		slices.SortFunc(ws, func(a, b [2]uint64) int { return int(a[0]) - int(b[0]) })
		c.WriteUint(uint64(len(ws)))
		for _, w := range ws {
			c.WriteUint(w[0])
			c.WriteUint(w[1])
		}
	case *notifyListState:
		c.tag(3)
		c.WriteUint(uint64(s.wait))
		c.WriteUint(uint64(s.notify))
		c.goroutines(s.sleepers)
	case *semaState:
		c.tag(4)
		c.goroutines(s.sleepers)
	case *poolState:
		c.tag(5)
		for _, l := range []struct {
			owner int
			l     *poolLocal
		}{{s.owner, &s.local}, {s.victimOwner, &s.victim}} {
			c.WriteUint(uint64(l.owner))
			c.WriteUint(b2u(l.l.has))
			c.value(l.l.private)
			c.WriteUint(uint64(len(l.l.shared)))
			for _, v := range l.l.shared {
				c.value(v)
			}
		}
	default:
		c.Refuse("the state of a synchronization object of type " + hostTypeName(st))
	}
}

func (c *Canon) testState(t *testState) {
	if len(t.cleanups) > 0 || t.parallel || len(t.subs) > 0 || len(t.paused) > 0 || t.pausedAt != nil || t.waiting != nil {
		c.Refuse("a test with cleanups or parallel subtests")
		return
	}
	c.WriteString(t.name)
	c.WriteUint(uint64(t.depth))
	c.WriteUint(b2u(t.failed) | b2u(t.skipped)<<1 | b2u(t.finished)<<2 | b2u(t.done)<<3 |
		b2u(t.denyParallel)<<4 | b2u(t.barrierOpen)<<5 | b2u(t.cleanupStarted)<<6 | b2u(t.runWaiter != nil)<<7 | b2u(t.synctest)<<8)
	c.WriteUint(uint64(len(t.results)))
	for _, r := range t.results {
		c.WriteString(r)
	}
	if t.out != nil {
		c.WriteString(t.out.String())
	} else {
		c.tag(tagNil)
	}
	c.WriteUint(uint64(len(t.helpers)))
	c.WriteUint(uint64(len(t.filter)))
	for _, f := range t.filter {
		c.WriteString(f)
	}
	if t.g != nil {
		c.WriteUint(uint64(t.g.id))
	} else {
		c.WriteUint(0)
	}
	c.WriteUint(uint64(t.sends))
	c.WriteUint(uint64(t.recvs))
	c.value(t.sig)
	c.value(t.barrier)
	c.WriteUint(uint64(t.running))
	c.WriteUint(uint64(len(t.subNames)))
	c.WriteUint(uint64(len(t.usedNames)))
	c.value(t.ctx)
	c.value(t.cancel)
	c.WriteUint(uint64(t.loops))
}

// encodeOS writes the virtual OS's state: only its environment and
// working directory; descriptors other than the standard ones, files
// written, sockets and pollers make the state not hashable
// (vos.Kernel.HashState).
func (m *machine) encodeOS(c *Canon) {
	k := &m.osys
	if m.osysFrom != nil {
		k = m.osysFrom // not copied yet: the snapshot's, unchanged
	}
	o, why := k.HashState()
	if why != "" {
		c.Refuse(why)
		return
	}
	c.WriteString(o.Cwd)
	c.WriteUint(uint64(o.Umask))
	c.WriteUint(uint64(len(o.Env)))
	for _, e := range o.Env {
		c.WriteString(e)
	}
	// The poller's descriptors of standard files: their deadlines.
	c.WriteUint(uint64(len(o.Polls)))
	for _, pd := range o.Polls {
		c.WriteUint(uint64(pd.ID))
		c.WriteUint(uint64(pd.Std))
		c.WriteUint(b2u(pd.Closing))
		c.WriteUint(uint64(pd.RD))
		c.WriteUint(uint64(pd.WD))
		c.WriteUint(uint64(pd.RGen))
		c.WriteUint(uint64(pd.WGen))
	}
	c.WriteUint(uint64(len(o.FDs)))
	for _, f := range o.FDs {
		c.WriteUint(uint64(f.FD))
		c.WriteUint(uint64(f.Std))
		c.WriteUint(uint64(f.Flags))
		c.WriteUint(uint64(f.Refs))
	}
	c.WriteUint(o.SigWanted)
	c.WriteUint(o.SigIgnored)
	c.WriteUint(o.SigPending)
	c.WriteUint(b2u(o.SigDelivering))
}
