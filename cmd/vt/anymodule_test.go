package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// anyModule writes a module that knows nothing of vt: one passing test, one
// with a data race, one that starts a process (which vt refuses).
func anyModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/anymod\n\ngo 1.26\n",
		"counter.go": `package anymod

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc()     { c.mu.Lock(); c.n++; c.mu.Unlock() }
func (c *Counter) IncFast() { c.n++ }
func (c *Counter) Get() int { c.mu.Lock(); defer c.mu.Unlock(); return c.n }
`,
		"counter_test.go": `package anymod

import (
	"os/exec"
	"sync"
	"testing"
)

func run(inc func()) {
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); inc() }()
	}
	wg.Wait()
}

func TestInc(t *testing.T) {
	var c Counter
	run(c.Inc)
	if c.Get() != 2 {
		t.Errorf("got %d", c.Get())
	}
}

func TestIncFast(t *testing.T) {
	var c Counter
	run(c.IncFast)
}

func TestTool(t *testing.T) {
	_ = exec.Command("true").Run()
}
`,
	}
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return dir
}

// vt test runs on any module without vt as a dependency; its result lines
// name the package, and the summary counts ok, failed and unsupported.
func TestTestAnyModule(t *testing.T) {
	dir := anyModule(t)
	r := vt("test", dir)
	assertNoTraceback(t, r)
	assert.Equal(t, 1, r.code, "a failure was found (exit 1, whatever else was refused)\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	assert.Regexp(t, `(?m)^ok  example.com/anymod TestInc \(\d+ executions, exhaustive`, r.stdout)
	assert.Contains(t, r.stdout, "vt: race found in execution ")
	assert.Contains(t, r.stderr, "vt: example.com/anymod TestTool: ")
	assert.Contains(t, r.stderr, "starting processes is refused under vt")
	assert.Regexp(t, `(?m)^FAIL: 3 tests: 1 ok, 1 failed, 1 unsupported \(`, r.stdout)

	// The total budget: spent before the first test, nothing is explored,
	// and the run fails saying so.
	b := vt("test", "-timeout", "1ns", dir)
	assert.Equal(t, 1, b.code, "stdout:\n%s\nstderr:\n%s", b.stdout, b.stderr)
	assert.Contains(t, b.stdout, "SKIP example.com/anymod TestInc (not explored: the total budget -timeout 1ns is spent)")
	assert.Regexp(t, `(?m)^FAIL: 3 tests: 0 ok, 0 failed, 0 unsupported, 3 not explored \(-timeout\) \(`, b.stdout)

	j := vt("test", "-json", "-timeout", "1ns", dir)
	assert.Equal(t, 1, j.code)
	rs := testResults(t, j.stdout)
	require.Len(t, rs, 3)
	assert.Contains(t, j.stdout, `"Action":"skip","Package":"example.com/anymod","Test":"TestInc"`)
	assert.Contains(t, j.stdout, `"Action":"fail","Package":"example.com/anymod","Elapsed"`)
}
