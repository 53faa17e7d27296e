// Command vt runs and model-checks Go programs in the vt interpreter.
//
// Usage:
//
//	vt run [flags] DIR [args...]
//	vt check [flags] DIR
//	vt test [flags] [-run RE] DIR|PATTERN...
//	vt replay [flags] [-test TestX] DIR TOKEN|FILE
//	vt annotate [-n] [flags] DIR
//	vt merge [-json] FILE|DIR...
//
// vt run interprets the main package in DIR (which may belong to another
// module) once, like go run: the program's stdout, stderr and exit code are
// its own. Goroutines run deterministically; time is virtual, so a program
// that sleeps for an hour finishes at once.
//
// vt check model-checks main of the package in DIR: it runs it under many
// schedules and reports the first data race, deadlock, leaked goroutine,
// panic or runaway execution, with a replay token. vt test does the same
// for each existing TestXxx function of packages, with *testing.T modeled
// (a failed assertion is a finding too). vt replay reruns the one execution
// of a token with its step-by-step trace. vt annotate inserts permission
// regions into the main package in DIR where vt's sharing report finds data
// shared outside them, and checks again until the report is empty (-n
// prints the change as a diff). vt merge combines the -json outputs of the
// shards of a sharded exploration (-shard I/N, or a CI engine's variables:
// GitLab's CI_NODE_INDEX, CircleCI's, Buildkite's, Bazel's, a Kubernetes
// Indexed Job's JOB_COMPLETION_INDEX with VT_SHARDS) into one result per
// test, and reports missing or duplicated shards.
//
// vt check and vt test take every exploration option of vt.Check as a flag
// -NAME (-strategy, -execs, -steps, -preempt, -seed, -time, -replay,
// -profile, -html, -corpus, -expect, -race, -trust, -guide, -jrf,
// -transactions, -clock, -enumerate, -udploss, -short, -parallel, -shard,
// -resume); vt replay those that shape one execution (-steps, -seed, -race,
// -trust, -transactions, -clock, -udploss, -short) and -html; an
// environment variable VT_NAME sets an option too, and a flag beats it. The three take -json, and exit with 0 when nothing is
// found, 1 when a failure is found (whatever else vt could not run) and 2
// on a usage or tool error (or when vt could not run a test and found no
// failure).
// 'vt <command> -h' lists a command's flags with their defaults.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/vtcheck/vt/internal/explore"
	"github.com/vtcheck/vt/interp"
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
	softMemoryLimit(os.Getenv("GOMEMLIMIT"))
	stop := startDevProfiles(os.Stderr)
	code := vtMain(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// softMemoryLimit sets the Go collector's soft memory limit of the vt
// process to the interpreter's memory limit (interp.DefaultMaxMemory), so
// that a long exploration's garbage is collected before the process grows
// past it (GOGC alone lets the heap double over what is live), unless the
// user set one with GOMEMLIMIT (env). It returns the limit in force.
func softMemoryLimit(env string) int64 {
	if env == "" {
		debug.SetMemoryLimit(int64(interp.DefaultMaxMemory))
	}
	return debug.SetMemoryLimit(-1)
}

// A command is a subcommand of vt.
type command struct {
	name  string
	args  string // its arguments after the flags, as usage shows them
	short string // what it does, in one line
	run   func(args []string, stdout, stderr io.Writer) int
}

// commands are vt's subcommands, in the order usage lists them.
var commands = []command{
	{"run", "DIR [args...]", "interpret the main package in DIR once, like go run", runCmd},
	{"check", "DIR", "model-check main of the package in DIR", checkCmd},
	{"test", "DIR|PATTERN...", "model-check the existing tests of packages (-run RE selects)", testCmd},
	{"replay", "DIR TOKEN|FILE", "replay one execution step by step (-test TestX for a test's)", replayCmd},
	{"annotate", "DIR", "insert permission regions where data is shared outside them", annotateCmd},
	{"merge", "FILE|DIR...", "merge the -json outputs of a sharded run's shards, one result per test", mergeCmd},
}

// usage returns the main usage message: the commands and the exploration
// options.
func usage() string {
	var b strings.Builder
	b.WriteString("usage: vt <command> [flags] [arguments]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-26s %s\n", c.name+" "+c.args, c.short)
	}
	b.WriteString(`
Exploration options, flags of check and test (replay takes those marked *);
an environment variable VT_NAME sets an option too (VT_EXECS=1000), and a
flag beats it:
`)
	for _, s := range explore.OptionTable {
		mark := " "
		if s.OneRun {
			mark = "*"
		}
		def := ""
		if s.Default != "" {
			def = " (default " + s.Default + ")"
		}
		fmt.Fprintf(&b, "%s -%-18s %s%s\n", mark, s.Name+" "+s.Type, s.Doc, def)
	}
	b.WriteString(`  -json               print results as JSON (check, test, replay); vt test: go test -json's events
  -timeout duration   vt test: total wall-clock budget of all tests (each one has -time)

Run 'vt <command> -h' for all the flags of a command.
`)
	return b.String()
}

// vtMain runs the command line args and returns the exit code.
func vtMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage())
		return 0
	}
	fmt.Fprintf(stderr, "vt: unknown command %q\n\n%s", args[0], usage())
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

// printFlags prints the flags of fs like flag.PrintDefaults, with the type
// of an exploration option's value and its default.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		typ, use := flag.UnquoteUsage(f)
		showDefault := f.DefValue != "" && f.DefValue != "0" && f.DefValue != "0s" && f.DefValue != "false"
		if o, ok := f.Value.(interface{ OptionType() string }); ok {
			typ = o.OptionType()
			showDefault = f.DefValue != ""
		}
		line := "  -" + f.Name
		if typ != "" {
			line += " " + typ
		}
		line += "\n    \t" + strings.ReplaceAll(use, "\n", "\n    \t")
		if showDefault {
			line += " (default " + f.DefValue + ")"
		}
		fmt.Fprintln(w, line)
	})
}
