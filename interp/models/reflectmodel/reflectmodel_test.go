package reflectmodel_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// reflect's types and Values behave as compiled: testdata/types runs
// natively and interpreted with the same output (the panics reflect
// raises too).
func TestTypesAsCompiled(t *testing.T) {
	const dir = "testdata/types"
	native, err := exec.Command("go", "run", "./"+dir).Output()
	require.NoError(t, err)
	require.Contains(t, string(native), "FieldByName Depth true Depth [1 0] int 0", "the program ran")
	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, strings.Split(string(native), "\n"), strings.Split(out.String(), "\n"))
}
