// Command manytimers keeps many timers pending at once, most of them on
// channels nobody waits on (abandoned time.After), while goroutines wait
// on, poll, stop and reset others, and tickers run: the interpreter's
// watched timers (the earliest observable one) must agree with a scan of
// every pending timer at every scheduling point.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	results := make(chan int, 64)
	tk := time.NewTicker(3 * time.Millisecond)
	defer tk.Stop()
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			timer := time.NewTimer(time.Hour)
			defer timer.Stop()
			for i := range 20 {
				select {
				case results <- w*100 + i:
				case <-time.After(time.Duration(1+i%5) * time.Millisecond):
				case <-timer.C:
				}
				if i%3 == 0 {
					timer.Reset(time.Duration(i+1) * time.Millisecond)
				}
				if i%7 == 0 {
					select {
					case <-tk.C:
					default:
					}
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	n := 0
	for range results {
		n++
		if n%10 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	fmt.Println("received", n)
}
