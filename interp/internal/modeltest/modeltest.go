// Package modeltest runs the test programs of the model packages
// (interp/models/...) as compiled Go and in the interpreter, for tests
// that compare the two outputs.
package modeltest

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/vtcheck/vt/interp"
)

// Native returns the standard output of the main package in dir (a path
// relative to the test's directory) run as compiled Go, by go run; it
// stops the test if the program fails.
func Native(t testing.TB, dir string) string {
	t.Helper()
	out, err := exec.Command("go", "run", "./"+dir).Output()
	if err != nil {
		t.Fatalf("go run ./%s: %v", dir, err)
	}
	return string(out)
}

// Interpreted returns the standard output of the main package in dir run
// by the interpreter with opts (its Stdout and Stderr are the function's);
// it stops the test if the program cannot be loaded or run, or exits with
// a status other than 0.
func Interpreted(t testing.TB, dir string, opts interp.RunOptions) string {
	t.Helper()
	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
	if err != nil {
		t.Fatalf("load %s: %v", dir, err)
	}
	var out, stderr bytes.Buffer
	opts.Stdout, opts.Stderr = &out, &stderr
	code, err := prog.RunMain(prog.Mains()[0], opts)
	if err != nil || code != 0 {
		t.Fatalf("interpreted %s: exit %d, %v; stderr:\n%s", dir, code, err, stderr.String())
	}
	return out.String()
}

// Lines splits out into its lines, for comparisons that name the first
// line that differs.
func Lines(out string) []string { return strings.Split(out, "\n") }
