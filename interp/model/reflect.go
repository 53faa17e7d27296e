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

	// Sequences and maps, whose layouts are the machine's: v is a value
	// of type t, indices are in range (the model checks them, to panic
	// with its own message).

	// Len returns the length of v, a slice, an array, a string, a map or
	// a channel (the values in its buffer); Cap the capacity of a slice,
	// an array or a channel.
	Len(v Value, t Type) int
	Cap(v Value, t Type) int
	// Index returns a pointer to the element i of v, a slice or an array
	// (v the array variable's memory, as Deref returns it): the element
	// variable itself.
	Index(v Value, t Type, i int) Value
	// Slice returns v[i:j], or v[i:j:k] for k ≥ 0, of v a slice or an
	// array (its memory, as for Index): a slice sharing v's elements.
	Slice(v Value, t Type, i, j, k int) Value
	// NewSlice returns a new slice of type t, of length n and capacity
	// c, its elements zero.
	NewSlice(t Type, n, c int) Value
	// NewMap returns a new, empty map of type t.
	NewMap(t Type) Value
	// MapIndex returns the element of key k in the map v and whether it
	// is there (a nil map has none); it panics as Go does for a key whose
	// dynamic type is not comparable.
	MapIndex(v Value, t Type, k Value) (Value, bool)
	// SetMapIndex sets the element of key k in the map v to e, panicking
	// as Go does for a nil map; DeleteMapIndex deletes it, if any.
	SetMapIndex(v Value, t Type, k, e Value)
	DeleteMapIndex(v Value, t Type, k Value)
	// MapRange calls yield with each key and element of the map v, in
	// the machine's order (a range statement's), until yield returns
	// false.
	MapRange(v Value, t Type, yield func(k, e Value) bool)
	// AccessMap reports an access by the model, a read or a write, to the
	// map v, as the compiled function's map operation would be.
	AccessMap(v Value, write bool)

	// Complex returns the complex number v (of a complex type), and
	// MakeComplex the value of c: complex numbers are no single word.
	Complex(v Value) complex128
	MakeComplex(c complex128) Value
	// Equal reports whether a == b, for values of type t, as Go compares
	// them: it panics as Go does when an interface in them holds a value
	// whose type is not comparable.
	Equal(a, b Value, t Type) bool
	// Convert returns T(v), v a value of type from and T the type to, for
	// a conversion Go allows other than to an interface (between numbers,
	// strings, byte and rune slices, slices and arrays, types of one
	// underlying type).
	Convert(v Value, from, to Type) Value
}
