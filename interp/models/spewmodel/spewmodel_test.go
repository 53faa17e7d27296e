package spewmodel_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/internal/modeltest"
)

// testify's diffs of values with unexported fields, go-spew's dumps, are
// the compiled program's: testdata/diff runs natively and interpreted with
// the same output.
func TestDiffAsCompiled(t *testing.T) {
	const dir = "testdata/diff"
	native := modeltest.Native(t, dir)
	require.Contains(t, native, "name: (string) (len=1) \"p\"", "the diffs show unexported fields")
	assert.Equal(t, modeltest.Lines(native), modeltest.Lines(modeltest.Interpreted(t, dir, interp.RunOptions{})))
}
