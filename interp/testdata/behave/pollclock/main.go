// Command pollclock works until a deadline's channel says stop, polling it
// between steps: it ends only if time passes while it runs.
package main

import (
	"fmt"
	"time"
)

func main() {
	deadline := time.After(10 * time.Millisecond)
	start := time.Now()
	n := 0
	for {
		select {
		case <-deadline:
			fmt.Println("stopped after the deadline:", n > 0, time.Since(start) > 10*time.Millisecond)
			return
		default:
			n++
		}
	}
}
