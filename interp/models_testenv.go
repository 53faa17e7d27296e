package interp

// Models of internal/testenv, the standard library's helper for its own
// tests. Its MustHaveExec asks whether the system can start processes and
// skips the test if not, as on js/wasm; on Linux it assumes yes. Under vt
// the answer is no (the virtual OS runs one process), so MustHaveExec
// skips, and with it Executable, MustHaveExecPath, Command and
// CommandContext, which call it first. Without this model a test that
// checks first would still go on to start a process and be refused.

// testenvNoExec is the reason MustHaveExec gives when it skips.
const testenvNoExec = "cannot exec subprocess under vt: starting processes is not supported (the virtual OS runs one process)"

var testenvModels = modelTable{
	"internal/testenv.MustHaveExec": control(whyNoPro, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		tb := args[0].iface()
		if tb == nil {
			// As testenv does for a nil testing.TB.
			panic(&panicValue{m.anyString(testenvNoExec)})
		}
		skip := tb.t.method("Skip")
		if skip == nil {
			panic(runtimeError("interp: method Skip not found on " + tb.t.str))
		}
		msg := sliceVal([]value{m.anyString("skipping test:"), m.anyString(testenvNoExec)})
		// Skip ends the test's goroutine (runtime.Goexit): k runs only if
		// a testing.TB of the program's own returns from it.
		return m.callThen(fr, skip, []value{tb.v, msg}, func(value) *frame { return fr.done(dst, value{}) })
	}).noMemory("skips the test through its Skip method, which runs from source"),
}
