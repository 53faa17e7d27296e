// Command vt runs Go programs in the vt interpreter.
//
// Usage:
//
//	vt run [flags] DIR [args...]
//
// vt run interprets the main package in DIR (which may belong to another
// module) once, like go run: the program's stdout, stderr and exit code are
// its own. Goroutines run deterministically; time is virtual, so a program
// that sleeps for an hour finishes at once.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(vtMain(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: vt <command> [flags] [arguments]

Commands:
  run DIR [args...]   interpret the main package in DIR once, like go run

Run 'vt <command> -h' for the flags of a command.
`

// vtMain runs the command line args and returns the exit code.
func vtMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run":
		return runCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "vt: unknown command %q\n\n%s", args[0], usage)
	return 2
}

// parseFlags parses fs and reports a usage error as exit code 2.
func parseFlags(fs *flag.FlagSet, args []string) (ok bool, code int) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return false, 0
		}
		return false, 2
	}
	return true, 0
}
