package uniquemodel_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// unique.Make's handles and weak pointers behave as compiled: testdata/
// handles runs natively and interpreted with the same output.
func TestHandlesAsCompiled(t *testing.T) {
	const dir = "testdata/handles"
	native, err := exec.Command("go", "run", "./"+dir).Output()
	require.NoError(t, err)
	require.Contains(t, string(native), "abc {bc 1} [a z]", "Make clones the strings")
	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, strings.Split(string(native), "\n"), strings.Split(out.String(), "\n"))
}
