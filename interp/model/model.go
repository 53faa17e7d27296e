package model

import (
	"go/types"

	"github.com/vtcheck/vt/interp/vos"
)

// A Package is the table of models of one package.
type Package struct {
	// Path is the package's import path.
	Path string
	// Funcs are its models, by the function's full name as go/ssa
	// writes it: "math.Sqrt", "(*strings.Builder).String".
	Funcs map[string]Func
	// Mem is the memory declaration of its models that declare none.
	Mem Mem
}

// A Func is the model of one function. Exactly one of Native, Results and
// Control is set.
type Func struct {
	Native  NativeFunc
	Results ResultsFunc
	Control ControlFunc
	// NumResults is the number of results Results writes.
	NumResults int
	// Why says why the function is modeled rather than run from its Go
	// body: Host, NoBody, or a reason of the model's own.
	Why string
	// Mem declares what the model does to the memory of the program that
	// it reaches through its arguments.
	Mem Mem
	// Allocs, if set, says what the function's Go body allocates on the
	// heap for a call: the machine counts it as the program's
	// allocations (a model that allocates nothing, or returns part of its
	// argument, needs none).
	Allocs AllocsFunc
	// Instantiate, if set, makes the model of each instantiation of a
	// generic function from its type arguments (unique.Make[T]); the
	// Func it returns sets Native, Results or Control, and its Why and
	// Mem stand for all instantiations.
	Instantiate func(targs []Type) Func
}

// Host is the reason of a pure leaf over immutable arguments that runs on
// the host for speed (tier 3 of the standard library).
const Host = "tier 3: a pure leaf over immutable arguments, faster on the host"

// NoBody is the reason of a model of a function without a Go body
// (assembly, or implemented by the runtime through linkname).
const NoBody = "no Go body"

// A NativeFunc computes a model's result from its arguments (the receiver
// first). Several results are one tuple ([Machine.MakeTuple]).
type NativeFunc func(m Machine, args []Value) Value

// A ResultsFunc is a pure leaf of several results: it writes its results
// to res (of length Func.NumResults) and uses no machine.
type ResultsFunc func(args, res []Value)

// A ControlFunc decides how a call of its function goes on.
type ControlFunc func(m Machine, args []Value) Next

// An AllocsFunc returns the heap allocations, how many and their bytes in
// all, that the function's Go body makes for the arguments args and the
// result res.
type AllocsFunc func(m Machine, args []Value, res Value) (n int, bytes int64)

// Next says how a call of a [ControlFunc] goes on: with Result, unless
// Body or Call is set.
type Next struct {
	// Result is the call's result.
	Result Value
	// Body runs the function's own Go body with the call's arguments
	// instead: its result is the call's.
	Body bool
	// Call, if not the zero Value, is a function value that the machine
	// calls with Args: its result is the call's.
	Call Value
	Args []Value
	// Then, if set with Body or Call, makes the call's result of the
	// result of the body or of the function value, when it returns (not
	// when it panics).
	Then func(m Machine, res Value) Value
	// Fatal, if not empty, ends the program with this fatal error, as
	// the runtime's throw does: no deferred function runs.
	Fatal string
	// Stop says that the call does not complete now: its goroutine
	// stopped at a scheduling point (Scheduling.Point), or the run ended
	// (Scheduling.Signaled).
	Stop bool
	// Block, if not OpNone, blocks the goroutine in the operation Block
	// (on the kernel object On, if not nil) until a Waker the model
	// handed out wakes it: the machine then calls the model again.
	Block Op
	On    vos.Object
}

// Fallback returns a model that computes its result with host, or, where
// host reports false, runs the function's own Go body, so that a panic or
// an error value is the program's own.
func Fallback(why string, host func(m Machine, args []Value) (res Value, ok bool)) Func {
	return Func{Why: why, Control: func(m Machine, args []Value) Next {
		if res, ok := host(m, args); ok {
			return Next{Result: res}
		}
		return Next{Body: true}
	}}
}

// Mem declares what a model does to the program's memory that it reaches
// through its arguments: the accesses Go's race detector checks when the
// function runs compiled, which the machine reports as memory events like
// those of the interpreted code the model replaces. A model whose
// parameters can reach memory must declare something (the interpreter's
// tests check it).
type Mem struct {
	// Reads and Writes list the arguments (the receiver first), slices of
	// scalars, whose elements the model reads or writes: the machine
	// reports those accesses before the model runs.
	Reads, Writes []int
	// Own says that the model reports its accesses itself
	// ([Machine.Read]), as what it touches depends on what it does, or
	// runs the function's Go body, whose loads and stores are the
	// accesses.
	Own bool
	// None says why the model makes no access the race detector would
	// check: its arguments are values, or what it touches is not the
	// program's memory.
	None string
}

