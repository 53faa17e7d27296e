package model

// Reflection is the part of [Machine] that the models of reflect need
// beyond the rest: the machine's type descriptors as values of the
// program, the variables that pointers of every kind point to (an element
// of a byte array too), and the methods of types.
type Reflection interface {
	// Descriptor returns the machine's descriptor of t as a value: what
	// a reflect.Type holds in its data word (a *reflect.rtype) and a
	// reflect.Value in its type word. Descriptors of the same Type are
	// equal pointers.
	Descriptor(t Type) Value
	// Described returns the Type of the descriptor v, or nil if v holds
	// none.
	Described(v Value) Type
	// PointerTo returns the Type of pointers to t.
	PointerTo(t Type) Type
	// Deref returns the value of type t in the variable the pointer p
	// points to (any pointer the machine makes, to an element of a byte
	// array too), the zero Value for nil p. For a struct or an array the
	// value is the variable's memory, which the model reads only.
	Deref(p Value, t Type) Value
	// Assign assigns v, of type t, to the variable the pointer p points
	// to, as Store does for any pointer Deref accepts: logged for
	// snapshots; the access is the model's to report (Access).
	Assign(p, v Value, t Type)
	// Access reports an access by the model, a read or a write, to the
	// variable of type t that the pointer p points to (all its cells,
	// for a struct or an array), as the compiled function's load or
	// store would be (see Mem.Own).
	Access(p Value, t Type, write bool)
	// MethodFunc returns the concrete method of t whose types.Id is id
	// as a function value that takes its receiver first, or the zero
	// Value if t has none.
	MethodFunc(t Type, id string) Value
	// PanicValue panics, in the program, with the interface value v, as
	// panic(v) does.
	PanicValue(v Value)
}
