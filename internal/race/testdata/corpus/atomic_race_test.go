package corpus

import (
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/vtcheck/vt/vt"
)

// Atomics are accesses: an atomic and a plain access of one word race
// unless ordered, and synchronize only as the memory model says (a load is
// synchronized after the store it observes; a load releases nothing, a
// store acquires nothing, a CompareAndSwap that fails is a load).

// An atomic store, then a plain read of the same word elsewhere.
func TestRaceAtomicStorePlainRead(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var x int32
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.StoreInt32(&x, 1)
		}()
		_ = x
		wg.Wait()
	})
}

// A plain write, then an atomic load of the same word elsewhere.
func TestRacePlainWriteAtomicLoad(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var x int64
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			x = 1
		}()
		_ = atomic.LoadInt64(&x)
		wg.Wait()
	})
}

// One goroutine increments atomically, the other with a plain ++.
func TestRaceAtomicAddPlainIncrement(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var n int64
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); atomic.AddInt64(&n, 1) }()
		go func() { defer wg.Done(); n++ }()
		wg.Wait()
	})
}

// An atomic store and a plain store of the same word.
func TestRaceAtomicStorePlainWrite(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var x uint32
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); atomic.StoreUint32(&x, 1) }()
		go func() { defer wg.Done(); x = 2 }()
		wg.Wait()
	})
}

type atomicStats struct {
	hits atomic.Int64
	name string
}

// A struct holding a typed atomic is reset with a plain assignment while
// another goroutine adds to the atomic field.
func TestRaceTypedAtomicStructReset(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := &atomicStats{name: "a"}
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); s.hits.Add(1) }()
		*s = atomicStats{name: "b"}
		wg.Wait()
	})
}

// An atomic load releases nothing: the writer's load after its write does
// not publish the write to a reader that loads the same word.
func TestRaceAtomicLoadDoesNotRelease(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var flag atomic.Int32
		data := 0
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			data = 1
			flag.Load()
		}()
		flag.Load()
		_ = data
		wg.Wait()
	})
}

// An atomic store acquires nothing: a store after another goroutine's
// store does not order that goroutine's earlier write.
func TestRaceAtomicStoreDoesNotAcquire(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var flag atomic.Int32
		data := 0
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			data = 1
			flag.Store(1)
		}()
		flag.Store(2)
		_ = data
		wg.Wait()
	})
}

// A CompareAndSwap that fails is a load: it publishes nothing.
func TestRaceFailedCompareAndSwapDoesNotRelease(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var state atomic.Int32
		data := 0
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			data = 1
			state.CompareAndSwap(7, 8) // state is never 7
		}()
		if state.Load() == 0 {
			_ = data
		}
		wg.Wait()
	})
}

// A flag set atomically but polled with plain reads.
func TestRaceAtomicWriterPlainPoller(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var stop int32
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.StoreInt32(&stop, 1)
		}()
		for range 3 {
			if stop == 1 {
				break
			}
		}
		wg.Wait()
	})
}

// Two goroutines each atomically bump their own counter and then read the
// other's counter with a plain read.
func TestRaceAtomicCountersPlainSum(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a, b int64
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); atomic.AddInt64(&a, 1); _ = b }()
		go func() { defer wg.Done(); atomic.AddInt64(&b, 1); _ = a }()
		wg.Wait()
	})
}

// Word views (unsafe.Pointer between pointers to one memory word): a plain
// write through a *uint32 races with an atomic through an *atomic.Int32
// view of the same word.
func TestRacePlainWriteAtomicView(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var u uint32
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			(*atomic.Int32)(unsafe.Pointer(&u)).Add(1)
		}()
		u = 2
		wg.Wait()
	})
}

// A plain read through an *int32 view of an atomic.Uint32 races with a
// Store on it.
func TestRaceViewPlainReadAtomicStore(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a atomic.Uint32
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.Store(1)
		}()
		_ = *(*int32)(unsafe.Pointer(&a))
		wg.Wait()
	})
}
