package main

import (
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/pprof/profile"
	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/internal/explore"
	"github.com/vtcheck/vt/interp"
)

// testCmd is vt test [flags] [-run RE] DIR|PATTERN...: it model-checks the
// existing tests of packages, each test function being the explored body.
func testCmd(args []string, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("vt test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	settings := optionFlags(fs, nil)
	run := fs.String("run", "", "model-check only the tests whose name matches `regexp` (default: all)")
	jsonOut := fs.Bool("json", false, "print go test -json's event stream (test2json), vt's result in extra fields of each test's last event")
	verbose := fs.Bool("v", false, "print each test as go test -v does: === RUN, vt's result, --- PASS/FAIL/SKIP, and each package's ok/FAIL line")
	failfast := fs.Bool("failfast", false, "do not model-check further tests after the first that fails")
	skip := fs.String("skip", "", "do not model-check the tests whose name matches `regexp`")
	list := fs.String("list", "", "list the tests whose name matches `regexp`, one per line, and exit (no exploration)")
	count := fs.Int("count", 1, "as go test's -count, but only 1: every test is explored each run (vt caches no result)")
	timeout := fs.Duration("timeout", 0, "total wall-clock budget of all tests, e.g. 10m: tests left when it is spent are not explored (0: none; -time bounds each test)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: vt test [flags] [-run RE] DIR|PATTERN...

Model-check the existing tests of the packages in DIR (a directory) or
matched by PATTERN (a go package pattern such as ./...): each selected
TestXxx function runs in vt's interpreter under many schedules, with
*testing.T modeled, and the first data race, deadlock, leaked goroutine,
panic, failed assertion or runaway execution is reported. Exit status: 0
nothing found, 1 a failure found (whatever else vt could not run), 2 a
usage or tool error, or a test vt could not run (refused) and no
failure. A package whose initialization vt cannot run is reported once,
for all its tests. Failing
schedules are saved under the package's testdata/vt/TestXxx and replayed
first on later runs.

With -json, the output is go test -json's event stream, which IDEs, CI
reporters and gotestsum read: gotestsum --raw-command -- vt test -json ./...
-v prints each test as go test -v does. go test's -run, -skip, -list,
-failfast, -json, -timeout and -v work as there, before or after the
packages (-test.v is -v), and -short makes testing.Short() report true;
go test flags with no meaning here (-count, -cpu, -bench, -cover, ...)
are refused, saying why.

The flags set the exploration options; VT_NAME environment variables set
them too (VT_EXECS=1000), and a flag beats the environment. -time bounds
each test's exploration, -timeout the whole run.

Flags:
`)
		printFlags(stderr, fs)
	}
	args, err := goTestFlags(fs, args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if ok, code := parseFlags(fs, args); !ok {
		return code
	}
	out := newOutput(stdout, stderr, *jsonOut)
	if *jsonOut {
		out = &output{stdout: stdout, stderr: stderr, json: true, stream: &testStream{w: stdout, now: time.Now}}
	}
	defer out.recoverPanic("summary", &code)
	if fs.NArg() == 0 {
		if *jsonOut {
			return out.toolError("summary", errors.New("vt test: want a directory or package pattern"))
		}
		fs.Usage()
		return 2
	}
	var note io.Writer
	if !*jsonOut {
		note = stderr
	}
	o, err := exploreOptions(settings(), note)
	if err != nil {
		return out.toolError("summary", err)
	}
	if *count != 1 {
		return out.toolError("summary", fmt.Errorf("vt test: -count=%d: vt explores each test once per run (its exploration, not repetition, covers the schedules; it caches no result): drop -count, or raise -time or -execs", *count))
	}
	var runRE, skipRE *regexp.Regexp
	if *skip != "" {
		if skipRE, err = regexp.Compile(*skip); err != nil {
			return out.toolError("summary", fmt.Errorf("vt test: bad -skip pattern: %w", err))
		}
	}
	if *list != "" {
		*run = *list
	}
	if *run != "" {
		if strings.Contains(*run, "/") {
			return out.toolError("summary", fmt.Errorf("vt test: -run %q: subtest patterns are not supported; vt test selects top-level tests, each explored with all its subtests", *run))
		}
		if runRE, err = regexp.Compile(*run); err != nil {
			return out.toolError("summary", fmt.Errorf("vt test: bad -run pattern: %w", err))
		}
	}
	tests, err := findTests(fs.Args(), runRE)
	if err != nil {
		return out.toolError("summary", err)
	}
	if skipRE != nil {
		tests = slices.DeleteFunc(tests, func(tc testCase) bool { return skipRE.MatchString(tc.name) })
	}
	if *list != "" {
		listTests(stdout, tests)
		return 0
	}
	// streamed: each test is reported as go test reports it, as events
	// (-json) or as their text (-v).
	streamed := *jsonOut || *verbose
	if o.Replay != "" && len(tests) != 1 {
		return out.toolError("summary", fmt.Errorf("vt test: -replay replays one test, but %d tests are selected: select one with -run (or use vt replay -test TestX DIR TOKEN)", len(tests)))
	}
	if len(tests) == 0 && !*jsonOut {
		fmt.Fprintln(stderr, "vt: no tests to run")
	}
	start := time.Now()
	var deadline time.Time
	if *timeout > 0 {
		deadline = start.Add(*timeout)
	}
	stream := &testStream{w: stdout, now: time.Now, text: !*jsonOut}
	total := &explore.Result{Verdict: "ok", Exhaustive: true}
	var passed, failures, unsupported, notRun, skipped, unexplored int
	var profiles []*profile.Profile
	initRefused := map[string]bool{} // packages whose initialization failed, reported once
	mainNoted := map[string]bool{}   // packages whose TestMain was said not to run
	refusals := refusalsSeen{}
	for i, tc := range tests {
		if *failfast && failures > 0 {
			notRun++ // as go test -failfast, the tests after a failure do not run
			continue
		}
		t := explore.Target{Prog: tc.prog, Pkg: tc.pkg, Test: tc.name, Root: -1, Name: tc.name, Dir: tc.dir}
		if o.Expect != "" || inGoroot(tc.dir) {
			// An expected failure is not saved, nor one of a package of
			// the Go distribution (its tests are run as a measure:
			// schedules are not written into GOROOT, nor replayed).
			t.Dir = ""
		}
		pkgPath := strings.TrimSuffix(tc.pkg.Pkg.Path(), "_test")
		if initRefused[pkgPath] {
			// Counted; reported with the package's first test.
			unsupported++
			continue
		}
		to := o
		if !deadline.IsZero() {
			left := time.Until(deadline)
			if left <= 0 {
				// The total budget is spent: the remaining tests are not
				// explored, and say so.
				notRun++
				total.Exhaustive = false
				stream.startPackage(pkgPath)
				stream.fail = true // as go test fails a package that ran out of time
				msg := fmt.Sprintf("not explored: the total budget -timeout %s is spent", *timeout)
				if streamed {
					stream.test(pkgPath, tc.name, "skip", msg, 0, explore.JSON(&explore.Result{Verdict: "ok", Budget: "timeout"}, tc.name))
				} else {
					fmt.Fprintf(stdout, "SKIP %s %s (%s)\n", pkgPath, tc.name, msg)
				}
				continue
			}
			to.Time = min(to.Time, left)
		}
		if streamed {
			stream.startPackage(pkgPath) // the package's time starts with its first test
		}
		if tc.testMain != "" && !mainNoted[pkgPath] {
			// Said once per package, before its first result: a test
			// that needs TestMain's set-up fails under vt.
			mainNoted[pkgPath] = true
			note := fmt.Sprintf("note: %s: TestMain (%s) is not run: vt test explores each test without its set-up and tear-down\n", pkgPath, tc.testMain)
			if streamed {
				stream.packageOutput(pkgPath, note)
			} else {
				fmt.Fprint(stderr, note)
			}
		}
		testStart := time.Now()
		res, err := explore.Explore(t, to, out.progress())
		var initErr *explore.InitError
		if errors.As(err, &initErr) {
			unsupported++
			total.Verdict = explore.Worst(total.Verdict, "error")
			total.Exhaustive = false
			initRefused[pkgPath] = true
			reportInitError(out, streamed, stream, pkgPath, testsOf(tests[i:], pkgPath), initErr)
			continue
		}
		if err != nil {
			unsupported++
			total.Verdict = explore.Worst(total.Verdict, "error")
			total.Exhaustive = false
			msg := strings.TrimPrefix(toolErr(err).Error(), "vt: ")
			msg = refusals.once(pkgPath, msg)
			if streamed {
				stream.test(pkgPath, tc.name, "skip", "vt: "+msg, time.Since(testStart), explore.JSONError(tc.name, toolErr(err)))
			} else {
				fmt.Fprintf(stderr, "vt: %s %s: %v\n", pkgPath, tc.name, msg)
			}
			continue
		}
		profiles = append(profiles, res.Profile)
		if !*jsonOut && o.Replay != "" {
			if out.replayResult(res, tc.name, replayLine(tc.name, tc.dir, o)) != 0 {
				failures++
				total.Verdict = explore.Worst(total.Verdict, res.Verdict)
			} else {
				passed++
			}
			continue
		}
		expect := o.Expect
		if expect == "" {
			expect = res.Expect // vt.Expect in the test's vt.Check call
		}
		var code int
		if streamed {
			var text strings.Builder
			code = newOutput(&text, &text, false).result(res, tc.name, "", replayLine(tc.name, relDir(tc.dir), o), expect)
			action := "pass"
			switch {
			case code != 0:
				action = "fail"
			case res.Skipped != "" && res.Verdict == "ok":
				action = "skip" // as go test -json reports a test that skipped itself
			}
			stream.test(pkgPath, tc.name, action, text.String(), res.Elapsed, explore.JSON(res, tc.name))
		} else {
			code = out.result(res, tc.name, pkgPath, replayLine(tc.name, relDir(tc.dir), o), expect)
		}
		if res.Verdict == "unexplored" {
			unexplored++
			total.Verdict = explore.Worst(total.Verdict, res.Verdict)
			total.Exhaustive = false
			continue
		}
		if code != 0 {
			failures++
			v := res.Verdict
			if v == "ok" { // -expect another verdict
				v = "assert"
			}
			total.Verdict = explore.Worst(total.Verdict, v)
		} else {
			passed++
			if res.Skipped != "" && res.Verdict == "ok" {
				skipped++
			}
		}
		total.Executions += res.Executions
		total.Steps += res.Steps
		total.Exhaustive = total.Exhaustive && res.Exhaustive
	}
	total.Elapsed = time.Since(start)
	if o.Profile != "" {
		merged, err := explore.MergeProfiles(profiles)
		if err == nil {
			err = explore.WriteProfile(o.Profile, merged)
		}
		if err != nil {
			if *jsonOut {
				stream.toolError("", toolErr(err), explore.JSONError("profile", toolErr(err)))
				return 2
			}
			return out.toolError("summary", err)
		}
	}
	if streamed {
		stream.endPackage()
	}
	if !*jsonOut && len(tests) > 0 {
		word := "ok"
		if failures > 0 || unsupported > 0 || notRun > 0 || unexplored > 0 {
			word = "FAIL"
		}
		okWord := "ok"
		if skipped > 0 {
			okWord = fmt.Sprintf("ok (%d skipped)", skipped)
		}
		line := fmt.Sprintf("%s: %d tests: %d %s, %d failed, %d unsupported", word, len(tests), passed, okWord, failures, unsupported)
		if unexplored > 0 {
			line += fmt.Sprintf(", %d not explored (-time)", unexplored)
		}
		if notRun > 0 {
			why := "-timeout"
			if *failfast && failures > 0 {
				why = "-failfast"
			}
			line += fmt.Sprintf(", %d not explored (%s)", notRun, why)
		}
		fmt.Fprintf(stdout, "%s (%s)\n", line, total.Elapsed.Round(time.Millisecond))
	}
	if failures > 0 {
		return 1 // a failure found, whatever else was refused
	}
	switch total.Verdict {
	case "ok":
		if notRun > 0 {
			return 1 // the budget ran out before every test was explored
		}
		return 0
	case "error":
		return 2
	}
	return 1
}

// reportInitError reports, once for the n tests of package pkg, that
// its initialization stopped with err: none of them runs.
func reportInitError(out *output, streamed bool, stream *testStream, pkg string, n int, err *explore.InitError) {
	how := "stopped"
	if refused(err) {
		how = "refused"
	}
	tests := fmt.Sprintf("%d tests", n)
	if n == 1 {
		tests = "1 test"
	}
	msg := fmt.Sprintf("vt: %s: initialization %s (%s not run): %s", pkg, how, tests, strings.TrimPrefix(err.Err.Error(), "vt: "))
	if streamed {
		stream.packageError(pkg, msg, explore.JSONInitError(n, errors.New(msg)))
		return
	}
	fmt.Fprintln(out.stderr, msg)
}

// refusalsSeen are the refusals reported so far, by package and headline
// (what, where, why), so that a refusal many tests of a package meet (a
// helper they share starts a process) is written out once, with its
// calls, and named again in one line.
type refusalsSeen map[string]bool

// once returns msg, a test's refusal in package pkg, whole the first time
// the package meets it, then only its first line, saying so.
func (s refusalsSeen) once(pkg, msg string) string {
	head, _, _ := strings.Cut(msg, "\n")
	key := pkg + "\x00" + head
	if s[key] {
		return head + " (as reported above)"
	}
	s[key] = true
	return msg
}

// testsOf counts the tests of package pkg in tests (which lists a
// package's tests together).
func testsOf(tests []testCase, pkg string) int {
	n := 0
	for _, tc := range tests {
		if strings.TrimSuffix(tc.pkg.Pkg.Path(), "_test") == pkg {
			n++
		}
	}
	return n
}

// testCase is a test function to explore.
type testCase struct {
	prog *interp.Program
	pkg  *ssa.Package
	name string
	dir  string // package directory
	pos  string // file of the declaration, for ordering
	line int
	// testMain is where the package's TestMain is declared (file:line),
	// "" if it has none: vt test does not run it.
	testMain string
}

// findTests loads the packages of args (directories, or package patterns
// resolved in the working directory) with their tests and returns their
// test functions matching run (nil: all), package by package in source
// order.
func findTests(args []string, run *regexp.Regexp) ([]testCase, error) {
	var progs []*interp.Program
	var patterns []string
	for _, a := range args {
		if fi, err := os.Stat(a); err == nil && fi.IsDir() && !strings.Contains(a, "...") {
			prog, err := explore.LoadTests(a)
			if err != nil {
				return nil, err
			}
			progs = append(progs, prog)
			continue
		}
		patterns = append(patterns, a)
	}
	if len(patterns) > 0 {
		prog, err := interp.Load(interp.Config{Dir: ".", Tests: true, BuildFlags: []string{"-tags=" + explore.BuildTag}}, patterns...)
		if err != nil {
			return nil, err
		}
		progs = append(progs, prog)
	}
	var tests []testCase
	for _, prog := range progs {
		type key struct{ pkg, name string }
		found := map[key]int{} // index in tests
		for _, pkg := range prog.Packages {
			if pkg == nil || strings.HasSuffix(pkg.Pkg.Path(), ".test") {
				continue // the generated test main
			}
			for name, m := range pkg.Members {
				fn, ok := m.(*ssa.Function)
				if !ok || !isTestFunc(fn) || (run != nil && !run.MatchString(name)) {
					continue
				}
				pos := prog.Position(fn.Pos())
				tc := testCase{prog: prog, pkg: pkg, name: name, dir: filepath.Dir(pos.Filename), pos: pos.Filename, line: pos.Line}
				k := key{pkg.Pkg.Path(), name}
				if i, ok := found[k]; ok {
					// Declared in a non-test file: present in the package
					// and in its test variant; keep the variant (the
					// package with more members).
					if len(pkg.Members) > len(tests[i].pkg.Members) {
						tests[i] = tc
					}
					continue
				}
				found[k] = len(tests)
				tests = append(tests, tc)
			}
		}
	}
	for _, prog := range progs {
		mains := testMains(prog)
		for i := range tests {
			if tests[i].prog == prog {
				tests[i].testMain = mains[strings.TrimSuffix(tests[i].pkg.Pkg.Path(), "_test")]
			}
		}
	}
	sort.SliceStable(tests, func(i, j int) bool {
		a, b := tests[i], tests[j]
		if a.dir != b.dir {
			return a.dir < b.dir
		}
		if a.pos != b.pos {
			return a.pos < b.pos
		}
		return a.line < b.line
	})
	return tests, nil
}

// testMains returns where each package of prog whose tests have a
// TestMain(*testing.M) declares it (file:line), by the package's path
// (an external test package's under its package's path).
func testMains(prog *interp.Program) map[string]string {
	mains := map[string]string{}
	for _, pkg := range prog.Packages {
		if pkg == nil {
			continue
		}
		fn := pkg.Func("TestMain")
		if fn == nil || fn.Signature.Params().Len() != 1 || types.TypeString(fn.Signature.Params().At(0).Type(), nil) != "*testing.M" {
			continue
		}
		pos := prog.Position(fn.Pos())
		mains[strings.TrimSuffix(pkg.Pkg.Path(), "_test")] = fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
	}
	return mains
}

// isTestFunc reports whether fn is a test function go test would run:
// func TestXxx(*testing.T), Xxx not starting with a lower-case letter.
func isTestFunc(fn *ssa.Function) bool {
	name := fn.Name()
	if !strings.HasPrefix(name, "Test") || name == "TestMain" {
		return false
	}
	if len(name) > 4 {
		r, _ := utf8.DecodeRuneInString(name[4:])
		if unicode.IsLower(r) {
			return false
		}
	}
	sig := fn.Signature
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	return types.TypeString(sig.Params().At(0).Type(), nil) == "*testing.T"
}

// relDir returns dir relative to the working directory when it is below
// it ("./x"), for the commands printed in reports.
func relDir(dir string) string {
	wd, err := os.Getwd()
	if err != nil {
		return dir
	}
	rel, err := filepath.Rel(wd, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return dir
	}
	if rel == "." {
		return "."
	}
	return "." + string(filepath.Separator) + rel
}

// inGoroot reports whether dir is inside the Go distribution's source.
func inGoroot(dir string) bool {
	rel, err := filepath.Rel(filepath.Join(interp.GOROOT(), "src"), dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
