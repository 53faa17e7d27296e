// Package interp is a Go interpreter over the SSA form of
// golang.org/x/tools/go/ssa, with a pluggable scheduler: a tool decides
// which goroutine runs at every scheduling point and observes every event
// of the run.
//
// The interpreter owns its values: a program's whole state is data that it
// can run again from a snapshot, and every addressable cell has an identity
// ([Addr]) for the tools that watch memory. Goroutines are data too: every
// goroutine is a stack of frames held in interpreter memory with an
// explicit program counter, and switching goroutines is a pointer
// assignment. Functions are compiled once, on their first call, into a
// compact register-based form.
//
// # Loading
//
// [Load] loads packages with go/packages (from source, the standard library
// included; Config.Tests adds the test files) and builds their SSA form
// with ssa.InstantiateGenerics. A [Program] is cached per configuration and
// may be run many times, from several goroutines; every run starts from the
// program's initial state.
//
//	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
//	...
//	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: os.Stdout})
//
// # Running
//
// [Program.RunMain] runs a main package: its initialization, then main.
// [Program.RunTest] runs one test function (or one subtest path,
// "TestX/sub") with a *testing.T that the interpreter models, and returns
// what go test -v would print. [RunOptions] say where output goes, the
// program's arguments and environment, the step bound, the [Scheduler],
// the [Observer], the hooks, and whether the run waits for every goroutine
// (WaitAll); the run's [Outcome] says how it ended (exited, panicked,
// deadlocked, leaked goroutines, a fatal error, the step limit).
//
// A run is deterministic: map iteration order, select choices, time,
// randomness and goroutine ids depend only on the scheduler's decisions
// and RunOptions.Seed.
//
// # Scheduling
//
// The interpreter knows nothing of search. Before every operation that
// other goroutines can observe — channel operations and select, the
// modeled operations of sync and sync/atomic, go statements,
// runtime.Gosched, time.Sleep, calls of annotations — the goroutine stops,
// and the [Scheduler]'s Pick chooses among the runnable goroutines (each
// stopped before its pending [Op], see [Goroutine.Pending]); it is also
// asked when the running goroutine blocks or ends. Other nondeterminism is
// a [Choice] made by the Scheduler's Choose: which ready case a select
// takes, whether time passes while goroutines can run (the virtual clock
// otherwise advances only when every goroutine is blocked), the program's
// random draws (math/rand, math/rand/v2, crypto/rand) and where a range
// over a map starts. [DefaultScheduler] runs the current goroutine until it
// blocks, then the next one by id, and lets time pass only when it must.
//
// # Events
//
// An [Observer] receives every [Event] of a run, synchronously and in
// order: goroutines starting, ending, blocking and waking, non-atomic
// memory accesses (one event per scalar cell, [EventKind] EvRead, EvWrite,
// EvAlloc), channel operations with their sequence numbers, mutex,
// WaitGroup, Cond and atomic operations, the virtual clock's advances and
// annotations. The file events.go of this package lists, for every Go
// operation, whether it is a scheduling point and which events it reports.
// During the call, the event's goroutine's [Goroutine.Stack] is its stack
// at the event. RunOptions.IgnoreMemory spares an observer that needs no
// memory events their cost.
//
// # Snapshots
//
// A tool that runs the same function many times takes a [Snapshot] and
// runs it again from that state: [Program.SnapshotMain] and
// [Program.SnapshotTest] snapshot a program after its initialization, and a
// hook can snapshot a run at a call (HookAction.Snapshot, below).
// [Snapshot.Run] puts the program's memory, virtual clock, timers and the
// state of its sync objects back as they were, and runs the snapshot's
// root once more.
//
// # Hooks and annotations
//
// [Program.Hookable] declares functions whose calls a run's hooks
// (RunOptions.Hooks) may replace: a [Hook] sees the call ([HookCall]) and
// says how it continues ([HookAction]): with results, with a call of
// another function value, by ending the goroutine, or by making the call
// the root of the run or of a snapshot. vt uses hooks to find the function
// of a vt.Check call and to see assertion failures.
//
// [Program.Annotate] declares annotation functions: their calls are
// scheduling points and EvAnnotation events that name the goroutine, the
// [Annotation] and the exact locations (an object, an element, or a range
// of elements), and their bodies do not run. vt's permission regions
// (vt.AcquireW, ...) are annotations.
//
// # The standard library
//
// The standard library runs in three tiers: pure-Go packages are
// interpreted from their real source; sync, sync/atomic, time (a virtual
// clock), runtime, reflect, os, testing and a few others are models
// written for the interpreter; and leaf functions with immutable arguments
// (math, parts of strings and strconv) are host calls. Each modeled
// package has one table of models; the models that need no more of the
// machine than its API for models (package interp/model) live in
// packages of their own under interp/models (the virtual OS's system
// calls in osmodel, which block goroutines through the API's
// Scheduling). stdlib.go registers those and holds the policy: which
// packages are not run, not initialized, or loaded without bodies.
//
// The models that stay in this package are inseparable from the machine,
// as the issue that split the models out accepts for one package's parts:
// sync, sync/atomic and time are the scheduling points of the program's
// own synchronization, on the interpreter's hot path (a mutex or an
// atomic costs a table lookup and a call, with no API value in between),
// and their states are the machine's wait queues, timers and the state
// hash's sync objects; runtime, testing, testing/synctest and runtime's
// Caller family read and change goroutines, frames, tracebacks and the
// run's outcome; reflect reads and makes values of every layout the
// machine has; maps.clone, iter's coroutines, bytealg.MakeNoZero and
// internal/abi reach the machine's maps, goroutines, allocator and type
// descriptors. A
// construct with no model (cgo, assembly, a system call) stops the run
// with an [*UnsupportedError] naming the function and source position,
// never with a Go panic from inside the interpreter.
package interp
