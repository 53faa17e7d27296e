// Program panicvalues checks how an uncaught panic prints values of
// non-error, non-Stringer types: a named integer type prints as
// "main.Code(42)"; before dying, recovered panics of several kinds are
// printed by the program itself with %v and %T. Exit code 2.
package main

import (
	"fmt"
	"os"
)

type Code int
type Label string

func try(v any) {
	defer func() {
		r := recover()
		fmt.Printf("recovered %v (%T)\n", r, r)
	}()
	panic(v)
}

func main() {
	try(Label("lbl"))
	try(3.5)
	try([]int{1, 2})
	try(struct{ A, B int }{1, 2})
	try(true)
	fmt.Fprintln(os.Stderr, "about to panic with a named int")
	panic(Code(42))
}
