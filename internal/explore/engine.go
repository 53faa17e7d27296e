package explore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp"
)

// CallSite is where vt.Check was called.
type CallSite struct {
	File string
	Line int
}

// BuildTag is the build tag under which vt loads code into its interpreter:
// package vt then compiles its interpreted Check.
const BuildTag = "vtinterp"

// CheckOutcome is what a test that called vt.Check should say: the report
// text, and whether the test fails with it or only logs it.
type CheckOutcome struct {
	Failed bool
	Text   string
}

// CheckCall explores vt.Check call k (counted from 0 among the calls the
// test makes) of the test name (as testing.T.Name gives it, "TestX/sub"),
// made at site, with settings (option name to value). The package is the
// one in the working directory, as in a test binary. The error is one the
// test should stop with: bad options, a program vt could not load or run.
//
// With no shard in settings, the shard is taken from the CI engines'
// variables (ShardSetting, without Bazel's: rules_go shards a go_test by
// its test functions).
func CheckCall(name string, k int, site CallSite, settings map[string]string) (CheckOutcome, error) {
	ci, err := ShardSetting(settings, os.LookupEnv, true)
	if err != nil {
		return CheckOutcome{}, err
	}
	o, err := ParseOptions(settings)
	if err != nil {
		return CheckOutcome{}, err
	}
	id := checkID(name, k)
	dir, err := os.Getwd()
	if err != nil {
		return CheckOutcome{}, fmt.Errorf("vt: %w", err)
	}
	prog, err := LoadTests(dir)
	if err != nil {
		return CheckOutcome{}, fmt.Errorf("vt: %w", err)
	}
	top, _, _ := strings.Cut(name, "/")
	pkg, err := TestPackage(prog, top, site.File)
	if err != nil {
		return CheckOutcome{}, fmt.Errorf("vt: %w", err)
	}
	t := Target{Prog: prog, Pkg: pkg, Test: name, Root: k, Name: name, Dir: dir}
	if o.Expect != "" {
		t.Dir = "" // an expected failure is not saved
	}
	res, err := Explore(t, o, Progress(os.Stdout))
	if err != nil {
		if ci != nil {
			return CheckOutcome{}, fmt.Errorf("%s: %w (%s)", id, err, ci.Note())
		}
		return CheckOutcome{}, fmt.Errorf("%s: %w", id, err)
	}
	if ci != nil {
		res.Notes = append(res.Notes, ci.Note())
	}
	if o.Profile != "" {
		if err := WriteProfile(o.Profile, res.Profile); err != nil {
			return CheckOutcome{}, err
		}
	}
	runCmd := fmt.Sprintf("go test -run '%s'", runPattern(name))
	report := FormatReport(res, id, runCmd)
	switch {
	case o.Expect != "" && res.Verdict != o.Expect:
		return CheckOutcome{Failed: true, Text: fmt.Sprintf("vt: %s: expected verdict %s, got %s\n%s", id, o.Expect, res.Verdict, report)}, nil
	case o.Expect != "":
		return CheckOutcome{Text: fmt.Sprintf("vt: %s: verdict %s as expected\n%s", id, res.Verdict, report)}, nil
	case res.Failure != nil && res.Failure.Kind != "ok":
		return CheckOutcome{Failed: true, Text: report}, nil
	case res.Verdict == "unexplored":
		return CheckOutcome{Failed: true, Text: fmt.Sprintf("vt: %s: not explored: %s", id, res.Unexplored)}, nil
	case o.Replay != "":
		return CheckOutcome{Text: report}, nil
	}
	text := fmt.Sprintf("vt: %s: ok, %d executions, %s, %s", id, res.Executions, Coverage(res), res.Elapsed.Round(1e6))
	if n := Notes(res); n != "" {
		text += "\n" + strings.TrimSuffix(n, "\n")
	}
	return CheckOutcome{Text: text}, nil
}

func checkID(name string, k int) string {
	if k == 0 {
		return name
	}
	return fmt.Sprintf("%s (vt.Check #%d)", name, k+1)
}

// LoadTests loads the package in dir with its tests for the interpreter.
func LoadTests(dir string) (*interp.Program, error) {
	return interp.Load(interp.Config{Dir: dir, Tests: true, BuildFlags: []string{"-tags=" + BuildTag}}, ".")
}

// TestPackage returns the package of prog that declares the test function
// name, preferring the one declared in file.
func TestPackage(prog *interp.Program, name, file string) (*ssa.Package, error) {
	var found *ssa.Package
	for _, p := range prog.Packages {
		if p == nil {
			continue
		}
		fn := p.Func(name)
		if fn == nil {
			continue
		}
		if file != "" && filepath.Clean(prog.Position(fn.Pos()).Filename) == filepath.Clean(file) {
			return p, nil
		}
		if found == nil {
			found = p
		}
	}
	if found == nil {
		return nil, fmt.Errorf("no test function %s in the package loaded from the working directory", name)
	}
	return found, nil
}
