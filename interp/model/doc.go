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
// # Types
//
// A [Type] is a type of the program as the machine knows it, one per
// type, so that Types compare with ==: its kind (reflect's numbering),
// its element, key and field types, its size as gc lays it out, and its
// go/types type for everything Go says of it (names, methods, tags,
// signatures). [Machine.TypeOf] and [Machine.LookupType] find Types,
// [Machine.Dynamic] reads an interface value's, and a generic function's
// model may depend on its type arguments (Func.Instantiate). Values of a
// type the machine lays out (structs, arrays) are copied, keyed, stored
// and boxed by the machine ([Machine.Copy], [Machine.Key],
// [Machine.Store], [Machine.New], [Machine.MakeInterface]): their
// layout is the machine's.
//
// # Reflection
//
// The models of reflect need more of the machine ([Reflection], part of
// Machine): its type descriptors as values of the program (what a
// reflect.Type and a reflect.Value hold), the variables behind pointers
// of every kind, an element of a byte array too ([Reflection.Deref],
// [Reflection.Assign], with the access reported by [Reflection.Access]),
// the concrete methods of types, and panics with a value of the
// program's (reflect's *ValueError). A Type says its layout (Size, Align,
// Offset) and whether it implements an interface.
//
// # State
//
// A package of models whose results depend on what earlier calls did
// (which generators were seeded from outside, unique's canonical values)
// keeps that in a [State] of the run, which [Machine.State] returns by
// its [StateKey]. It is part of the program's state: a snapshot keeps a
// copy, each run from the snapshot starts with a copy of that
// (State.Clone), and a tool that matches states hashes it with the rest
// (State.Hash, which names the program's variables a state refers to by
// the walk's numbers: [Hasher.Cell] of a [Cell], the identity of a
// variable, which keys a model's tables). A model keeps no other state:
// a package-level variable of a model is shared by every run and every
// machine.
//
// # The run
//
// A model draws the program's random input from the scheduler
// ([Machine.Draw]: a choice a tool may enumerate, recorded in the
// schedule), takes cheap random numbers from the run's seed
// ([Machine.Rand]), and reads the virtual clock ([Machine.Clock]). A
// [ControlFunc] may run the function's own body, or a function value of
// the program, and make the call's result of theirs (Next.Then).
//
// # Rules
//
// A model runs on the interpreter's goroutine, between two steps of the
// program, and must not block. Its argument slice belongs to the machine
// (it reuses it): a model must not keep it, nor a slice [Machine.Elems]
// or [Machine.Bytes] returns, past its call; the Values themselves may
// be kept. It writes the program's memory only through the machine
// ([Machine.Store], [Machine.SetBytes]), which logs the writes for
// snapshots. It raises the program's panics with [Machine.Panic] and
// [Machine.RuntimeError]; any other panic is a bug in the model. A
// model's results must be functions of its arguments, of the machine's
// state and of its State only, so that runs are deterministic.
//
// # Blocking, scheduling points and the virtual OS
//
// A [ControlFunc] acts on the goroutine that calls it through
// [Scheduling], part of Machine. Its call may be a scheduling point
// (Scheduling.Point: the goroutine stops there, the model returns
// Next{Stop: true}, and the machine calls it again when the scheduler
// picks the goroutine). It may block: it hands the goroutine's [Waker]
// (the virtual OS's vos.Waiter) to what will wake it, the kernel or a
// wait queue of its State, and returns Next{Block: op}, the goroutine
// then pending in op (an [Op], as events and tracebacks name it) until
// woken, when the machine calls the model again, which finds the
// operation can proceed or blocks again. It reports the synchronization
// its call makes (Acquire and Release of a kernel object, Atomic of a
// word) and its accesses to byte buffers (AccessBytes), reaches the run's
// virtual OS (Scheduling.OS), asks the scheduler for choices other than
// the program's input (Choose), writes the run's output, arms timers on
// the virtual clock, and ends the run as vt's refusals, os.Exit and
// signals do. The models of the virtual OS's system calls
// (interp/models/osmodel) are written so.
//
// # What is not here yet
//
// The models of runtime, sync, sync/atomic, time and testing still live
// inside the interpreter: sync, sync/atomic and time are the scheduling
// points of the program's own synchronization, on the machine's hot path
// and bound to its wait queues and timers; testing and runtime reach the
// machine's goroutines and outcome. So do the models of reflect that
// interp/models/reflectmodel does not have yet (its doc lists them):
// channels (blocking, which [Scheduling] now offers); the function values
// reflect makes (method values, iterators, Swapper), which need function
// values whose code is a model's, with variables of their own, and
// iterators that call yield again and again; MapIter, whose state between
// calls is the run's (a State holding the machine's iterators); Append,
// Copy and Grow, whose allocations the machine counts; DeepEqual, whose
// rules over the machine's values are its own; and the addresses Pointer
// and UnsafePointer return (the machine's views of memory). Each is one
// more part of [Reflection].
package model
