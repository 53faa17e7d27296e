package interp

// Goroutine dumps in Go's format (traceback.go): the programs under
// testdata/traceback print runtime.Stack(buf, true) (or end in a deadlock
// or an uncaught panic, whose dump is on stderr). Each is built and run
// natively, then interpreted; every line of the interpreter's dump must
// follow the grammar of Go's tracebacks, and the two dumps must have the
// same goroutines: the same states, the same frames (function, file and
// line), the same "created by" functions and creators. Goroutine ids,
// arguments and offsets may differ.
//
// Run one program with: go test -run 'TestTracebackMatchesGo/blocked$' ./interp

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

// tracebackCase is a program of testdata/traceback and where its dump is.
type tracebackCase struct {
	name   string
	test   string // a test of the package to run (go test), "" for a main package
	stderr bool   // the dump ends the program, on stderr (else on stdout)
}

var tracebackCases = []tracebackCase{
	{name: "blocked"},                  // every state a goroutine blocks in
	{name: "intest", test: "TestDump"}, // go test's main, testing's frames, T.Run and T.Parallel
	{name: "deadlock", stderr: true},   // fatal error: all goroutines are asleep
	{name: "panic", stderr: true},      // an uncaught panic during another's deferred call
}

func TestTracebackMatchesGo(t *testing.T) {
	dir := filepath.Join("testdata", "traceback")
	patterns := make([]string, len(tracebackCases))
	for i, tc := range tracebackCases {
		patterns[i] = "./" + tc.name
	}
	prog, err := Load(Config{Dir: dir, Tests: true}, patterns...)
	require.NoError(t, err)
	bin := t.TempDir()
	for _, tc := range tracebackCases {
		t.Run(tc.name, func(t *testing.T) {
			native := nativeDump(t, dir, bin, tc)
			interpreted := interpretedDump(t, prog, tc)
			checkTracebackGrammar(t, interpreted)
			assert.Equal(t, normalizeDump(t, native), normalizeDump(t, interpreted),
				"the goroutines of the dumps (ids, arguments and offsets aside)\nnative:\n%s\ninterpreted:\n%s", native, interpreted)
		})
	}
}

// nativeDump builds and runs tc natively and returns its dump.
func nativeDump(t *testing.T, dir, bin string, tc tracebackCase) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	exe := filepath.Join(bin, tc.name)
	build := exec.CommandContext(ctx, "go", "build", "-o", exe, "./"+tc.name)
	var args []string
	if tc.test != "" {
		build = exec.CommandContext(ctx, "go", "test", "-c", "-o", exe, "./"+tc.name)
		args = []string{"-test.run", "^" + tc.test + "$", "-test.v"}
	}
	build.Dir = dir
	out, err := build.CombinedOutput()
	require.NoError(t, err, "building %s natively:\n%s", tc.name, out)
	var stdout, stderr bytes.Buffer
	run := exec.CommandContext(ctx, exe, args...)
	run.Stdout, run.Stderr = &stdout, &stderr
	err = run.Run()
	if !tc.stderr {
		require.NoError(t, err, "running %s natively:\n%s", tc.name, stderr.String())
	}
	return extractDump(t, tc, stdout.String(), stderr.String())
}

// interpretedDump runs tc in the interpreter and returns its dump.
func interpretedDump(t *testing.T, prog *Program, tc tracebackCase) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	opts := RunOptions{Stdout: &stdout, Stderr: &stderr}
	if tc.test != "" {
		_, err := prog.RunTest(testPackage(t, prog, tc.test), tc.test, opts)
		require.NoError(t, err)
	} else {
		pkg := mainPackage(t, prog, tc.name)
		_, err := prog.RunMain(pkg, opts)
		require.NoError(t, err)
	}
	return extractDump(t, tc, stdout.String(), stderr.String())
}

// extractDump returns the goroutines of a run's output: its stdout (between
// BEGIN DUMP and END DUMP lines for a test), or the stderr of a fatal end
// from its first goroutine.
func extractDump(t *testing.T, tc tracebackCase, stdout, stderr string) string {
	t.Helper()
	switch {
	case tc.stderr:
		i := strings.Index(stderr, "\ngoroutine ")
		require.GreaterOrEqual(t, i, 0, "no goroutine in the stderr of %s:\n%s", tc.name, stderr)
		return strings.TrimSuffix(stderr[i+1:], "exit status 2\n")
	case tc.test != "":
		_, after, ok := strings.Cut(stdout, "BEGIN DUMP\n")
		require.True(t, ok, "no dump in the output of %s:\n%s", tc.name, stdout)
		dump, _, ok := strings.Cut(after, "END DUMP\n")
		require.True(t, ok, "the dump of %s does not end:\n%s", tc.name, stdout)
		return dump
	}
	return stdout
}

