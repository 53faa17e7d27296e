// Command deadlock ends with every goroutine blocked: main in a channel
// receive, the other goroutine in sync.Mutex.Lock.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	done := make(chan bool)
	mu.Lock()
	go func() {
		mu.Lock() // @lock
		done <- true
	}()
	fmt.Println("waiting")
	<-done // @recv
}
