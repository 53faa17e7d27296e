package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/internal/explore"
	"github.com/vtcheck/vt/interp"
)

// checkCmd is vt check [flags] DIR: it model-checks main of the package in
// DIR.
func checkCmd(args []string, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("vt check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	settings := optionFlags(fs, nil)
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: vt check [flags] DIR

Model-check main of the package in DIR: run it in vt's interpreter under
many schedules and report the first data race, deadlock, leaked goroutine,
panic or runaway execution. Exit status: 0 nothing found, 1 a failure found, 2 a
usage or tool error. A failing schedule is saved under DIR/testdata/vt/main
and replayed first on later runs.

The flags set the exploration options; VT_NAME environment variables set
them too (VT_EXECS=1000), and a flag beats the environment.

Flags:
`)
		printFlags(stderr, fs)
	}
	if ok, code := parseFlags(fs, args); !ok {
		return code
	}
	out := newOutput(stdout, stderr, *jsonOut)
	defer out.recoverPanic("main", &code)
	if fs.NArg() != 1 {
		if *jsonOut {
			return out.toolError("main", fmt.Errorf("vt check: want exactly one directory argument, got %d", fs.NArg()))
		}
		fs.Usage()
		return 2
	}
	dir := fs.Arg(0)
	var note io.Writer
	if !*jsonOut {
		note = stderr
	}
	o, err := exploreOptions(settings(), note)
	if err != nil {
		return out.toolError("main", err)
	}
	prog, pkg, err := loadMain(dir)
	if err != nil {
		return out.toolError("main", err)
	}
	t := explore.Target{Prog: prog, Pkg: pkg, Test: "", Root: -1, Name: "main", Dir: dir}
	if o.Expect != "" {
		t.Dir = "" // an expected failure is not saved
	}
	res, err := explore.Explore(t, o, out.progress())
	if err != nil {
		return out.toolError("main", err)
	}
	if o.Profile != "" {
		if err := explore.WriteProfile(o.Profile, res.Profile); err != nil {
			return out.toolError("main", err)
		}
	}
	if o.Replay != "" {
		return out.replayResult(res, "main", replayLine("", dir, o))
	}
	return out.result(res, "main", "", replayLine("", dir, o), o.Expect)
}

// loadMain loads the main package in dir for the interpreter.
func loadMain(dir string) (*interp.Program, *ssa.Package, error) {
	if fi, err := os.Stat(dir); err != nil {
		return nil, nil, err
	} else if !fi.IsDir() {
		return nil, nil, fmt.Errorf("%s is not a directory", dir)
	}
	prog, err := interp.Load(interp.Config{Dir: dir, BuildFlags: []string{"-tags=" + explore.BuildTag}}, ".")
	if err != nil {
		return nil, nil, err
	}
	mains := prog.Mains()
	if len(mains) != 1 {
		return nil, nil, fmt.Errorf("%s is not a main package", dir)
	}
	return prog, mains[0], nil
}

// optionFlags defines on fs a flag -NAME for each exploration option of
// explore.OptionTable that keep accepts (nil: all). After fs is parsed, the
// returned function gives the options set, for explore.ParseOptions (which
// validates them and names the option in its errors): those of the
// environment (VT_NAME), overridden by those of the command line.
func optionFlags(fs *flag.FlagSet, keep func(*explore.OptionSpec) bool) func() map[string]string {
	flags := map[string]string{}
	explore.DefineFlags(fs, "", "", keep, flags)
	return func() map[string]string {
		settings := map[string]string{}
		explore.SetFromEnv(settings, os.LookupEnv)
		for name := range settings {
			if keep != nil && !keep(explore.LookupOption(name)) {
				delete(settings, name)
			}
		}
		for name, v := range flags {
			settings[name] = v
		}
		return settings
	}
}

// output writes the results of a command as text or JSON lines.
type output struct {
	stdout, stderr io.Writer
	json           bool
	// stream, if set, reports tool errors as go test -json events (vt
	// test -json).
	stream *testStream
}

func newOutput(stdout, stderr io.Writer, json bool) *output {
	return &output{stdout: stdout, stderr: stderr, json: json}
}

// progress is where the engine writes progress lines: stderr when it is a
// terminal, nowhere with -json or in CI logs.
func (o *output) progress() io.Writer {
	if o.json {
		return nil
	}
	return explore.Progress(o.stderr)
}

// toolError reports err (a usage or tool error, not a finding) and returns
// exit code 2.
func (o *output) toolError(name string, err error) int {
	if o.stream != nil {
		o.stream.toolError("", toolErr(err), explore.JSONError(name, toolErr(err)))
		return 2
	}
	if o.json {
		o.stdout.Write(append(explore.JSONError(name, toolErr(err)), '\n'))
		return 2
	}
	fmt.Fprintln(o.stderr, toolErr(err))
	return 2
}

// recoverPanic turns a panic of vt itself into a tool error (exit code 2)
// instead of a Go traceback; VT_TRACEBACK=1 prints the traceback too.
func (o *output) recoverPanic(name string, code *int) {
	r := recover()
	if r == nil {
		return
	}
	if os.Getenv("VT_TRACEBACK") == "1" {
		o.stderr.Write(debug.Stack())
	}
	*code = o.toolError(name, fmt.Errorf("vt: internal error: %v (set VT_TRACEBACK=1 for the traceback)", r))
}

// toolErr prefixes err's message with "vt: " unless it has it already.
func toolErr(err error) error {
	if strings.HasPrefix(err.Error(), "vt: ") {
		return err
	}
	if refused(err) {
		return fmt.Errorf("vt: refused: %w", err)
	}
	return fmt.Errorf("vt: %w", err)
}

// refused reports whether err is vt's refusal of a construct it does not
// run (an *interp.UnsupportedError): its message, after "refused: ",
// says what, at the program's own line, and why.
func refused(err error) bool {
	var ue *interp.UnsupportedError
	return errors.As(err, &ue)
}

// failed reports whether res counts as a failure: a failing verdict, or
// with expect set, a verdict other than expect.
func failed(res *explore.Result, expect string) bool {
	if expect != "" {
		return res.Verdict != expect
	}
	return res.Verdict != "ok"
}

// result prints the result of an exploration and returns its exit code.
// name names the target; pkgPath, if set, is added to the JSON object and
// to the text's result lines;
// replay is the command that replays a token.
func (o *output) result(res *explore.Result, name, pkgPath, replay, expect string) int {
	code := 0
	if failed(res, expect) {
		code = 1
	}
	if o.json {
		o.stdout.Write(append(withPackage(explore.JSON(res, name), pkgPath), '\n'))
		return code
	}
	label := name
	if pkgPath != "" {
		label = pkgPath + " " + name // vt test over several packages: name the package
	}
	switch {
	case res.Verdict == "unexplored":
		fmt.Fprintf(o.stdout, "FAIL %s: not explored: %s\n", label, res.Unexplored)
	case expect == "" && code == 0 && res.Verdict == "ok" && res.Skipped != "":
		fmt.Fprintf(o.stdout, "SKIP %s (%s; %s)\n", label, res.Skipped, summary(res))
	case expect != "" && code == 0:
		fmt.Fprintf(o.stdout, "ok  %s (verdict %s as expected; %s)\n", label, res.Verdict, summary(res))
	case code == 0:
		fmt.Fprintf(o.stdout, "ok  %s (%s)\n", label, summary(res))
		for _, w := range res.Warnings {
			fmt.Fprintf(o.stdout, "    warning (lockset): %s\n", w)
		}
		fmt.Fprint(o.stdout, explore.Notes(res))
	default:
		if expect != "" {
			fmt.Fprintf(o.stdout, "vt: %s: expected verdict %s, got %s (%s)\n", label, expect, res.Verdict, summary(res))
		}
		if res.Failure != nil {
			fmt.Fprint(o.stdout, report(res, name, replay))
		}
	}
	return code
}

// summary describes an exploration: executions, coverage, time.
func summary(res *explore.Result) string {
	execs := "executions"
	if res.Executions == 1 {
		execs = "execution"
	}
	return fmt.Sprintf("%d %s, %s, %s", res.Executions, execs, explore.Coverage(res), res.Elapsed.Round(time.Millisecond))
}

// replayMarker stands for the replay command in engine reports; report
// replaces the engine's "MARKER -vt.replay=TOKEN" (the go test form) with
// the vt replay command line.
const replayMarker = "\x00vt-replay\x00"

// report formats a failure report whose replay line is the vt replay
// command replay (which ends with a space, the token follows).
func report(res *explore.Result, name, replay string) string {
	var saved, pic string
	if f := res.Failure; f != nil && (f.SavedTo != "" || f.Picture != "") {
		// Say where the schedule is relative to the working directory
		// (the engine says it relative to the package).
		saved, pic = f.SavedTo, f.Picture
		r, sf := *res, *f
		sf.SavedTo, sf.Picture = "", ""
		r.Failure = &sf
		res = &r
	}
	s := explore.FormatReport(res, name, replayMarker)
	s = strings.ReplaceAll(s, replayMarker+" -vt.replay=", replay)
	s = strings.ReplaceAll(s, replayMarker, strings.TrimSpace(replay))
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	if saved != "" {
		s += fmt.Sprintf("saved: %s (replayed first on every run)\n", relPos(saved))
	}
	if pic != "" {
		s += fmt.Sprintf("picture: %s\n", relPos(pic))
	}
	return s
}

// replayLine returns the vt replay command line, up to the token, that
// replays an execution of test (or main, for "") of the package in dir
// explored with options o: it repeats the options that shape one execution
// (OptionSpec.OneRun) when they are not the default.
func replayLine(test, dir string, o explore.Options) string {
	args := []string{"vt", "replay"}
	if test != "" {
		args = append(args, "-test", test)
	}
	def := explore.DefaultOptions()
	for _, s := range explore.OptionTable {
		if v := s.Value(&o); s.OneRun && v != s.Value(&def) {
			args = append(args, "-"+s.Name+"="+shellQuote(v))
		}
	}
	args = append(args, shellQuote(dir))
	return strings.Join(args, " ") + " "
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withPackage adds a "package" key to a JSON object from explore.JSON.
func withPackage(obj []byte, pkgPath string) []byte {
	if pkgPath == "" || len(obj) < 2 || obj[0] != '{' {
		return obj
	}
	quoted, _ := json.Marshal(pkgPath)
	out := append([]byte(`{"package":`), quoted...)
	out = append(out, ',')
	return append(out, obj[1:]...)
}

// absDir returns dir made absolute, or dir if that fails.
func absDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}
