package explore

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// reaches reports whether the code the target runs reaches a function of
// the package with import path path: its test function (with the
// functions of its vt.Check calls) or its main, and its package's
// initialization, through static references — calls, closures, function
// values, method values — followed through the code outside the Go
// distribution (the standard library cannot reach a user's library).
//
// Decisions the engine takes from the program (the default strategy of a
// habanero program, ESP-bags) are taken from this, so that a test is
// explored the same way alone and in a run that loads other packages.
func reaches(t Target, path string) bool {
	if t.Pkg == nil {
		return false
	}
	var roots []*ssa.Function
	if t.Test != "" {
		top, _, _ := strings.Cut(t.Test, "/")
		roots = append(roots, t.Pkg.Func(top))
	} else {
		roots = append(roots, t.Pkg.Func("main"))
	}
	roots = append(roots, t.Pkg.Func("init"))
	seen := map[*ssa.Function]bool{}
	var found bool
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] || found {
			return
		}
		seen[fn] = true
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if fn.Pkg != nil {
			p := fn.Pkg.Pkg.Path()
			if p == path {
				found = true
				return
			}
			if t.Prog.InGoroot(p) {
				return
			}
			if fn.Blocks == nil {
				fn.Pkg.Build() // packages are built on first use (interp.Load)
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
		var ops []*ssa.Value
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, op := range in.Operands(ops[:0]) {
					if op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						visit(f)
					}
				}
				if c, ok := in.(ssa.CallInstruction); ok {
					visit(c.Common().StaticCallee())
				}
			}
		}
	}
	for _, r := range roots {
		visit(r)
	}
	return found
}
