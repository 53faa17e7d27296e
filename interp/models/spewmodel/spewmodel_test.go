package spewmodel_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// testify's diffs of values with unexported fields, go-spew's dumps, are
// the compiled program's: testdata/diff runs natively and interpreted with
// the same output.
func TestDiffAsCompiled(t *testing.T) {
	const dir = "testdata/diff"
	native, err := exec.Command("go", "run", "./"+dir).Output()
	require.NoError(t, err)
	require.Contains(t, string(native), "name: (string) (len=1) \"p\"", "the diffs show unexported fields")
	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, strings.Split(string(native), "\n"), strings.Split(out.String(), "\n"))
}
