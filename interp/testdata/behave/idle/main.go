// Command idle performs, one per scheduling point, operations that change
// nothing other goroutines can observe and operations that do.
package main

import (
	"runtime"
	"sync"
	"sync/atomic"
)

func main() {
	var n atomic.Int32
	var mu sync.Mutex
	closed := make(chan int)
	close(closed)
	buf := make(chan int, 1)

	runtime.Gosched()      // idle
	n.Load()               // idle
	n.CompareAndSwap(1, 2) // idle: fails
	n.CompareAndSwap(0, 1) // has an effect
	mu.Lock()              // has an effect
	mu.TryLock()           // idle: fails
	mu.Unlock()            // has an effect
	<-closed               // idle: closed
	select {               // idle: default
	case v := <-buf:
		_ = v
	default:
	}
	buf <- 1          // has an effect
	n.Store(2)        // has an effect
	runtime.Gosched() // idle
}
