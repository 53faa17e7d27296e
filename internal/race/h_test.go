package race

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// cells are fake memory cells for tests, as large as the interpreter's
// (so that addr(i).Add(j) is addr(i+j)).
var cells [256][3]uint64

// addr returns a distinct fake location or object for tests.
func addr(i int) interp.Addr { return addrOf(unsafe.Pointer(&cells[i])) }

// addrOf converts p to an Addr.
func addrOf(p unsafe.Pointer) interp.Addr {
	// interp.Addr's layout: the pointer, and whether it is a byte cell.
	a := struct {
		p unsafe.Pointer
		b bool
	}{p: p}
	return *(*interp.Addr)(unsafe.Pointer(&a))
}

func TestFakeCellsAreCells(t *testing.T) {
	require.Equal(t, addr(5), addr(2).Add(3))
}

// script drives a detector with synthetic events.
type script struct {
	t *testing.T
	d *Detector
	l *Lockset // if set, the events go to it instead
}

func newScript(t *testing.T, o Options) *script {
	s := &script{t: t, d: New(o)}
	s.ev(interp.EvGoStart, 1, 0, 0, 0, 0) // main
	return s
}

func (s *script) ev(k interp.EventKind, g, other, a int, seq, c int64) {
	e := event{Kind: k, G: g, Other: other, Seq: seq, Cap: c}
	if a > 0 {
		e.Addr = addr(a)
	}
	if s.l != nil {
		s.l.event(&e)
		return
	}
	s.d.event(&e)
}

func (s *script) goStart(parent, child int) { s.ev(interp.EvGoStart, child, parent, 0, 0, 0) }
func (s *script) read(g, x int)             { s.ev(interp.EvRead, g, 0, x, 0, 0) }
func (s *script) write(g, x int)            { s.ev(interp.EvWrite, g, 0, x, 0, 0) }
func (s *script) lock(g, m int)             { s.ev(interp.EvLock, g, 0, m, 0, 0) }
func (s *script) unlock(g, m int)           { s.ev(interp.EvUnlock, g, 0, m, 0, 0) }
func (s *script) send(g, ch, k, c int)      { s.ev(interp.EvChanSend, g, 0, ch, int64(k), int64(c)) }
func (s *script) recv(g, ch, k, c int)      { s.ev(interp.EvChanRecv, g, 0, ch, int64(k), int64(c)) }

func (s *script) race() string {
	if r := s.detected(); r != nil {
		return r.Kind()
	}
	return ""
}

func (s *script) detected() *Race {
	if s.l != nil {
		return s.l.Race()
	}
	return s.d.Race()
}

// newLocksetScript is a script for the lockset detector.
func newLocksetScript(t *testing.T) *script {
	s := &script{t: t, l: NewLockset(Options{})}
	s.ev(interp.EvGoStart, 1, 0, 0, 0, 0) // main
	return s
}

const (
	x, y   = 1, 2
	mu, ch = 10, 11
	wg, at = 12, 13
)

func TestGoStatementEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.write(1, x)
	s.goStart(1, 2)
	s.read(2, x)
	s.write(2, x)
	assert.Empty(t, s.race(), "the go statement orders the parent's write before the child")
	s.read(1, x)
	assert.Equal(t, "write-read", s.race(), "the parent reads the child's write without an edge")
}

func TestWriteWriteAndReadWrite(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.write(1, x)
	s.write(2, x)
	assert.Equal(t, "write-write", s.race())

	s = newScript(t, Options{})
	s.goStart(1, 2)
	s.read(1, x) // an unwritten location: every goroutine may read it
	s.read(2, x)
	assert.Empty(t, s.race(), "concurrent reads do not race")
	s.write(2, x)
	assert.Equal(t, "read-write", s.race(), "the write is not ordered after main's read")
}

