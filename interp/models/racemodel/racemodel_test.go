package racemodel_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/models/racemodel"
)

// writes counts the memory events internal/race.Write reports.
type writes struct{ n int }

func (w *writes) Event(ev *interp.Event) {
	if ev.Kind == interp.EvWrite && ev.Func == "internal/race.Write" {
		w.n++
	}
}

// iter.Pull's next and stop annotate their racer word with
// internal/race.Write (the race build): each call is a write of it, as
// Go's race detector sees it.
func TestPullAnnotations(t *testing.T) {
	prog, err := interp.Load(interp.Config{Dir: "testdata/pull"}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	w := &writes{}
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr, Observer: w})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, "0\n1\n2\n", out.String())
	assert.GreaterOrEqual(t, w.n, 5, "4 calls of next and 1 of stop")
}

// Every model is of internal/race and says why and what it does to
// memory.
func TestTables(t *testing.T) {
	for _, p := range racemodel.Packages {
		for name, f := range p.Funcs {
			assert.True(t, strings.HasPrefix(name, p.Path+"."), name)
			assert.NotEmpty(t, f.Why, name)
			assert.True(t, f.Mem.Own || f.Mem.None != "", "%s declares its memory use", name)
		}
	}
}
