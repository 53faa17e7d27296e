// Package race detects data races in the executions of vt's interpreter
// under the Go memory model.
//
// [Detector] is the precise detector of Kim, Yavuz-Kahveci and Sanders
// ("Precise Data Race Detection in a Relaxed Memory Model using Model
// Checking"): it maintains the happens-before summary h, which maps every
// goroutine and every synchronization object to the set of memory locations
// it may access without a race. Rows (goroutines, mutexes, channel slots,
// WaitGroups, atomic locations, ...) are bit sets over columns (memory
// locations, numbered lazily as they are first seen). Synchronization is
// set union: an acquire by g of object o is h(g) ∪= h(o), a release is
// h(o) ∪= h(g). A non-atomic access of x by g is race-free when x ∈ h(g); a
// write then removes x from every other row (by giving x a new column, set
// in the writer's row only). The rows are persistent trees shared copy on
// write (rows.go): a release into an empty row, a go statement or an
// atomic store shares its source's tree instead of copying it, and a union
// skips the subtrees the two rows share, so h's memory grows with the
// writes since each release, not with rows × columns.
//
// Unlike the paper, the detector also reports read-write races (a read
// followed by a write that is not ordered after it): each read of x by g
// writes a private marker column rd(x, g) that travels along the
// happens-before edges like any location, and a write of x by g' races with
// the last read of every other goroutine g whose marker is not in h(g').
//
// [Lockset] is a second, independent detector: the lockset algorithm of
// Elmas and Qadeer, extended to Go's synchronization. The two agree on the
// corpus under testdata/corpus.
package race

import (
	"go/token"
	"slices"

	"github.com/vtcheck/vt/interp"
)

// objKind distinguishes the rows of synchronization objects.
type objKind uint8

const (
	objMutex     objKind = iota + 1 // Mutex, RWMutex writer side
	objReaders                      // RWMutex: what RUnlocks released
	objChanMsg                      // channel: the message of send #seq
	objChanSlot                     // channel: the slot that send #seq acquires
	objChanClose                    // channel: close
	objWaitGroup                    // WaitGroup: Done calls
	objCond                         // Cond (its notify list): Signal, Broadcast
	objAtomic                       // a location used by sync/atomic
	objTimer                        // a runtime timer: what its setters released for its firings
	objIO                           // a kernel object of the virtual OS (a socket, pipe or file)
)

type objKey struct {
	addr interp.Addr
	kind objKind
	seq  int64
}

// Access is one memory access, as a race report shows it.
type Access struct {
	Write  bool
	Atomic bool      // a sync/atomic operation
	G      int       // goroutine id
	Pos    token.Pos // the accessing instruction (innermost frame)
	Ord    int64     // ordinal of the access in its execution, from 1
	// Op is the operation that made the access: a builtin (copy, append,
	// delete, ...), a conversion, a sync/atomic or WaitGroup operation, or
	// a call of a modeled function (Func); interp.OpNone for a load or
	// store.
	Op   interp.Op
	Func string
	// Stack is the goroutine's stack at the access, innermost first; only
	// set for the accesses named in Options.Capture.
	Stack []interp.StackFrame
}

// loc is what the detector knows of one memory location: a set of cells
// (see shadow) accessed as one so far.
type loc struct {
	n    int32       // its cells
	span int32       // the numbers of its cells are in [lo, lo+span)
	keep interp.Addr // one of its cells: keeps their memory (and numbers) alive (zero once weak)
	// weak, once isWeak (see lifetime.go), refers to one of its cells
	// without keeping them alive.
	weak    interp.WeakAddr
	lo      uintptr
	col     int32  // its column in h
	wOwner  int32  // goroutine id of the last write
	wEpoch  uint32 // the writer's release epoch at that write
	written bool   // a write was seen; until then every goroutine may read it
	benign  bool
	atomicW bool // an atomic write was seen (readers may hold rkAtomicWrite)
	isWeak  bool
	dead    bool // forgotten: its index is free for a new location
	lastW   Access
	readers []reader
	// byReader indexes readers by goroutine and kind (readerKey) once
	// there are readerIndexMin of them (nil before): a location that
	// thousands of goroutines read between writes (a package variable,
	// read by every timer's context) costs O(1) an access, not O(readers).
	byReader map[uint64]int32
	// ofKind counts readers by kind, so that a check for conflicts with
	// one kind skips a list that holds none of it (the atomic loads of
	// thousands of goroutines, for an atomic store).
	ofKind [rkKinds]int32
	// pruneAt is the number of readers at which the next new one first
	// drops those whose access happens before its own (prune); zero:
	// readerIndexMin.
	pruneAt int32
}

