package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refusalModule writes a module of two packages: router, whose package
// initialization starts a process (refused: none of its three tests can
// run), and store, with a passing test, a racy one and two that start a
// process from a helper of the package.
func refusalModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/refmod\n\ngo 1.26\n",
		"router/router.go": `package router

import "os/exec"

var version = detect()

func detect() string {
	out, _ := exec.Command("git", "describe").Output() // refused
	return string(out)
}

func Version() string { return version }
`,
		"router/router_test.go": `package router

import "testing"

func TestA(t *testing.T) { _ = Version() }
func TestB(t *testing.T) { _ = Version() }
func TestC(t *testing.T) { _ = Version() }
`,
		"store/store.go": `package store

import "os/exec"

func Tool() error { return exec.Command("true").Run() } // refused
`,
		"store/store_test.go": `package store

import (
	"sync"
	"testing"
)

func TestOK(t *testing.T) {}

func TestRace(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); n++ }()
	}
	wg.Wait()
}

func TestTool(t *testing.T) {
	_ = Tool() // the user's line
}

func TestToolAgain(t *testing.T) {
	_ = Tool()
}
`,
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	return dir
}

// A run that found a failure exits 1 whatever else it could not run (it
// exited 2, a tool error); a refused package initialization is reported
// once for the package, not once per test, and so is a refusal several
// tests meet (then named in one line); every refusal reads "refused: WHAT
// at FILE:LINE: WHY", at the user's own line.
func TestTestRefusalReports(t *testing.T) {
	dir := refusalModule(t)
	t.Chdir(dir)

	r := vt("test", "-corpus", "off", "./...")
	assertNoTraceback(t, r)
	assert.Equal(t, 1, r.code, "a failure was found: exit 1, not 2\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Len(t, regexp.MustCompile(`(?m)^vt: example.com/refmod/router`).FindAllString(r.stderr, -1), 1, "the router package's refusal once:\n%s", r.stderr)
	assert.Regexp(t, `(?m)^vt: example.com/refmod/router: initialization refused \(3 tests not run\): exec.Command at router.go:8: starting processes is refused under vt`, r.stderr)
	assert.NotContains(t, r.stderr, "TestA")
	assert.Regexp(t, `(?m)^vt: example.com/refmod/store TestTool: refused: exec.Command at store.go:5: starting processes is refused under vt`, r.stderr)
	assert.Regexp(t, `(?m)^vt: example.com/refmod/store TestToolAgain: refused: exec.Command at store.go:5: starting processes is refused under vt \(the virtual OS has one process\) \(as reported above\)$`, r.stderr, "the same refusal again: one line")
	assert.Equal(t, 1, strings.Count(r.stderr, "called from example.com/refmod/store.Tool "), "its calls once:\n%s", r.stderr)
	assert.NotRegexp(t, `unsupported.*unsupported`, r.stderr)
	assert.NotContains(t, r.stderr, "/pkg/mod/")
	assert.Contains(t, r.stdout, "vt: race found in execution ")
	assert.Regexp(t, `(?m)^FAIL: 7 tests: 1 ok, 1 failed, 5 unsupported \(`, r.stdout)

	j := vt("test", "-json", "-corpus", "off", "./...")
	assert.Equal(t, 1, j.code, "stdout:\n%s\nstderr:\n%s", j.stdout, j.stderr)
	var inits, routerTests int
	for _, line := range strings.Split(strings.TrimSpace(j.stdout), "\n") {
		var ev struct {
			Action, Package, Test, Output string
			Name                          string `json:"name"`
			Verdict                       string `json:"verdict"`
			Error                         string `json:"error"`
			Tests                         int    `json:"tests"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &ev), line)
		if ev.Package != "example.com/refmod/router" {
			continue
		}
		if ev.Test != "" {
			routerTests++
		}
		if ev.Name == "init" {
			inits++
			assert.Equal(t, "skip", ev.Action)
			assert.Equal(t, "error", ev.Verdict)
			assert.Equal(t, 3, ev.Tests)
			assert.Regexp(t, `^vt: example.com/refmod/router: initialization refused \(3 tests not run\): exec.Command at router.go:8: `, ev.Error)
		}
	}
	assert.Equal(t, 1, inits, "one result for the package's initialization:\n%s", j.stdout)
	assert.Zero(t, routerTests, "no event per test of the refused package")
	assert.Regexp(t, `"Action":"skip","Package":"example.com/refmod/store","Test":"TestTool",.*"verdict":"error",.*"error":"vt: refused: exec.Command at store.go:5: `, j.stdout)

	// Refusals alone (no failure) remain a tool error: exit 2.
	only := vt("test", "-corpus", "off", "-run", "TestTool$|TestA", "./...")
	assert.Equal(t, 2, only.code, "stdout:\n%s\nstderr:\n%s", only.stdout, only.stderr)
	assert.Regexp(t, regexp.MustCompile(`(?m)^FAIL: 2 tests: 0 ok, 0 failed, 2 unsupported \(`), only.stdout)
}
