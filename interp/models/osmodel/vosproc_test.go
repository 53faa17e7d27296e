package osmodel_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// vosRun is the result of a run of testdata/vosproc.
type vosRun struct {
	stdout, stderr string
	code           int
	err            error
}

// runVosproc runs testdata/vosproc with the options opts.
func runVosproc(t *testing.T, opts interp.RunOptions) vosRun {
	t.Helper()
	prog, err := interp.Load(interp.Config{Dir: "testdata/vosproc"}, ".")
	require.NoError(t, err)
	var stdout, stderr bytes.Buffer
	opts.Stdout, opts.Stderr = &stdout, &stderr
	code, err := prog.RunMain(prog.Mains()[0], opts)
	return vosRun{stdout.String(), stderr.String(), code, err}
}

// The virtual OS's host name is fixed (vos.Hostname), whatever machine vt
// runs on, and resolves to the loopback addresses, as a machine's own
// name does in its /etc/hosts.
func TestVirtualHostname(t *testing.T) {
	r := runVosproc(t, interp.RunOptions{Args: []string{"vosproc", "hostname"}})
	require.NoError(t, r.err)
	assert.Equal(t, "vt-host <nil> [127.0.0.1 ::1] <nil>\n", r.stdout)
}

// os/signal's loop goroutine, blocked until a signal arrives, is no leak
// when main returns (go test does not report it either); waiting for a
// signal nobody sends is a deadlock, with the loop among the goroutines.
func TestSignalLoopNoLeakButDeadlock(t *testing.T) {
	var out interp.Outcome
	r := runVosproc(t, interp.RunOptions{Args: []string{"vosproc", "notify"}, WaitAll: true, Outcome: &out})
	require.NoError(t, r.err)
	assert.Equal(t, "user defined signal 1\n", r.stdout)
	assert.Equal(t, interp.Exited, out.Kind, "%+v", out)
	assert.Equal(t, 0, r.code)

	// The loop goroutine first runs after main returned (goleak's
	// TestNoLeaks under vt test): still the runtime's loop, no leak.
	out = interp.Outcome{}
	r = runVosproc(t, interp.RunOptions{Args: []string{"vosproc", "notifyonly"}, WaitAll: true, Outcome: &out})
	require.NoError(t, r.err)
	assert.Equal(t, "notified\n", r.stdout)
	assert.Equal(t, interp.Exited, out.Kind, "%+v", out)
	assert.Equal(t, 0, r.code)

	out = interp.Outcome{}
	r = runVosproc(t, interp.RunOptions{Args: []string{"vosproc", "wait"}, WaitAll: true, Outcome: &out})
	require.NoError(t, r.err)
	assert.Equal(t, interp.Deadlocked, out.Kind, "%+v", out)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "fatal error: all goroutines are asleep - deadlock!")
	assert.Contains(t, r.stderr, "[syscall]:\nos/signal.loop", "the loop goroutine, in Go's words")
}

// A signal the program sends itself and does not handle takes Go's
// default action: SIGTERM ends the process silently (exit code -1, as
// os.ProcessState reports it), SIGQUIT with the stacks (exit status 2).
func TestSignalDefaultActions(t *testing.T) {
	var out interp.Outcome
	r := runVosproc(t, interp.RunOptions{Args: []string{"vosproc", "term"}, Outcome: &out})
	require.NoError(t, r.err)
	assert.Equal(t, "before\n", r.stdout)
	assert.Empty(t, r.stderr)
	assert.Equal(t, -1, r.code)
	assert.Equal(t, interp.Fatal, out.Kind)
	assert.Contains(t, out.Message, "killed by signal SIGTERM")

	r = runVosproc(t, interp.RunOptions{Args: []string{"vosproc", "quit"}, Outcome: &out})
	require.NoError(t, r.err)
	assert.Empty(t, r.stdout)
	assert.Equal(t, 2, r.code)
	assert.Regexp(t, `^SIGQUIT: quit\nPC=`, r.stderr)
	assert.Contains(t, r.stderr, "goroutine 1 [running]:")
}
