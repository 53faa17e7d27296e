package interp

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Models of package unique: Make canonicalizes values in a table of the
// run's world (the real one hashes through run-time type descriptors and
// weak pointers, which the interpreter does not have). Handle's methods
// run from source.

// uniqueKey identifies a canonical value: its type and its map key.
type uniqueKey struct {
	t *rtype
	k any
}

// uniqueFallback models the instantiations of unique.Make.
func uniqueFallback(fn *ssa.Function) nativeFn {
	o := fn.Origin()
	if o == nil || o.String() != "unique.Make" || len(fn.TypeArgs()) != 1 {
		return nil
	}
	targ := fn.TypeArgs()[0]
	return func(m *machine, args []value) value {
		t := m.prog.typeOf(targ)
		// The strings of the value are cloned, as unique.Make does: a
		// string may share memory the program changes later
		// (unsafe.String over a buffer).
		v := cloneStrings(copyVal(args[0], t), t)
		k := uniqueKey{t, hashKey(v, t)}
		p := m.uniques[k]
		if p == nil {
			p = &v
			if m.uniques == nil {
				m.uniques = map[uniqueKey]*value{}
			}
			m.uniques[k] = p
		}
		return value{r: []value{{r: p}}}
	}
}

// cloneStrings returns v, a value of type t (a copy of the program's),
// with every string in it (outside of interfaces) copied to memory of its
// own.
func cloneStrings(v value, t *rtype) value {
	switch t.kind {
	case kString:
		return strVal(strings.Clone(v.str()))
	case kStruct:
		es := v.elems()
		for i, f := range t.fields {
			es[i] = cloneStrings(es[i], f.typ)
		}
	case kArray:
		if t.aggregate && !t.bytes && !t.zeroLong {
			es := v.elems()
			for i := range es {
				es[i] = cloneStrings(es[i], t.elem)
			}
		}
	}
	return v
}
