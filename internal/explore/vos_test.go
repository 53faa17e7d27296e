package explore

// The virtual OS under exploration: servers, clients, files, pipes and the
// environment of testdata/vos, each test with its verdict.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vosTarget returns the vt.Check call of test name in testdata/vos.
func vosTarget(t *testing.T, name string) Target {
	t.Helper()
	dir, err := filepath.Abs("testdata/vos")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, name, "")
	require.NoError(t, err)
	return Target{Prog: prog, Pkg: pkg, Test: name, Root: 0, Name: name}
}

// Correct servers, clients and file code: no failure in any execution
// explored (a sample: the space of an HTTP round trip is large). The
// budget is executions, not time, so that a loaded machine explores as
// much as an idle one.
func TestVirtualOSCorrect(t *testing.T) {
	for _, name := range []string{
		"TestHTTPRoundTrip", "TestTempFiles", "TestPipes", "TestHalfClose", "TestReadDeadline", "TestEnvPerExecution",
		"TestTCPWriteOrders", "TestHTTPLifecycle", "TestTempDirSetenv",
	} {
		t.Run(name, func(t *testing.T) {
			o := DefaultOptions()
			o.Execs = 20
			o.Time = 5 * time.Minute
			res, err := Explore(vosTarget(t, name), o, nil)
			require.NoError(t, err)
			assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, name, "go test"))
			assert.True(t, res.Exhaustive || res.Executions > 1, "explored: %s", Coverage(res))
			for _, k := range []string{"VT_VOS_TEST", "VT_VOS_TEMPDIR"} {
				_, set := os.LookupEnv(k)
				assert.False(t, set, "%s: os.Setenv under vt changes the virtual OS's environment, not the real one", k)
			}
		})
	}
}

// The overlay over a real directory: every execution sees the real files,
// changes them in memory only, and the disk is unchanged afterwards.
func TestVirtualOSOverlay(t *testing.T) {
	real := func() map[string]string {
		ents, err := os.ReadDir("testdata/vos/real")
		require.NoError(t, err)
		out := map[string]string{}
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join("testdata/vos/real", e.Name()))
			require.NoError(t, err)
			out[e.Name()] = string(b)
		}
		return out
	}
	want := map[string]string{"greeting.txt": "hello\n", "other.txt": "other\n"}
	require.Equal(t, want, real())
	o := DefaultOptions()
	o.Execs = 50
	o.Time = 5 * time.Minute
	res, err := Explore(vosTarget(t, "TestOverlay"), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Verdict, "%s", FormatReport(res, "TestOverlay", "go test"))
	assert.Greater(t, res.Executions, 1, "several executions, each from the real files")
	assert.Equal(t, want, real(), "the real directory is unchanged")
}

// Nothing a test does to files reaches the disk: TestTempFiles makes a
// directory in os.TempDir and leaves files in it in every execution.
func TestVirtualOSLeavesNoFiles(t *testing.T) {
	temps := func() []string {
		ents, err := os.ReadDir(os.TempDir())
		require.NoError(t, err)
		var out []string
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), "vt-vos-") {
				out = append(out, e.Name())
			}
		}
		return out
	}
	before := temps()
	o := DefaultOptions()
	o.Execs = 20
	res, err := Explore(vosTarget(t, "TestTempFiles"), o, nil)
	require.NoError(t, err)
	require.Equal(t, "ok", res.Verdict)
	assert.Equal(t, before, temps(), "the real temporary directory is unchanged")
}

// Two handlers increment a shared counter: the race is found, reported
// with both handlers' stacks, and replays.
func TestVirtualOSHandlersRace(t *testing.T) {
	target := vosTarget(t, "TestHandlersRace")
	o := DefaultOptions() // found with the default options, in the first execution
	res, err := Explore(target, o, nil)
	require.NoError(t, err)
	require.Equal(t, "race", res.Verdict, "%s", FormatReport(res, "TestHandlersRace", "go test"))
	f := res.Failure
	assert.Equal(t, 1, f.Execution, "found at once: on two connections, the two handlers' increments are unordered")
	msg := f.Message
	assert.Contains(t, msg, fmt.Sprintf("vos_test.go:%d", lineOf(t, "testdata/vos/vos_test.go", "hits++")))
	assert.Equal(t, 2, strings.Count(msg, "vos.TestHandlersRace.func1.1()"), "both handlers' frames:\n%s", msg)
	assert.Equal(t, 2, strings.Count(msg, "net/http.(*conn).serve()"), "both handlers' stacks down to the server:\n%s", msg)
	assert.Equal(t, 2, strings.Count(msg, "net/http.(*Server).Serve()"), "both created by the server:\n%s", msg)

	o.Replay = f.Replay
	rep, err := Explore(target, o, nil)
	require.NoError(t, err)
	assert.Equal(t, "race", rep.Verdict)
	first := func(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }
	assert.Equal(t, first(msg), first(rep.Failure.Message), "the same accesses by the same goroutines")
}