func TestReadMarkerTravelsWithEdges(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.read(1, x)
	s.lock(1, mu)
	s.unlock(1, mu)
	s.lock(2, mu)
	s.write(2, x)
	assert.Empty(t, s.race(), "the read is ordered before the write by the mutex")
	s.unlock(2, mu)
	// A second read by main after it released: its marker is fresh.
	s.lock(1, mu)
	s.read(1, x)
	s.unlock(1, mu)
	s.read(1, y)
	s.write(2, x)
	assert.Equal(t, "read-write", s.race())
}

func TestMutexEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.lock(1, mu)
	s.write(1, x)
	s.unlock(1, mu)
	s.lock(2, mu)
	s.write(2, x)
	s.unlock(2, mu)
	assert.Empty(t, s.race())
	s.write(1, x)
	assert.Equal(t, "write-write", s.race(), "main's write is not under the lock")
}

func TestRWMutexEdges(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.goStart(1, 3)
	s.lock(1, mu)
	s.write(1, x)
	s.unlock(1, mu)
	s.ev(interp.EvRLock, 2, 0, mu, 0, 0)
	s.read(2, x)
	s.ev(interp.EvRUnlock, 2, 0, mu, 0, 0)
	s.ev(interp.EvRLock, 3, 0, mu, 0, 0)
	s.read(3, x)
	s.ev(interp.EvRUnlock, 3, 0, mu, 0, 0)
	assert.Empty(t, s.race(), "Unlock happens before RLock")
	s.lock(1, mu)
	s.write(1, x)
	s.unlock(1, mu)
	assert.Empty(t, s.race(), "RUnlock happens before the next Lock")
	s.read(2, x)
	assert.Equal(t, "write-read", s.race())
}

func TestUnbufferedChannelBothWays(t *testing.T) {
	// Sender publishes x; receiver publishes y back through the same
	// rendezvous (the k-th receive is synchronized before the k-th send
	// completes).
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.write(1, x)
	s.write(2, y)
	s.send(1, ch, 0, 0)
	s.recv(2, ch, 0, 0)
	s.read(2, x)
	s.read(1, y)
	assert.Empty(t, s.race())
}

func TestBufferedChannelSemaphore(t *testing.T) {
	// A semaphore of capacity C = 1: acquire by sending, release by
	// receiving; receive #0 is synchronized before send #1 completes.
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.send(2, ch, 0, 1)
	s.write(2, x)
	s.recv(2, ch, 0, 1)
	s.send(1, ch, 1, 1)
	s.write(1, x)
	s.recv(1, ch, 1, 1)
	assert.Empty(t, s.race(), "receive #0 → send #1")

	// With C = 2 receive #0 only orders send #2: a race.
	s = newScript(t, Options{})
	s.goStart(1, 2)
	s.send(2, ch, 0, 2)
	s.write(2, x)
	s.recv(2, ch, 0, 2)
	s.send(1, ch, 1, 2)
	s.write(1, x)
	assert.Equal(t, "write-write", s.race(), "receive #0 only orders send #2")
}

func TestBufferedChannelMessage(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.write(1, x)
	s.send(1, ch, 0, 3)
	s.write(1, y)
	s.send(1, ch, 1, 3)
	s.recv(2, ch, 0, 3)
	s.read(2, x)
	assert.Empty(t, s.race())
	s.read(2, y)
	assert.Equal(t, "write-read", s.race(), "y was written after send #0")
}

func TestCloseEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.goStart(1, 3)
	s.write(1, x)
	s.ev(interp.EvChanClose, 1, 0, ch, 0, 0)
	s.ev(interp.EvChanRecvClosed, 2, 0, ch, 0, 0)
	s.ev(interp.EvChanRecvClosed, 3, 0, ch, 0, 0)
	s.read(2, x)
	s.read(3, x)
	assert.Empty(t, s.race())
}

func TestWaitGroupEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.ev(interp.EvWGAdd, 1, 0, wg, 2, 0)
	s.goStart(1, 2)
	s.goStart(1, 3)
	s.write(2, x)
	s.ev(interp.EvWGAdd, 2, 0, wg, -1, 0)
	s.write(3, y)
	s.ev(interp.EvWGAdd, 3, 0, wg, -1, 0)
	s.ev(interp.EvWGWait, 1, 0, wg, 0, 0)
	s.read(1, x)
	s.read(1, y)
	assert.Empty(t, s.race())
}

func TestCondEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.write(1, x)
	s.ev(interp.EvCondSignal, 1, 0, mu, 0, 0)
	s.ev(interp.EvCondWait, 2, 0, mu, 0, 0)
	s.read(2, x)
	assert.Empty(t, s.race())
}

func (s *script) aload(g, a int)  { s.ev(interp.EvAtomicLoad, g, 0, a, 0, 0) }
func (s *script) astore(g, a int) { s.ev(interp.EvAtomicStore, g, 0, a, 0, 0) }
func (s *script) armw(g, a int)   { s.ev(interp.EvAtomicRMW, g, 0, a, 0, 0) }

func TestAtomicEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.write(1, x)
	s.astore(1, at)
	s.aload(2, at) // observes the store
	s.read(2, x)
	s.write(2, x)
	assert.Empty(t, s.race())
	s.read(1, x)
	assert.Equal(t, "write-read", s.race())
}

// Only observation synchronizes: a load releases nothing, a store
// acquires nothing and replaces what earlier stores released; a
// read-modify-write does both. Both detectors.
func TestAtomicEdgesAreObservations(t *testing.T) {
	for _, det := range []string{"h", "lockset"} {
		t.Run(det, func(t *testing.T) { testAtomicEdgesAreObservations(t, det) })
	}
}

func testAtomicEdgesAreObservations(t *testing.T, det string) {
	newScript := func(t *testing.T, o Options) *script {
		if det == "lockset" {
			return newLocksetScript(t)
		}
		return newScript(t, o)
	}
	t.Run("a load releases nothing", func(t *testing.T) {
		s := newScript(t, Options{})
		s.goStart(1, 2)
		s.write(1, x)
		s.aload(1, at)
		s.aload(2, at)
		s.read(2, x)
		assert.Equal(t, "write-read", s.race())
	})
	t.Run("a store acquires nothing", func(t *testing.T) {
		s := newScript(t, Options{})
		s.goStart(1, 2)
		s.write(1, x)
		s.astore(1, at)
		s.astore(2, at)
		s.read(2, x)
		assert.Equal(t, "write-read", s.race())
	})
	t.Run("a store replaces earlier stores", func(t *testing.T) {
		s := newScript(t, Options{})
		s.goStart(1, 2)
		s.goStart(1, 3)
		s.write(1, x)
		s.astore(1, at)
		s.astore(2, at)
		s.aload(3, at) // observes goroutine 2's store only
		s.read(3, x)
		assert.Equal(t, "write-read", s.race())
	})
	t.Run("read-modify-writes chain", func(t *testing.T) {
		s := newScript(t, Options{})
		s.goStart(1, 2)
		s.goStart(1, 3)
		s.write(1, x)
		s.armw(1, at)
		s.armw(2, at) // observes goroutine 1's
		s.astore(2, at)
		s.aload(3, at)
		s.read(3, x)
		assert.Empty(t, s.race())
	})
}

// An atomic access of a word races with a plain access of it unless
// ordered; two atomic accesses never race. Both detectors.
func TestAtomicAccesses(t *testing.T) {
	for _, det := range []string{"h", "lockset"} {
		t.Run(det, func(t *testing.T) { testAtomicAccesses(t, det) })
	}
}

