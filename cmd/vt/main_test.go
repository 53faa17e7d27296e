package main

// Tests of the vt command, built once and run as a separate process.

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

var (
	buildOnce sync.Once
	vtPath    string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// vtBinary builds the command once (with -o: the repository root holds a
// vt directory) and returns its path.
func vtBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "vt-cmd-test")
		if buildErr != nil {
			return
		}
		vtPath = filepath.Join(buildDir, "vt")
		if runtime.GOOS == "windows" {
			vtPath += ".exe"
		}
		out, err := exec.Command("go", "build", "-o", vtPath, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New("go build: " + err.Error() + "\n" + string(out))
		}
	})
	require.NoError(t, buildErr)
	return vtPath
}

type result struct {
	stdout, stderr string
	code           int
	elapsed        time.Duration
}

func runVT(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(vtBinary(t), args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String(), elapsed: time.Since(start)}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	default:
		t.Fatalf("running vt %v: %v", args, err)
	}
	return r
}

func assertNoGoPanic(t *testing.T, r result) {
	t.Helper()
	assert.NotContains(t, r.stderr, "goroutine 1 [running]", "vt itself panicked")
	assert.NotContains(t, r.stderr, "internal error")
}

func TestRunPipelineDeadlock(t *testing.T) {
	r := runVT(t, "run", "../../examples/pipeline")
	assert.Equal(t, 2, r.code, "stderr: %s", r.stderr)
	assert.Contains(t, r.stdout, "sum: 3 err: bad record")
	assert.Contains(t, r.stderr, "fatal error: all goroutines are asleep - deadlock!")
	assert.True(t, strings.HasSuffix(r.stderr, "exit status 2\n"), "stderr ends with the exit status: %s", r.stderr)
	assertNoGoPanic(t, r)
}

func TestRunExitCode(t *testing.T) {
	r := runVT(t, "run", "../../interp/testdata/behave/exit3")
	assert.Equal(t, 3, r.code, "stderr: %s", r.stderr)
	assert.Equal(t, "exiting\n", r.stdout)
	assert.Equal(t, "exit status 3\n", r.stderr)
}

func TestRunSleepsVirtually(t *testing.T) {
	r := runVT(t, "run", "../../interp/testdata/behave/sleephour")
	assert.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	assert.Equal(t, "slept 1h0m0.000000001s\n", r.stdout, "a sleeper wakes 1ns after its deadline")
	assert.Empty(t, r.stderr)
	assert.Less(t, r.elapsed, 10*time.Second, "an hour of virtual time (load included)")
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"bogus"}, {"run"}} {
		r := runVT(t, args...)
		assert.Equal(t, 2, r.code, "vt %v", args)
		assert.Contains(t, r.stderr, "usage: vt", "vt %v", args)
		assert.Empty(t, r.stdout, "vt %v", args)
	}
	r := runVT(t, "bogus")
	assert.Contains(t, r.stderr, `unknown command "bogus"`)

	h := runVT(t, "run", "-h")
	assert.Equal(t, 0, h.code)
	assert.Contains(t, h.stderr+h.stdout, "usage: vt run")
	assert.Contains(t, h.stderr+h.stdout, "-seed")

	bad := runVT(t, "run", "-nosuchflag", "../../examples/pipeline")
	assert.Equal(t, 2, bad.code)
}

func TestRunMissingDir(t *testing.T) {
	r := runVT(t, "run", filepath.Join(t.TempDir(), "nonexistent"))
	assert.Equal(t, 2, r.code)
	assert.True(t, strings.HasPrefix(r.stderr, "vt: "), "stderr: %s", r.stderr)
	assert.Empty(t, r.stdout)
	assertNoGoPanic(t, r)
}

// vt's process collects before it grows past the interpreter's memory
// limit, unless GOMEMLIMIT says otherwise.
func TestSoftMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(math.MaxInt64)
	assert.Equal(t, int64(interp.DefaultMaxMemory), softMemoryLimit(""))
	debug.SetMemoryLimit(1 << 40)
	assert.Equal(t, int64(1<<40), softMemoryLimit("1TiB"), "the user's GOMEMLIMIT stands")
}
