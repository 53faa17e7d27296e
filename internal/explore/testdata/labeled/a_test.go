package labeled

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type pair struct{ a, b int }

func TestOK_DifferentFields(t *testing.T) {
	var p pair
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); p.a = 1 }()
	go func() { defer wg.Done(); p.b = 2 }()
	wg.Wait()
	_ = p
}

func TestRace_SameField(t *testing.T) {
	var p pair
	done := make(chan bool)
	go func() { p.a = 1; done <- true }()
	p.a = 2
	<-done
}

func TestOK_ArrayElems(t *testing.T) {
	var a [4]int
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); a[i] = i }()
	}
	wg.Wait()
}

func TestRace_AppendShared(t *testing.T) {
	base := make([]int, 1, 4)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = append(base, 1) }()
	go func() { defer wg.Done(); _ = append(base, 2) }()
	wg.Wait()
}

func TestOK_AppendNoCap(t *testing.T) {
	base := make([]int, 1, 1)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = append(base, 1) }()
	go func() { defer wg.Done(); _ = append(base, 2) }()
	wg.Wait()
}

func TestRace_MapWrite(t *testing.T) {
	m := map[int]int{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); m[1] = 1 }()
	go func() { defer wg.Done(); m[2] = 2 }()
	wg.Wait()
}

func TestOK_SyncMap(t *testing.T) {
	var m sync.Map
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); m.Store(i, i); m.Load(0) }()
	}
	wg.Wait()
}

func TestOK_AtomicValue(t *testing.T) {
	var v atomic.Value
	v.Store(1)
	done := make(chan bool)
	go func() { v.Store(2); done <- true }()
	_ = v.Load()
	<-done
}

func TestOK_ContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	res := make(chan error, 1)
	go func() {
		<-ctx.Done()
		res <- ctx.Err()
	}()
	cancel()
	if err := <-res; !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
}

func TestLeak_SendAfterTimeout(t *testing.T) {
	ch := make(chan int)
	go func() { time.Sleep(10 * time.Millisecond); ch <- 1 }()
	select {
	case <-ch:
	case <-time.After(5 * time.Millisecond):
	}
}

func TestOK_SendAfterTimeoutBuffered(t *testing.T) {
	ch := make(chan int, 1)
	go func() { time.Sleep(10 * time.Millisecond); ch <- 1 }()
	select {
	case <-ch:
	case <-time.After(5 * time.Millisecond):
	}
}

func TestPanic_CloseClosed(t *testing.T) {
	ch := make(chan int)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); close(ch) }()
	go func() { defer wg.Done(); close(ch) }()
	wg.Wait()
}

func TestRace_SendAndClose(t *testing.T) {
	ch := make(chan int, 1)
	done := make(chan bool)
	go func() { ch <- 1; done <- true }()
	close(ch)
	<-done
}

func TestDeadlock_NilChan(t *testing.T) {
	var ch chan int
	<-ch
}

func TestDeadlock_LockOrder(t *testing.T) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Lock(); b.Lock(); b.Unlock(); a.Unlock() }()
	go func() { defer wg.Done(); b.Lock(); a.Lock(); a.Unlock(); b.Unlock() }()
	wg.Wait()
}

func TestOK_RWMutex(t *testing.T) {
	var mu sync.RWMutex
	x := 0
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i == 0 {
				mu.Lock()
				x++
				mu.Unlock()
			} else {
				mu.RLock()
				_ = x
				mu.RUnlock()
			}
		}()
	}
	wg.Wait()
}

func TestRace_RLockWrite(t *testing.T) {
	var mu sync.RWMutex
	x := 0
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); mu.RLock(); x++; mu.RUnlock() }()
	go func() { defer wg.Done(); mu.RLock(); x++; mu.RUnlock() }()
	wg.Wait()
}

func TestOK_OncePanicThenOK(t *testing.T) {
	var once sync.Once
	x := 0
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); once.Do(func() { x = 1 }); _ = x }()
	}
	wg.Wait()
}

