// Program panicstringer checks an uncaught panic whose value implements
// fmt.Stringer (but not error): Go prints "panic: " plus the String()
// result; a wrapped fmt.Errorf value is re-panicked from a deferred
// recover first, so the output also shows the re-panic path. Exit code 2.
package main

import "fmt"

type State struct {
	Name string
	Code int
}

func (s State) String() string { return fmt.Sprintf("State<%s:%d>", s.Name, s.Code) }

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
		panic(State{"broken", 7})
	}()
	fmt.Println("starting")
	panic(fmt.Errorf("first failure: %w", fmt.Errorf("root cause")))
}