// A client waits for the server to close while the server waits for the
// client's request: a deadlock, both goroutines blocked reading.
func TestVirtualOSDeadlock(t *testing.T) {
	o := DefaultOptions()
	res, err := Explore(vosTarget(t, "TestTCPDeadlock"), o, nil)
	require.NoError(t, err)
	require.Equal(t, "deadlock", res.Verdict, "%s", FormatReport(res, "TestTCPDeadlock", "go test"))
	gs := res.Failure.Goroutines
	require.Len(t, gs, 2, "%s", FormatReport(res, "TestTCPDeadlock", "go test"))
	for _, g := range gs {
		assert.Equal(t, "net read", g.Op)
		var funcs []string
		for _, f := range g.Stack {
			funcs = append(funcs, f.Func)
		}
		assert.Contains(t, funcs, "net.(*conn).Read", "goroutine %d blocked in Read: %v", g.ID, funcs)
	}
}

// UDP delivers datagrams in any order, and with udploss may lose them.
func TestVirtualOSDatagrams(t *testing.T) {
	o := DefaultOptions()
	res, err := Explore(vosTarget(t, "TestUDPOrder"), o, nil)
	require.NoError(t, err)
	require.Equal(t, "assert", res.Verdict, "%s", FormatReport(res, "TestUDPOrder", "go test"))
	assert.Contains(t, res.Failure.Message, `actual  : "second"`)

	res, err = Explore(vosTarget(t, "TestUDPLoss"), o, nil)
	require.NoError(t, err)
	require.Equal(t, "ok", res.Verdict, "without udploss datagrams to a bound socket arrive: %s", FormatReport(res, "TestUDPLoss", "go test"))
	o.UDPLoss = true
	res, err = Explore(vosTarget(t, "TestUDPLoss"), o, nil)
	require.NoError(t, err)
	assert.Equal(t, "deadlock", res.Verdict, "%s", FormatReport(res, "TestUDPLoss", "go test"))

	// The whole test, as vt test explores it: the vt.Udploss(true) its
	// vt.Check call gives in code applies to that call.
	whole := vosTarget(t, "TestUDPLoss")
	whole.Root = -1
	res, err = Explore(whole, DefaultOptions(), nil)
	require.NoError(t, err)
	assert.Equal(t, "deadlock", res.Verdict, "%s", FormatReport(res, "TestUDPLoss", "vt test"))
}

// Datagrams sent with sendto and received with recvfrom carry no
// happens-before edge, as for Go's race detector: the race it reports
// between the sender's write and the receiver's read is found.
func TestVirtualOSDatagramNoEdge(t *testing.T) {
	res, err := Explore(vosTarget(t, "TestUDPSendToNoOrder"), DefaultOptions(), nil)
	require.NoError(t, err)
	require.Equal(t, "race", res.Verdict, "%s", FormatReport(res, "TestUDPSendToNoOrder", "go test"))
	assert.Contains(t, res.Failure.Message, "vos_test.go:")
}

// What the virtual OS does not offer is refused at the program's own call,
// with the reason.
func TestVirtualOSRefusals(t *testing.T) {
	for _, tc := range []struct{ test, msg string }{
		{"TestExecRefused", "exec.Command at vos_test.go:%d: starting processes is refused under vt"},
		{"TestDialRefused", "dial 10.0.0.1:80 at vos_test.go:%d: only loopback addresses exist under vt"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			target := vosTarget(t, tc.test)
			line := funcLine(t, "testdata/vos/vos_test.go", tc.test) + 2
			_, err := Explore(target, DefaultOptions(), nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), fmt.Sprintf(tc.msg, line))
		})
	}
}

// lineOf returns the line of the first line of file that contains text,
// trimmed.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == text {
			return i + 1
		}
	}
	t.Fatalf("no line %q in %s", text, file)
	return 0
}

// funcLine returns the line of "func name(" in file.
func funcLine(t *testing.T, file, name string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "func "+name+"(") {
			return i + 1
		}
	}
	t.Fatalf("no func %s in %s", name, file)
	return 0
}