func testAtomicAccesses(t *testing.T, det string) {
	newScript := func(t *testing.T, o Options) *script {
		if det == "lockset" {
			return newLocksetScript(t)
		}
		return newScript(t, o)
	}
	type step func(s *script)
	cases := []struct {
		name  string
		first step
		then  step
		want  string
	}{
		{"atomic store, plain read", func(s *script) { s.astore(2, x) }, func(s *script) { s.read(1, x) }, "write-read"},
		{"atomic add, plain write", func(s *script) { s.armw(2, x) }, func(s *script) { s.write(1, x) }, "write-write"},
		{"plain write, atomic load", func(s *script) { s.write(2, x) }, func(s *script) { s.aload(1, x) }, "write-read"},
		{"plain write, atomic store", func(s *script) { s.write(2, x) }, func(s *script) { s.astore(1, x) }, "write-write"},
		{"plain read, atomic store", func(s *script) { s.read(2, x) }, func(s *script) { s.astore(1, x) }, "read-write"},
		{"atomic load, plain write", func(s *script) { s.aload(2, x) }, func(s *script) { s.write(1, x) }, "read-write"},
		{"atomic load, plain read", func(s *script) { s.aload(2, x) }, func(s *script) { s.read(1, x) }, ""},
		{"atomic store, atomic store", func(s *script) { s.astore(2, x) }, func(s *script) { s.astore(1, x) }, ""},
		{"atomic add, atomic load", func(s *script) { s.armw(2, x) }, func(s *script) { s.aload(1, x) }, ""},
		{"atomic store, atomic add", func(s *script) { s.astore(2, x) }, func(s *script) { s.armw(1, x) }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newScript(t, Options{})
			s.goStart(1, 2)
			c.first(s)
			c.then(s)
			assert.Equal(t, c.want, s.race())
			if c.want == "" {
				return
			}
			r := s.detected()
			assert.NotEqual(t, r.Cur.Atomic, r.Prev.Atomic, "one access is atomic")
		})
	}
	// Ordered, they do not race: a write published by a store, then an
	// atomic access of the written word itself.
	s := newScript(t, Options{})
	s.goStart(1, 2)
	s.write(2, x)
	s.astore(2, at)
	s.aload(1, at)
	s.astore(1, x)
	s.read(1, x)
	assert.Empty(t, s.race())
	// A plain read after atomic stores of two goroutines must be ordered
	// after both.
	s = newScript(t, Options{})
	s.goStart(1, 2)
	s.goStart(1, 3)
	s.astore(2, x)
	s.astore(3, x)
	s.aload(1, x) // observes goroutine 3's store, not goroutine 2's
	s.read(1, x)
	assert.Equal(t, "write-read", s.race())
	assert.Equal(t, 2, s.detected().Prev.G)
}

// A coroutine switch of iter.Pull orders what came before it.
func TestCoroSwitchEdge(t *testing.T) {
	s := newScript(t, Options{})
	s.goStart(1, 2) // the coroutine
	s.write(1, x)
	s.ev(interp.EvCoroSwitch, 1, 2, 0, 0, 0)
	s.read(2, x)
	s.write(2, y)
	s.ev(interp.EvCoroSwitch, 2, 1, 0, 0, 0)
	s.read(1, y)
	assert.Empty(t, s.race())
	s.write(2, y) // without a switch
	assert.Equal(t, "read-write", s.race())
}

func TestBenign(t *testing.T) {
	s := newScript(t, Options{})
	s.d.Benign(addr(x))
	s.goStart(1, 2)
	s.write(1, x)
	s.write(2, x)
	assert.Empty(t, s.race())
}

func TestUndoRestoresH(t *testing.T) {
	s := newScript(t, Options{History: true})
	s.goStart(1, 2)
	s.write(1, x)
	s.read(2, y)
	snapshot := func() string {
		d := s.d
		return fmtState(d)
	}
	before := snapshot()
	m := s.d.Mark()
	s.lock(1, mu)
	s.write(1, y)
	s.unlock(1, mu)
	s.send(1, ch, 0, 0)
	s.recv(2, ch, 0, 0)
	s.astore(2, at)
	s.armw(1, at)
	s.aload(2, y)
	s.goStart(2, 3)
	s.write(3, x)
	s.read(1, x)
	require.NotEmpty(t, s.race())
	s.d.Undo(m)
	assert.Equal(t, before, snapshot(), "Undo restores h exactly")
	assert.Nil(t, s.d.Race())
	// The same continuation after Undo gives the same result.
	s.write(2, x)
	assert.Equal(t, "write-write", s.race())
	s.d.Undo(m)
	s.send(1, ch, 0, 0)
	s.recv(2, ch, 0, 0)
	s.write(2, x)
	assert.Empty(t, s.race())
	s.d.Undo(0)
	assert.Equal(t, fmtState(New(Options{History: true})), fmtState(s.d))
}

