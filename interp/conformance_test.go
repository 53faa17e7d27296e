package interp

// The conformance suite: every directory under testdata/conformance holds a
// small Go main program. The test builds all of them natively with the go
// command, runs each binary, then loads all of them with one call of Load
// and runs each interpreted, and requires the same stdout, the same stderr
// (after stripping Go's goroutine traceback, which the interpreter cannot
// and need not reproduce) and the same exit code. Nothing is stored by
// hand: the expected outcome is computed by the test on every run.
//
// Run one program with: go test -run 'TestConformance/maps$' ./interp

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

const conformanceDir = "testdata/conformance"

// conformanceTimeout bounds one run of one program, native or interpreted.
const conformanceTimeout = 60 * time.Second

// conformanceArgs are the command-line arguments (after Args[0]) given to
// every program, natively and interpreted; the osargs program prints them.
var conformanceArgs = []string{"alpha", "beta gamma", "-v", "-n=3"}

// conformanceEnv is the whole environment of every program run, natively and
// interpreted (RunOptions.Env), so no program sees the test's environment.
var conformanceEnv = []string{"VT_CONFORMANCE=yes"}

// outcome is what one run of a program produced.
type outcome struct {
	stdout, stderr string
	code           int
}

func TestConformance(t *testing.T) {
	names := conformancePrograms(t)
	require.GreaterOrEqual(t, len(names), 40, "conformance programs in %s", conformanceDir)
	names = selectedPrograms(names)

	native := runNativePrograms(t, names)

	patterns := make([]string, len(names))
	for i, name := range names {
		patterns[i] = "./" + name
	}
	start := time.Now()
	prog, err := Load(Config{Dir: conformanceDir}, patterns...)
	require.NoError(t, err, "loading the conformance programs")
	t.Logf("loaded %d programs in %v", len(names), time.Since(start).Round(time.Millisecond))

	mains := make(map[string]*ssa.Package)
	for _, pkg := range prog.Mains() {
		mains[path.Base(pkg.Pkg.Path())] = pkg
	}

	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			pkg := mains[name]
			require.NotNil(t, pkg, "Load returned no main package for %s", name)
			want := native[name]
			got, err := runInterpreted(prog, pkg, name)
			if err != nil {
				t.Fatalf("interpreting %s: %v", name, err)
			}
			assert.Equal(t, want.stdout, got.stdout, "stdout of %s", name)
			assert.Equal(t, normalizeStderr(want.stderr), normalizeStderr(got.stderr), "stderr of %s (normalized)", name)
			assert.Equal(t, want.code, got.code, "exit code of %s", name)
		})
	}
}

// conformancePrograms returns the sorted names of the directories under
// conformanceDir that contain a main.go.
func conformancePrograms(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(conformanceDir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(conformanceDir, e.Name(), "main.go")); err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

// selectedPrograms narrows names to the programs that the subtest part of
// the -run flag selects (go test -run 'TestConformance/^maps$'), so that
// running one program does not build and run all of them. Any doubt (no
// flag, no subtest part, a pattern that does not compile or selects
// nothing) keeps all names; t.Run still applies the real filter.
func selectedPrograms(names []string) []string {
	f := flag.Lookup("test.run")
	if f == nil {
		return names
	}
	parts := strings.Split(f.Value.String(), "/")
	if len(parts) < 2 || strings.ContainsAny(parts[0], "|()[]") {
		return names
	}
	re, err := regexp.Compile(parts[1])
	if err != nil {
		return names
	}
	var sel []string
	for _, name := range names {
		if re.MatchString(name) {
			sel = append(sel, name)
		}
	}
	if len(sel) == 0 {
		return names
	}
	return sel
}

// runNativePrograms builds all programs with one go build and runs each
// binary (several at a time), returning the outcome by program name.
func runNativePrograms(t *testing.T, names []string) map[string]outcome {
	t.Helper()
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the go command is needed to build the conformance programs natively")

	binDir := t.TempDir()
	start := time.Now()
	args := []string{"build", "-o", binDir + string(filepath.Separator)}
	for _, name := range names {
		args = append(args, "./"+filepath.ToSlash(filepath.Join(conformanceDir, name)))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, goTool, args...)
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build of the conformance programs:\n%s", out)
	t.Logf("built %d programs natively in %v", len(names), time.Since(start).Round(time.Millisecond))

	start = time.Now()
	results := make(map[string]outcome, len(names))
	errs := make(map[string]error)
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(2, runtime.NumCPU()))
	for _, name := range names {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			bin := filepath.Join(binDir, name)
			if runtime.GOOS == "windows" {
				bin += ".exe"
			}
			o, err := runNative(bin)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs[name] = err
			} else {
				results[name] = o
			}
		})
	}
	wg.Wait()
	for _, name := range names {
		require.NoError(t, errs[name], "running %s natively", name)
	}
	t.Logf("ran %d native programs in %v", len(names), time.Since(start).Round(time.Millisecond))
	return results
}

