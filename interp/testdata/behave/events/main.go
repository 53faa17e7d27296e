// Command events performs operations whose events the observer tests check.
// The tests find the lines by the @markers in comments.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type pair struct{ X, Y int }

var (
	p        pair
	v        int
	mu1, mu2 sync.Mutex
	counter  int64
)

func main() {
	done := make(chan bool)
	go func() { // @go
		done <- true // @gosend
	}()
	<-done // @blockrecv

	ch := make(chan int, 3)
	for i := range 3 {
		ch <- i // @send
	}
	for range 3 {
		<-ch // @recv
	}

	mu1.Lock()   // @lock1
	mu1.Unlock() // @unlock1
	mu1.Lock()   // @lock1b
	mu1.Unlock() // @unlock1b
	mu2.Lock()   // @lock2
	mu2.Unlock() // @unlock2

	p.X = 1 // @fieldX
	p.Y = 2 // @fieldY

	s := make([]int, 2)
	s[0] = 1 // @elem0
	s[1] = 2 // @elem1

	a := v // @readv1
	b := v // @readv2

	atomic.AddInt64(&counter, 1) // @atomic

	fmt.Println(p, s, a, b, counter)
}
