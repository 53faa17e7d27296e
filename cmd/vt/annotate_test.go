package main

import (
	"encoding/json"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goRun runs the main package in dir natively and returns its output.
func goRun(t *testing.T, dir string) string {
	t.Helper()
	out, err := exec.Command("go", "run", "./"+dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// sharingOf runs vt check -json on dir and returns its verdict and
// sharing report.
func sharingOf(t *testing.T, dir string) (string, []struct {
	Location string
	Accesses []struct {
		Pos  string
		G    int
		Kind string
	}
}) {
	t.Helper()
	r := vt("check", "-json", "-corpus", "off", dir)
	var res struct {
		Verdict string
		Sharing *[]struct {
			Location string
			Accesses []struct {
				Pos  string
				G    int
				Kind string
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), "%s%s", r.stdout, r.stderr)
	require.NotNil(t, res.Sharing, "no sharing report: %s", r.stdout)
	return res.Verdict, *res.Sharing
}

// TestAnnotate: a program that shares a slice across asyncs with no
// region gets a sharing report naming each access; vt annotate inserts
// the regions (-n shows them as a diff), after which the report is empty,
// the verdict ok, the source gofmt'ed, a second run changes nothing, and
// the program prints what it printed before.
func TestAnnotate(t *testing.T) {
	dir := filepath.Join("testdata", "annotate", "tmp-slice") // in the module: it imports habanero
	require.NoError(t, os.MkdirAll(dir, 0o755))
	t.Cleanup(func() { os.RemoveAll(dir) })
	orig, err := os.ReadFile(filepath.Join("testdata", "annotate", "slice", "main.go"))
	require.NoError(t, err)
	file := filepath.Join(dir, "main.go")
	require.NoError(t, os.WriteFile(file, orig, 0o644))
	native := goRun(t, dir)
	assert.Equal(t, "sum of squares: 30\n", native)

	verdict, sharing := sharingOf(t, dir)
	assert.Equal(t, "ok", verdict)
	require.Len(t, sharing, 4)
	for i, l := range sharing {
		var sites []string
		for _, a := range l.Accesses {
			sites = append(sites, filepath.Base(a.Pos)+" "+a.Kind)
		}
		half := "main.go:19:"
		if i >= 2 {
			half = "main.go:24:"
		}
		assert.Contains(t, strings.Join(sites, ", "), half, "%s", l.Location)
		assert.Contains(t, sites, "main.go:30:13 read", "%s", l.Location) // the sum
		assert.Contains(t, strings.Join(sites, ", "), "write", "%s", l.Location)
	}

	r := vt("annotate", "-n", dir)
	require.Equal(t, 0, r.code, "%s%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "+\t\t\t\t\tvt.AcquireWAt(xs, i)\n \t\t\t\t\txs[i] = xs[i] * xs[i]\n+\t\t\t\t\tvt.ReleaseWAt(xs, i)\n")
	assert.Contains(t, r.stdout, "+\t\t\tvt.AcquireRAt(xs, i)\n \t\t\tsum += xs[i]\n+\t\t\tvt.ReleaseRAt(xs, i)\n")
	assert.Contains(t, r.stdout, `+	"github.com/vtcheck/vt/vt"`)
	now, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(orig), string(now), "-n writes nothing")

	r = vt("annotate", dir)
	require.Equal(t, 0, r.code, "%s%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "verdict ok")
	assert.Contains(t, r.stdout, "every shared access is in a region")
	annotated, err := os.ReadFile(file)
	require.NoError(t, err)
	formatted, err := format.Source(annotated)
	require.NoError(t, err)
	assert.Equal(t, string(formatted), string(annotated), "gofmt'ed")

	// vt check of the annotated program (in a directory of its own: the
	// process caches the loads of a directory).
	dir2 := filepath.Join("testdata", "annotate", "tmp-slice-annotated")
	require.NoError(t, os.MkdirAll(dir2, 0o755))
	t.Cleanup(func() { os.RemoveAll(dir2) })
	require.NoError(t, os.WriteFile(filepath.Join(dir2, "main.go"), annotated, 0o644))
	verdict, sharing = sharingOf(t, dir2)
	assert.Equal(t, "ok", verdict)
	assert.Empty(t, sharing)

	r = vt("annotate", dir)
	require.Equal(t, 0, r.code, "%s%s", r.stdout, r.stderr)
	again, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(annotated), string(again), "idempotent")
	assert.Equal(t, native, goRun(t, dir), "the same output natively")
}

// TestIsolatedSharingOK: a program that does all its sharing inside
// isolated sections: verdict ok, an empty sharing report.
func TestIsolatedSharingOK(t *testing.T) {
	verdict, sharing := sharingOf(t, filepath.Join("testdata", "annotate", "isolated"))
	assert.Equal(t, "ok", verdict)
	assert.Empty(t, sharing)
}
