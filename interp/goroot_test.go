package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A module whose path has no dot ("myapp") is the program's code, not the
// standard library's: what decides is where the source lies (GOROOT/src).
func TestInGorootByLocation(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module myapp\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import "strings"

func main() { println(strings.ToUpper("x")) }
`), 0o644))
	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	main := prog.Packages[0].Func("main")
	require.NotNil(t, main)
	assert.False(t, prog.funcOf(main).inGoroot(), "myapp's main")
	upper := prog.SSA.ImportedPackage("strings").Func("ToUpper")
	require.NotNil(t, upper)
	assert.True(t, prog.funcOf(upper).inGoroot(), "strings.ToUpper")
}
