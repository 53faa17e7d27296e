package race

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// object is a heap object of three fake cells.
type object [3][3]uint64

// lifetimeDetector returns a detector that collects after a few new
// locations, with goroutines 2 and 3 started by 1 (unordered with each
// other).
func lifetimeDetector(first int) *Detector {
	d := New(Options{})
	d.life.first = first
	d.event(&event{Kind: interp.EvGoStart, G: 1})
	d.event(&event{Kind: interp.EvGoStart, G: 2, Other: 1})
	d.event(&event{Kind: interp.EvGoStart, G: 3, Other: 1})
	return d
}

func cellOf(o *object, i int) interp.Addr { return addrOf(unsafe.Pointer(&o[i])) }

// churn makes n short-lived objects that goroutine g writes (a range, then
// its middle cell), collecting garbage every gcEvery.
func churn(d *Detector, g, n, gcEvery int) {
	for i := range n {
		o := new(object)
		d.event(&event{Kind: interp.EvWrite, G: g, Addr: cellOf(o, 0), N: 3})
		d.event(&event{Kind: interp.EvRead, G: g, Addr: cellOf(o, 1)})
		if (i+1)%gcEvery == 0 {
			runtime.GC()
		}
	}
}

// A live object's history survives collections: a write of each of its
// cells by goroutine 2, unordered with goroutine 3's earlier accesses, is
// a race however many collections and garbage collections came between.
func TestCollectKeepsLiveHistory(t *testing.T) {
	for _, kind := range []interp.EventKind{interp.EvRead, interp.EvWrite} {
		for cell := range 3 {
			d := lifetimeDetector(16)
			live := new(object)
			// Goroutine 3: a range access (one location of three cells).
			d.event(&event{Kind: kind, G: 3, Addr: cellOf(live, 0), N: 3})
			churn(d, 1, 5000, 500)
			require.Nil(t, d.Race())
			d.event(&event{Kind: interp.EvWrite, G: 2, Addr: cellOf(live, cell)})
			r := d.Race()
			require.NotNil(t, r, "kind %v cell %d: the live object's history was dropped", kind, cell)
			assert.Equal(t, 3, r.Prev.G)
			assert.Equal(t, cellOf(live, cell), r.Addr)
			runtime.KeepAlive(live)
		}
	}
}

// The part of a location split off before its collection, and one after,
// keep their history too.
func TestCollectKeepsSplitHistory(t *testing.T) {
	d := lifetimeDetector(16)
	live := new(object)
	d.event(&event{Kind: interp.EvWrite, G: 3, Addr: cellOf(live, 0), N: 3})
	d.event(&event{Kind: interp.EvWrite, G: 3, Addr: cellOf(live, 2)}) // split before
	churn(d, 1, 3000, 300)
	d.event(&event{Kind: interp.EvRead, G: 3, Addr: cellOf(live, 1)}) // split after
	churn(d, 1, 3000, 300)
	require.Nil(t, d.Race())
	d.event(&event{Kind: interp.EvRead, G: 2, Addr: cellOf(live, 1)})
	r := d.Race()
	require.NotNil(t, r)
	assert.Equal(t, cellOf(live, 1), r.Addr)
	runtime.KeepAlive(live)
}

// A dead object's memory reused for a new one is a new location: goroutine
// 3's writes of new objects do not race with goroutine 2's writes of dead
// ones at the same addresses.
func TestCollectForgetsDeadObjects(t *testing.T) {
	d := lifetimeDetector(64)
	seen := map[uintptr]bool{}
	reused := 0
	for round := range 200 {
		for range 100 {
			o := new(object)
			seen[cellOf(o, 0).Uintptr()] = true
			d.event(&event{Kind: interp.EvWrite, G: 2, Addr: cellOf(o, 0), N: 3})
		}
		runtime.GC()
		for range 100 {
			o := new(object)
			if seen[cellOf(o, 0).Uintptr()] {
				reused++
			}
			d.event(&event{Kind: interp.EvWrite, G: 3, Addr: cellOf(o, 1)})
			d.event(&event{Kind: interp.EvWrite, G: 3, Addr: cellOf(o, 0), N: 3})
		}
		require.Nil(t, d.Race(), "round %d", round)
	}
	require.Positive(t, reused, "no memory was reused: the test shows nothing")
}

// The detector's records of a long execution that keeps making
// short-lived objects stay bounded.
func TestCollectBoundsLocations(t *testing.T) {
	d := lifetimeDetector(1024)
	churn(d, 1, 100000, 2000)
	require.Nil(t, d.Race())
	live := 0
	for i := range d.locs {
		if !d.locs[i].dead {
			live++
		}
	}
	// 2 locations an object: 200,000 without collections.
	assert.Less(t, len(d.locs), 20000)
	assert.Less(t, live, 20000)
}

// A frame's cells reused for a new local (EvAlloc) free their location.
func TestForgetFreesLocations(t *testing.T) {
	d := lifetimeDetector(1 << 30)
	for range 1000 {
		d.event(&event{Kind: interp.EvAlloc, G: 1, Addr: addr(10), N: 4})
		d.event(&event{Kind: interp.EvWrite, G: 1, Addr: addr(10), N: 4})
		d.event(&event{Kind: interp.EvRead, G: 1, Addr: addr(11)})
		d.event(&event{Kind: interp.EvWrite, G: 1, Addr: addr(12)})
	}
	assert.LessOrEqual(t, len(d.locs), 4)
	require.Nil(t, d.Race())
}

