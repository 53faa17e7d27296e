// Command schedops performs every kind of scheduling point once or more.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	var (
		mu sync.Mutex
		wg sync.WaitGroup
		n  int64
		c  atomic.Int32
	)
	ch := make(chan int)
	done := make(chan bool, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		v := <-ch
		mu.Lock()
		n += int64(v)
		mu.Unlock()
		atomic.AddInt64(&n, 1)
		c.Add(1)
		runtime.Gosched()
		time.Sleep(time.Millisecond)
		done <- true
	}()
	ch <- 41
	select {
	case <-done:
	case <-time.After(time.Hour):
	}
	close(ch)
	wg.Wait()
	fmt.Println(atomic.LoadInt64(&n), c.Load())
}
