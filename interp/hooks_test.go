package interp

// Hooks: Program.Hookable with RunOptions.Hooks replaces calls of the
// named functions; without a hook the function runs its own body.

import (
	"bytes"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

const hooksPkg = "github.com/vtcheck/vt/interp/testdata/behave/hooks"

var (
	hooksOnce sync.Once
	hooksProg *Program
	hooksMain *ssa.Package
	hooksErr  error
)

// hooksProgram loads testdata/behave/hooks on its own and declares its
// functions hookable before any run.
func hooksProgram(t *testing.T) (*Program, *ssa.Package) {
	t.Helper()
	hooksOnce.Do(func() {
		hooksProg, hooksErr = Load(Config{Dir: filepath.Join(behaveDir, "hooks")}, ".")
		if hooksErr != nil {
			return
		}
		hooksProg.Hookable(hooksPkg+".compute", hooksPkg+".around", hooksPkg+".stop")
		hooksMain = hooksProg.Mains()[0]
	})
	require.NoError(t, hooksErr)
	return hooksProg, hooksMain
}

func runHooks(t *testing.T, hooks map[string]Hook) string {
	t.Helper()
	prog, pkg := hooksProgram(t)
	var stdout, stderr bytes.Buffer
	code, err := prog.RunMain(pkg, RunOptions{Stdout: &stdout, Stderr: &stderr, Hooks: hooks})
	require.NoError(t, err)
	require.Equal(t, 0, code, stderr.String())
	return stdout.String()
}

const hooksUnhooked = "compute: 42\naround body\ninner\nstop body\nafter stop\ndeferred in worker\nend\n"

func TestHooksAbsentRunOwnBody(t *testing.T) {
	assert.Equal(t, hooksUnhooked, runHooks(t, nil))
	// A hook for another function leaves these alone.
	assert.Equal(t, hooksUnhooked, runHooks(t, map[string]Hook{
		hooksPkg + ".unrelated": func(*HookCall) HookAction { panic("not called") },
	}))
}

func TestHookReturnsResult(t *testing.T) {
	var calls []*HookCall
	out := runHooks(t, map[string]Hook{
		hooksPkg + ".compute": func(c *HookCall) HookAction {
			calls = append(calls, c)
			require.Len(t, c.Args, 1)
			return HookAction{Results: []Value{{intVal(c.Args[0].Int() + 1000)}}}
		},
	})
	assert.Equal(t, "compute: 1021\naround body\ninner\nstop body\nafter stop\ndeferred in worker\nend\n", out)
	require.Len(t, calls, 1)
	c := calls[0]
	assert.Equal(t, hooksPkg+".compute", c.Name)
	assert.Equal(t, int64(21), c.Args[0].Int())
	assert.Equal(t, 1, c.G.ID())
	prog, _ := hooksProgram(t)
	pos := prog.Position(c.Pos)
	assert.Equal(t, "main.go", filepath.Base(pos.Filename))
	assert.Equal(t, markerLine(t, "hooks", "compute"), pos.Line, "the call site of compute")
}

func TestHookCallsFunctionArgument(t *testing.T) {
	var returned, hooked int
	out := runHooks(t, map[string]Hook{
		hooksPkg + ".around": func(c *HookCall) HookAction {
			hooked++
			require.Len(t, c.Args, 1)
			require.True(t, c.Args[0].IsValid())
			require.False(t, c.Args[0].IsNil())
			return HookAction{Call: c.Args[0], OnReturn: func() bool {
				returned++
				return false
			}}
		},
	})
	// around's own body ("around body") does not run; f does, then main
	// continues.
	assert.Equal(t, "compute: 42\ninner\nstop body\nafter stop\ndeferred in worker\nend\n", out)
	assert.Equal(t, 1, hooked)
	assert.Equal(t, 1, returned, "OnReturn runs once when the called function returns")
}

func TestHookCallOnReturnExits(t *testing.T) {
	// OnReturn reporting true ends the calling goroutine when the called
	// function returns: here main, so nothing after around runs.
	var returned int
	out := runHooks(t, map[string]Hook{
		hooksPkg + ".around": func(c *HookCall) HookAction {
			return HookAction{Call: c.Args[0], OnReturn: func() bool {
				returned++
				return true
			}}
		},
	})
	assert.Equal(t, "compute: 42\ninner\n", out)
	assert.Equal(t, 1, returned)
}

func TestHookGoexit(t *testing.T) {
	var g int
	out := runHooks(t, map[string]Hook{
		hooksPkg + ".stop": func(c *HookCall) HookAction {
			g = c.G.ID()
			return HookAction{Goexit: true}
		},
	})
	// stop's body and the rest of the worker do not run; its deferred
	// calls do, as with runtime.Goexit, so wg.Done lets main end.
	assert.Equal(t, "compute: 42\naround body\ninner\ndeferred in worker\nend\n", out)
	assert.Equal(t, 2, g, "stop is called by the worker goroutine")
}
