package interp

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memEvent is a copy of a memory event.
type memEvent struct {
	Kind EventKind
	Op   Op
	Addr Addr
	N    int
	Func string
	Line int
	File string
}

func (e memEvent) String() string {
	k := "read"
	if e.Kind == EvWrite {
		k = "write"
	}
	return fmt.Sprintf("%s %s/%s n=%d %s:%d", k, e.Op, e.Func, e.N, e.File, e.Line)
}

type memObserver struct {
	prog   *Program
	events []memEvent
}

func (o *memObserver) Event(ev *Event) {
	if ev.Kind != EvRead && ev.Kind != EvWrite {
		return
	}
	p := o.prog.Position(ev.Pos)
	o.events = append(o.events, memEvent{ev.Kind, ev.Op, ev.Addr, ev.N, ev.Func, p.Line, p.Filename})
}

// TestMemoryEvents checks the memory events of builtins, conversions,
// copies and modeled functions: one event per range of cells, with the
// operation (and the modeled function) that made it, at the user's line.
func TestMemoryEvents(t *testing.T) {
	const name = "memevents"
	prog, err := Load(Config{Dir: behaveDir}, "./"+name)
	require.NoError(t, err)
	require.Len(t, prog.Mains(), 1)
	obs := &memObserver{prog: prog}
	var stdout, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], RunOptions{Observer: obs, Stdout: &stdout, Stderr: &stderr, Args: []string{name}})
	require.NoError(t, err)
	require.Equal(t, 0, code, stderr.String())
	require.Equal(t, "he3 ell héllo [1 2] [1 2 7] [0 1 2 3 4] [0 9] 5 {1 2} 0 3 2 2 ab 1 [a b]\n", stdout.String())

	// at returns the events at the marker's line with an Op other than
	// OpNone (or any, if plain).
	at := func(marker string, plain bool) []memEvent {
		line := markerLine(t, name, marker)
		var out []memEvent
		for _, e := range obs.events {
			if e.Line == line && strings.HasSuffix(e.File, name+"/main.go") && (plain || e.Op != OpNone) {
				out = append(out, e)
			}
		}
		return out
	}
	type want struct {
		kind EventKind
		op   Op
		n    int
	}
	check := func(marker string, plain bool, ws ...want) []memEvent {
		t.Helper()
		es := at(marker, plain)
		if !assert.Len(t, es, len(ws), "@%s: %v", marker, es) {
			return es
		}
		for i, w := range ws {
			assert.Equal(t, w, want{es[i].Kind, es[i].Op, es[i].N}, "@%s event %d: %v", marker, i, es[i])
		}
		return es
	}
	cp := check("copy", false, want{EvRead, OpSliceCopy, 3}, want{EvWrite, OpSliceCopy, 3})
	if len(cp) == 2 {
		assert.NotEqual(t, cp[0].Addr, cp[1].Addr, "source and destination")
	}
	check("bytestring", false, want{EvRead, OpBytesToString, 3})
	check("runestring", false, want{EvRead, OpRunesToString, 5})
	check("toarray", true, want{EvRead, OpNone, 2})          // a load of *(*[2]int)(s)
	check("appendgrow", false, want{EvRead, OpGrowSlice, 2}) // the argument array is fresh: no read of it
	check("appendspread", false, want{EvRead, OpAppend, 4}, want{EvRead, OpGrowSlice, 1})
	check("appendin", false, want{EvWrite, OpAppend, 1})
	ml := check("maplen", false, want{EvRead, OpMapLen, 1})
	check("maprange", false, want{EvRead, OpMapIterStart, 1}, want{EvRead, OpMapIterNext, 1}, want{EvRead, OpMapIterNext, 1}, want{EvRead, OpMapIterNext, 1})
	del := check("delete", false, want{EvWrite, OpMapDelete, 1})
	cl := check("clearmap", false, want{EvWrite, OpMapClear, 1})
	if len(ml) == 1 && len(del) == 1 && len(cl) == 1 {
		assert.Equal(t, ml[0].Addr, del[0].Addr, "one map")
		assert.Equal(t, ml[0].Addr, cl[0].Addr, "one map")
	}
	check("clearslice", false, want{EvWrite, OpSliceClear, 2})
	// A struct copy is one read of its fields (and the store of the copy
	// one write).
	sc := at("structcopy", true)
	require.NotEmpty(t, sc)
	assert.Equal(t, want{EvRead, OpNone, 2}, want{sc[0].Kind, sc[0].Op, sc[0].N}, "%v", sc)
	// A struct with an array field: its fields, and the array's elements.
	var reads []int
	for _, e := range at("nestedcopy", true) {
		if e.Kind == EvRead {
			reads = append(reads, e.N)
		}
	}
	assert.ElementsMatch(t, []int{3, 3}, reads, "rec's three fields and Vals' three elements")

	model := func(marker, fn string, k EventKind) {
		t.Helper()
		var found []memEvent
		for _, e := range at(marker, false) {
			if e.Op == OpModel && e.Func == fn && e.Kind == k {
				found = append(found, e)
			}
		}
		assert.NotEmpty(t, found, "@%s: no %v by %s in %v", marker, k, fn, at(marker, false))
	}
	model("reflectset", "reflect.Value.SetInt", EvWrite)
	model("reflectread", "reflect.Value.Int", EvRead)
	model("builder", "strings.(*Builder).String", EvRead)
	model("write", "os.(*File).Write", EvRead)
	// Models called by the standard library's code: their events are at
	// its lines.
	byFunc := func(fn string) []memEvent {
		var out []memEvent
		for _, e := range obs.events {
			if e.Op == OpModel && e.Func == fn {
				out = append(out, e)
			}
		}
		return out
	}
	if ib := byFunc("internal/bytealg.IndexByte"); assert.Len(t, ib, 1) {
		assert.Equal(t, want{EvRead, OpModel, 5}, want{ib[0].Kind, ib[0].Op, ib[0].N})
	}
	if mc := byFunc("maps.clone"); assert.Len(t, mc, 1) {
		assert.Equal(t, ml[0].Addr, mc[0].Addr, "maps.Clone reads the map")
	}
	sw := byFunc("internal/reflectlite.Swapper.func1")
	assert.NotEmpty(t, sw, "sort.Slice swaps through reflect's Swapper")
	for _, e := range sw {
		assert.Equal(t, 1, e.N)
		assert.True(t, e.Line > 0, "a swap's events are at the caller's line: %v", e)
	}
}
