// Command cgo uses cgo.
package main

/*
static int answer(void) { return 42; }
*/
import "C"

import "fmt"

func main() {
	fmt.Println(C.answer())
}
