//go:build !vtinterp

package vt

import (
	"flag"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/vtcheck/vt/internal/explore"
)

var (
	// flagSettings holds the options set with -vt.NAME test flags.
	flagSettings = map[string]string{}

	callsMu sync.Mutex
	calls   = map[string]int{} // test name -> vt.Check calls made so far
)

func init() {
	explore.DefineFlags(flag.CommandLine, "vt.", "vt: ", nil, flagSettings)
}

// Check explores the executions of fn, which runs in vt's interpreter with
// its goroutines under vt's control, and fails tb with a report when an
// execution races, deadlocks, leaks goroutines, panics, fails an assertion
// or exceeds the step bound. See the package documentation.
func Check(tb testing.TB, fn func(*T), opts ...Option) {
	tb.Helper()
	_, file, line, _ := runtime.Caller(1)
	name := tb.Name()
	callsMu.Lock()
	k := calls[name]
	calls[name]++
	callsMu.Unlock()
	s := settings(opts, os.LookupEnv, flagSettings)
	if _, set := s["short"]; !set && testing.Short() {
		s["short"] = "true" // go test -short
	}
	out, err := explore.CheckCall(name, k, explore.CallSite{File: file, Line: line}, s)
	switch {
	case err != nil:
		tb.Fatal(err)
	case out.Failed:
		tb.Errorf("%s", out.Text)
	default:
		tb.Logf("%s", out.Text)
	}
}

// settings merges the options of a Check call: those given in code, then
// the environment (lookupEnv), then the test flags; a later one wins.
func settings(opts []Option, lookupEnv func(string) (string, bool), flags map[string]string) map[string]string {
	s := map[string]string{}
	for _, o := range opts {
		s[o.name] = o.value
	}
	explore.SetFromEnv(s, lookupEnv)
	for name, v := range flags {
		s[name] = v
	}
	return s
}
