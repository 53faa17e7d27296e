// Command picture counts hits from a producer and a counter goroutine:
// total is guarded by a mutex, but hits is not, so the counter's hits++
// races with main's hits += v. vt check draws the race with -html.
package main

import (
	"fmt"
	"sync"
)

func produce(ch chan<- int, wg *sync.WaitGroup) {
	defer wg.Done()
	ch <- 1
}

func count(mu *sync.Mutex, total, hits *int, wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Lock()
	*total++
	mu.Unlock()
	*hits++
}

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	ch := make(chan int)
	total, hits := 0, 0
	wg.Add(2)
	go produce(ch, &wg)
	go count(&mu, &total, &hits, &wg)
	mu.Lock()
	total++
	mu.Unlock()
	v := <-ch
	hits += v
	wg.Wait()
	fmt.Println(total, hits)
}
