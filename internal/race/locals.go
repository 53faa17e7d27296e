package race

import (
	"go/token"

	"github.com/vtcheck/vt/interp"
)

// localView caches, for the file of the last access, whether it belongs to
// a trusted package: accesses come in runs from one file, so the hot path
// is one range check. (Cells of non-escaping locals that the interpreter
// reuses for a new variable arrive as interp.EvAlloc, which makes them new
// locations.)
type localView struct {
	prog    *interp.Program
	trust   posSet
	lo, hi  token.Pos
	trusted bool
}

// skip reports whether an access at pos is not checked: it is in a trusted
// package.
func (v *localView) skip(pos token.Pos) bool {
	if len(v.trust) == 0 || !pos.IsValid() {
		return false
	}
	if pos < v.lo || pos >= v.hi {
		v.lo, v.hi = pos, pos+1
		if f := v.prog.SSA.Fset.File(pos); f != nil {
			v.lo, v.hi = token.Pos(f.Base()), token.Pos(f.Base()+f.Size()+1)
		}
		v.trusted = v.trust.has(pos)
	}
	return v.trusted
}
