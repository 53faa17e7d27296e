// Program uncaughtpanic checks an uncaught panic with a string value: stdout
// written before the panic is kept, deferred functions run (and print)
// before the program dies, stderr starts with "panic: boom" followed by the
// goroutine trace (stripped by the harness), and the exit code is 2.
package main

import (
	"fmt"
	"os"
)

func explode(depth int) {
	defer fmt.Println("unwinding depth", depth)
	if depth == 0 {
		panic("boom")
	}
	explode(depth - 1)
}

func main() {
	defer fmt.Println("main deferred runs during panic")
	defer func() {
		fmt.Fprintln(os.Stderr, "deferred stderr line")
	}()
	fmt.Println("before panic")
	explode(3)
	fmt.Println("unreachable")
}
