// Command noasm calls a function that, as in github.com/golang/snappy and
// klauspost/compress, has an assembly version unless the build tag noasm
// selects its Go one: the interpreter loads with noasm and runs the Go one.
package main

import "fmt"

func main() {
	fmt.Println(sum([]byte{1, 2, 3, 250}))
}
