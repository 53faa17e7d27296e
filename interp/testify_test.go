package interp

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTestifyInterpreted runs the tests of testdata/testify, which use
// testify's assert and require, natively with go test -v and interpreted
// with RunTest, and requires the same verdicts and the same output for
// every test: log lines, failure messages with their call sites and error
// traces, subtests, skips.
func TestTestifyInterpreted(t *testing.T) {
	cmd := exec.Command("go", "test", "-v", "-count=1", "./testdata/testify")
	out, _ := cmd.CombinedOutput() // the package has failing tests on purpose
	native := splitTestOutput(string(out))
	require.NotEmpty(t, native, "native go test output:\n%s", out)

	prog, err := Load(Config{Dir: "testdata/testify", Tests: true}, ".")
	require.NoError(t, err)
	testPkg := testPackage(t, prog, "TestSqrt")

	for name, want := range native {
		t.Run(name, func(t *testing.T) {
			res, err := prog.RunTest(testPkg, name, RunOptions{})
			require.NoError(t, err)
			assert.Equal(t, want, normalizeDurations(res.Output))
			assert.Equal(t, strings.Contains(want, "--- FAIL: "+name+" "), res.Failed, "failed")
			assert.Equal(t, strings.Contains(want, "--- SKIP: "+name+" "), res.Skipped, "skipped")
		})
	}
}

var durationRE = regexp.MustCompile(`\(\d+\.\d+s\)`)

func normalizeDurations(s string) string { return durationRE.ReplaceAllString(s, "(0.00s)") }

// splitTestOutput splits go test -v output into the output of each
// top-level test, keyed by test name.
func splitTestOutput(out string) map[string]string {
	tests := map[string]string{}
	var name string
	var sb strings.Builder
	flush := func() {
		if name != "" {
			tests[name] = normalizeDurations(sb.String())
		}
		sb.Reset()
	}
	for _, line := range strings.SplitAfter(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "=== RUN   "); ok && !strings.Contains(rest, "/") {
			flush()
			name = strings.TrimSpace(rest)
		}
		if line == "FAIL\n" || line == "PASS\n" || strings.HasPrefix(line, "FAIL\t") || strings.HasPrefix(line, "ok  \t") {
			continue
		}
		if name != "" {
			sb.WriteString(line)
		}
	}
	flush()
	return tests
}
