package interp

// Models of packages runtime and runtime/debug. The runtime is the
// interpreter itself: goroutines, scheduling points, stacks and program
// counters are the interpreter's own (models_caller.go).

import (
	"fmt"
	"math"
	"unsafe"
)

const whyRuntime = "the runtime is modeled: the interpreter is the program's runtime"

var runtimeModels = modelTable{
	"runtime.Gosched": control("a scheduling point", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpGosched, fr.pos()) {
			return nil
		}
		return fr.done(dst, value{})
	}),
	"runtime.Goexit":       control(whyRuntime, func(fr *frame, _ []value, _ int32) *frame { return fr.goexit() }),
	"runtime.NumGoroutine": native(whyRuntime, func(m *machine, _ []value) value { return intVal(int64(m.numGoroutine())) }),
	"runtime.GOMAXPROCS":   native("a fixed, deterministic answer, 2 on every host; setting it changes nothing (docs/semantics.md, The machine)", func(*machine, []value) value { return intVal(2) }),
	"runtime.NumCPU":       native("a fixed, deterministic answer, 2 on every host, as GOMAXPROCS (docs/semantics.md, The machine)", func(*machine, []value) value { return intVal(2) }),
	"runtime.GC":           control("a collection: sync.Pool's items move to the victim cache, the allocation statistics count everything freed (allocs.go), the cleanups of unreachable objects start (gc.go)", runtimeGC),
	"runtime.KeepAlive":    native("no garbage collector", func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
	"runtime.SetFinalizer": native("no garbage collector: finalizers never run", func(m *machine, a []value) value {
		if a[1].r != nil {
			m.finalizers++ // named by a leak's message (goroutines.go)
		}
		return value{}
	}).noMemory(whyNoAccess),
	// No profiler: the rates are accepted and nothing is sampled.
	"runtime.SetMutexProfileFraction": native("no profiler: the fraction is kept, nothing is sampled", func(m *machine, a []value) value {
		old := m.mutexProfile
		if r := int(a[0].int()); r >= 0 {
			m.mutexProfile = r
		}
		return intVal(int64(old))
	}),
	"runtime.SetBlockProfileRate": native("no profiler: nothing is sampled", func(*machine, []value) value { return value{} }),
	// Cleanups run after runtime.GC once their objects are unreachable
	// (gc.go; runtime.AddCleanup is generic: the model serves every
	// instantiation).
	"runtime.AddCleanup":     control("registered; runtime.GC runs it once its object is unreachable (gc.go)", addCleanup).noMemory(whyNoAccess),
	"(runtime.Cleanup).Stop": native("the registration is dropped (gc.go)", stopCleanup).noMemory(whyNoAccess),
	// The runtime's package has no bodies under the interpreter: the
	// methods of its error a panic(nil) raises.
	"(*runtime.PanicNilError).Error": native(whyRuntime, func(*machine, []value) value {
		return strVal("panic called with nil argument")
	}).noMemory(whyNoAccess),
	"(*runtime.PanicNilError).RuntimeError": native(whyRuntime, func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
	// The allocations the gc-compiled program would make, counted from
	// the first call (allocs.go); the other statistics stay as the caller
	// had them.
	"runtime.ReadMemStats": native("the heap allocations of the gc-compiled program, counted (allocs.go)", func(m *machine, a []value) value {
		m.readMemStats(a[0])
		return value{}
	}).noMemory("the runtime's own writes, which the race detector does not check"),
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

// testHookModels are the runtime's functions that the standard library's
// own tests declare by linkname (their declarations are in _test.go
// files, outside the model tables' packages).
var testHookModels = modelTable{
	"sync_test.runtime_blockUntilEmptyCleanupQueue": control(whyRuntime, blockUntilEmptyCleanupQueue).noMemory(whyNoAccess),
	"unique.runtime_blockUntilEmptyCleanupQueue":    control(whyRuntime, blockUntilEmptyCleanupQueue).noMemory(whyNoAccess),
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
	// No build information: the program is interpreted from source, not
	// linked by the go command, so ReadBuildInfo reports what it reports
	// for a binary built without module support (golang.org/x/crypto/acme's
	// init, linked into echo, asks for its own version this way).
	"runtime/debug.ReadBuildInfo": native("no binary: the program is interpreted from source", func(*machine, []value) value {
		return tuple(value{}, boolVal(false))
	}).noMemory(whyNoAccess),
	"runtime/debug.FreeOSMemory": native("no garbage collector", func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
}

// pprofModels are the functions runtime/pprof reaches in the runtime
// through linkname; the package runs from source over them. Only the
// goroutine profile is modeled: the other profiles' functions are refused
// where they are called.
var pprofModels = modelTable{
	"runtime/pprof.pprof_goroutineProfileWithLabels": control(whyRuntime, goroutineProfile).ownAccesses(),
}

// goroutineProfile is runtime.pprof_goroutineProfileWithLabels: the stack
// of every goroutine, the caller's first, as program counters that
// runtime.CallersFrames resolves (traceback.go's frames), and no labels.
// With records too short it fills none and reports how many it needs.
func goroutineProfile(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	traces := m.goroutineTraces(fr.g, fr)
	recs := args[0].elems()
	n := len(traces)
	if n > len(recs) {
		return fr.done(dst, tuple(intVal(int64(n)), boolVal(false)))
	}
	m.modelAccessElems(EvWrite, recs[:n], nil)
	for i, t := range traces {
		pcs := make([]value, 0, len(t.frames)+len(t.bottom))
		for _, f := range append(t.frames, t.bottom...) {
			pcs = append(pcs, uintVal(f.programCounter()))
		}
		m.set(&recs[i].elems()[0], sliceVal(pcs)) // StackRecord.Stack
	}
	return fr.done(dst, tuple(intVal(int64(n)), boolVal(true)))
}

// runtimeLinknameModels are functions of the runtime that libraries reach
// through //go:linkname (see Program.linknames): its random numbers (the
// runtime's own, from the run's seed, as behind math/rand's automatic
// seeding) and its hash functions (deterministic, over interpreter values).
// Some no longer exist in the runtime (fastrand): libraries written for
// older Go name them, and the linker still resolves them.
var runtimeLinknameModels = modelTable{
	"runtime.fastrand":    native(whyLinkname, func(m *machine, _ []value) value { return uintVal(uint64(uint32(m.nextRand()))) }).noMemory(whyNoAccess),
	"runtime.cheaprand":   native(whyLinkname, func(m *machine, _ []value) value { return uintVal(uint64(uint32(m.nextRand()))) }).noMemory(whyNoAccess),
	"runtime.fastrand64":  native(whyLinkname, runtimeRand).noMemory(whyNoAccess),
	"runtime.cheaprand64": native(whyLinkname, func(m *machine, _ []value) value { return intVal(int64(m.nextRand() >> 1)) }).noMemory(whyNoAccess),
	"runtime.rand":        native(whyLinkname, runtimeRand).noMemory(whyNoAccess),
	"runtime.fastrandn":   native(whyLinkname, randn).noMemory(whyNoAccess),
	"runtime.cheaprandn":  native(whyLinkname, randn).noMemory(whyNoAccess),
	"runtime.strhash": native(whyLinkname, func(m *machine, a []value) value {
		p := a[0].ptr()
		if p == nil {
			panic(nilDeref)
		}
		return uintVal(hashString(p.str(), a[1].n))
	}).reads(0),
	"runtime.memhash": native(whyLinkname, func(m *machine, a []value) value {
		if b, ok := a[0].r.(*byte); ok {
			// An element of a byte array: the bytes from it.
			return uintVal(hashString(string(unsafe.Slice(b, int(a[2].n))), a[1].n))
		}
		return uintVal(memHash(a[0].ptr(), a[1].n, a[2].n))
	}).noMemory("reads the key it hashes, which its caller owns"),
	"runtime.memclrNoHeapPointers": control(whyLinkname, memclrModel).ownAccesses(),
	"runtime.procPin":              native(whyLinkname, func(*machine, []value) value { return intVal(0) }).noMemory(whyNoAccess),
	"runtime.procUnpin":            native(whyLinkname, func(*machine, []value) value { return value{} }).noMemory(whyNoAccess),
}

const whyLinkname = "the runtime's, reached through linkname"

// memclrModel is runtime.memclrNoHeapPointers(p, n), which libraries
// reach through linkname to clear a byte slice fast (ristretto's
// z.Memclr): it zeroes the n bytes at p, a pointer into a byte array or
// slice that has them, reporting the write; any other memory is refused.
func memclrModel(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	n := int64(a[1].n)
	if n == 0 {
		return fr.done(dst, value{})
	}
	b, ok := a[0].r.(*byte)
	if _, extent := m.prog.tagOf(a[0].n); !ok || extent < n || n < 0 {
		m.refuse(fr, "runtime.memclrNoHeapPointers", fmt.Sprintf("clears %d bytes of memory that is not known to be a byte array or slice that long", n))
	}
	buf := unsafe.Slice(b, n)
	if m.watchMem {
		m.emit(fr, Event{Kind: EvWrite, Op: OpModel, Addr: addrOfByte(b), N: int(n), Pos: fr.pos(), Func: m.callee})
	}
	m.setBytes(buf, make([]byte, n))
	return fr.done(dst, value{})
}

func randn(m *machine, a []value) value {
	return uintVal(uint64(uint32((uint64(uint32(m.nextRand())) * uint64(uint32(a[0].n))) >> 32)))
}

// hashString is a deterministic hash of s with seed (FNV-1a, mixed).
func hashString(s string, seed uint64) uint64 {
	h := seed ^ 0xcbf29ce484222325
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= 0x100000001b3
	}
	return mix64(h)
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// memHash hashes the size bytes at p as runtime.memhash does, over the
// interpreter's cells: a scalar cell of at most 8 bytes is its value, a
// byte cell of a longer run (unsafe.StringData) the bytes from it, an
// aggregate its elements. Equal memory hashes equally.
func memHash(p *value, seed, size uint64) uint64 {
	if p == nil || size == 0 {
		return mix64(seed)
	}
	switch r := p.unflat().(type) {
	case nil:
		if size <= 8 {
			return mix64(seed ^ p.n ^ size<<56)
		}
		// A run of bytes: the cells of a byte array (p is its element).
		b := make([]byte, size)
		for i, c := range unsafe.Slice(p, size) {
			b[i] = byte(c.n)
		}
		return hashString(string(b), seed)
	case string:
		return hashString(r, seed)
	case []value:
		h := seed
		for i := range r {
			h = memHash(&r[i], h, 8)
		}
		return h
	case []byte:
		return hashString(string(r[:min(int(size), len(r))]), seed)
	}
	return mix64(seed ^ p.n)
}
