package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

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

var (
	callsMu sync.Mutex
	calls   = map[string]int{} // test name -> vt.Check calls made so far
)

// Check is vt.Check's implementation: it explores the call of vt.Check made
// by test tb and reports to tb.
func Check(tb testing.TB, site CallSite, settings map[string]string) {
	tb.Helper()
	name := tb.Name()
	callsMu.Lock()
	k := calls[name]
	calls[name]++
	callsMu.Unlock()

	o, err := ParseOptions(settings)
	if err != nil {
		tb.Fatal(err)
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatalf("vt: %v", err)
	}
	prog, err := LoadTests(dir)
	if err != nil {
		tb.Fatalf("vt: %v", err)
	}
	top, _, _ := strings.Cut(name, "/")
	pkg, err := TestPackage(prog, top, site.File)
	if err != nil {
		tb.Fatalf("vt: %v", err)
	}
	t := Target{Prog: prog, Pkg: pkg, Test: name, Root: k, Name: name, Dir: dir}
	if o.Expect != "" {
		t.Dir = "" // an expected failure is not saved
	}
	res, err := Explore(t, o, os.Stdout)
	if err != nil {
		tb.Fatalf("%s: %v", checkID(name, k), err)
	}
	runCmd := fmt.Sprintf("go test -run '%s'", runPattern(name))
	if o.Expect != "" {
		if res.Verdict != o.Expect {
			tb.Errorf("vt: %s: expected verdict %s, got %s\n%s", checkID(name, k), o.Expect, res.Verdict, FormatReport(res, checkID(name, k), runCmd))
			return
		}
		tb.Logf("vt: %s: verdict %s as expected\n%s", checkID(name, k), res.Verdict, FormatReport(res, checkID(name, k), runCmd))
		return
	}
	if res.Failure != nil && res.Failure.Kind != "ok" {
		tb.Errorf("%s", FormatReport(res, checkID(name, k), runCmd))
		return
	}
	if o.Replay != "" {
		tb.Logf("%s", FormatReport(res, checkID(name, k), runCmd))
		return
	}
	tb.Logf("vt: %s: ok, %d executions, %s, %s", checkID(name, k), res.Executions, Coverage(res), res.Elapsed.Round(1e6))
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
