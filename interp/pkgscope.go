package interp

// Package lookups by import path, relative to the program a run runs.
//
// One Program may hold several programs: the mains of several commands,
// or the test binaries of several packages (vt test context sync io).
// go/packages then loads one package path in several variants: a package
// whose tests are loaded ("io [io.test]") and every package above it in
// that test binary ("os [io.test]", "internal/poll [io.test]") are
// distinct packages, with their own globals and types, beside the plain
// ones the other binaries link. go/ssa's Program.ImportedPackage returns
// one of them, whichever was created last; a model that looks a package
// up by path (io.EOF, the errors of internal/oserror, syscall.Errno, the
// body of (*os.File).Close) must find the variant linked into the binary
// it runs, or it reads another binary's globals (never initialized in
// this run: nil) and makes values of another binary's types (which no
// type assertion of this one matches). So a machine resolves paths in its
// root package's import graph, where every path names one package, as it
// does in a linked binary.

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// pkgScope maps the import paths of one binary's packages to them.
type pkgScope map[string]*ssa.Package

// scopeOf returns the scope of the binary whose root package is root: root
// and every package it imports, directly or not. Scopes are made once per
// root.
func (p *Program) scopeOf(root *ssa.Package) pkgScope {
	if root == nil {
		return nil
	}
	p.scopesMu.Lock()
	defer p.scopesMu.Unlock()
	if s, ok := p.scopes[root]; ok {
		return s
	}
	s := pkgScope{}
	seen := map[*types.Package]bool{}
	var visit func(tp *types.Package)
	visit = func(tp *types.Package) {
		if seen[tp] {
			return
		}
		seen[tp] = true
		if sp := p.SSA.Package(tp); sp != nil {
			if _, dup := s[tp.Path()]; !dup {
				s[tp.Path()] = sp
			}
		}
		for _, imp := range tp.Imports() {
			visit(imp)
		}
	}
	visit(root.Pkg)
	if p.scopes == nil {
		p.scopes = map[*ssa.Package]pkgScope{}
	}
	p.scopes[root] = s
	return s
}

// lookup returns the package of import path path in s, else the package
// go/ssa knows by that path (a package the binary does not import, which
// a model needs all the same), or nil.
func (s pkgScope) lookup(prog *ssa.Program, path string) *ssa.Package {
	if pkg := s[path]; pkg != nil {
		return pkg
	}
	return prog.ImportedPackage(path)
}

// pkg returns the package of import path path in the binary the machine
// runs (see scopeOf), or nil.
func (m *machine) pkg(path string) *ssa.Package {
	return m.scope.lookup(m.prog.SSA, path)
}

// setRoot makes root the package whose binary the machine runs: its
// package lookups resolve in root's import graph.
func (m *machine) setRoot(root *ssa.Package) {
	m.scope = m.prog.scopeOf(root)
}

// lookupFuncIn returns the function or method named name as go/ssa writes
// it ("pkg.F", "(*pkg.T).M", "(pkg.T).M"), looking packages up in s, or
// nil.
func (p *Program) lookupFuncIn(s pkgScope, name string) *ssa.Function {
	if !strings.HasPrefix(name, "(") {
		dot := strings.LastIndexByte(name, '.')
		if dot < 0 {
			return nil
		}
		pkg := s.lookup(p.SSA, name[:dot])
		if pkg == nil {
			return nil
		}
		return pkg.Func(name[dot+1:])
	}
	recv, method, ok := strings.Cut(name[1:], ").")
	if !ok {
		return nil
	}
	ptr := strings.HasPrefix(recv, "*")
	recv = strings.TrimPrefix(recv, "*")
	dot := strings.LastIndexByte(recv, '.')
	if dot < 0 {
		return nil
	}
	pkg := s.lookup(p.SSA, recv[:dot])
	if pkg == nil {
		return nil
	}
	obj := pkg.Pkg.Scope().Lookup(recv[dot+1:])
	if obj == nil {
		return nil
	}
	t := obj.Type()
	if ptr {
		t = types.NewPointer(t)
	}
	sel := p.SSA.MethodSets.MethodSet(t).Lookup(pkg.Pkg, method)
	if sel == nil {
		return nil
	}
	return p.SSA.MethodValue(sel)
}
