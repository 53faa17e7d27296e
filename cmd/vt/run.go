package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/vtcheck/vt/interp"
)

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("vt run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	steps := fs.Int64("steps", 0, "stop after `N` steps (taken branches and calls); 0 means no bound")
	seed := fs.Int64("seed", 0, "seed for math/rand and other run-time choices")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: vt run [flags] DIR [args...]\n\nInterpret the main package in DIR once, like go run.\n\nFlags:\n")
		printFlags(stderr, fs)
	}
	if ok, code := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return 2
	}
	dir := fs.Arg(0)
	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
	if err != nil {
		fmt.Fprintf(stderr, "vt: %v\n", err)
		return 2
	}
	mains := prog.Mains()
	if len(mains) != 1 {
		fmt.Fprintf(stderr, "vt: %s is not a main package\n", dir)
		return 2
	}
	abs, _ := filepath.Abs(dir)
	code, err := prog.RunMain(mains[0], interp.RunOptions{
		Stdout:   stdout,
		Stderr:   stderr,
		Args:     append([]string{filepath.Base(abs)}, fs.Args()[1:]...),
		Seed:     *seed,
		MaxSteps: *steps,
	})
	if err != nil {
		fmt.Fprintf(stderr, "vt: %v\n", err)
		return 2
	}
	if code != 0 {
		fmt.Fprintf(stderr, "exit status %d\n", code)
	}
	return code
}