// runNative runs one natively built program with conformanceArgs and
// conformanceEnv. A non-zero exit is an outcome, not an error.
func runNative(bin string) (outcome, error) {
	ctx, cancel := context.WithTimeout(context.Background(), conformanceTimeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, conformanceArgs...)
	cmd.Env = conformanceEnv
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return outcome{}, fmt.Errorf("timed out after %v (stdout so far: %q)", conformanceTimeout, stdout.String())
	}
	code := 0
	if err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return outcome{}, err
		}
		code = exitErr.ExitCode()
	}
	return outcome{stdout.String(), stderr.String(), code}, nil
}

// runInterpreted runs one main package of prog with the same arguments and
// environment as the native run. It runs the interpreter in its own
// goroutine so that a hang fails after conformanceTimeout instead of
// stalling the suite, and turns a Go panic of the interpreter into an error.
func runInterpreted(prog *Program, pkg *ssa.Package, name string) (outcome, error) {
	type result struct {
		o   outcome
		err error
	}
	done := make(chan result, 1)
	go func() {
		var stdout, stderr bytes.Buffer
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: fmt.Errorf("interpreter panicked: %v\n%s", r, debug.Stack())}
			}
		}()
		code, err := prog.RunMain(pkg, RunOptions{
			Stdout: &stdout,
			Stderr: &stderr,
			Args:   append([]string{name}, conformanceArgs...),
			Env:    conformanceEnv,
		})
		done <- result{outcome{stdout.String(), stderr.String(), code}, err}
	}()
	select {
	case r := <-done:
		return r.o, r.err
	case <-time.After(conformanceTimeout):
		return outcome{}, fmt.Errorf("timed out after %v", conformanceTimeout)
	}
}

var exitStatusLine = regexp.MustCompile(`^exit status -?[0-9]+$`)

// normalizeStderr removes what differs legitimately between a native and an
// interpreted run: Go's traceback after a panic or fatal error (from the
// first line starting with "goroutine ", with the blank line before it, to
// the end), "[signal ..." lines, and a final "exit status N" line as printed
// by go run.
func normalizeStderr(s string) string {
	var out []string
	for _, line := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(line, "goroutine ") {
			if n := len(out); n > 0 && strings.TrimRight(out[n-1], "\r\n") == "" {
				out = out[:n-1]
			}
			break
		}
		if line == "" || strings.HasPrefix(line, "[signal ") {
			continue
		}
		out = append(out, line)
	}
	if n := len(out); n > 0 && exitStatusLine.MatchString(strings.TrimRight(out[n-1], "\r\n")) {
		out = out[:n-1]
	}
	return strings.Join(out, "")
}

func TestNormalizeStderr(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"plain\nlines\n", "plain\nlines\n"},
		{"no newline", "no newline"},
		{"panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/x/main.go:5 +0x1d\nexit status 2\n", "panic: boom\n"},
		{"before\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1]\n\ngoroutine 1 [running]:\nmain.main()\n", "before\npanic: runtime error: invalid memory address or nil pointer dereference\n"},
		{"fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\nmain.main()\n\ngoroutine 7 [chan send]:\n", "fatal error: all goroutines are asleep - deadlock!\n"},
		{"panic: first [recovered]\n\tpanic: second\n\ngoroutine 1 [running]:\n", "panic: first [recovered]\n\tpanic: second\n"},
		{"out\nexit status 3\n", "out\n"},
		{"exit status 3", ""},
		{"a goroutine in the middle\n  goroutine indented\n", "a goroutine in the middle\n  goroutine indented\n"},
		{"blank kept\n\nmore\n", "blank kept\n\nmore\n"},
	} {
		assert.Equal(t, tc.want, normalizeStderr(tc.in), "normalizeStderr(%q)", tc.in)
	}
}
