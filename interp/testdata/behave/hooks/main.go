// Command hooks has functions that the hook tests intercept.
package main

import (
	"fmt"
	"sync"
)

func compute(x int) int { return x * 2 }

func around(f func()) {
	fmt.Println("around body")
	f()
}

func stop() { fmt.Println("stop body") }

func main() {
	fmt.Println("compute:", compute(21)) // @compute
	around(func() { fmt.Println("inner") })
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("deferred in worker")
		stop()
		fmt.Println("after stop")
	}()
	wg.Wait()
	fmt.Println("end")
}
