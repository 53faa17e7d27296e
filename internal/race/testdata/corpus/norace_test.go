package corpus

import (
	"sort"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vtcheck/vt/internal/race/testdata/corpus/lib"
	"github.com/vtcheck/vt/vt"
)

type point struct{ x, y int }

// Publication through an unbuffered channel.
func TestNoRaceChannelPublication(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ch := make(chan *point)
		done := make(chan bool)
		go func() {
			p := <-ch
			p.x++
			done <- true
		}()
		p := &point{x: 1}
		ch <- p
		<-done
		_ = p.x
	})
}

// The k-th receive of an unbuffered channel happens before the k-th send
// completes: the receiver's earlier write is visible to the sender.
func TestNoRaceUnbufferedReceiveBeforeSendCompletes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		ch := make(chan int)
		go func() {
			x = 1
			<-ch
		}()
		ch <- 0
		_ = x
	})
}

// Publication by an atomic flag.
func TestNoRaceAtomicFlag(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var ready atomic.Bool
		data := 0
		go func() {
			data = 42
			ready.Store(true)
		}()
		if ready.Load() {
			_ = data
		}
	})
}

// Initialization by sync.Once from two goroutines.
func TestNoRaceOnce(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var once sync.Once
		var cfg *point
		get := func() int {
			once.Do(func() { cfg = &point{x: 1} })
			return cfg.x
		}
		done := make(chan bool)
		go func() { get(); done <- true }()
		get()
		<-done
	})
}

// Results collected through a WaitGroup.
func TestNoRaceWaitGroup(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		results := make([]int, 2)
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = i * 10
			}()
		}
		wg.Wait()
		_ = results[0] + results[1]
	})
}

// A buffered channel of capacity 1 as a semaphore: receive #k happens
// before send #k+1 completes.
func TestNoRaceBufferedSemaphore(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		sem := make(chan struct{}, 1)
		n := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				n++
				<-sem
			}()
		}
		wg.Wait()
		_ = n
	})
}

// close as a broadcast to several receivers.
func TestNoRaceCloseBroadcast(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		data := 0
		done := make(chan struct{})
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-done
				_ = data
			}()
		}
		data = 7
		close(done)
		wg.Wait()
	})
}

type node struct {
	val  int
	next *node
}

// A lock-free (Treiber) stack with atomic.Pointer CompareAndSwap.
func TestNoRaceLockFreeStack(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var top atomic.Pointer[node]
		push := func(v int) {
			n := &node{val: v}
			for {
				old := top.Load()
				n.next = old
				if top.CompareAndSwap(old, n) {
					return
				}
			}
		}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); push(1) }()
		go func() { defer wg.Done(); push(2) }()
		wg.Wait()
		sum := 0
		for n := top.Load(); n != nil; n = n.next {
			sum += n.val
		}
		_ = sum
	})
}

// Goroutines writing disjoint elements of one slice.
func TestNoRaceDisjointSliceElements(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 2)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); s[0] = 1 }()
		go func() { defer wg.Done(); s[1] = 2 }()
		wg.Wait()
	})
}

// Goroutines writing different fields of one struct.
func TestNoRaceDifferentFields(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var p point
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); p.x = 1 }()
		go func() { defer wg.Done(); p.y = 2 }()
		wg.Wait()
		_ = p
	})
}

// RWMutex: a reader under RLock and a writer under Lock (RUnlock happens
// before the next Lock; Unlock before the next RLock).
func TestNoRaceRWMutexReaders(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.RWMutex
		v := 0
		done := make(chan bool)
		go func() { mu.Lock(); v++; mu.Unlock(); done <- true }()
		mu.RLock()
		_ = v
		mu.RUnlock()
		<-done
	})
}

// RWMutex: two concurrent readers of a value written before.
func TestNoRaceRWMutexConcurrentReaders(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.RWMutex
		v := 1
		done := make(chan bool)
		go func() { mu.RLock(); _ = v; mu.RUnlock(); done <- true }()
		mu.RLock()
		_ = v
		mu.RUnlock()
		<-done
	})
}

// sync.Cond: the consumer waits for the producer's signal.
func TestNoRaceCond(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		c := sync.NewCond(&mu)
		ready := false
		data := 0
		go func() {
			mu.Lock()
			data = 5
			ready = true
			c.Signal()
			mu.Unlock()
		}()
		mu.Lock()
		for !ready {
			c.Wait()
		}
		_ = data
		mu.Unlock()
	})
}

// A counter under a mutex.
func TestNoRaceMutexCounter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		n := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); mu.Lock(); n++; mu.Unlock() }()
		}
		wg.Wait()
		_ = n
	})
}

// Publication through sync.Map.
func TestNoRaceSyncMap(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var m sync.Map
		go func() {
			p := &point{x: 3}
			m.Store("p", p)
		}()
		if v, ok := m.Load("p"); ok {
			_ = v.(*point).x
		}
	})
}