// fmtState prints everything a detector knows, in a canonical form.
func fmtState(d *Detector) string {
	var sb strings.Builder
	for i := range d.rows {
		var cols []int32
		d.eachCol(int32(i), func(c int32) { cols = append(cols, c) })
		fmt.Fprintf(&sb, "row %d %v\n", i, cols)
	}
	fmt.Fprintf(&sb, "free %v g %v epochs %v ncols %d ord %d race %v\n", d.free, d.gRow, d.gEpoch, d.ncols, d.ord, d.race)
	var keys []string
	for k, v := range d.objs {
		keys = append(keys, fmt.Sprintf("obj %v/%d/%d=%d", k.addr, k.kind, k.seq, v))
	}
	for pk, pg := range d.sh.pages {
		if pg.gen != d.sh.gen {
			continue
		}
		for j, v := range pg.locs {
			if v != 0 {
				l := d.locs[v-1]
				l.byReader = nil // derived from readers
				keys = append(keys, fmt.Sprintf("cell %x=%d %+v", pk<<pageBits+uintptr(j), v-1, l))
			}
		}
	}
	for k, v := range d.chans {
		keys = append(keys, fmt.Sprintf("chan %v=%+v", k, *v))
	}
	for k := range d.benign {
		keys = append(keys, fmt.Sprintf("benign %v", k))
	}
	for k, v := range d.creation {
		keys = append(keys, fmt.Sprintf("created %d=%+v", k, v))
	}
	sort.Strings(keys)
	fmt.Fprintf(&sb, "%d locs\n%s", len(d.locs), strings.Join(keys, "\n"))
	return sb.String()
}

// A location read by more goroutines than readerIndexMin between writes
// (a package variable every timer's context reads) finds each reader's
// entry through its index: one entry per goroutine and kind, every one
// still checked by a write, and Undo restores the entries exactly.
func TestManyReaders(t *testing.T) {
	const n = 3 * readerIndexMin
	s := newScript(t, Options{History: true})
	for g := 2; g < 2+n; g++ {
		s.goStart(1, g)
		s.read(g, x)
		s.read(g, x) // the same entry, found again
		s.send(g, ch, g-2, 1000)
	}
	require.Empty(t, s.race())
	l := &s.d.locs[s.d.cellLoc(cellKey(addr(x)), addr(x))]
	require.Len(t, l.readers, n, "one entry per goroutine and kind")
	require.Len(t, l.byReader, n, "indexed")
	before := fmtState(s.d)
	m := s.d.Mark()
	for g := 2 + n; g < 2+n+readerIndexMin; g++ {
		s.goStart(1, g)
		s.read(g, x)
	}
	s.d.Undo(m)
	assert.Equal(t, before, fmtState(s.d), "Undo restores the readers exactly")
	// After Undo, a goroutine of the undone part reads anew: a new entry
	// (the index is the restored list's, not the undone one's).
	s.goStart(1, 2+n)
	s.read(2+n, x)
	l = &s.d.locs[s.d.cellLoc(cellKey(addr(x)), addr(x))]
	require.Len(t, l.readers, n+1)
	s.send(2+n, ch, n, 1000)

	// Main receives every reader's message but goroutine 1+n's: its write
	// is ordered after all the reads but one.
	for i := 0; i < n-1; i++ {
		s.recv(1, ch, i, 1000)
	}
	s.recv(1, ch, n, 1000) // not #n-1, the message of goroutine 1+n
	s.write(1, x)
	r := s.detected()
	require.NotNil(t, r, "the last reader's read is not ordered before the write")
	assert.Equal(t, "read-write", r.Kind())
	assert.Equal(t, 1+n, r.Prev.G, "the unordered reader")
}