func TestRace_AtomicMixedPlain(t *testing.T) {
	var x int64
	done := make(chan bool)
	go func() { atomic.AddInt64(&x, 1); done <- true }()
	x = 5
	<-done
}

func TestOK_AtomicFlagPublish(t *testing.T) {
	var ready atomic.Bool
	data := 0
	done := make(chan bool)
	go func() {
		for !ready.Load() {
		}
		_ = data
		done <- true
	}()
	data = 42
	ready.Store(true)
	<-done
}

func TestRace_PlainFlagPublish(t *testing.T) {
	ready := false
	data := 0
	go func() {
		data = 42
		ready = true
	}()
	for !ready {
		time.Sleep(time.Millisecond)
	}
	_ = data
}

func TestOK_CondBroadcast(t *testing.T) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := false
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				c.Wait()
			}
			mu.Unlock()
		}()
	}
	mu.Lock()
	ready = true
	c.Broadcast()
	mu.Unlock()
	wg.Wait()
}

func TestDeadlock_CondSignalLost(t *testing.T) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	done := make(chan bool)
	go func() {
		mu.Lock()
		c.Wait() // no predicate: the signal may come first
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	c.Signal()
	mu.Unlock()
	<-done
}

func TestOK_TickerStop(t *testing.T) {
	tk := time.NewTicker(time.Millisecond)
	n := 0
	for range tk.C {
		n++
		if n == 3 {
			break
		}
	}
	tk.Stop()
}

func TestPanic_NegativeWG(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	wg.Done()
	wg.Done()
}

func TestRace_ClosureLoopShared(t *testing.T) {
	sum := 0
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); sum += i }()
	}
	wg.Wait()
}

func TestOK_ChanOfChan(t *testing.T) {
	reqs := make(chan chan int)
	go func() {
		for r := range reqs {
			r <- 7
		}
	}()
	r := make(chan int)
	reqs <- r
	if <-r != 7 {
		t.Fatal()
	}
	close(reqs)
}

func TestRace_StringVar(t *testing.T) {
	s := "a"
	done := make(chan bool)
	go func() { s = "bb"; done <- true }()
	_ = len(s)
	<-done
}

func TestOK_ErrgroupLike(t *testing.T) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i == 1 {
				mu.Lock()
				if first == nil {
					first = errors.New("x")
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first == nil {
		t.Fatal("no error")
	}
}

func TestFail_AssertSometimes(t *testing.T) {
	var mu sync.Mutex
	order := []int{}
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); mu.Lock(); order = append(order, i); mu.Unlock() }()
	}
	wg.Wait()
	if order[0] != 0 {
		t.Fatal("order", order)
	}
}

func TestLeak_ForgottenReceiver(t *testing.T) {
	ch := make(chan int)
	go func() { <-ch }()
}

func TestOK_SelectDefaultPoll(t *testing.T) {
	ch := make(chan int, 1)
	go func() { ch <- 1 }()
	for {
		select {
		case <-ch:
			return
		default:
			time.Sleep(time.Millisecond)
		}
	}
}

func TestPanic_UnlockUnlocked(t *testing.T) {
	var mu sync.Mutex
	mu.Unlock()
}

// Under the default clock a second is a long deadline: it fires only when
// no goroutine can run, after the goroutine that cancels the context on
// the 10ms timeout has run. (Under -clock any it may fire while that
// goroutine is still to run, a delay Go allows, and the test fails.)
func TestOK_ContextTimeoutAgainstLongerTimer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
		t.Fatal("timeout did not fire")
	}
}

// With short deadlines (100µs and 500µs), the second may fire while the
// goroutine that cancels the context on the first is still to run: a
// scheduling delay a loaded machine shows.
func TestFail_ContextTimeoutAgainstShortTimer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Microsecond)
	defer cancel()
	select {
	case <-ctx.Done():
	case <-time.After(500 * time.Microsecond):
		t.Fatal("timeout did not fire")
	}
}
