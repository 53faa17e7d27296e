// Command fib runs the fib benchmark program; os.Args[1] is the size.
package main

import (
	"os"
	"strconv"

	"github.com/vtcheck/vt/interp/testdata/bench/fib"
)

func main() {
	n := 30
	if len(os.Args) > 1 {
		if v, err := strconv.Atoi(os.Args[1]); err == nil {
			n = v
		}
	}
	println(fib.Run(n))
}