// readerIndexMin is the number of readers from which a location indexes
// them (loc.byReader); below it a scan is cheaper than a map.
const readerIndexMin = 16

// readerKey is the key of goroutine gid's entry of kind k in loc.byReader.
func readerKey(gid int32, k readKind) uint64 { return uint64(uint32(gid))<<2 | uint64(k) }

// reader returns l's entry for goroutine gid's accesses of kind k, or nil.
func (l *loc) reader(gid int32, k readKind) *reader {
	if l.byReader != nil {
		if j, ok := l.byReader[readerKey(gid, k)]; ok {
			return &l.readers[j]
		}
		return nil
	}
	for j := range l.readers {
		if l.readers[j].g == gid && l.readers[j].kind == k {
			return &l.readers[j]
		}
	}
	return nil
}

// addReader appends r (a goroutine and kind l has no entry for) to l's
// readers and returns it in place.
func (l *loc) addReader(r reader) *reader {
	l.readers = append(l.readers, r)
	l.ofKind[r.kind]++
	j := len(l.readers) - 1
	switch {
	case l.byReader != nil:
		l.byReader[readerKey(r.g, r.kind)] = int32(j)
	case len(l.readers) >= readerIndexMin:
		l.byReader = make(map[uint64]int32, 2*len(l.readers))
		for i, x := range l.readers {
			l.byReader[readerKey(x.g, x.kind)] = int32(i)
		}
	}
	return &l.readers[j]
}

// clearReaders empties l's readers (keeping the list's memory).
func (l *loc) clearReaders() {
	l.readers = l.readers[:0]
	l.byReader = nil
	l.ofKind = [rkKinds]int32{}
	l.pruneAt = 0
}

// prune drops the entries of kind k (other goroutines') whose access
// happens before the access of k that goroutine gid (row g) is making,
// which will have an entry of its own: an access that is not ordered after
// a dropped one is not ordered after gid's either (happens-before is
// transitive), and conflicts with it alike (the same kind), so gid's
// entry finds every race the dropped ones would have. Reports may then
// name gid's access rather than an earlier one ordered before it. It runs
// when the list reaches pruneAt, which then doubles over what is left:
// amortized O(1) a new reader, and a list that does not grow with the
// goroutines that read one after another (every timer's context reading
// package time's startNano; the goroutines of an atomic counter).
func (d *Detector) prune(l *loc, g int32, gid int, k readKind) {
	if len(l.readers) < max(int(l.pruneAt), readerIndexMin) {
		return
	}
	kept := l.readers[:0]
	for _, r := range l.readers {
		if r.kind == k && int(r.g) != gid && d.has(g, r.mark) {
			l.ofKind[k]--
			continue
		}
		kept = append(kept, r)
	}
	clear(l.readers[len(kept):])
	l.readers = kept
	l.byReader = nil
	if len(kept) >= readerIndexMin {
		l.byReader = make(map[uint64]int32, 2*len(kept))
		for i, x := range kept {
			l.byReader[readerKey(x.g, x.kind)] = int32(i)
		}
	}
	l.pruneAt = int32(max(2*len(kept), readerIndexMin))
}

// readKind is the kind of access a reader entry stands for.
type readKind uint8

const (
	rkRead        readKind = iota // a plain read
	rkAtomicRead                  // an atomic load
	rkAtomicWrite                 // an atomic store or read-modify-write
	rkKinds                       // the number of kinds
)

