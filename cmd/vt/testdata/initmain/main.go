// Command initmain is served by a goroutine its package initialization
// starts: vt check runs that goroutine in every execution.
package main

import "fmt"

var (
	requests = make(chan int)
	replies  = make(chan int)
)

func init() {
	go func() {
		total := 0
		for n := range requests {
			total += n
			replies <- total
		}
	}()
}

func main() {
	requests <- 2
	fmt.Println(<-replies)
}
