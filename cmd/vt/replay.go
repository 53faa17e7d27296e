package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/vtcheck/vt/internal/explore"
)

// replayCmd is vt replay [flags] DIR TOKEN|FILE: it runs exactly one
// execution, of main or of a test, and prints its step-by-step trace.
func replayCmd(args []string, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("vt replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	test := fs.String("test", "", "replay an execution of test `TestX` (default: of main, or the test a schedule file was saved for)")
	// The options that shape one execution, and -html to draw it.
	settings := optionFlags(fs, func(s *explore.OptionSpec) bool { return s.OneRun || s.Name == "html" })
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: vt replay [flags] [-html out.html] DIR TOKEN|FILE

Replay one execution of main of the package in DIR, or with -test of one of
its tests, from a replay token (vt1:HASH:CHOICES, printed by vt check and
vt test) or a schedule file saved under DIR/testdata/vt/NAME/. Prints the
failure, if any, and the step-by-step trace of the execution. Exit status:
0 the execution passes, 1 it fails, 2 a usage or tool error (a malformed
token, or a stale one recorded for a program that has since changed).

With -html FILE, the execution is also drawn as an HTML page: a lane per
goroutine, a row per step, happens-before arrows, the failure highlighted.

The other flags are the options that shape one execution: give them as in the run
that printed the token (its replay command line repeats those that were not
the default). VT_NAME environment variables set them too; a flag beats the
environment.

Flags:
`)
		printFlags(stderr, fs)
	}
	if ok, code := parseFlags(fs, args); !ok {
		return code
	}
	out := newOutput(stdout, stderr, *jsonOut)
	name := *test
	defer func() { out.recoverPanic(nameOrMain(name), &code) }()
	if fs.NArg() != 2 {
		if *jsonOut {
			return out.toolError(nameOrMain(name), fmt.Errorf("vt replay: want a directory and a token or file, got %d arguments", fs.NArg()))
		}
		fs.Usage()
		return 2
	}
	dir, tok := fs.Arg(0), fs.Arg(1)
	if name == "" {
		name = savedFor(tok)
	}
	if name == "main" {
		name = ""
	}
	set := settings()
	set["replay"] = tok
	o, err := explore.ParseOptions(set)
	if err != nil {
		return out.toolError(nameOrMain(name), err)
	}
	// Check the token before loading the program: a malformed token is
	// refused at once.
	if _, err := os.Stat(tok); err != nil && !strings.Contains(tok, ":") {
		return out.toolError(nameOrMain(name), fmt.Errorf("vt replay: %q is neither a replay token (vt1:HASH:CHOICES) nor a schedule file", tok))
	}
	if _, err := explore.ReadToken(tok); err != nil {
		return out.toolError(nameOrMain(name), err)
	}
	var t explore.Target
	var pkgPath string
	if name == "" {
		prog, pkg, err := loadMain(dir)
		if err != nil {
			return out.toolError("main", err)
		}
		t = explore.Target{Prog: prog, Pkg: pkg, Root: -1, Name: "main", Dir: dir}
	} else {
		tests, err := findTests([]string{dir}, nil)
		if err != nil {
			return out.toolError(name, err)
		}
		for _, tc := range tests {
			if tc.name == name {
				t = explore.Target{Prog: tc.prog, Pkg: tc.pkg, Test: name, Root: -1, Name: name, Dir: tc.dir}
				pkgPath = tc.pkg.Pkg.Path()
				break
			}
		}
		if t.Prog == nil {
			return out.toolError(name, fmt.Errorf("vt replay: no test %s in %s", name, dir))
		}
	}
	res, err := explore.Explore(t, o, nil)
	if err != nil {
		return out.toolError(t.Name, err)
	}
	if f := res.Failure; f != nil && f.Picture != "" && !*jsonOut {
		defer fmt.Fprintf(out.stdout, "\npicture: %s\n", f.Picture)
	}
	if *jsonOut {
		out.stdout.Write(append(withPackage(explore.JSON(res, t.Name), pkgPath), '\n'))
		if res.Verdict != "ok" {
			return 1
		}
		return 0
	}
	return out.replayResult(res, t.Name, replayLine(t.Test, dir, o))
}

func nameOrMain(name string) string {
	if name == "" {
		return "main"
	}
	return name
}

// savedFor returns the name of the test (or "main") whose schedule file
// tok is, from its path DIR/testdata/vt/NAME/FILE; "" if tok is not such a
// file.
func savedFor(tok string) string {
	if fi, err := os.Stat(tok); err != nil || fi.IsDir() {
		return ""
	}
	p := filepath.ToSlash(absDir(tok))
	i := strings.LastIndex(p, "/testdata/vt/")
	if i < 0 {
		return ""
	}
	rest := p[i+len("/testdata/vt/"):]
	j := strings.LastIndex(rest, "/")
	if j <= 0 {
		return ""
	}
	return rest[:j]
}

// replayResult prints the result of replaying one execution (a failure
// report, or that it passed, and the whole trace) and returns the exit
// code: 1 if the execution failed.
func (o *output) replayResult(res *explore.Result, name, replay string) int {
	if o.json {
		o.stdout.Write(append(explore.JSON(res, name), '\n'))
		if res.Verdict != "ok" {
			return 1
		}
		return 0
	}
	f := res.Failure
	var trace []explore.Step
	if f != nil {
		trace = f.Schedule
	}
	code := 0
	if res.Verdict != "ok" && f != nil {
		// The report without its schedule (shortened to its end), which
		// follows in full.
		short := *res
		sf := *f
		sf.Schedule = nil
		short.Failure = &sf
		fmt.Fprint(o.stdout, report(&short, name, replay))
		code = 1
	} else {
		fmt.Fprintf(o.stdout, "vt: %s: the replayed execution passes (%d steps)\n", name, res.Steps)
	}
	fmt.Fprintf(o.stdout, "\ntrace (%d scheduling steps):\n", len(trace))
	for i, s := range trace {
		fmt.Fprintf(o.stdout, "    %4d  goroutine %-3d %-24s %s\n", i+1, s.G, s.Op, relPos(s.Pos))
	}
	return code
}

// relPos returns pos ("file:line:col") with the file relative to the
// working directory when it is below it.
func relPos(pos string) string {
	if pos == "" || pos == "-" {
		return ""
	}
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(pos) {
		return pos
	}
	if rel, err := filepath.Rel(wd, pos); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return pos
}