// mainPackage returns the main package of prog whose path ends in name.
func mainPackage(t *testing.T, prog *Program, name string) *ssa.Package {
	t.Helper()
	for _, p := range prog.Mains() {
		if strings.HasSuffix(p.Pkg.Path(), "/"+name) {
			return p
		}
	}
	require.FailNow(t, "no main package "+name)
	return nil
}

// The lines of Go's goroutine tracebacks, as the interpreter writes them:
// arguments are "(...)", and every location has an offset.
var (
	dumpHeader   = regexp.MustCompile(`^goroutine ([1-9][0-9]*) \[([a-zA-Z.() ]+)\]:$`)
	dumpFunc     = regexp.MustCompile(`^([a-zA-Z_][^\s()]*(\(\*[^\s()]+\))?[^\s()]*)\(\.\.\.\)$`)
	dumpLocation = regexp.MustCompile(`^\t(/\S+\.(go|s)|_testmain\.go):([1-9][0-9]*) \+0x[0-9a-f]+$`)
	dumpCreated  = regexp.MustCompile(`^created by ([a-zA-Z_][^\s()]*(\(\*[^\s()]+\))?[^\s()]*)( in goroutine ([1-9][0-9]*))?$`)
)

// checkTracebackGrammar requires every line of dump to be a line of Go's
// traceback grammar, in its place: goroutines separated by one blank
// line, each a header, frames (a function, then its location) and at most
// one "created by" with its location.
func checkTracebackGrammar(t *testing.T, dump string) {
	t.Helper()
	require.True(t, strings.HasSuffix(dump, "\n"), "the dump ends with a newline")
	ids := map[string]bool{}
	for i, block := range strings.Split(strings.TrimSuffix(dump, "\n"), "\n\n") {
		lines := strings.Split(block, "\n")
		h := dumpHeader.FindStringSubmatch(lines[0])
		require.NotNil(t, h, "goroutine %d: header %q", i, lines[0])
		require.False(t, ids[h[1]], "goroutine %s listed twice", h[1])
		ids[h[1]] = true
		rest := lines[1:]
		require.NotEmpty(t, rest, "goroutine %s has frames", h[1])
		require.Zero(t, len(rest)%2, "goroutine %s: a function line and a location line per frame:\n%s", h[1], block)
		for j := 0; j < len(rest); j += 2 {
			last := j+2 == len(rest)
			if c := dumpCreated.FindStringSubmatch(rest[j]); c != nil {
				require.True(t, last, "goroutine %s: created by is the last frame:\n%s", h[1], block)
			} else {
				assert.Regexp(t, dumpFunc, rest[j], "goroutine %s: a frame's function", h[1])
			}
			assert.Regexp(t, dumpLocation, rest[j+1], "goroutine %s: a frame's location", h[1])
		}
	}
}

// normalizeDump returns the goroutines of dump, sorted, each as its text
// with what may differ removed: goroutine ids (a "created by" line names
// its creator by the rank of its id in the dump), arguments, offsets, and
// the line in the test binary's generated main (_testmain.go, which the
// interpreter does not have).
func normalizeDump(t *testing.T, dump string) []string {
	t.Helper()
	blocks := strings.Split(strings.TrimSuffix(dump, "\n"), "\n\n")
	var ids []int
	for _, b := range blocks {
		h := dumpHeader.FindStringSubmatch(strings.SplitN(b, "\n", 2)[0])
		require.NotNil(t, h, "a goroutine's header: %q", b)
		id, _ := strconv.Atoi(h[1])
		ids = append(ids, id)
	}
	sorted := slices.Sorted(slices.Values(ids))
	rank := func(id string) string {
		n, _ := strconv.Atoi(id)
		return "#" + strconv.Itoa(slices.Index(sorted, n)+1)
	}
	offset := regexp.MustCompile(` \+0x[0-9a-f]+$`)
	testmain := regexp.MustCompile(`_testmain\.go:[0-9]+`)
	var out []string
	for _, b := range blocks {
		lines := strings.Split(b, "\n")
		h := dumpHeader.FindStringSubmatch(lines[0])
		norm := []string{fmt.Sprintf("goroutine [%s]:", h[2])}
		if h[1] == "1" {
			norm[0] = "main " + norm[0] // the main goroutine is goroutine 1 in both
		}
		for _, l := range lines[1:] {
			switch c := dumpCreated.FindStringSubmatch(l); {
			case c != nil && c[4] != "":
				l = "created by " + c[1] + " in goroutine " + rank(c[4])
			case strings.HasPrefix(l, "\t"):
				l = testmain.ReplaceAllString(offset.ReplaceAllString(l, ""), "_testmain.go")
			default:
				l = l[:strings.LastIndexByte(l, '(')] + "()" // the arguments
			}
			norm = append(norm, l)
		}
		out = append(out, strings.Join(norm, "\n"))
	}
	slices.Sort(out)
	return out
}
