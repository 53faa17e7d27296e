// Command vt runs and model-checks Go programs in the vt interpreter.
package main

import (
	"fmt"
	"os"

	"github.com/vtcheck/vt/interp"
)

func main() {
	if len(os.Args) < 3 || os.Args[1] != "run" {
		fmt.Fprintln(os.Stderr, "usage: vt run DIR [args...]")
		os.Exit(2)
	}
	prog, err := interp.Load(interp.Config{Dir: os.Args[2]}, ".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "vt:", err)
		os.Exit(2)
	}
	mains := prog.Mains()
	if len(mains) != 1 {
		fmt.Fprintln(os.Stderr, "vt: no main package in", os.Args[2])
		os.Exit(2)
	}
	code, err := prog.RunMain(mains[0], interp.RunOptions{Stdout: os.Stdout, Stderr: os.Stderr, Args: append([]string{mains[0].Pkg.Name()}, os.Args[3:]...)})
	if err != nil {
		fmt.Fprintln(os.Stderr, "vt:", err)
		os.Exit(2)
	}
	os.Exit(code)
}
