// Package interp is a Go interpreter over the SSA form of golang.org/x/tools/go/ssa.
//
// It loads packages with go/packages, builds SSA with ssa.InstantiateGenerics,
// compiles every function once into a compact register-based form and runs it
// with goroutines as data: every goroutine is a stack of frames held in
// interpreter memory with an explicit program counter, and switching goroutines
// is a pointer assignment.
//
// The interpreter knows nothing of search. At every scheduling point (channel
// operations, select, modeled sync and sync/atomic operations, go statements,
// goroutine exit, virtual-time operations, runtime.Gosched) it asks a
// [Scheduler] which goroutine runs next, and it reports events (memory
// accesses, synchronization, goroutine start and exit, blocking) to an
// [Observer]. The default scheduler runs programs deterministically.
//
// The standard library runs in three tiers: pure-Go packages are interpreted
// from their real source; sync, sync/atomic, time (a virtual clock), runtime,
// reflect, os and a few others are models written for the interpreter; and
// leaf functions with immutable arguments (math, parts of strings) are host
// calls. A construct with no model stops the run with an [*UnsupportedError]
// naming the function and source position.
package interp
