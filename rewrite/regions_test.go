package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRegions inserts the region of each form: a variable (object form on
// its address), a map (the map), a field (its address), an array element
// (element form on the array's address); accesses in one statement share
// its regions; an access in a for header is left alone, with the reason.
func TestRegions(t *testing.T) {
	dir, err := filepath.Abs("testdata/objects")
	require.NoError(t, err)
	file := filepath.Join(dir, "main.go")
	changes, skips, err := Regions(dir, []Access{
		{File: file, Line: 14, Col: 4, Write: true}, // n++ (the operator)
		{File: file, Line: 15, Col: 4, Write: true}, // m["k"] = n: the map
		{File: file, Line: 15, Col: 12},             // ... and n
		{File: file, Line: 16, Col: 5, Write: true}, // p.x
		{File: file, Line: 17, Col: 4, Write: true}, // a[2]
		{File: file, Line: 21, Col: 18},             // n in the for header
		{File: file, Line: 22, Col: 15},             // n
		{File: file, Line: 22, Col: 19},             // m["k"]
	})
	require.NoError(t, err)
	require.Len(t, skips, 1)
	assert.Equal(t, 21, skips[0].Access.Line)
	assert.Contains(t, skips[0].Why, "ForStmt")
	got := string(changes[file])
	for _, want := range []string{
		"\t\tvt.AcquireW(&n)\n\t\tn++\n\t\tvt.ReleaseW(&n)\n",
		"\t\tvt.AcquireW(m)\n\t\tvt.AcquireR(&n)\n\t\tm[\"k\"] = n\n\t\tvt.ReleaseR(&n)\n\t\tvt.ReleaseW(m)\n",
		"\t\tvt.AcquireW(&p.x)\n\t\tp.x = 1\n\t\tvt.ReleaseW(&p.x)\n",
		"\t\tvt.AcquireWAt(&a, 2)\n\t\ta[2] = 7\n\t\tvt.ReleaseWAt(&a, 2)\n",
		"\t\tvt.AcquireR(&n)\n\t\tvt.AcquireR(m)\n\t\tfmt.Println(n, m[\"k\"], p.x, a[2])\n\t\tvt.ReleaseR(m)\n\t\tvt.ReleaseR(&n)\n",
		"import (\n\t\"fmt\"\n\t\"github.com/vtcheck/vt/vt\"\n)\n",
	} {
		assert.Contains(t, got, want)
	}
	old, err := os.ReadFile(file)
	require.NoError(t, err)
	d := Diff("main.go", old, changes[file])
	assert.True(t, strings.HasPrefix(d, "--- main.go\n+++ main.go\n@@ -1,"), "%s", d)
	assert.Contains(t, d, "+\t\tvt.AcquireW(&n)\n \t\tn++\n+\t\tvt.ReleaseW(&n)\n")
	assert.Empty(t, Diff("main.go", old, old))
}