// reader is the last access of one kind of a location by one goroutine
// since the location's last plain write: a plain read, or an atomic access
// (atomic writes do not conflict with each other, so they are kept like
// reads).
type reader struct {
	g      int32
	kind   readKind
	mark   int32 // its marker column rd(x, g, kind)
	epoch  uint32
	active bool // accessed since the location's last write
	acc    Access
}

type chanState struct {
	sendG   int32 // unbuffered: the goroutine of the last send
	sendSeq int64
}

// Options configure a Detector.
type Options struct {
	// Prog resolves positions (Trust needs it).
	Prog *interp.Program
	// Trust lists package paths whose non-atomic accesses are not checked
	// (the innermost frame decides); their synchronization still counts.
	Trust []string
	// History keeps the deltas of h so that Undo can restore an earlier
	// state (a stateful search needs it; re-execution does not).
	History bool
	// Capture lists access ordinals (Access.Ord) whose stacks are
	// recorded; with it, the stacks of goroutine creations are recorded
	// too. Used to re-run an execution with a race for its report.
	Capture []int64
}

// Detector is the precise happens-before detector. It implements
// interp.Observer; use a new one per execution (or Undo to a Mark).
type Detector struct {
	opts   Options
	rows   []row    // h: one bit set per row (see rows.go)
	free   []int32  // rows of consumed channel messages, for reuse
	gRow   []int32  // goroutine id → row + 1 (0: none yet)
	gEpoch []uint32 // goroutine id → number of releases so far
	exited int      // the goroutine that ended last (its row is freed at the next exit)
	objs   map[objKey]int32
	sh     shadow // cell → index in locs
	scr    rangeScratch
	locs   []loc
	life   lifetime
	ncols  int32
	// compactAt is the number of columns from which the next compaction
	// runs (compact.go; zero: compactMin).
	compactAt int32
	sweeps    uint32 // sweeps made (node.swept)
	chans     map[interp.Addr]*chanState
	benign    map[interp.Addr]bool
	locals    localView
	ord       int64
	race      *Race
	hist      []func()

	capture  map[int64]bool
	creation map[int]Creation

	// alone says whether goroutine aloneG, which made the last access,
	// is alone (alone.go).
	alone  aloneState
	aloneG int
	// quiescent, if set (by tests), decides whether a goroutine is
	// alone instead of the interpreter.
	quiescent func(g int) bool
}

// Creation is where a goroutine was created.
type Creation struct {
	Parent int
	Pos    token.Pos
	Stack  []interp.StackFrame // the creator's stack (captured runs only)
}

// New returns a detector.
func New(o Options) *Detector {
	d := &Detector{
		opts:     o,
		objs:     map[objKey]int32{},
		chans:    map[interp.Addr]*chanState{},
		benign:   map[interp.Addr]bool{},
		creation: map[int]Creation{},
	}
	if o.Prog != nil {
		d.locals.prog = o.Prog
		if len(o.Trust) > 0 {
			d.locals.trust = trustedFiles(o.Prog, o.Trust)
		}
	}
	if len(o.Capture) > 0 {
		d.capture = map[int64]bool{}
		for _, c := range o.Capture {
			d.capture[c] = true
		}
	}
	return d
}

// Reset forgets everything for a new execution, keeping the memory it
// allocated (an explorer reuses one detector for all its executions).
func (d *Detector) Reset() {
	d.alone = aloneUnknown
	d.free = d.free[:0]
	for i := len(d.rows) - 1; i >= 0; i-- {
		d.rows[i] = row{}
		d.free = append(d.free, int32(i))
	}
	d.gRow, d.gEpoch, d.exited = d.gRow[:0], d.gEpoch[:0], 0
	for i := range d.locs {
		d.locs[i].keep = interp.Addr{} // let the execution's memory go
		d.locs[i].weak = interp.WeakAddr{}
	}
	d.life.reset()
	clear(d.objs)
	d.sh.reset()
	clear(d.chans)
	clear(d.benign)
	clear(d.creation)
	d.locs = d.locs[:0]
	d.ncols, d.ord, d.race, d.hist = 0, 0, nil, d.hist[:0]
	d.compactAt = 0
}

