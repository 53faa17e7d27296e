package interp

import "golang.org/x/tools/go/ssa"

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
		k := uniqueKey{t, hashKey(args[0], t)}
		p := m.uniques[k]
		if p == nil {
			c := copyVal(args[0], t)
			p = &c
			if m.uniques == nil {
				m.uniques = map[uniqueKey]*value{}
			}
			m.uniques[k] = p
		}
		return value{r: []value{{r: p}}}
	}
}
