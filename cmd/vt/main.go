// Command vt runs Go programs in the vt interpreter.
//
// Usage:
//
//	vt run [flags] DIR [args...]
//	vt check [flags] DIR
//	vt test [flags] [-run RE] DIR|PATTERN...
//	vt replay [flags] [-test TestX] DIR TOKEN|FILE
//
// vt run interprets the main package in DIR (which may belong to another
// module) once, like go run: the program's stdout, stderr and exit code are
// its own. Goroutines run deterministically; time is virtual, so a program
// that sleeps for an hour finishes at once.
//
// vt check model-checks main of the package in DIR: it runs it under many
// schedules and reports the first deadlock, leaked goroutine, panic or
// runaway execution, with a replay token. vt test does the same for each
// existing TestXxx function of packages, with *testing.T modeled (a failed
// assertion is a finding too). vt replay reruns the one execution of a
// token with its step-by-step trace. The three take the exploration options
// as flags (-strategy, -execs, -steps, -preempt, -seed, -time, -replay,
// -expect) and -json, and exit with 0 when nothing is found, 1 when a
// failure is found and 2 on a usage or tool error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/vtcheck/vt/internal/explore"
)

func main() {
	// Ctrl-C stops an exploration after its current execution; the
	// report (and any failing schedule, saved when found) still comes out.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		<-sig
		explore.Interrupt()
		signal.Stop(sig)
	}()
	os.Exit(vtMain(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: vt <command> [flags] [arguments]

Commands:
  run DIR [args...]          interpret the main package in DIR once, like go run
  check DIR                  model-check main of the package in DIR
  test DIR|PATTERN...        model-check the existing tests of packages
  replay DIR TOKEN|FILE      replay one execution (-test TestX for a test's)

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
	case "check":
		return checkCmd(args[1:], stdout, stderr)
	case "test":
		return testCmd(args[1:], stdout, stderr)
	case "replay":
		return replayCmd(args[1:], stdout, stderr)
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
