// Command virtualtime sleeps for hours of virtual time and prints the
// durations it measured.
package main

import (
	"context"
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	time.Sleep(time.Hour)
	fmt.Println("slept", time.Since(start))

	t0 := time.Now()
	<-time.After(90 * time.Minute)
	fmt.Println("after", time.Since(t0))

	t1 := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	<-ctx.Done()
	fmt.Println("timeout", time.Since(t1), ctx.Err())
}
