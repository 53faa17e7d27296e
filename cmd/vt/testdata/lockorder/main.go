// Command lockorder has a lock-order inversion: two goroutines take the same
// two mutexes in opposite orders, which deadlocks in some interleavings.
package main

import (
	"fmt"
	"sync"
)

var (
	accounts sync.Mutex
	audit    sync.Mutex
)

func transfer(wg *sync.WaitGroup) {
	defer wg.Done()
	accounts.Lock()
	audit.Lock()
	audit.Unlock()
	accounts.Unlock()
}

func report(wg *sync.WaitGroup) {
	defer wg.Done()
	audit.Lock()
	accounts.Lock()
	accounts.Unlock()
	audit.Unlock()
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go transfer(&wg)
	go report(&wg)
	wg.Wait()
	fmt.Println("done")
}
