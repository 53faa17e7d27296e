// Package model is the machine's API for models: what a model of a
// function of the standard library (or of a third-party package the
// interpreter cannot run from source) sees of the interpreter that runs it.
//
// # Models
//
// The interpreter runs most of the standard library from its real source.
// A function it cannot run so (assembly, the runtime's linknames), or that
// is faster on the host (a pure leaf over immutable arguments: math,
// strings), has a model: a [Func] the machine calls instead of the
// function's Go body. The models of one package form a [Package], a table
// by the function's full name as go/ssa writes it ("math.Sqrt",
// "(*strings.Builder).String"); a generic function's entry serves all its
// instantiations. The packages of models live under interp/models, one per
// standard package or family, and the interpreter registers them in one
// place (its stdlib.go), next to the rest of its standard-library policy.
//
// A Func is one of three kinds:
//
//   - [NativeFunc] computes the result from the arguments, on the host.
//   - [ResultsFunc] is a pure leaf of several results (math/bits.Add64)
//     that writes them to a buffer: a direct call from compiled code
//     allocates no tuple.
//   - [ControlFunc] decides how the call goes on ([Next]): with a result,
//     or by running the function's own Go body (for the inputs the host
//     does not handle, so that a panic or an error value is the
//     program's), or by calling a function value of the program.
//
// Every Func says why it is modeled (Func.Why; [Host] for a host leaf,
// [NoBody] for a function without a Go body), and what it does to the
// program's memory ([Mem]) and to its heap (Func.Allocs), so that the
// tools that watch memory see the accesses and allocations the compiled
// function makes.
//
// # Values
//
// A [Value] is a program value as the machine holds it, the machine's own
// registers and memory cells viewed through this package: passing
// arguments and results costs no copy and no allocation. A scalar is one
// word that a model reads and makes with Value's methods and with
// [MakeInt], [MakeUint], [MakeFloat] and [MakeBool]. Everything else
// (strings, slices, structs, pointers, interfaces) is the machine's, read
// and made through [Machine]. The zero Value is the zero value of every
// type: 0, false, "", nil.
//
// # Rules
//
// A model runs on the interpreter's goroutine, between two steps of the
// program, and must not block. Its argument slice belongs to the machine
// (it reuses it): a model must not keep it, nor a slice [Machine.Elems]
// or [Machine.Bytes] returns, past its call; the Values themselves may
// be kept. It writes the program's memory only through the machine, which
// logs the writes for snapshots. It raises the program's panics with
// [Machine.Panic] and [Machine.RuntimeError]; any other panic is a bug
// in the model. A model's results must be functions of its arguments and
// of the machine's state only, so that runs are deterministic.
//
// # What is not here yet
//
// The models of runtime, sync, sync/atomic, time, reflect, testing, os,
// syscall, net, unique and the random generators still live inside the
// interpreter: they block goroutines, stop at scheduling points, report
// synchronization events, read types or keep state of their own in the
// run, which this API does not offer yet.
package model
