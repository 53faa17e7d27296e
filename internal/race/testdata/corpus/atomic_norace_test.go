package corpus

import (
	"context"
	"iter"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/vtcheck/vt/vt"
)

// Atomics only: every kind of atomic operation on one word from two
// goroutines never races.
func TestNoRaceAtomicsOnly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var w int64
		var u uint32
		done := make(chan bool)
		go func() {
			atomic.AddInt64(&w, 2)
			atomic.OrUint32(&u, 1)
			atomic.CompareAndSwapInt64(&w, 2, 5)
			done <- true
		}()
		atomic.AndUint32(&u, 3)
		atomic.SwapInt64(&w, atomic.LoadInt64(&w)+1)
		atomic.StoreUint32(&u, 4)
		<-done
	})
}

// Typed atomics only (Int64, Uint32, Bool, Pointer, Value).
func TestNoRaceTypedAtomicsOnly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var n atomic.Int64
		var u atomic.Uint32
		var b atomic.Bool
		var p atomic.Pointer[int]
		var v atomic.Value
		done := make(chan bool)
		go func() {
			i := 1
			n.Add(1)
			p.Store(&i)
			v.Store(i)
			done <- true
		}()
		u.CompareAndSwap(0, 1)
		b.Store(n.Load() == 1)
		_, _ = p.Load(), v.Load()
		<-done
	})
}

// A plain write, then an atomic store: a load that observes the store is
// synchronized after it, and so after the write.
func TestNoRaceAtomicStorePublishes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var ready atomic.Int32
		data := 0
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			data = 42
			ready.Store(1)
		}()
		if ready.Load() == 1 {
			_ = data
		}
		wg.Wait()
	})
}

// Read-modify-writes chain: the load that observes the second Add is
// synchronized after the first.
func TestNoRaceAtomicRMWChain(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var n atomic.Int32
		data := 0
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); data = 1; n.Add(1) }()
		go func() { defer wg.Done(); n.Add(1) }()
		if n.Load() == 2 {
			_ = data
		}
		wg.Wait()
	})
}

// A successful CompareAndSwap observes the store before it: what the
// storer wrote is visible to whoever observes the swap.
func TestNoRaceCompareAndSwapChain(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var state atomic.Int32
		a, b := 0, 0
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); a = 1; state.Store(1) }()
		go func() {
			defer wg.Done()
			if state.Load() == 1 {
				b = a
				state.CompareAndSwap(1, 2)
			}
		}()
		if state.Load() == 2 {
			_, _ = a, b
		}
		wg.Wait()
	})
}

// The word itself is written plainly before the goroutines exist and read
// plainly after they are waited for: only atomics in between.
func TestNoRacePlainAroundAtomics(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var n int64 = 10
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); atomic.AddInt64(&n, 1) }()
		}
		wg.Wait()
		n++
		_ = n
	})
}

// A try-lock made of CompareAndSwap protects plain data.
func TestNoRaceTryLock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var lock atomic.Int32
		count := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if lock.CompareAndSwap(0, 1) {
					count++
					lock.Store(0)
				}
			}()
		}
		wg.Wait()
		_ = count
	})
}

type atomicConfig struct {
	name  string
	limit int
}

// A configuration replaced whole through atomic.Value and atomic.Pointer.
func TestNoRaceAtomicValueConfig(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var v atomic.Value
		var p atomic.Pointer[atomicConfig]
		v.Store(&atomicConfig{name: "a", limit: 1})
		p.Store(&atomicConfig{name: "a", limit: 1})
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			c := &atomicConfig{name: "b", limit: 2}
			v.Store(c)
			p.Store(c)
		}()
		go func() {
			defer wg.Done()
			c := v.Load().(*atomicConfig)
			_, _ = c.name, c.limit
			d := p.Load()
			_, _ = d.name, d.limit
		}()
		wg.Wait()
	})
}

// sync.Pool: each goroutine uses the buffer it got, then puts it back.
func TestNoRaceSyncPool(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		pool := sync.Pool{New: func() any { return new([]byte) }}
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b := pool.Get().(*[]byte)
				*b = append((*b)[:0], byte(i))
				pool.Put(b)
			}()
		}
		wg.Wait()
	})
}

// sync.Map: a value written before Store is read after the Load that
// observes it, and through Range.
func TestNoRaceSyncMapPublication(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var m sync.Map
		done := make(chan bool)
		go func() {
			c := &atomicConfig{name: "x", limit: 3}
			m.Store("x", c)
			done <- true
		}()
		if v, ok := m.Load("x"); ok {
			_ = v.(*atomicConfig).limit
		}
		m.Range(func(k, v any) bool { _ = v.(*atomicConfig).name; return true })
		<-done
	})
}

// context: cancellation seen by another goroutine, through Done and Err.
func TestNoRaceContextCancel(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan bool)
		go func() {
			<-ctx.Done()
			_ = ctx.Err()
			done <- true
		}()
		cancel()
		<-done
	})
}

// context.AfterFunc runs its function after cancellation, in a goroutine of
// its own: what the canceller wrote before cancel is visible there.
func TestNoRaceContextAfterFunc(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ctx, cancel := context.WithCancel(context.Background())
		data := 0
		done := make(chan int)
		context.AfterFunc(ctx, func() { done <- data })
		data = 7
		cancel()
		<-done
	})
}

// iter.Pull: the coroutine writes what the caller reads between switches.
func TestNoRaceIterPull(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		shared := 0
		seq := func(yield func(int) bool) {
			for i := range 3 {
				shared = i * 10
				if !yield(i) {
					return
				}
				_ = shared
			}
		}
		next, stop := iter.Pull(seq)
		defer stop()
		for {
			v, ok := next()
			if !ok {
				break
			}
			shared = v + shared
		}
	})
}

// iter.Pull stopped early, from another goroutine than the one that
// created it, with a channel in between.
func TestNoRaceIterPullHandoff(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		log := []int{}
		next, stop := iter.Pull(func(yield func(int) bool) {
			for i := 0; ; i++ {
				log = append(log, i)
				if !yield(i) {
					log = append(log, -1)
					return
				}
			}
		})
		next()
		done := make(chan bool)
		go func() {
			next()
			stop()
			done <- true
		}()
		<-done
		_ = len(log)
	})
}

// Word views: atomics through a *uint32 and through *atomic.Int32 and
// *atomic.Uint32 views of it are atomics on one word: no race, and the
// word is one synchronization object (the plain write before the Store is
// seen after the Load that observes it).
func TestNoRaceAtomicsThroughViews(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var u uint32
		var data int
		done := make(chan bool)
		go func() {
			data = 1
			(*atomic.Int32)(unsafe.Pointer(&u)).Store(1)
			atomic.AddUint32(&u, 1)
			done <- true
		}()
		if (*atomic.Uint32)(unsafe.Pointer(&u)).Load() == 2 {
			_ = data
		}
		atomic.CompareAndSwapInt32((*int32)(unsafe.Pointer(&u)), 2, 3)
		<-done
	})
}
