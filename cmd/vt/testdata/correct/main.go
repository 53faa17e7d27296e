// Command correct hands a counter between two goroutines under a mutex: it
// is correct in every interleaving.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var (
		mu sync.Mutex
		n  int
	)
	done := make(chan struct{})
	go func() {
		mu.Lock()
		n++
		mu.Unlock()
		close(done)
	}()
	mu.Lock()
	n++
	mu.Unlock()
	<-done
	if n != 2 {
		panic(fmt.Sprintf("lost update: n = %d", n))
	}
	fmt.Println("n =", n)
}
