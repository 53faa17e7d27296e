// Command deadlock ends in Go's "all goroutines are asleep" with
// goroutines blocked in a WaitGroup, a mutex and a channel send; its dump
// is compared with the natively compiled program's (traceback_test.go).
package main

import "sync"

type pool struct {
	mu      sync.Mutex
	results chan int
}

func (p *pool) work(wg *sync.WaitGroup, n int) {
	defer wg.Done()
	p.mu.Lock()
	p.results <- n // nobody receives: the lock is never released
	p.mu.Unlock()
}

func main() {
	p := &pool{results: make(chan int)}
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go p.work(&wg, i)
	}
	wg.Wait()
}
