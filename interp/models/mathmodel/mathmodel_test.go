package mathmodel_test

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
	"github.com/vtcheck/vt/interp/models/mathmodel"
)

const leaves = "testdata/leaves"

// The models give the compiled program's results: testdata/leaves runs
// natively and interpreted with the same output.
func TestLeavesAsCompiled(t *testing.T) {
	native := modeltest.Native(t, leaves)
	assert.Equal(t, modeltest.Lines(native), modeltest.Lines(modeltest.Interpreted(t, leaves, interp.RunOptions{})))
}

// testdata/leaves calls every exported function the tables model (their
// unexported variants are the same host calls).
func TestLeavesCallEveryModel(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), leaves+"/main.go", nil, 0)
	require.NoError(t, err)
	called := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				called[x.Name+"."+sel.Sel.Name] = true
			}
		}
		return true
	})
	for _, p := range mathmodel.Packages {
		for name := range p.Funcs {
			local := strings.TrimPrefix(name, p.Path+".")
			if !token.IsExported(local) {
				continue
			}
			assert.True(t, called[p.Path[strings.LastIndex(p.Path, "/")+1:]+"."+local], "%s is not called by %s", name, leaves)
		}
	}
}