// Readers ordered one after another (each goroutine starts after the one
// before read: the timers' contexts reading package time's startNano) keep
// a short list: a new reader drops the entries ordered before its own
// read. A write that is not ordered after the last read still races, and
// one ordered after it does not.
func TestOrderedReadersArePruned(t *testing.T) {
	const n = 10 * readerIndexMin
	s := newScript(t, Options{})
	prev := 1
	for g := 2; g < 2+n; g++ {
		s.goStart(prev, g) // the previous reader's read happens before
		s.read(g, x)
		prev = g
	}
	require.Empty(t, s.race())
	l := &s.d.locs[s.d.cellLoc(cellKey(addr(x)), addr(x))]
	assert.Less(t, len(l.readers), 2*readerIndexMin, "the entries ordered before a later read are dropped")
	assert.Equal(t, int32(len(l.readers)), l.ofKind[rkRead])

	// Main started goroutine 2 only: no read after its own is ordered
	// before main's write.
	s.write(1, x)
	r := s.detected()
	require.NotNil(t, r, "main's write is not ordered after the reads")
	assert.Equal(t, "read-write", r.Kind())

	// The last reader's write is ordered after every read.
	s = newScript(t, Options{})
	prev = 1
	for g := 2; g < 2+n; g++ {
		s.goStart(prev, g)
		s.read(g, x)
		prev = g
	}
	s.write(prev, x)
	assert.Empty(t, s.race(), "every read happens before the last reader's write")
}

// Unordered readers are all kept (none is ordered before another): a write
// ordered after all of them but one races with that one.
func TestUnorderedReadersAreKept(t *testing.T) {
	const n = 4 * readerIndexMin
	s := newScript(t, Options{})
	for g := 2; g < 2+n; g++ {
		s.goStart(1, g)
	}
	for g := 2; g < 2+n; g++ {
		s.read(g, x)
		s.send(g, ch, g-2, 1000)
	}
	l := &s.d.locs[s.d.cellLoc(cellKey(addr(x)), addr(x))]
	require.Len(t, l.readers, n, "no read is ordered before another")
	for i := 0; i < n; i++ {
		if i != n/2 {
			s.recv(1, ch, i, 1000)
		}
	}
	s.write(1, x)
	r := s.detected()
	require.NotNil(t, r)
	assert.Equal(t, 2+n/2, r.Prev.G, "the one read the write is not ordered after")
}

// A timer's context frees its row between firings (EvTimerDone): what it
// did in one firing is still ordered before the next (through the timer),
// and h keeps no row for a timer's context that is idle.
func TestTimerContextBetweenFirings(t *testing.T) {
	const tm, ctx = 20, 50
	s := newScript(t, Options{})
	s.ev(interp.EvTimerSet, 1, 0, tm, 0, 0)
	s.ev(interp.EvGoStart, ctx, 1, 0, 0, 0)
	s.ev(interp.EvTimerFire, ctx, 0, tm, 0, 0)
	s.write(ctx, x)
	s.ev(interp.EvTimerDone, ctx, 0, tm, 0, 0)
	assert.Zero(t, s.d.gRow[ctx], "the idle context has no row")
	s.ev(interp.EvTimerFire, ctx, 0, tm, 0, 0)
	s.write(ctx, x)
	s.read(ctx, x)
	s.ev(interp.EvTimerDone, ctx, 0, tm, 0, 0)
	assert.Empty(t, s.race(), "a firing is ordered after the one before it")
	s.read(1, x)
	assert.Equal(t, "write-read", s.race(), "main is not ordered after the firings")
}
