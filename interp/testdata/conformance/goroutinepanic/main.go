// Program goroutinepanic checks that an uncaught panic in a non-main
// goroutine kills the whole program with exit code 2 and prints
// "panic: ..." even while main is blocked; the goroutine's deferred calls
// run first, main's do not.
package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("main deferred: must not print")
	goAhead := make(chan bool)
	block := make(chan int)
	go func() {
		defer fmt.Println("goroutine deferred runs")
		<-goAhead
		var m map[string]int
		m["crash"] = 1
	}()
	fmt.Fprintln(os.Stderr, "main releases the worker and blocks forever")
	close(goAhead)
	<-block
}
