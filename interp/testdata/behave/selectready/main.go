// Command selectready runs a select with two ready cases and prints which
// one it took.
package main

import "fmt"

func main() {
	a := make(chan string, 1)
	b := make(chan string, 1)
	a <- "a"
	b <- "b"
	select {
	case v := <-a:
		fmt.Println("took", v)
	case v := <-b:
		fmt.Println("took", v)
	}
}
