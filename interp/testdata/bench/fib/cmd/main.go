// Command fib runs the fib benchmark; os.Args[1] is the size.
package main

import (
	"os"
	"strconv"

	"github.com/vtcheck/vt/interp/testdata/bench/fib"
)

func main() {
	n := 27
	if len(os.Args) > 1 {
		if v, err := strconv.Atoi(os.Args[1]); err == nil {
			n = v
		}
	}
	println(fib.Run(n))
}
