// Command leak returns from main while a goroutine is blocked forever.
package main

import "fmt"

func main() {
	ch := make(chan int)
	go func() {
		ch <- 1 // @send
	}()
	fmt.Println("main done")
}
