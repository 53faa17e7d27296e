// Program deadlock checks global deadlock detection: after some output,
// main waits on a WaitGroup while the only other goroutine waits on a
// channel nobody sends to. Go prints "fatal error: all goroutines are
// asleep - deadlock!" to stderr and exits with code 2; deferred calls do
// not run.
package main

import (
	"fmt"
	"sync"
)

func main() {
	defer fmt.Println("deferred: must not print")
	ch := make(chan int)
	started := make(chan bool)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fmt.Println("worker waiting for a value")
		started <- true
		v := <-ch
		fmt.Println("never", v)
	}()
	<-started
	fmt.Println("main waiting for the worker")
	wg.Wait()
	fmt.Println("unreachable")
}
