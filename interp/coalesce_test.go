package interp

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

// loopMoves are the values that the loop edges of functions of the
// phiregs program must move: sumAndLast's header has two phis of one
// value (sum and last = sum), of which only one can share its register.
var loopMoves = map[string]int{"countOnBranch": 0, "continues": 0, "sumAndLast": 1}

// TestCoalescePhiWebs compiles loops whose phis form webs (a counter and
// an accumulator updated on one branch of the body, a loop-rotated range)
// and requires that the loops' edges move no value (but where two phis
// take one value): every phi shares a register with the values that flow
// into it.
func TestCoalescePhiWebs(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "conformance"))
	require.NoError(t, err)
	prog, err := load(dir, Config{Dir: dir}, []string{"./phiregs"})
	require.NoError(t, err)
	var pkg *ssa.Package
	for _, p := range prog.Mains() {
		pkg = p
	}
	require.NotNil(t, pkg)
	var out bytes.Buffer
	_, err = prog.RunMain(pkg, RunOptions{Stdout: &out})
	require.NoError(t, err)

	checked := 0
	for _, f := range prog.funcList {
		name := f.name[strings.LastIndex(f.name, ".")+1:]
		want, ok := loopMoves[name]
		if !ok {
			continue
		}
		require.NotNil(t, f.micro, "%s has micro-code", name)
		// The entry block ends at the first control instruction; its
		// edge moves the loops' initial values.
		moves, loop, entry := 0, 0, true
		for _, in := range f.micro {
			for _, e := range in.edges() {
				if !entry {
					loop += len(e.dsts)
				}
				moves += len(e.dsts)
			}
			entry = entry && in.nedge == 0
		}
		assert.Equal(t, want, loop, "%s: values moved on the loops' edges", name)
		assert.Positive(t, moves, "%s: the loops' initial values move", name)
		checked++
	}
	assert.Equal(t, 3, checked)
}
