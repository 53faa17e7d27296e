// Program nestedpanic checks the message of nested uncaught panics: a panic
// raised by a deferred function while another panic is in flight. Go prints
// both, "panic: first" then a tab-indented "panic: second" (the earlier one
// marked "[recovered]" when it was recovered before re-panicking). Exit 2.
package main

import (
	"errors"
	"fmt"
)

func main() {
	defer func() {
		panic(errors.New("second (from deferred func)"))
	}()
	defer func() {
		r := recover()
		fmt.Println("recovered", r, "and panicking again")
		panic(fmt.Sprint("re-panic of ", r))
	}()
	fmt.Println("start")
	panic("first")
}