// Machine is the interpreter, as a model sees it during its call.
type Machine interface {
	// String returns the string v. It may be kept: strings are
	// immutable.
	String(v Value) string
	// MakeString returns the value of the string s.
	MakeString(s string) Value
	// AnyString returns an interface value (of type any) holding the
	// string s.
	AnyString(s string) Value
	// Bytes returns the elements of v, a []byte or a byte array: the
	// program's memory, which the model reads only.
	Bytes(v Value) []byte
	// Elems returns the cells of v, a struct (its fields), an array or a
	// slice of other than bytes: the program's memory, which the model
	// reads only.
	Elems(v Value) []Value
	// MakeSlice returns a slice of the elements es, and MakeStruct a
	// struct of the fields fs; they keep es and fs, which the model must
	// not use after.
	MakeSlice(es []Value) Value
	MakeStruct(fs ...Value) Value
	// MakeTuple returns the results rs of a model of several results; it
	// keeps rs.
	MakeTuple(rs ...Value) Value
	// Load returns the value in the cell p points to; Field returns a
	// pointer to the field i of the struct p points to.
	Load(p Value) Value
	Field(p Value, i int) Value
	// Read reports a read, by the model, of the cell p points to: a
	// scalar, a string, a slice or an interface (see Mem.Own).
	Read(p Value)
	// Method returns the method name (exported) of the dynamic type of
	// the interface value v as a function value that takes its receiver
	// first, and that receiver: v's dynamic value. It panics as Go does
	// for a nil interface.
	Method(v Value, name string) (fn, recv Value)
	// Panic panics, in the program, with the string msg, as panic(msg)
	// does.
	Panic(msg string)
	// RuntimeError panics, in the program, with a run-time error
	// (runtime.Error) of message msg, as the runtime does.
	RuntimeError(msg string)

	// Types and the values they describe.

	// TypeOf returns the machine's Type of t.
	TypeOf(t types.Type) Type
	// LookupType returns the type name declared at package level in
	// package pkg of the program the machine runs, or nil.
	LookupType(pkg, name string) Type
	// Dynamic returns the dynamic type and value of the interface value
	// v: nil and the zero Value for a nil interface.
	Dynamic(v Value) (Type, Value)
	// MakeInterface returns an interface value holding v, of type t.
	MakeInterface(t Type, v Value) Value
	// Copy returns a copy of v, a value of type t, that shares no
	// memory with v where Go's value semantics forbid sharing (structs
	// and arrays). The copy is the model's until it gives it to the
	// program: it may set the cells Elems returns of it.
	Copy(v Value, t Type) Value
	// Key returns a host value, comparable, that is equal for two values
	// of type t (comparable) exactly when == finds them equal; a NaN's
	// equals nothing.
	Key(v Value, t Type) any
	// New returns a pointer to a new variable of type t that holds v,
	// which it keeps (a Copy, for a struct or an array).
	New(t Type, v Value) Value
	// Func returns the function named name as go/ssa writes it
	// ("pkg.F", "(*pkg.T).M") in the binary the machine runs, as a
	// function value (for Next.Call), or the zero Value.
	Func(name string) Value
	// Zero returns the zero value of t: made anew for a struct or an
	// array.
	Zero(t Type) Value
	// Global returns a pointer to the package-level variable name of
	// package pkg of the program, and its type; or the zero Value and
	// nil.
	Global(pkg, name string) (p Value, t Type)
	// Store assigns v, of type t, to the variable p points to. Like
	// every write through the machine it is logged for snapshots; the
	// access is the model's to report (Mem.Own), if it is the
	// program's.
	Store(p, v Value, t Type)
	// SetBytes copies b to the elements of dst, a []byte or a byte array
	// of the program, and returns how many it copied.
	SetBytes(dst Value, b []byte) int

	// The run.

	// Draw returns a number the running goroutine draws from the
	// program's random input: in [0, n), or 64 bits for n = 0. It is a
	// choice of the scheduler (interp.ChooseRandom), which a tool may
	// enumerate and records in the schedule.
	Draw(n uint64) uint64
	// Rand returns the next number of the run's seeded generator: no
	// choice, a function of the seed and of the run so far (the
	// runtime's cheap random numbers).
	Rand() uint64
	// Clock returns the virtual clock: the time it started at and the
	// time now, in nanoseconds since 1970.
	Clock() (start, now int64)
	// State returns the run's State of key k, made by k.New on first
	// use: snapshots copy it, state hashes include it.
	State(k *StateKey) State

	// Blocking, scheduling points, events and the virtual OS.
	Scheduling
	// What the models of reflect need beyond the rest.
	Reflection
}
