package reflectmodel_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/internal/modeltest"
)

// reflect's types and Values behave as compiled: testdata/types runs
// natively and interpreted with the same output (the panics reflect
// raises too).
func TestTypesAsCompiled(t *testing.T) {
	const dir = "testdata/types"
	native := modeltest.Native(t, dir)
	require.Contains(t, native, "FieldByName Depth true Depth [1 0] int 0", "the program ran")
	assert.Equal(t, modeltest.Lines(native), modeltest.Lines(modeltest.Interpreted(t, dir, interp.RunOptions{})))
}
