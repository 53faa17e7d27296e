package strmodel_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/internal/modeltest"
	"github.com/vtcheck/vt/interp/models/strmodel"
)

const leaves = "testdata/leaves"

// The models give the compiled program's results, and its errors and
// panics where they fall back to the functions' bodies: testdata/leaves
// runs natively and interpreted with the same output.
func TestLeavesAsCompiled(t *testing.T) { asCompiled(t, leaves) }

// The models' allocations (model.Func.Allocs) are the compiled
// functions': testing.AllocsPerRun counts the same in testdata/allocs.
func TestAllocsAsCompiled(t *testing.T) { asCompiled(t, "testdata/allocs") }

// asCompiled runs the main package in dir natively and interpreted, and
// requires the same output.
func asCompiled(t *testing.T, dir string) {
	native := modeltest.Native(t, dir)
	assert.Equal(t, modeltest.Lines(native), modeltest.Lines(modeltest.Interpreted(t, dir, interp.RunOptions{})))
}

// testdata/leaves calls every exported function and method of strings and
// strconv that the tables model.
func TestLeavesCallEveryModel(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), leaves+"/main.go", nil, 0)
	require.NoError(t, err)
	called := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			called[sel.Sel.Name] = true
			if x, ok := sel.X.(*ast.Ident); ok {
				called[x.Name+"."+sel.Sel.Name] = true
			}
		}
		return true
	})
	for _, p := range strmodel.Packages {
		if strings.HasPrefix(p.Path, "internal/") {
			continue // reached through strconv's float32 conversions
		}
		for name := range p.Funcs {
			if method, ok := strings.CutPrefix(name, "(*"+p.Path+".Builder)."); ok {
				assert.True(t, called[method], "%s is not called by %s", name, leaves)
				continue
			}
			local := strings.TrimPrefix(name, p.Path+".")
			assert.True(t, called[p.Path+"."+local], "%s is not called by %s", name, leaves)
		}
	}
}
