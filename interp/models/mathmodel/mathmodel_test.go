package mathmodel_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/models/mathmodel"
)

const leaves = "testdata/leaves"

// The models give the compiled program's results: testdata/leaves runs
// natively and interpreted with the same output.
func TestLeavesAsCompiled(t *testing.T) {
	native, err := exec.Command("go", "run", "./"+leaves).Output()
	require.NoError(t, err)
	prog, err := interp.Load(interp.Config{Dir: leaves}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, strings.Split(string(native), "\n"), strings.Split(out.String(), "\n"))
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
