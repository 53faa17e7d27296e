// Package testenvmodel models internal/testenv, the standard library's
// helper for its own tests, so that its tests skip what the virtual OS
// cannot do.
package testenvmodel

import "github.com/vtcheck/vt/interp/model"

// testenv's MustHaveExec asks whether the system can start processes and
// skips the test if not, as on js/wasm; on Linux it assumes yes. Under vt
// the answer is no (the virtual OS runs one process), so MustHaveExec
// skips, and with it Executable, MustHaveExecPath, Command and
// CommandContext, which call it first. Without this model a test that
// checks first would still go on to start a process and be refused.

// Packages are the table of models of internal/testenv.
var Packages = []model.Package{{
	Path: "internal/testenv",
	Funcs: map[string]model.Func{
		"internal/testenv.MustHaveExec": {
			Why:     "starting, finding and signaling processes is refused: the virtual OS has one process",
			Mem:     model.Mem{None: "skips the test through its Skip method, which runs from source"},
			Control: mustHaveExec,
		},
	},
}}

// noExec is the reason MustHaveExec gives when it skips.
const noExec = "cannot exec subprocess under vt: starting processes is not supported (the virtual OS runs one process)"

// mustHaveExec skips the test, of the testing.TB args[0], with noExec.
func mustHaveExec(m model.Machine, args []model.Value) model.Next {
	tb := args[0]
	if tb.IsNil() {
		m.Panic(noExec) // as testenv does for a nil testing.TB
	}
	skip, recv := m.Method(tb, "Skip")
	msg := m.MakeSlice([]model.Value{m.AnyString("skipping test:"), m.AnyString(noExec)})
	// Skip ends the test's goroutine (runtime.Goexit): the call returns
	// only if a testing.TB of the program's own returns from it.
	return model.Next{Call: skip, Args: []model.Value{recv, msg}}
}
