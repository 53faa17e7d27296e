// Command wordfreq runs the wordfreq benchmark program; os.Args[1] is the size.
package main

import (
	"os"
	"strconv"

	"github.com/vtcheck/vt/interp/testdata/bench/wordfreq"
)

func main() {
	n := 20000
	if len(os.Args) > 1 {
		if v, err := strconv.Atoi(os.Args[1]); err == nil {
			n = v
		}
	}
	println(wordfreq.Run(n))
}