// Race returns the first race of the execution, or nil.
func (d *Detector) Race() *Race { return d.race }

// Creations returns where each goroutine was created, by id.
func (d *Detector) Creations() map[int]Creation { return d.creation }

// Benign marks the location a as one whose races are ignored.
func (d *Detector) Benign(a interp.Addr) {
	if d.benign[a] {
		return
	}
	d.benign[a] = true
	if d.opts.History {
		d.hist = append(d.hist, func() { delete(d.benign, a) })
	}
	key := cellKey(a)
	p := d.sh.at(key)
	if v := *p; v != 0 && d.live(v-1) {
		i := v - 1
		if d.locs[i].n > 1 {
			i = d.split(i, 1, a, 1)
			d.setShadow(key, p, i+1)
		}
		d.setLoc(i, func(l *loc) { l.benign = true })
	}
}

// Mark returns a point of the history to which Undo can return (Options.History).
func (d *Detector) Mark() int { return len(d.hist) }

// Undo restores h and everything the detector knows to the state at mark.
func (d *Detector) Undo(mark int) {
	d.alone = aloneUnknown
	for len(d.hist) > mark {
		f := d.hist[len(d.hist)-1]
		d.hist = d.hist[:len(d.hist)-1]
		f()
	}
}

// --- rows ---

func (d *Detector) newRow() int32 {
	if n := len(d.free); n > 0 {
		r := d.free[n-1]
		d.free = d.free[:n-1]
		if d.opts.History {
			d.hist = append(d.hist, func() { d.free = append(d.free, r) })
		}
		return r
	}
	d.rows = append(d.rows, row{})
	if d.opts.History {
		d.hist = append(d.hist, func() { d.rows = d.rows[:len(d.rows)-1] })
	}
	return int32(len(d.rows) - 1)
}

// freeRow empties row r and makes it reusable.
func (d *Detector) freeRow(r int32) {
	d.clearRow(r)
	d.free = append(d.free, r)
	if d.opts.History {
		d.hist = append(d.hist, func() { d.free = d.free[:len(d.free)-1] })
	}
}

// clearRow empties row r.
func (d *Detector) clearRow(r int32) {
	if d.rows[r].root != nil {
		d.setRow(r, row{})
	}
}

// invalidate retires a column that keep just wrote: it returns a new
// column, set in keep's row only, that stands for the location (or reader
// marker) from now on. The old column stays in the rows that held it, where
// nothing looks at it again. This is the removal of the column from every
// other row, without visiting them: a write costs the same whatever the
// number of goroutines and synchronization objects.
func (d *Detector) invalidate(keep int32) int32 {
	col := d.newCol()
	d.set(keep, col)
	return col
}

// goRow returns goroutine id's row, creating an empty one.
func (d *Detector) goRow(id int) int32 {
	if id >= len(d.gRow) {
		oldLen := len(d.gRow)
		d.gRow = extend(d.gRow, id+1)
		d.gEpoch = extend(d.gEpoch, id+1)
		if d.opts.History {
			d.hist = append(d.hist, func() { d.gRow, d.gEpoch = d.gRow[:oldLen], d.gEpoch[:oldLen] })
		}
	}
	if r := d.gRow[id]; r != 0 {
		return r - 1
	}
	r := d.newRow()
	d.clearRow(r)
	d.gRow[id] = r + 1
	if d.opts.History {
		d.hist = append(d.hist, func() { d.gRow[id] = 0 })
	}
	return r
}

// goExit frees the row of the goroutine that ended before goroutine id
// (which just ended): nothing acquires from a goroutine's row but the
// goroutine itself (its releases went to the rows of objects), except the
// last switch of an iter.Pull coroutine, which comes right after its exit;
// so rows are freed one exit late. The memory of h is then that of the
// live goroutines.
func (d *Detector) goExit(id int) {
	prev := d.exited
	d.exited = id
	if d.opts.History {
		d.hist = append(d.hist, func() { d.exited = prev })
	}
	d.retireRow(prev)
}

