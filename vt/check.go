//go:build !vtinterp

package vt

import (
	"flag"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/vtcheck/vt/vt/internal/engine"
)

var flags = map[string]*string{}

func init() {
	for _, name := range engine.OptionNames {
		flags[name] = flag.String("vt."+name, "", engine.OptionUsage[name])
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
	for _, name := range engine.OptionNames {
		if v, ok := os.LookupEnv("VT_" + strings.ToUpper(name)); ok {
			settings[name] = v
		}
		if f := flags[name]; f != nil && *f != "" {
			settings[name] = *f
		}
	}
	engine.Check(tb, engine.CallSite{File: file, Line: line}, settings)
}
