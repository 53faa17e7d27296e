package model

// A State is the state a package of models keeps in one run of the
// program (the generators seeded from outside, unique's canonical
// values): part of the program's state, as its memory is. A snapshot
// keeps a copy (Clone), every run from it starts with a copy of that,
// and a tool that matches states hashes it (Hash) with the rest.
type State interface {
	// Clone returns a copy that shares nothing that a run changes.
	Clone() State
	// Hash writes to h what of the state can change the program's
	// future: two states that hash the same must behave the same. It
	// names the program's cells by h.Cell and leaves out those the walk
	// did not meet (nothing can reach them again).
	Hash(h Hasher)
}

// A StateKey names a State of a package of models: a model gets its
// run's state with Machine.State. Declare one per kind of state, as a
// package-level variable.
type StateKey struct {
	// Name names the state in hashes: unique among the keys of the
	// machine's models (the package path of the models, say).
	Name string
	// New returns the state of a run that has none yet.
	New func() State
}

// A Cell is the identity of a variable of the program, what a pointer
// points to (Value.Cell): comparable, it keys a model's tables by
// variable. It keeps the variable alive.
type Cell struct{ ref any }

// Cell returns the identity of the variable the pointer v points to (the
// zero Cell for nil).
func (v Value) Cell() Cell { return Cell{v.ref} }

// A Hasher encodes a model's State for a state hash (State.Hash).
type Hasher interface {
	// WriteUint and WriteString write to the encoding.
	WriteUint(u uint64)
	WriteString(s string)
	// Cell returns the number of the cell c in the walk of the
	// program's state, and whether the walk met it: a cell it did not
	// meet is unreachable and cannot be used again.
	Cell(c Cell) (id uint64, ok bool)
	// Refuse marks the state as one the encoding cannot represent (why
	// says what): it then matches no other state.
	Refuse(why string)
}
