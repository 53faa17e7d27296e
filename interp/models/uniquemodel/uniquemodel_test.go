package uniquemodel_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/internal/modeltest"
)

// unique.Make's handles and weak pointers behave as compiled: testdata/
// handles runs natively and interpreted with the same output.
func TestHandlesAsCompiled(t *testing.T) {
	const dir = "testdata/handles"
	native := modeltest.Native(t, dir)
	require.Contains(t, native, "abc {bc 1} [a z]", "Make clones the strings")
	assert.Equal(t, modeltest.Lines(native), modeltest.Lines(modeltest.Interpreted(t, dir, interp.RunOptions{})))
}
