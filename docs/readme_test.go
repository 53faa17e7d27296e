package docs_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quotedCommand is a command whose output README.md quotes, in a code
// block right after the comment "<!-- output of: CMD -->".
type quotedCommand struct {
	// Cmd is the command as README.md shows it, run from the root.
	Cmd string
	// Code is its exit status.
	Code int
	// Corpus is the directory of schedules the run saves (relative to
	// the root), removed before and after it so that the run starts
	// fresh, as on a new checkout.
	Corpus string
	// VariesHash says that the program's source hash in the replay token
	// (and so the saved file's name) is masked: it hashes every loaded
	// file outside GOROOT, which for a test includes vt's own source
	// (it changes with every commit) and testify's from the module cache
	// (in an order that depends on where the cache and the checkout are).
	VariesHash bool
}

// quotedCommands are README.md's quoted outputs, each checked against a
// real run.
var quotedCommands = []quotedCommand{
	{Cmd: "go run ./cmd/vt check ./examples/pipeline", Code: 1, Corpus: "examples/pipeline/testdata/vt/main"},
	{Cmd: "go test -v ./examples/counter", Code: 0},
	{Cmd: "go test -v -run '^TestDeadlock$' ./internal/explore/testdata/verdicts", Code: 1,
		Corpus: "internal/explore/testdata/verdicts/testdata/vt/TestDeadlock", VariesHash: true},
	{Cmd: "go test -v -run '^TestRingQueue$' ./examples/linqueue", Code: 0, VariesHash: true},
}

const outputMarker = "<!-- output of: "

// quotedOutputs returns README.md's quoted outputs by command.
func quotedOutputs(t *testing.T, text string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for rest := text; ; {
		i := strings.Index(rest, outputMarker)
		if i < 0 {
			break
		}
		rest = rest[i+len(outputMarker):]
		cmd, after, ok := strings.Cut(rest, " -->\n")
		require.True(t, ok, "README.md: %s... needs its closing -->", outputMarker)
		require.True(t, strings.HasPrefix(after, "```\n"), "README.md: %s%s --> is followed by a code block", outputMarker, cmd)
		block, _, ok := strings.Cut(after[len("```\n"):], "```\n")
		require.True(t, ok)
		out[cmd] = block
		rest = after
	}
	return out
}

var (
	// durationRE matches a duration as Go prints one (time.Duration's
	// String): it varies with the machine.
	durationRE = regexp.MustCompile(`\b(\d+h)?(\d+m)?\d+(\.\d+)?(ns|µs|ms|s)\b`)
	trailingRE = regexp.MustCompile(`(?m)[ \t]+$`)
	hashRE     = regexp.MustCompile(`(vt1:|testdata/vt/[^/\s]+/)[0-9a-f]{16}\b`)
)

// normalize masks what varies between machines and runs in out: spaces
// at the ends of lines (go test indents the empty lines of a log), the
// root of the checkout in paths, durations, and where asked the source hash.
func normalize(out, root string, maskHash bool) string {
	out = trailingRE.ReplaceAllString(out, "")
	out = strings.ReplaceAll(out, root+string(filepath.Separator), "")
	out = durationRE.ReplaceAllString(out, "⟨duration⟩")
	if maskHash {
		out = hashRE.ReplaceAllString(out, "${1}⟨hash⟩")
	}
	return out
}

// quotePattern returns a regular expression that matches a quoted output
// as a contiguous run of lines of the real one. The quote may abridge: a
// line that is only "..." stands for any lines, and "..." inside a line
// for any text.
func quotePattern(quote string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`(?m)^`)
	for _, line := range strings.SplitAfter(quote, "\n") {
		if line == "" {
			continue
		}
		if strings.TrimSpace(line) == "..." {
			b.WriteString(`(?:.*\n)*?`)
			continue
		}
		parts := strings.Split(strings.TrimSuffix(line, "\n"), "...")
		for i, p := range parts {
			if i > 0 {
				b.WriteString(`.*?`)
			}
			b.WriteString(regexp.QuoteMeta(p))
		}
		b.WriteString(`\n`)
	}
	return regexp.MustCompile(b.String())
}

