// Command nbody runs the nbody benchmark program; os.Args[1] is the size.
package main

import (
	"os"
	"strconv"

	"github.com/vtcheck/vt/interp/testdata/bench/nbody"
)

func main() {
	n := 20000
	if len(os.Args) > 1 {
		if v, err := strconv.Atoi(os.Args[1]); err == nil {
			n = v
		}
	}
	println(nbody.Run(n))
}