// Messages through a buffered channel carry their sender's writes.
func TestNoRaceBufferedMessages(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ch := make(chan *point, 2)
		go func() {
			for i := range 2 {
				ch <- &point{x: i}
			}
		}()
		a, b := <-ch, <-ch
		_ = a.x + b.x
	})
}

// Concurrent reads of a value written before the go statements.
func TestNoRaceConcurrentReads(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		v := &point{x: 1, y: 2}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _ = v.x }()
		go func() { defer wg.Done(); _ = v.x + v.y }()
		wg.Wait()
	})
}

// A map written by package initialization and read by goroutines.
func TestNoRacePackageInit(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _ = config["workers"] }()
		go func() { defer wg.Done(); _ = config["workers"] }()
		wg.Wait()
	})
}

// The go statement orders the parent's writes before the child.
func TestNoRaceGoStatement(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 1
		done := make(chan bool)
		go func() {
			x++
			done <- true
		}()
		<-done
		x++
	})
}

// A chain of handoffs: happens-before is transitive.
func TestNoRaceHandoffChain(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		a, b, c := make(chan bool), make(chan bool), make(chan bool)
		go func() { <-a; x++; b <- true }()
		go func() { <-b; x++; c <- true }()
		x = 1
		a <- true
		<-c
		_ = x
	})
}

// select over channels publishes like a plain receive.
func TestNoRaceSelect(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x, y := 0, 0
		a, b := make(chan bool), make(chan bool)
		go func() { x = 1; a <- true }()
		go func() { y = 1; b <- true }()
		for range 2 {
			select {
			case <-a:
				_ = x
			case <-b:
				_ = y
			}
		}
	})
}

// A map guarded by a mutex.
func TestNoRaceMutexMap(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		m := map[int]int{}
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); mu.Lock(); m[i] = i; mu.Unlock() }()
		}
		wg.Wait()
		_ = len(m)
	})
}

// Atomic counters do not race.
func TestNoRaceAtomicCounter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var n int64
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); atomic.AddInt64(&n, 1) }()
		}
		wg.Wait()
		_ = atomic.LoadInt64(&n)
	})
}

// range over a channel that its producer closes.
func TestNoRaceRangeClosedChannel(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ch := make(chan int, 1)
		last := 0
		go func() {
			for i := range 2 {
				last = i
				ch <- i
			}
			close(ch)
		}()
		for range ch {
		}
		_ = last
	})
}

// A race vt.Benign declares intended is not reported. (Natively -race
// reports it: the race is intended.)
func TestNoRaceBenign(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		hits := 0
		vt.Benign(&hits)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); hits++ }()
		go func() { defer wg.Done(); hits++ }()
		wg.Wait()
	})
}

// Sorting a shared slice in two goroutines, but under a mutex: the
// standard library's accesses are checked and ordered.
func TestNoRaceLibraryUnderLock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		s := []int{3, 1, 2}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); mu.Lock(); sort.Ints(s); mu.Unlock() }()
		go func() { defer wg.Done(); mu.Lock(); s[0] = 9; mu.Unlock() }()
		wg.Wait()
	})
}

// A race inside a trusted package is not checked (vt.Trust). (Natively
// -race reports it: the race is there, vt is told not to check it.)
func TestNoRaceTrustedPackage(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		n := 0
		done := make(chan bool)
		go func() { lib.Inc(&n); done <- true }()
		lib.Inc(&n)
		<-done
	}, vt.Trust("github.com/vtcheck/vt/internal/race/testdata/corpus/lib"))
}

// A pipeline of two stages with buffered channels.
func TestNoRacePipeline(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		in, out := make(chan *point, 1), make(chan *point, 1)
		go func() {
			for p := range in {
				p.y = p.x * 2
				out <- p
			}
			close(out)
		}()
		in <- &point{x: 1}
		close(in)
		for p := range out {
			_ = p.y
		}
	})
}

// Mutex-protected lazy initialization (double-checked under the lock).
func TestNoRaceLazyInitUnderLock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		var inst *point
		get := func() *point {
			mu.Lock()
			defer mu.Unlock()
			if inst == nil {
				inst = &point{x: 1}
			}
			return inst
		}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _ = get().x }()
		go func() { defer wg.Done(); _ = get().x }()
		wg.Wait()
	})
}

// snapshotChans returns its named result while the goroutines it started
// still read it: `return chans` assigns chans to itself, which Go's
// compiler elides (no write), as in concurrent-map's snapshot.
func snapshotChans() (chans []chan int) {
	chans = make([]chan int, 3)
	var wg sync.WaitGroup
	wg.Add(len(chans))
	for i := range chans {
		go func() {
			chans[i] = make(chan int, 1)
			wg.Done()
			chans[i] <- i
			close(chans[i])
		}()
	}
	wg.Wait()
	return chans
}

// Returning a named result read by goroutines that outlive the call.
func TestNoRaceReturnNamedResult(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		for _, c := range snapshotChans() {
			for range c {
			}
		}
	})
}
