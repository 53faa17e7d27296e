package habanero

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// launchPanic runs Launch(body) and returns the *PanicError it panics with;
// it fails the test if Launch returns normally or panics with anything else.
func launchPanic(t *testing.T, body func(*Task)) *PanicError {
	t.Helper()
	var got any
	func() {
		defer func() { got = recover() }()
		Launch(body)
	}()
	require.NotNil(t, got, "Launch did not panic")
	pe, ok := got.(*PanicError)
	require.Truef(t, ok, "Launch panicked with %T %v, want *PanicError", got, got)
	return pe
}

// values returns the panic values of pe formatted with %v.
func values(pe *PanicError) []string {
	var s []string
	for _, p := range pe.Panics {
		s = append(s, fmt.Sprint(p.Value))
	}
	return s
}

// requireMisuse asserts that Launch(body) panics with exactly one collected
// panic whose message is msg.
func requireMisuse(t *testing.T, msg string, body func(*Task)) {
	t.Helper()
	pe := launchPanic(t, body)
	require.Equal(t, []string{msg}, values(pe))
}

// noLeak fails the test if, after a short grace period, more goroutines run
// than before.
func noLeak(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= before {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("goroutine leak: %d before, %d after\n%s", before, n, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// within fails the test if f does not return within d (a deadlock guard).
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case v := <-done:
		if v != nil {
			panic(v)
		}
	case <-time.After(d):
		t.Fatalf("did not finish within %v (deadlock?)", d)
	}
}