// retireRow frees the row of goroutine id, which ended or is idle (a
// timer's context between firings, whose row went into the timer): an idle
// one's next event starts it again from an empty row. Its release epoch goes on from where it was
// (goRow does not reset it), so its reader entries are not taken for
// current ones.
func (d *Detector) retireRow(id int) {
	if id >= len(d.gRow) || d.gRow[id] == 0 {
		return
	}
	r := d.gRow[id] - 1
	d.gRow[id] = 0
	if d.opts.History {
		d.hist = append(d.hist, func() { d.gRow[id] = r + 1 })
	}
	d.freeRow(r)
}

// extend returns s extended with zeros to length n.
func extend[E int32 | uint32](s []E, n int) []E {
	for len(s) < n {
		s = append(s, 0)
	}
	return s
}

// released counts a release by goroutine id (its row may now be elsewhere).
func (d *Detector) released(id int) {
	old := d.gEpoch[id]
	d.gEpoch[id]++
	if d.opts.History {
		d.hist = append(d.hist, func() { d.gEpoch[id] = old })
	}
}

// obj returns the row of a synchronization object, creating it if create.
func (d *Detector) obj(k objKey, create bool) (int32, bool) {
	if r, ok := d.objs[k]; ok {
		return r, true
	}
	if r, ok := d.weakObj(k); ok {
		return r, true
	}
	if !create {
		return 0, false
	}
	r := d.newRow()
	d.clearRow(r)
	d.objs[k] = r
	if d.opts.History {
		d.hist = append(d.hist, func() { delete(d.objs, k) })
	}
	return r, true
}

// acquire: h(g) ∪= h(o).
func (d *Detector) acquire(g int, k objKey) {
	if r, ok := d.obj(k, false); ok {
		d.union(d.goRow(g), r)
	}
}

// consume acquires a channel message or slot row, then frees it: it is
// acquired exactly once.
func (d *Detector) consume(g int, k objKey) {
	if _, strong := d.objs[k]; !strong {
		if r, ok := d.weakObj(k); ok {
			d.union(d.goRow(g), r)
			delete(d.life.objs, k.weakKey()) // no history: see collect
			d.freeRow(r)
		}
		return
	}
	if r, ok := d.obj(k, false); ok {
		d.union(d.goRow(g), r)
		delete(d.objs, k)
		if d.opts.History {
			d.hist = append(d.hist, func() { d.objs[k] = r })
		}
		d.freeRow(r)
	}
}

// release: h(o) ∪= h(g).
func (d *Detector) release(g int, k objKey) {
	r, _ := d.obj(k, true)
	d.union(r, d.goRow(g))
	d.released(g)
}

// releaseStore: h(o) = h(g) (an atomic store: what earlier stores released
// is no longer acquired through o).
func (d *Detector) releaseStore(g int, k objKey) {
	r, _ := d.obj(k, true)
	d.copyRow(r, d.goRow(g))
	d.released(g)
}

func (d *Detector) setLoc(i int32, f func(*loc)) {
	if d.opts.History {
		old := d.locs[i]
		old.readers = slices.Clone(old.readers)
		old.byReader = nil // rebuilt by addReader; the live map changes
		d.hist = append(d.hist, func() { d.locs[i] = old })
	}
	f(&d.locs[i])
}

func (d *Detector) newCol() int32 {
	c := d.ncols
	d.ncols++
	if d.opts.History {
		d.hist = append(d.hist, func() { d.ncols-- })
	}
	return c
}

// Checker is what the engine needs of a race detector: both Detector and
// Lockset implement it.
type Checker interface {
	interp.Observer
	// Race returns the first race of the execution, or nil.
	Race() *Race
	// Creations returns where each goroutine was created, by id.
	Creations() map[int]Creation
	// Benign marks a location whose races are ignored.
	Benign(a interp.Addr)
	// Reset prepares for a new execution.
	Reset()
}

var _ Checker = (*Detector)(nil)
