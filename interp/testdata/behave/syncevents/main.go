// Command syncevents performs the sync/atomic, WaitGroup and iter.Pull
// operations whose events TestSyncEvents checks. The tests find the lines
// by the @markers in comments.
package main

import (
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
)

var (
	n  int32
	av atomic.Value
)

func main() {
	_ = atomic.LoadInt32(&n)             // @load
	atomic.StoreInt32(&n, 1)             // @store
	atomic.AddInt32(&n, 1)               // @add
	atomic.CompareAndSwapInt32(&n, 2, 3) // @casok
	atomic.CompareAndSwapInt32(&n, 7, 8) // @casfail
	av.Store(1)                          // @vstore
	_ = av.Load()                        // @vload

	var wg sync.WaitGroup
	wg.Add(1) // @addzero
	wg.Add(1) // @addmore
	go func() {
		wg.Done()
		wg.Done()
	}()
	wg.Wait() // @wait

	next, stop := iter.Pull(func(yield func(int) bool) { // @pull
		yield(1)
	})
	v, _ := next() // @next
	stop()         // @stop

	fmt.Println(atomic.LoadInt32(&n), av.Load(), v)
}
