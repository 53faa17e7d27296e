package osmodel_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/internal/modeltest"
	"github.com/vtcheck/vt/interp/models/osmodel"
)

const sysops = "testdata/sysops"

// Files, directories, pipes, loopback TCP and UDP sockets, a read
// deadline, writev, the environment, errno values, an anonymous memory
// map and a signal the program sends itself behave as compiled: the
// models block goroutines on the kernel (a pipe's reader, accept, a read
// until its deadline passes) and the kernel wakes them.
func TestSysopsAsCompiled(t *testing.T) {
	assert.Equal(t, modeltest.Lines(modeltest.Native(t, sysops)), modeltest.Lines(modeltest.Interpreted(t, sysops, interp.RunOptions{})))
}

// The same under other interleavings: the scheduler picks the last
// runnable goroutine at every scheduling point.
func TestSysopsOtherSchedule(t *testing.T) {
	got := modeltest.Interpreted(t, sysops, interp.RunOptions{Scheduler: lastFirst{}})
	assert.Equal(t, modeltest.Lines(modeltest.Native(t, sysops)), modeltest.Lines(got))
}

// lastFirst runs the goroutine that became runnable last.
type lastFirst struct{}

func (lastFirst) Pick(gs []*interp.Goroutine) int                        { return len(gs) - 1 }
func (lastFirst) Choose(_ *interp.Goroutine, _ interp.Choice, _ int) int { return 0 }

// Every table is of its package's path, every model says why, and every
// one whose parameters can reach memory declares its memory use (the
// interpreter's TestModelTables checks the declarations against the
// parameters).
func TestTables(t *testing.T) {
	paths := map[string]bool{}
	for _, p := range osmodel.Packages {
		assert.False(t, paths[p.Path], "two tables of %s", p.Path)
		paths[p.Path] = true
		require.NotEmpty(t, p.Funcs, p.Path)
		for name, f := range p.Funcs {
			assert.NotEmpty(t, f.Why, name)
			n := 0
			for _, set := range []bool{f.Native != nil, f.Results != nil, f.Control != nil} {
				if set {
					n++
				}
			}
			assert.Equal(t, 1, n, "%s: exactly one of Native, Results, Control", name)
			assert.True(t, strings.HasPrefix(strings.TrimLeft(name, "(*"), p.Path+"."), "%s is not of %s", name, p.Path)
		}
	}
	assert.True(t, paths[osmodel.XSysUnix])
}

// exec.LookPath's error names the file and why no executable is found.
func TestLookPathRefusal(t *testing.T) {
	assert.Equal(t, `exec: "git": not found: starting processes is not supported under vt (the virtual OS runs one process)`, osmodel.LookPathRefusal("git"))
}
