package interp

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

// testPackage returns the package of prog (loaded with Config.Tests) that
// declares the function fn: the test variant, for a test's name.
func testPackage(t *testing.T, prog *Program, fn string) *ssa.Package {
	t.Helper()
	for _, p := range prog.Packages {
		if p != nil && p.Func(fn) != nil {
			return p
		}
	}
	require.FailNow(t, "no loaded package declares "+fn)
	return nil
}
