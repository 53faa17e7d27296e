package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// goTestOnly are go test's flags that vt test does not take, each with
// why: what go test would do with it has no counterpart in a model
// checker's run, or vt has its own way.
var goTestOnly = map[string]string{
	"bench":        "vt test model-checks tests; benchmarks are not explored",
	"benchtime":    "vt test model-checks tests; benchmarks are not explored",
	"benchmem":     "vt test model-checks tests; benchmarks are not explored",
	"cpu":          "vt's goroutines run on its own scheduler, whatever GOMAXPROCS says; -parallel runs executions on several cores",
	"shuffle":      "tests are explored one after the other, in source order; the schedules are what vt varies",
	"fuzz":         "vt test does not fuzz; it explores the schedules of tests",
	"fuzztime":     "vt test does not fuzz; it explores the schedules of tests",
	"cover":        "vt runs tests in its interpreter, which records no coverage",
	"covermode":    "vt runs tests in its interpreter, which records no coverage",
	"coverpkg":     "vt runs tests in its interpreter, which records no coverage",
	"coverprofile": "vt runs tests in its interpreter, which records no coverage",
	"cpuprofile":   "vt runs tests in its interpreter: use -profile for a profile of the explored program",
	"memprofile":   "vt runs tests in its interpreter: use -profile for a profile of the explored program",
	"blockprofile": "vt runs tests in its interpreter: use -profile for a profile of the explored program",
	"mutexprofile": "vt runs tests in its interpreter: use -profile for a profile of the explored program",
	"trace":        "vt runs tests in its interpreter: use -html for a picture of a failing execution",
	"c":            "vt test builds no test binary",
	"o":            "vt test builds no test binary",
	"exec":         "vt test builds no test binary",
	"vet":          "vt test runs no vet; run go vet",
}

// goTestFlags returns args as fs parses them, written as go test takes
// them: flags may follow the packages (vt test ./... -run X), and go
// test's -test.NAME spelling of a flag is -NAME. It returns an error naming
// a go test flag that vt test does not take, and why. Flags are read up to
// "--".
func goTestFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var out, pkgs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(append(out, pkgs...), args[i:]...), nil
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			pkgs = append(pkgs, a)
			continue
		}
		dashes := "-"
		if strings.HasPrefix(a, "--") {
			dashes = "--"
		}
		name, value, hasValue := strings.Cut(a[len(dashes):], "=")
		name = strings.TrimPrefix(name, "test.")
		if why, ok := goTestOnly[name]; ok {
			return nil, fmt.Errorf("vt test: -%s is a go test flag vt test does not take: %s", name, why)
		}
		if hasValue {
			out = append(out, dashes+name+"="+value)
			continue
		}
		out = append(out, dashes+name)
		if f := fs.Lookup(name); f != nil && !isBoolFlag(f) && i+1 < len(args) {
			i++
			out = append(out, args[i]) // the flag's value
		}
	}
	return append(out, pkgs...), nil
}

// isBoolFlag reports whether f is a boolean flag (-v, not -v VALUE).
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// listTests prints the names of tests, one per line, as go test -list
// does, then each package's ok line.
func listTests(w io.Writer, tests []testCase) {
	for i, tc := range tests {
		fmt.Fprintln(w, tc.name)
		pkg := strings.TrimSuffix(tc.pkg.Pkg.Path(), "_test")
		if i+1 == len(tests) || strings.TrimSuffix(tests[i+1].pkg.Pkg.Path(), "_test") != pkg {
			fmt.Fprintf(w, "ok  \t%s\n", pkg)
		}
	}
}
