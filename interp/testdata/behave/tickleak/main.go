// Command tickleak returns from main while one goroutine ranges over a
// ticker nobody stops and another sleeps in a loop: both wait only for
// timers, which no longer fire once main has returned.
package main

import "time"

func main() {
	tk := time.NewTicker(time.Millisecond)
	go func() {
		for range tk.C { // @tick
		}
	}()
	go func() {
		for {
			time.Sleep(time.Millisecond) // @sleep
		}
	}()
	time.Sleep(10 * time.Millisecond)
}
