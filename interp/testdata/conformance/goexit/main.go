// Program goexit checks runtime.Goexit in a goroutine (runs deferred calls,
// recover returns nil there, other goroutines continue), runtime.Gosched
// between cooperating goroutines synchronized with channels, and
// runtime.NumCPU/GOOS-free facts like NumGoroutine after all workers end.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	res := make(chan string, 3)
	go func() {
		defer wg.Done()
		defer func() {
			res <- fmt.Sprint("deferred in goexit goroutine, recover=", recover())
		}()
		res <- "before Goexit"
		runtime.Goexit()
		res <- "unreachable"
	}()
	wg.Wait()
	close(res)
	for s := range res {
		fmt.Println(s)
	}

	// ping-pong with Gosched and channels
	turn := make(chan int)
	done := make(chan bool)
	go func() {
		for i := range 3 {
			v := <-turn
			runtime.Gosched()
			fmt.Println("pong", i, v)
			turn <- v + 1
		}
		done <- true
	}()
	v := 0
	for i := range 3 {
		fmt.Println("ping", i, v)
		turn <- v
		v = <-turn
	}
	<-done
	fmt.Println("final", v)

	// all helper goroutines finished: only main remains
	for runtime.NumGoroutine() > 1 {
		runtime.Gosched()
	}
	fmt.Println("goroutines:", runtime.NumGoroutine())
}