// splitArgs splits a command line at spaces, with single quotes as the
// shell's.
func splitArgs(cmd string) []string {
	var args []string
	var cur strings.Builder
	quoted, inArg := false, false
	for _, r := range cmd {
		switch {
		case r == '\'':
			quoted, inArg = !quoted, true
		case r == ' ' && !quoted:
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args
}

func TestQuotePatternAndNormalize(t *testing.T) {
	assert.Equal(t, []string{"go", "test", "-run", "^TestX$", "./p"}, splitArgs("go test -run '^TestX$' ./p"))
	real := "x\nvt: found in execution 1 (dfs, 9ms):\n  at /r/a/b.go:3\n 1 a\n 2 b\n 3 c\nreplay: vt1:0123456789abcdef:0\nend\n"
	n := normalize(real, "/r", true)
	assert.Equal(t, "x\nvt: found in execution 1 (dfs, ⟨duration⟩):\n  at a/b.go:3\n 1 a\n 2 b\n 3 c\nreplay: vt1:⟨hash⟩:0\nend\n", n)
	assert.Regexp(t, quotePattern(normalize("vt: found in execution 1 (dfs, 27ms):\n  at .../b.go:3  \n 1 a\n    ...\nreplay: vt1:ffffffffffffffff:0\n", "/r", true)), n)
	assert.NotRegexp(t, quotePattern(normalize("vt: found in execution 2 (dfs, 27ms):\n", "/r", true)), n, "the figures are compared")
	assert.NotRegexp(t, quotePattern("replay: vt1:ffffffffffffffff:0\n"), normalize(real, "/r", false), "a hash not masked is compared")
}

// Every output README.md quotes is what its command prints today (up to
// the root of the checkout, durations, and the source hash of tests), and
// every command of quotedCommands is quoted.
func TestReadmeQuotedOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test and vt check on three examples (about 15 s)")
	}
	quotes := quotedOutputs(t, readFile(t, "README.md"))
	abs, err := filepath.Abs(root)
	require.NoError(t, err)
	for _, q := range quotedCommands {
		_, ok := quotes[q.Cmd]
		assert.True(t, ok, "README.md quotes no output of %q", q.Cmd)
	}
	for cmd := range quotes {
		assert.True(t, func() bool {
			for _, q := range quotedCommands {
				if q.Cmd == cmd {
					return true
				}
			}
			return false
		}(), "README.md quotes the output of %q, which quotedCommands does not run", cmd)
	}
	var wg sync.WaitGroup
	results := make([]string, len(quotedCommands))
	codes := make([]int, len(quotedCommands))
	for i, q := range quotedCommands {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], codes[i] = runQuoted(t, abs, q)
		}()
	}
	wg.Wait()
	for i, q := range quotedCommands {
		quote, ok := quotes[q.Cmd]
		if !ok {
			continue
		}
		got := normalize(results[i], abs, q.VariesHash)
		want := normalize(quote, abs, q.VariesHash)
		assert.Equal(t, q.Code, codes[i], "%s: exit status\n%s", q.Cmd, results[i])
		assert.Regexp(t, quotePattern(want), got, "README.md's quoted output of %q differs from a real run (below, masked); update the README", q.Cmd)
	}
}

// runQuoted runs one quoted command from the root with a fresh corpus and
// returns its combined output and exit status.
func runQuoted(t *testing.T, abs string, q quotedCommand) (string, int) {
	clean := func() {
		if q.Corpus != "" {
			assert.NoError(t, os.RemoveAll(filepath.Join(abs, q.Corpus)))
		}
	}
	clean()
	defer clean()
	args := splitArgs(q.Cmd)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = abs
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -count=1"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		return fmt.Sprintf("%s: %v\n%s", q.Cmd, err, out.String()), -1
	}
	return out.String(), code
}

// The number of conformance programs README.md gives is the number of
// programs under interp/testdata/conformance.
func TestReadmeConformanceCount(t *testing.T) {
	m := regexp.MustCompile(`conformance suite of (\d+) programs`).FindStringSubmatch(readFile(t, "README.md"))
	require.NotNil(t, m, "README.md names the size of the conformance suite")
	mains, err := filepath.Glob(filepath.Join(root, "interp", "testdata", "conformance", "*", "main.go"))
	require.NoError(t, err)
	assert.Equal(t, m[1], fmt.Sprint(len(mains)), "README.md's size of the conformance suite")
}

// Links into BENCHMARKS.md name one of its sections, and every table of
// BENCHMARKS.md says how, where and at which commit it was measured.
func TestBenchmarksPage(t *testing.T) {
	bench := readFile(t, "BENCHMARKS.md")
	assert.LessOrEqual(t, strings.Count(bench, "\n"), 400, "BENCHMARKS.md is one page of current figures (history: git log)")
	anchors := map[string]bool{}
	for _, h := range regexp.MustCompile(`(?m)^#+ (.*)$`).FindAllStringSubmatch(bench, -1) {
		a := strings.ToLower(strings.ReplaceAll(h[1], " ", "-"))
		anchors[regexp.MustCompile(`[^a-z0-9_-]`).ReplaceAllString(a, "")] = true
	}
	for _, doc := range []string{"README.md", "docs/guide.md", "docs/design.md"} {
		for _, m := range regexp.MustCompile(`BENCHMARKS\.md#([^)\s]+)`).FindAllStringSubmatch(readFile(t, doc), -1) {
			assert.True(t, anchors[m[1]], "%s links BENCHMARKS.md#%s, which is no section", doc, m[1])
		}
	}
	tables := regexp.MustCompile(`(?s)<!-- table:([a-z]+) -->\n(.*?)<!-- end -->\n`).FindAllStringSubmatch(bench, -1)
	require.NotEmpty(t, tables)
	for _, tb := range tables {
		assert.NotEmpty(t, strings.TrimSpace(tb[2]), "table %s is empty: measure it (scripts/benchmarks.sh %s)", tb[1], tb[1])
		assert.Regexp(t, `(commit|recorded in|code) `, tb[2], "table %s says at which commit it was measured", tb[1])
		assert.Regexp(t, `AMD EPYC|Intel Xeon`, tb[2], "table %s says on which machine it was measured", tb[1])
	}
}

// Wherever the documents quote the result line of the README's counter,
// they quote the one TestReadmeQuotedOutputs checks against a real run.
func TestDocsQuoteTheCheckedCounter(t *testing.T) {
	re := regexp.MustCompile(`TestCounter: ok, (\d+) executions, exhaustive`)
	want := re.FindStringSubmatch(quotedOutputs(t, readFile(t, "README.md"))["go test -v ./examples/counter"])
	require.NotNil(t, want, "README.md quotes the counter's result line")
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	for _, d := range append(docs, filepath.Join(root, "README.md")) {
		b, err := os.ReadFile(d)
		require.NoError(t, err)
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			assert.Equal(t, want[1], m[1], "%s quotes the counter's executions", d)
		}
	}
}
