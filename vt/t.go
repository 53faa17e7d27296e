package vt

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

// T is the handle of one execution of a function checked by Check. It has
// the familiar methods of *testing.T and satisfies testify's assert.TestingT
// and require.TestingT. A failure fails the execution: vt reports it with
// the schedule that led to it.
//
// As with *testing.T, logging or failing through a T after the function
// (and its cleanups) has completed panics ("Log in goroutine after TestX
// has completed"), and FailNow, Fatal and Fatalf must be called from the
// goroutine running the function: vt reports a call from another one.
type T struct {
	tb       testing.TB
	name     string
	failed   bool
	done     bool // the function and its cleanups have returned
	cleanups []func()
	ctx      context.Context
	cancel   context.CancelFunc
	ctxUsed  bool // Context was called: cancel it when the function returns
}

// Name returns the name of the test that called Check.
func (t *T) Name() string { return t.name }

// Fail marks the execution as failed and continues.
func (t *T) Fail() { t.fail("", false) }

// FailNow marks the execution as failed and stops its goroutine, like
// testing.T.FailNow: call it from the goroutine running the function.
func (t *T) FailNow() { t.fail("", true) }

// Failed reports whether the execution has failed.
func (t *T) Failed() bool { return t.failed }

// Error is Log followed by Fail.
func (t *T) Error(args ...any) { t.fail(sprintln(args...), false) }

// Errorf is Logf followed by Fail.
func (t *T) Errorf(format string, args ...any) { t.fail(fmt.Sprintf(format, args...), false) }

// Fatal is Log followed by FailNow.
func (t *T) Fatal(args ...any) { t.fail(sprintln(args...), true) }

// Fatalf is Logf followed by FailNow.
func (t *T) Fatalf(format string, args ...any) { t.fail(fmt.Sprintf(format, args...), true) }

// Log records a message, shown with the report of a failing execution.
func (t *T) Log(args ...any) { t.log(sprintln(args...)) }

// Logf records a formatted message, shown with the report of a failing
// execution.
func (t *T) Logf(format string, args ...any) { t.log(fmt.Sprintf(format, args...)) }

func (t *T) log(msg string) {
	if t.done {
		panic("Log in goroutine after " + t.name + " has completed: " + msg + "\n")
	}
	logMessage(t, msg)
}

// Context returns a context canceled just before the cleanups registered
// with Cleanup run, as testing.T.Context.
func (t *T) Context() context.Context {
	t.ctxUsed = true
	return t.ctx
}

// Helper marks the calling function as a helper: vt reports failures at its
// caller. (Frames of package vt and of testify are always skipped.)
func (t *T) Helper() {}

// Cleanup registers f to run when the execution's function returns, in
// last-in first-out order.
func (t *T) Cleanup(f func()) { t.cleanups = append(t.cleanups, f) }

// TempDir returns a new directory for the execution, removed when the
// function returns (its cleanups run), as testing.T.TempDir does. Under vt
// it is a directory of the virtual OS's in-memory file system: every
// execution starts without it, and the real disk is never changed.
func (t *T) TempDir() string {
	pattern := strings.Map(func(r rune) rune {
		if r == '/' || r == os.PathSeparator || r == '*' {
			return '_'
		}
		return r
	}, t.name)
	dir, err := os.MkdirTemp("", pattern+"-*")
	if err != nil {
		t.Fatalf("TempDir: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// Setenv sets the environment variable key to value and restores it when
// the function returns (its cleanups run), as testing.T.Setenv does.
// Under vt the environment is the virtual OS's: every execution starts
// from the same one, and the real process's is never changed.
func (t *T) Setenv(key, value string) {
	prev, had := os.LookupEnv(key)
	if err := os.Setenv(key, value); err != nil {
		t.Fatalf("Setenv: %v", err)
	}
	t.Cleanup(func() {
		if had {
			os.Setenv(key, prev)
		} else {
			os.Unsetenv(key)
		}
	})
}

// finish ends the execution's function: it cancels the context, runs the
// cleanups (last registered first, also those a cleanup registers), and
// marks t done.
func (t *T) finish() {
	if t.ctxUsed {
		t.cancel()
	}
	for len(t.cleanups) > 0 {
		f := t.cleanups[len(t.cleanups)-1]
		t.cleanups = t.cleanups[:len(t.cleanups)-1]
		f()
	}
	t.done = true
}

func (t *T) fail(msg string, fatal bool) {
	if t.done {
		if msg != "" {
			panic("Log in goroutine after " + t.name + " has completed: " + msg + "\n")
		}
		panic("Fail in goroutine after " + t.name + " has completed")
	}
	t.failed = true
	report(t, msg, fatal)
	if fatal {
		runtime.Goexit()
	}
}

func sprintln(args ...any) string { return strings.TrimSuffix(fmt.Sprintln(args...), "\n") }

// report tells vt about a failure. vt's interpreter intercepts it; called
// natively it does nothing (a T is only used under vt).
func report(t *T, msg string, fatal bool) {}

// logMessage tells vt about a log message; vt's interpreter intercepts it.
func logMessage(t *T, msg string) {}
