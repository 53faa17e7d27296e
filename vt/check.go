//go:build !vtinterp

package vt

import (
	"flag"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/vtcheck/vt/internal/explore"
)

var (
	flags = map[string]*string{}

	callsMu sync.Mutex
	calls   = map[string]int{} // test name -> vt.Check calls made so far
)

func init() {
	for _, name := range explore.OptionNames {
		flags[name] = flag.String("vt."+name, "", explore.OptionUsage[name])
	}
}

// Check explores the executions of fn, which runs in vt's interpreter with
// its goroutines under vt's control, and fails tb with a report when an
// execution deadlocks, leaks goroutines, panics, fails an assertion or
// exceeds the step bound. See the package documentation.
func Check(tb testing.TB, fn func(*T), opts ...Option) {
	tb.Helper()
	_, file, line, _ := runtime.Caller(1)
	settings := map[string]string{}
	for _, o := range opts {
		settings[o.name] = o.value
	}
	for _, name := range explore.OptionNames {
		if v, ok := os.LookupEnv("VT_" + strings.ToUpper(name)); ok {
			settings[name] = v
		}
		if f := flags[name]; f != nil && *f != "" {
			settings[name] = *f
		}
	}
	name := tb.Name()
	callsMu.Lock()
	k := calls[name]
	calls[name]++
	callsMu.Unlock()
	out, err := explore.CheckCall(name, k, explore.CallSite{File: file, Line: line}, settings)
	switch {
	case err != nil:
		tb.Fatal(err)
	case out.Failed:
		tb.Errorf("%s", out.Text)
	default:
		tb.Logf("%s", out.Text)
	}
}
