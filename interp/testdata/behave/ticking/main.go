// Command ticking takes ticks from a ticker, as many as its argument says,
// while a second goroutine takes ticks from another.
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	other := time.NewTicker(3 * time.Millisecond)
	go func() {
		for range other.C {
		}
	}()
	tk := time.NewTicker(time.Millisecond)
	for range n {
		<-tk.C
	}
	fmt.Println("ticks:", n)
}
