// Command determinism prints things that vary from run to run in native Go:
// map iteration order, select choices among ready channels, math/rand
// without a seed, the order in which goroutines run, and time.Now.
package main

import (
	"fmt"
	"math/rand"
	"runtime"
	"sync"
	"time"
)

func main() {
	m := map[int]string{}
	for i := range 50 {
		m[i] = fmt.Sprint("v", i)
	}
	for k, v := range m {
		fmt.Print(k, "=", v, " ")
	}
	fmt.Println()

	a, b, c := make(chan int, 10), make(chan int, 10), make(chan int, 10)
	for i := range 10 {
		a <- i
		b <- i
		c <- i
	}
	for range 10 {
		select {
		case <-a:
			fmt.Print("a")
		case <-b:
			fmt.Print("b")
		case <-c:
			fmt.Print("c")
		}
	}
	fmt.Println()

	fmt.Println("rand:", rand.Intn(1000000), rand.Intn(1000000), rand.Float64())

	var (
		mu    sync.Mutex
		order []int
		wg    sync.WaitGroup
	)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				mu.Lock()
				order = append(order, i)
				mu.Unlock()
				runtime.Gosched()
			}
		}()
	}
	wg.Wait()
	fmt.Println("order:", order)

	fmt.Println("now:", time.Now().UnixNano())
}
