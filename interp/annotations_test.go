package interp

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Annotations: Program.Annotate makes calls of the declared functions
// scheduling points and EvAnnotation events that name the exact locations;
// their bodies run only when the arguments name none.
func TestAnnotations(t *testing.T) {
	const pkgPath = "github.com/vtcheck/vt/interp/testdata/behave/annotate"
	prog, err := Load(Config{Dir: filepath.Join(behaveDir, "annotate")}, ".")
	require.NoError(t, err)
	tags := map[string]string{"obj": "object", "at": "element", "rng": "range"}
	prog.Annotate(
		Annotation{Name: pkgPath + ".obj", Form: AnnotateObject, Tag: tags["obj"]},
		Annotation{Name: pkgPath + ".at", Form: AnnotateElement, Tag: tags["at"]},
		Annotation{Name: pkgPath + ".rng", Form: AnnotateRange, Tag: tags["rng"]})
	var out, errw bytes.Buffer
	obs := &annotationRecorder{}
	s := &recordingScheduler{}
	code, err := prog.RunMain(prog.Mains()[0], RunOptions{Stdout: &out, Stderr: &errw, Observer: obs, Scheduler: s})
	require.NoError(t, err)
	require.Equal(t, 0, code, errw.String())
	assert.Equal(t, "obj body\nat body 4\nrng body 3 2\nobj body\n", out.String(), "only calls that name no location run the body")
	assert.Contains(t, s.opsSeen(), OpAnnotation, "an annotation is a scheduling point")

	one := func(marker string) Event {
		line := markerLine(t, "annotate", marker)
		var found []Event
		for _, e := range obs.events {
			if inMain(prog, e.Pos, "annotate", line) {
				found = append(found, e)
			}
		}
		require.Len(t, found, 1, "@%s", marker)
		return found[0]
	}
	p, el, sub, rng := one("p"), one("at"), one("sub"), one("rng")
	assert.Equal(t, "object", p.Annotation.Tag)
	assert.Equal(t, AnnotateElement, el.Annotation.Form)
	assert.Equal(t, 1, p.G.ID())
	assert.Equal(t, p.Addr, el.Addr, "obj(&s[2]) and at(s, 2) name one location")
	assert.Equal(t, p.Addr, sub.Addr, "at(s[1:], 1) is s[2] too")
	assert.Equal(t, "int", p.Type.String())
	assert.Equal(t, "int", el.Type.String())
	assert.Equal(t, int64(2), el.Seq)
	assert.Equal(t, 1, el.N)
	assert.Equal(t, int64(1), rng.Seq)
	assert.Equal(t, 2, rng.N)
	assert.Equal(t, el.Addr, rng.Addr.Add(1), "the range's second cell is s[2]")
	assert.Equal(t, 0, one("empty").N)

	whole := one("whole")
	assert.Equal(t, rng.Addr.Add(-1), whole.Addr, "the slice as a whole is at its first element's address...")
	assert.Equal(t, "[]int", whole.Type.String(), "...with the slice's type")
	m := one("map")
	assert.Equal(t, "map[int]int", m.Type.String())
	assert.False(t, m.Addr.IsNil())
	arr := one("array")
	assert.Equal(t, "string", arr.Type.String())
	assert.Equal(t, int64(1), arr.Seq)

	g := one("go")
	assert.Equal(t, 2, g.G.ID(), "the event names the goroutine")
	assert.Equal(t, p.Addr, g.Addr)
}

// annotationRecorder keeps the EvAnnotation events (copies; G stays valid
// after the run for ID).
type annotationRecorder struct{ events []Event }

func (r *annotationRecorder) Event(ev *Event) {
	if ev.Kind == EvAnnotation {
		r.events = append(r.events, *ev)
	}
}
