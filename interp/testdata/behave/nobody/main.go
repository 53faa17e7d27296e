// Command nobody calls a function that has no Go body.
package main

import (
	"fmt"
	_ "unsafe"
)

//go:linkname nanotime runtime.nanotime
func nanotime() int64

func main() {
	fmt.Println("before")
	fmt.Println(nanotime()) // @call
}
