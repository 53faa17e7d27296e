// Program osexit checks os.Exit(3): output written before (stdout and
// stderr, including via fmt and os.Stdout.Write) is kept, deferred calls do
// not run, and the exit code is 3.
package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("deferred: must not print")
	fmt.Println("line 1 to stdout")
	fmt.Fprintln(os.Stderr, "line 1 to stderr")
	os.Stdout.Write([]byte("raw write\n"))
	fmt.Print("no trailing newline")
	func() {
		defer fmt.Println("inner deferred: must not print either")
		os.Exit(3)
	}()
	fmt.Println("unreachable")
}
