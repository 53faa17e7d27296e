// Command sieve runs the sieve benchmark program; os.Args[1] is the size.
package main

import (
	"os"
	"strconv"

	"github.com/vtcheck/vt/interp/testdata/bench/sieve"
)

func main() {
	n := 200000
	if len(os.Args) > 1 {
		if v, err := strconv.Atoi(os.Args[1]); err == nil {
			n = v
		}
	}
	println(sieve.Run(n))
}
