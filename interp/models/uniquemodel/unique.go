package uniquemodel

import (
	"reflect"
	"slices"
	"strings"

	"github.com/vtcheck/vt/interp/model"
)

// unique.Make canonicalizes values in a table of the run (the real one
// hashes through run-time type descriptors and weak pointers, which the
// interpreter does not have); Handle's methods run from source.

var unique = model.Package{Path: "unique", Funcs: map[string]model.Func{
	"unique.Make": {
		Why:         "canonical values are the run's table (the runtime's hashes through type descriptors and weak pointers)",
		Mem:         model.Mem{None: "its argument is a value, which it copies"},
		Instantiate: makeFunc,
	},
}}

// key identifies a canonical value: its type and its map key.
type key struct {
	t model.Type
	k any
}

// stateKey names the run's canonical values.
var stateKey = &model.StateKey{Name: "uniquemodel", New: func() model.State { return &state{} }}

// state holds the run's canonical values: pointers to their variables,
// the handles' pointers.
type state struct{ vals map[key]model.Value }

func (s *state) Clone() model.State {
	c := &state{vals: make(map[key]model.Value, len(s.vals))}
	for k, p := range s.vals {
		c.vals[k] = p
	}
	return c
}

// Hash writes the reachable canonical values' variables (a handle no one
// holds cannot be compared with a new one); the walk writes their
// values.
func (s *state) Hash(h model.Hasher) {
	var ids []uint64
	for _, p := range s.vals {
		if id, ok := h.Cell(p.Cell()); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	h.WriteUint(uint64(len(ids)))
	for _, id := range ids {
		h.WriteUint(id)
	}
}

// makeFunc models unique.Make[T]: the handle (a struct of one pointer)
// of the canonical value equal to its argument.
func makeFunc(targs []model.Type) model.Func {
	t := targs[0]
	return model.Func{Native: func(m model.Machine, args []model.Value) model.Value {
		// The strings of the value are cloned, as unique.Make does: a
		// string may share memory the program changes later
		// (unsafe.String over a buffer).
		v := cloneStrings(m, m.Copy(args[0], t), t)
		k := key{t, m.Key(v, t)}
		s := m.State(stateKey).(*state)
		p, ok := s.vals[k]
		if !ok {
			p = m.New(t, v)
			if s.vals == nil {
				s.vals = map[key]model.Value{}
			}
			s.vals[k] = p
		}
		return m.MakeStruct(p)
	}}
}

// cloneStrings returns v, a value of type t (the model's copy), with
// every string in it (outside of interfaces) copied to memory of its
// own.
func cloneStrings(m model.Machine, v model.Value, t model.Type) model.Value {
	if !hasStrings(t) {
		return v
	}
	switch t.Kind() {
	case reflect.String:
		return m.MakeString(strings.Clone(m.String(v)))
	case reflect.Struct:
		es := m.Elems(v)
		for i := range t.NumField() {
			es[i] = cloneStrings(m, es[i], t.Field(i))
		}
	case reflect.Array:
		es := m.Elems(v)
		for i := range es {
			es[i] = cloneStrings(m, es[i], t.Elem())
		}
	}
	return v
}

// hasStrings reports whether a value of type t holds strings outside of
// interfaces and pointers.
func hasStrings(t model.Type) bool {
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Struct:
		for i := range t.NumField() {
			if hasStrings(t.Field(i)) {
				return true
			}
		}
	case reflect.Array:
		return t.Len() > 0 && hasStrings(t.Elem())
	}
	return false
}
