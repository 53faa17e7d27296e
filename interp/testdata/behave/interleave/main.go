// Command interleave prints the order in which two goroutines appended to
// a mutex-protected slice: the output depends on the schedule.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		out []string
	)
	start := make(chan struct{})
	for _, name := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := range 3 {
				mu.Lock()
				out = append(out, fmt.Sprint(name, i))
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	fmt.Println(out)
}
