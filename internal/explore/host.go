package explore

import (
	"sync"

	"github.com/vtcheck/vt/interp"
)

// hostHook is vt.hostCall: a way for the interpreted package vt to run
// code of the host process (the go test binary) during an execution.
//
// A call hostCall(name, arg) in an execution runs the function registered
// with RegisterHost under name, in the host, with arg, and returns its
// result to the interpreted caller; with no function registered it
// returns "". It is no scheduling point and reports no event: it is
// invisible to the search, so what it computes must depend only on arg
// (the execution's own data), or replay would not reproduce it. Package vt
// uses it to check the history an execution of vt.Linearizable recorded
// against the sequential model, which exists natively only (see
// vt/linearizable*.go); the engine and the interpreter know nothing of
// what the functions do.
const hostHook = vtPkg + ".hostCall"

var (
	hostMu    sync.Mutex
	hostFuncs = map[string]func(string) string{}
)

// RegisterHost makes f answer the calls vt.hostCall(name, arg) of the
// interpreted package vt, until the returned function is called. f may be
// called from several goroutines at once (executions run in parallel) and
// must not block for long. Registering a name already registered is an
// error.
func RegisterHost(name string, f func(arg string) string) (unregister func(), ok bool) {
	hostMu.Lock()
	defer hostMu.Unlock()
	if _, dup := hostFuncs[name]; dup {
		return nil, false
	}
	hostFuncs[name] = f
	return func() {
		hostMu.Lock()
		defer hostMu.Unlock()
		delete(hostFuncs, name)
	}, true
}

// hostCallHook is the hook of vt.hostCall.
func hostCallHook(c *interp.HookCall) interp.HookAction {
	hostMu.Lock()
	f := hostFuncs[c.Args[0].String()]
	hostMu.Unlock()
	if f == nil {
		return interp.HookAction{Results: []interp.Value{interp.StringValue("")}}
	}
	return interp.HookAction{Results: []interp.Value{interp.StringValue(f(c.Args[1].String()))}}
}