// The row of a live synchronization object survives collections: a
// goroutine that acquires it is ordered after the release.
func TestCollectKeepsLiveObjectRows(t *testing.T) {
	d := lifetimeDetector(16)
	x, timer := new(object), new(object)
	d.event(&event{Kind: interp.EvWrite, G: 2, Addr: cellOf(x, 0)})
	d.event(&event{Kind: interp.EvTimerSet, G: 2, Addr: cellOf(timer, 0)})
	churn(d, 1, 3000, 300)
	require.Empty(t, d.objs, "the timer's row was made weak")
	d.event(&event{Kind: interp.EvTimerFire, G: 3, Addr: cellOf(timer, 0)})
	d.event(&event{Kind: interp.EvWrite, G: 3, Addr: cellOf(x, 0)})
	require.Nil(t, d.Race(), "the live timer's row was dropped")
	runtime.KeepAlive(x)
	runtime.KeepAlive(timer)
}

// The row of a dead synchronization object is not the row of a new object
// at its address, and the rows of dead objects are freed.
func TestCollectForgetsDeadObjectRows(t *testing.T) {
	d := lifetimeDetector(64)
	xs := make([]object, 20000)
	timerOf := map[uintptr]int{} // a dead timer's address → its round
	for i := range xs {
		timer := new(object)
		timerOf[cellOf(timer, 0).Uintptr()] = i
		d.event(&event{Kind: interp.EvWrite, G: 2, Addr: cellOf(&xs[i], 0)})
		d.event(&event{Kind: interp.EvTimerSet, G: 2, Addr: cellOf(timer, 0)})
		if (i+1)%1000 == 0 {
			runtime.GC()
		}
	}
	assert.Less(t, len(d.objs)+len(d.life.objs), len(xs), "the rows of dead timers are freed")
	// The last timers are made weak; they die, and no collection comes
	// before their memory is reused: the lookup must see they are dead.
	d.collect()
	weak := map[uintptr]bool{}
	for k := range d.life.objs {
		weak[k.addr] = true
	}
	runtime.GC()
	for range 100000 {
		timer := new(object)
		a := cellOf(timer, 0).Uintptr()
		i, reused := timerOf[a]
		if !reused || !weak[a] {
			continue
		}
		// A new timer where a dead one was: firing it acquires nothing.
		d.event(&event{Kind: interp.EvTimerFire, G: 3, Addr: cellOf(timer, 0)})
		d.event(&event{Kind: interp.EvRead, G: 3, Addr: cellOf(&xs[i], 0)})
		require.NotNil(t, d.Race(), "the new timer has the dead one's row")
		// Two more collections: the rows of the dead timers are freed.
		for range 2 {
			runtime.GC()
			d.collect()
		}
		assert.Less(t, len(d.objs)+len(d.life.objs), 100, "the rows of dead timers are freed")
		return
	}
	t.Fatal("no memory was reused: the test shows nothing")
}

// A channel message's row made weak by a collection is consumed by its
// receive as before.
func TestCollectConsumesWeakRows(t *testing.T) {
	d := lifetimeDetector(16)
	x, ch := new(object), new(object)
	d.event(&event{Kind: interp.EvWrite, G: 2, Addr: cellOf(x, 0)})
	d.event(&event{Kind: interp.EvChanSend, G: 2, Addr: cellOf(ch, 0), Seq: 1, Cap: 1})
	churn(d, 1, 3000, 300)
	require.Empty(t, d.objs, "the message's row was made weak")
	require.Len(t, d.life.objs, 1)
	d.event(&event{Kind: interp.EvChanRecv, G: 3, Addr: cellOf(ch, 0), Seq: 1, Cap: 1})
	d.event(&event{Kind: interp.EvWrite, G: 3, Addr: cellOf(x, 0)})
	require.Nil(t, d.Race(), "the receive acquired the message")
	// The receive consumed the message and released the slot of send 2.
	_, msg := d.life.objs[objKey{cellOf(ch, 0), objChanMsg, 1}.weakKey()]
	assert.False(t, msg)
	_, slot := d.obj(objKey{cellOf(ch, 0), objChanSlot, 2}, false)
	assert.True(t, slot)
	runtime.KeepAlive(x)
	runtime.KeepAlive(ch)
}

// Collections wait for a large heap: below minCollectHeap, the locations
// keep their strong references; above, they are collected.
func TestCollectWaitsForHeap(t *testing.T) {
	weakLocs := func(d *Detector) int {
		n := 0
		for i := range d.locs {
			if d.locs[i].isWeak {
				n++
			}
		}
		return n
	}
	d := lifetimeDetector(0)
	defer func(h uint64) { minCollectHeap = h }(minCollectHeap)
	minCollectHeap = 1 << 62
	churn(d, 1, minCollect, 1<<30)
	assert.Zero(t, weakLocs(d), "a small heap: no collection")
	minCollectHeap = 0
	churn(d, 1, 2*minCollect, 1<<30)
	assert.Positive(t, weakLocs(d), "a large heap: collections")
}
