package cryptomodel_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/internal/modeltest"
	"github.com/vtcheck/vt/interp/models/cryptomodel"
)

const hashes = "testdata/hashes"

// SHA-3, XORBytes (into another buffer and in place) and P-256's
// precomputed table give the compiled program's bytes: testdata/hashes
// runs natively and interpreted with the same output.
func TestHashesAsCompiled(t *testing.T) {
	native := modeltest.Native(t, hashes)
	assert.Equal(t, modeltest.Lines(native), modeltest.Lines(modeltest.Interpreted(t, hashes, interp.RunOptions{})))
}

// Every model is of its table's package and says why; those that touch
// the program's memory say so.
func TestTables(t *testing.T) {
	for _, p := range cryptomodel.Packages {
		require.NotEmpty(t, p.Funcs, p.Path)
		for name, f := range p.Funcs {
			assert.NotEmpty(t, f.Why, name)
			assert.True(t, strings.HasPrefix(strings.TrimLeft(name, "(*"), p.Path+"."), "%s is not of %s", name, p.Path)
		}
	}
}
