package labeled

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRace_AfterFuncWrite(t *testing.T) {
	x := 0
	tm := time.AfterFunc(time.Millisecond, func() { x = 1 })
	time.Sleep(2 * time.Millisecond)
	_ = x
	tm.Stop()
}

func TestOK_AfterFuncChan(t *testing.T) {
	x := 0
	done := make(chan bool)
	time.AfterFunc(time.Millisecond, func() { x = 1; close(done) })
	<-done
	_ = x
}

func TestOK_RecoverInGoroutine(t *testing.T) {
	done := make(chan any)
	go func() {
		defer func() { done <- recover() }()
		var m map[int]int
		m[1] = 1
	}()
	if r := <-done; r == nil {
		t.Fatal("no panic")
	}
}

func TestPanic_Unrecovered(t *testing.T) {
	done := make(chan bool)
	go func() {
		var p *pair
		_ = p.a
		done <- true
	}()
	<-done
}

func TestOK_Subtests(t *testing.T) {
	x := 0
	var mu sync.Mutex
	t.Run("group", func(t *testing.T) {
		for i := range 2 {
			t.Run("p", func(t *testing.T) {
				t.Parallel()
				mu.Lock()
				x += i
				mu.Unlock()
			})
		}
	})
	if x != 1 {
		t.Fatal(x)
	}
}

func TestRace_Subtests(t *testing.T) {
	x := 0
	t.Run("group", func(t *testing.T) {
		for range 2 {
			t.Run("p", func(t *testing.T) {
				t.Parallel()
				x++
			})
		}
	})
}

func TestOK_Cleanup(t *testing.T) {
	done := make(chan bool)
	stop := make(chan bool)
	go func() { <-stop; done <- true }()
	t.Cleanup(func() { close(stop); <-done })
}

func TestOK_RangeClosed(t *testing.T) {
	ch := make(chan int, 3)
	go func() {
		for i := range 3 {
			ch <- i
		}
		close(ch)
	}()
	s := 0
	for v := range ch {
		s += v
	}
	if s != 3 {
		t.Fatal(s)
	}
}

func TestOK_CloseWakesAll(t *testing.T) {
	ch := make(chan struct{})
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); <-ch }()
	}
	close(ch)
	wg.Wait()
}

func TestRace_CopyStruct(t *testing.T) {
	type S struct {
		mu sync.Mutex
		n  int
	}
	s := &S{}
	done := make(chan bool)
	go func() { s.mu.Lock(); s.n++; s.mu.Unlock(); done <- true }()
	c := *s // copies n without the lock
	_ = c.n
	<-done
}

func TestOK_GoexitInGoroutine(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer close(done)
		runtime.Goexit()
	}()
	<-done
}

func TestFail_FatalFromGoroutine(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer close(done)
		t.Error("boom")
	}()
	<-done
}

func TestOK_AtomicCounterTyped(t *testing.T) {
	var n atomic.Int32
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); n.Add(1) }()
	}
	wg.Wait()
	if n.Load() != 3 {
		t.Fatal(n.Load())
	}
}

func TestFail_LostUpdate(t *testing.T) {
	var n atomic.Int32
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); v := n.Load(); n.Store(v + 1) }()
	}
	wg.Wait()
	if n.Load() != 2 {
		t.Fatal(n.Load())
	}
}

func TestDeadlock_SelectNoCases(t *testing.T) {
	go func() {}()
	select {}
}

func TestOK_SelectMultiReady(t *testing.T) {
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 1
	b <- 2
	got := map[int]bool{}
	for range 2 {
		select {
		case v := <-a:
			got[v] = true
		case v := <-b:
			got[v] = true
		}
	}
	if len(got) != 2 {
		t.Fatal(got)
	}
}

func TestOK_MutexSliceAppend(t *testing.T) {
	var mu sync.Mutex
	var s []int
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); mu.Lock(); s = append(s, i); mu.Unlock() }()
	}
	wg.Wait()
	if len(s) != 3 {
		t.Fatal(s)
	}
}

func TestOK_OnceValue(t *testing.T) {
	calls := 0
	f := sync.OnceValue(func() int { calls++; return 7 })
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = f() }()
	}
	wg.Wait()
	if calls != 1 {
		t.Fatal(calls)
	}
}

func TestRace_ReadLenWhileAppend(t *testing.T) {
	var s []int
	done := make(chan bool)
	go func() { s = append(s, 1); done <- true }()
	_ = len(s)
	<-done
}

func TestOK_WaitGroupGo(t *testing.T) {
	var wg sync.WaitGroup
	var n atomic.Int64
	for range 3 {
		wg.Go(func() { n.Add(1) })
	}
	wg.Wait()
	if n.Load() != 3 {
		t.Fatal()
	}
}

func TestLeak_TickerGoroutine(t *testing.T) {
	tk := time.NewTicker(time.Millisecond)
	stop := make(chan bool)
	go func() {
		for {
			select {
			case <-tk.C:
			case <-stop:
				return
			}
		}
	}()
	_ = stop
}
