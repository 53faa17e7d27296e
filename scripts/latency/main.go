// Command latency measures how long work that takes microseconds on an idle
// core can take on a loaded machine, the grounds of the clock option's
// default (docs/semantics.md, "Why 1 ms"). Usage: go run ./scripts/latency N H
// (N trials, H goroutines spinning alongside). Each trial starts a goroutine
// that sums 1000 numbers and signals; the caller measures start to signal,
// and the program prints the quantiles.
package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"time"
)

var sink int

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: latency N H")
		os.Exit(2)
	}
	n, err1 := strconv.Atoi(os.Args[1])
	hogs, err2 := strconv.Atoi(os.Args[2])
	if err1 != nil || err2 != nil || n < 1 || hogs < 0 {
		fmt.Fprintln(os.Stderr, "latency: N ≥ 1 and H ≥ 0 are integers")
		os.Exit(2)
	}
	for range hogs {
		go func() {
			x := 0
			for {
				x++
				if x%1e7 == 0 {
					runtime.Gosched()
				}
			}
		}()
	}
	var garbage [][]byte
	lat := make([]time.Duration, 0, n)
	for i := range n {
		start := time.Now()
		done := make(chan int)
		go func() {
			s := 0
			for j := range 1000 {
				s += j
			}
			done <- s
		}()
		sink += <-done
		lat = append(lat, time.Since(start))
		garbage = append(garbage, make([]byte, 4096)) // keep the GC busy
		if i%1000 == 0 {
			garbage = nil
		}
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))] }
	fmt.Printf("hogs=%d n=%d p50=%v p99=%v p99.9=%v p99.99=%v max=%v\n", hogs, n, q(.5), q(.99), q(.999), q(.9999), lat[len(lat)-1])
}
