package cryptomodel_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/models/cryptomodel"
)

const hashes = "testdata/hashes"

// SHA-3, XORBytes (into another buffer and in place) and P-256's
// precomputed table give the compiled program's bytes: testdata/hashes
// runs natively and interpreted with the same output.
func TestHashesAsCompiled(t *testing.T) {
	native, err := exec.Command("go", "run", "./"+hashes).Output()
	require.NoError(t, err)
	prog, err := interp.Load(interp.Config{Dir: hashes}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, strings.Split(string(native), "\n"), strings.Split(out.String(), "\n"))
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
