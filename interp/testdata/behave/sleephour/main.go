// Command sleephour sleeps for an hour.
package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	time.Sleep(time.Hour)
	fmt.Println("slept", time.Since(start))
}
