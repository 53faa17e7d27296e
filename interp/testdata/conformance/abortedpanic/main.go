// Command abortedpanic recovers a panic raised by a deferred call that
// had recovered an earlier panic: the earlier one was aborted and is over
// too, so a later panic is reported alone, and recover finds nothing once
// the panics are over.
package main

import "fmt"

func inner() {
	defer func() {
		p := recover()
		panic(fmt.Sprint("again: ", p))
	}()
	panic("first")
}

func nested() {
	defer func() { fmt.Println("nested recovered:", recover()) }()
	defer func() {
		defer func() { fmt.Println("innermost recovered:", recover()) }()
		panic("second")
	}()
	panic("first")
}

func main() {
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		inner()
	}()
	func() {
		defer func() { fmt.Println("nothing to recover:", recover()) }()
	}()
	nested()
	panic("third")
}
