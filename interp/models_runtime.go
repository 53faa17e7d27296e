package interp

// Models of packages runtime and runtime/debug. The runtime is the
// interpreter itself: goroutines, scheduling points, stacks and program
// counters are the interpreter's own (models_caller.go).

import "math"

const whyRuntime = "the runtime is modeled: the interpreter is the program's runtime"

var runtimeModels = modelTable{
	"runtime.Gosched": control("a scheduling point", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpGosched, fr.pos()) {
			return nil
		}
		return fr.done(dst, value{})
	}),
	"runtime.Goexit":       control(whyRuntime, func(fr *frame, _ []value, _ int32) *frame { return fr.goexit() }),
	"runtime.NumGoroutine": native(whyRuntime, func(m *machine, _ []value) value { return intVal(int64(len(m.gs))) }),
	"runtime.GOMAXPROCS":   native("a fixed, deterministic answer", func(*machine, []value) value { return intVal(2) }),
	"runtime.NumCPU":       native("a fixed, deterministic answer", func(*machine, []value) value { return intVal(2) }),
	"runtime.GC":           native("no garbage collector to run", func(*machine, []value) value { return value{} }),
	"runtime.KeepAlive":    native("no garbage collector", func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
	"runtime.SetFinalizer": native("no garbage collector: finalizers never run", func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
	// The runtime's package has no bodies under the interpreter: the
	// methods of its error a panic(nil) raises.
	"(*runtime.PanicNilError).Error": native(whyRuntime, func(*machine, []value) value {
		return strVal("panic called with nil argument")
	}).noMemory(whyNoAccess),
	"(*runtime.PanicNilError).RuntimeError": native(whyRuntime, func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
	// No allocator to count: the statistics stay as the caller had them
	// (testing.AllocsPerRun sees no allocations).
	"runtime.ReadMemStats":   native("no allocator: no statistics", func(*machine, []value) value { return value{} }).noMemory("writes nothing: the statistics stay as they were"),
	"runtime.LockOSThread":   native("no threads", func(*machine, []value) value { return value{} }),
	"runtime.UnlockOSThread": native("no threads", func(*machine, []value) value { return value{} }),
	"runtime.GOROOT":         native("the loaded distribution's root", func(*machine, []value) value { return strVal(GOROOT()) }),
	"runtime.Version":        native(whyRuntime, func(*machine, []value) value { return strVal("go1.26-vt") }),

	"runtime.Caller":           control(whyRuntime, runtimeCaller),
	"runtime.Callers":          control(whyRuntime, runtimeCallers).ownAccesses(),
	"runtime.CallersFrames":    native(whyRuntime, runtimeCallersFrames).reads(0),
	"(*runtime.Frames).Next":   native(whyRuntime, framesNext).noMemory("the iterator's state, which CallersFrames allocated"),
	"runtime.FuncForPC":        native(whyRuntime, runtimeFuncForPC),
	"(*runtime.Func).Name":     native(whyRuntime, funcName).noMemory(whyFuncInfo),
	"(*runtime.Func).Entry":    native(whyRuntime, funcEntry).noMemory(whyFuncInfo),
	"(*runtime.Func).FileLine": native(whyRuntime, funcFileLine).noMemory(whyFuncInfo),
	"runtime.Stack":            control(whyRuntime, runtimeStack).ownAccesses(),
}

// Memory declarations of runtime's models.
const (
	whyNoAccess = "does not access its argument"
	whyFuncInfo = "a function's description, which never changes"
)

var runtimeDebugModels = modelTable{
	"runtime/debug.Stack": control("the interpreter's traceback of the goroutine", debugStack),
	// No garbage collector: its settings are kept and returned, and change
	// nothing.
	"runtime/debug.SetGCPercent": native("no garbage collector", func(m *machine, a []value) value {
		old := m.gcPercent
		m.gcPercent = a[0].int() - 100
		return intVal(old + 100)
	}).noMemory(whyNoAccess),
	"runtime/debug.SetMemoryLimit": native("no garbage collector", func(m *machine, a []value) value {
		old := m.memoryLimit
		if a[0].int() >= 0 {
			m.memoryLimit = math.MaxInt64 - a[0].int()
		}
		return intVal(math.MaxInt64 - old)
	}).noMemory(whyNoAccess),
	"runtime/debug.FreeOSMemory": native("no garbage collector", func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
}
