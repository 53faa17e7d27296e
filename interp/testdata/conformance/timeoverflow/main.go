// Program timeoverflow sets timers and sleeps for the largest durations:
// they never fire before shorter ones (the deadline saturates instead of
// wrapping around), and the most negative ones fire at once.
package main

import (
	"fmt"
	"time"
)

func main() {
	const big = time.Duration(1<<63 - 1)
	go func() {
		time.Sleep(big)
		panic("big sleep returned")
	}()
	select {
	case <-time.After(big):
		fmt.Println("big timeout fired")
	case <-time.After(25 * time.Millisecond):
		fmt.Println("short timeout first")
	}
	t := time.NewTimer(big)
	tk := time.NewTicker(big / 2)
	select {
	case <-t.C:
		fmt.Println("big timer fired")
	case <-tk.C:
		fmt.Println("big ticker ticked")
	case <-time.After(time.Second):
		fmt.Println("one second first")
	}
	fmt.Println(t.Stop(), t.Reset(big), t.Stop())
	tk.Stop()

	const neg = time.Duration(-1 << 63)
	time.Sleep(neg)
	select {
	case <-time.After(neg):
		fmt.Println("negative timeout fired")
	case <-time.After(time.Second):
		fmt.Println("negative timeout did not fire")
	}
}
