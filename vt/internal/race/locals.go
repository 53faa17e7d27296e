package race

import (
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp"
)

// The interpreter keeps the cells of non-escaping locals (ssa.Alloc with
// !Heap, such as the result slots of functions with defers) in frames that
// it recycles, possibly for another goroutine: the same address then serves
// a fresh variable that no other goroutine can reach. There is no
// allocation event to tell the detector, so it skips the writes whose
// position is that of a store into such a local. (Reads need no skipping:
// a location with no checked write never races.)

// localStores is the set of positions of stores into non-escaping locals,
// computed per package as the program's files are first seen.
type localStores struct {
	prog  *interp.Program
	mu    sync.Mutex
	files map[*token.File]map[token.Pos]bool // nil map: no such store in the file
	byDir map[string][]*ssa.Package
}

var localsByProg sync.Map // *interp.Program → *localStores

func localsOf(prog *interp.Program) *localStores {
	if v, ok := localsByProg.Load(prog); ok {
		return v.(*localStores)
	}
	v, _ := localsByProg.LoadOrStore(prog, &localStores{prog: prog, files: map[*token.File]map[token.Pos]bool{}})
	return v.(*localStores)
}

// localView is one detector's cache over a localStores and its trusted
// files, for the file of the last access (no locking on the hot path).
type localView struct {
	s       *localStores
	trust   posSet
	lo, hi  token.Pos
	set     map[token.Pos]bool
	trusted bool
}

// skip reports whether an access at pos is not checked: it is in a
// trusted package, or it is a write into a non-escaping local.
func (v *localView) skip(pos token.Pos, write bool) bool {
	if v.s == nil || !pos.IsValid() {
		return false
	}
	if pos < v.lo || pos >= v.hi {
		v.lo, v.hi, v.set = v.s.file(pos)
		v.trusted = v.trust.has(pos)
	}
	return v.trusted || write && v.set[pos]
}

// file returns the range of the file holding pos and its stores.
func (s *localStores) file(pos token.Pos) (token.Pos, token.Pos, map[token.Pos]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fset := s.prog.SSA.Fset
	f := fset.File(pos)
	if f == nil {
		return pos, pos + 1, nil
	}
	lo, hi := token.Pos(f.Base()), token.Pos(f.Base()+f.Size()+1)
	if set, ok := s.files[f]; ok {
		return lo, hi, set
	}
	// Scan the packages of f's directory.
	if s.byDir == nil {
		s.byDir = map[string][]*ssa.Package{}
		for _, p := range s.prog.SSA.AllPackages() {
			for _, m := range p.Members {
				if mf := fset.File(m.Pos()); mf != nil {
					d := dirOf(mf.Name())
					if l := s.byDir[d]; len(l) == 0 || l[len(l)-1] != p {
						s.byDir[d] = append(l, p)
					}
				}
			}
		}
	}
	for _, p := range s.byDir[dirOf(f.Name())] {
		s.scan(p)
	}
	if _, ok := s.files[f]; !ok {
		s.files[f] = nil
	}
	return lo, hi, s.files[f]
}

func dirOf(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '/' || name[i] == '\\' {
			return name[:i]
		}
	}
	return ""
}

// scan records the local stores of every function of p.
func (s *localStores) scan(p *ssa.Package) {
	p.Build()
	fset := s.prog.SSA.Fset
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || !st.Pos().IsValid() || !localRoot(st.Addr) {
					continue
				}
				f := fset.File(st.Pos())
				if s.files[f] == nil {
					s.files[f] = map[token.Pos]bool{}
				}
				s.files[f][st.Pos()] = true
			}
		}
		for _, a := range fn.AnonFuncs {
			visit(a)
		}
	}
	for _, m := range p.Members {
		switch m := m.(type) {
		case *ssa.Function:
			visit(m)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := s.prog.SSA.MethodSets.MethodSet(t)
				for i := range ms.Len() {
					visit(s.prog.SSA.MethodValue(ms.At(i)))
				}
			}
		}
	}
}

// localRoot reports whether addr is (a field or array element of) a
// non-escaping local.
func localRoot(addr ssa.Value) bool {
	for {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return !a.Heap
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			if _, ok := a.X.Type().Underlying().(*types.Pointer); !ok {
				return false // a slice element
			}
			addr = a.X
		default:
			return false
		}
	}
}
