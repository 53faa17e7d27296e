package interp

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// localAllocSrc has one function per case: the name says whether its
// Heap local (named x) may live in the frame.
const localAllocSrc = `package p

type pair struct{ a, b int }

var sink any
var sinkP *int
var sinkS []byte

func stayFormat(u uint64) string {
	var x [20]byte
	i := len(x)
	for u >= 10 {
		i--
		x[i] = byte('0' + u%10)
		u /= 10
	}
	i--
	x[i] = byte('0' + u)
	return string(x[i:])
}

func stayAppendFrom(dst []byte) []byte {
	var x [4]byte
	x[0] = 1
	return append(dst, x[1:]...)
}

func stayFields() int {
	var x pair
	pa, pb := &x.a, &x.b
	*pa = 1
	*pb = *pa + 2
	return x.a + x.b
}

func stayCopyLen(src []byte) int {
	var x [8]byte
	n := copy(x[:], src)
	return n + len(x[:n]) + cap(x[2:])
}

func escapeCall() {
	var x [4]byte
	use(x[:])
}

func use([]byte) {}

func escapeStoreAddr() {
	var x int
	p := &x
	sinkP = p
}

func escapeStoreSlice() {
	var x [4]byte
	sinkS = x[:]
}

func escapeReturn() *int {
	var x int
	p := &x
	return p
}

func escapeInterface() {
	var x [4]byte
	sink = x[:]
}

func escapePhi(c bool) int {
	var x, y int
	p := &x
	if c {
		p = &y
	}
	*p = 1
	return x + y
}

func escapeAppendTo() []byte {
	var x [4]byte
	return append(x[:0], 1)
}

func escapeClosure() func() int {
	var x int
	p := &x
	return func() int { return *p }
}

func escapeCompare(q *int) bool {
	var x int
	p := &x
	return p == q
}

func escapeGo() {
	var x int
	p := &x
	go func(*int) {}(p)
}
`

// TestAddressStays checks which Heap locals may live in their frame.
func TestAddressStays(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", localAllocSrc, 0)
	require.NoError(t, err)
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	require.NoError(t, err)
	checked := 0
	for _, mem := range pkg.Members {
		fn, ok := mem.(*ssa.Function)
		if !ok || fn.Name() == "use" || fn.Name() == "init" {
			continue
		}
		var x *ssa.Alloc
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if a, ok := instr.(*ssa.Alloc); ok && a.Comment == "x" {
					x = a
				}
			}
		}
		require.NotNil(t, x, "%s: no local x", fn.Name())
		require.True(t, x.Heap, "%s: SSA keeps x off the heap; the case tests nothing", fn.Name())
		stays := fn.Name()[:4] == "stay"
		assert.Equal(t, stays, frameLocal(x), "%s", fn.Name())
		checked++
	}
	assert.Equal(t, 14, checked)
}
