package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

// stdlib loads packages of the standard library (and the few others the
// tables model) with their syntax and types, on demand.
type stdlib struct {
	t     *testing.T
	fset  *token.FileSet
	pkgs  map[string]*packages.Package
	funcs map[string]*ast.FuncDecl // by "file:line:name" of the declared name
}

// declKey identifies a declaration across loads (a package's types may
// come from export data, its syntax from source).
func (s *stdlib) declKey(pos token.Pos, name string) string {
	p := s.fset.Position(pos)
	file := strings.Replace(p.Filename, "$GOROOT", GOROOT(), 1) // export data's spelling
	return fmt.Sprintf("%s:%d:%s", file, p.Line, name)
}

func (s *stdlib) pkg(path string) *packages.Package {
	s.t.Helper()
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	s.load(path)
	return s.pkgs[path]
}

// load loads the packages paths (nil for one that does not load) in one
// call of the go command.
func (s *stdlib) load(paths ...string) {
	s.t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedFiles, Fset: s.fset}
	ps, err := packages.Load(cfg, paths...)
	require.NoError(s.t, err)
	for _, path := range paths {
		s.pkgs[path] = nil
	}
	for _, p := range ps {
		if len(p.Errors) > 0 || p.Types == nil {
			continue
		}
		s.pkgs[p.PkgPath] = p
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					s.funcs[s.declKey(fd.Name.Pos(), fd.Name.Name)] = fd
				}
			}
		}
	}
}

// lookup finds the function or method a table key names ("pkg.F",
// "(pkg.T).M", "(*pkg.T).M", "pkg.init", "pkg.init#1") and reports whether
// it has a Go body.
func (s *stdlib) lookup(key string) (found, hasBody bool) {
	s.t.Helper()
	recv, name := "", key
	if strings.HasPrefix(key, "(") {
		end := strings.Index(key, ").")
		require.Positive(s.t, end, "key %q", key)
		recv, name = key[1:end], key[end+2:]
	}
	var pkgPath, typ string
	ptr := strings.HasPrefix(recv, "*")
	if recv != "" {
		recv = strings.TrimPrefix(recv, "*")
		dot := strings.LastIndexByte(recv, '.')
		pkgPath, typ = recv[:dot], recv[dot+1:]
	} else {
		dot := strings.LastIndexByte(name, '.')
		pkgPath, name = name[:dot], name[dot+1:]
	}
	p := s.pkg(pkgPath)
	if p == nil {
		return false, false
	}
	var fn *types.Func
	switch {
	case recv != "":
		tn, _ := p.Types.Scope().Lookup(typ).(*types.TypeName)
		if tn == nil {
			return false, false
		}
		var t types.Type = tn.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		sel := types.NewMethodSet(t).Lookup(p.Types, name)
		if sel == nil {
			return false, false
		}
		fn = sel.Obj().(*types.Func)
	case name == "init":
		return true, true // go/ssa makes every package's init
	case strings.HasPrefix(name, "init#"):
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "init" && fd.Recv == nil {
					return true, true
				}
			}
		}
		return false, false
	default:
		fn, _ = p.Types.Scope().Lookup(name).(*types.Func)
		if fn == nil {
			return false, false
		}
	}
	if fn.Pkg() != nil && fn.Pkg().Path() != pkgPath {
		s.pkg(fn.Pkg().Path()) // a promoted method: its declaration's syntax
	}
	fd := s.funcs[s.declKey(fn.Pos(), fn.Name())]
	require.NotNil(s.t, fd, "no declaration of %s (%s)", key, s.declKey(fn.Pos(), fn.Name()))
	return true, fd.Body != nil
}

// The model tables against the standard library: every key names a real
// function or method, and every model of a function with a Go body (which
// the interpreter could run instead) says why it is modeled.
func TestModelTables(t *testing.T) {
	s := &stdlib{t: t, fset: token.NewFileSet(), pkgs: map[string]*packages.Package{}, funcs: map[string]*ast.FuncDecl{}}
	paths := make([]string, 0, len(modelTables))
	for path := range modelTables {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	s.load(append(paths, "internal/abi")...) // (abi: methods promoted into reflectlite)
	for _, path := range paths {
		if path == "github.com/davecgh/go-spew/spew" {
			continue // not a dependency of this module: nothing to check against
		}
		t.Run(path, func(t *testing.T) {
			s.t = t
			require.NotNil(t, s.pkg(path), "package %s does not load", path)
			for key, md := range modelTables[path] {
				found, body := s.lookup(key)
				if !assert.True(t, found, "%s: no such function or method in the standard library", key) {
					continue
				}
				assert.True(t, (md.native == nil) != (md.control == nil), "%s: one of native and control", key)
				switch {
				case md.why == noBody:
					assert.False(t, body, "%s is said to have no Go body, but has one: say why it is modeled", key)
				case body:
					assert.NotEmpty(t, md.why, "%s has a Go body the interpreter could run: say why it is modeled", key)
				}
			}
		})
	}
	t.Run("interpretable", func(t *testing.T) {
		s.t = t
		for key, why := range interpretable {
			found, body := s.lookup(key)
			assert.True(t, found && body, "%s: not a function with a Go body", key)
			assert.NotEmpty(t, why, key)
		}
	})
	t.Run("policy", func(t *testing.T) {
		s.t = t
		var patterns []string
		for _, list := range [][]pkgPolicy{notRun, uninitialized, stripped} {
			for _, p := range list {
				assert.NotEmpty(t, p.why, p.path)
				if !strings.HasSuffix(p.path, "/") { // (else a tree of packages)
					patterns = append(patterns, p.path+"/...")
				}
			}
		}
		ps, err := packages.Load(&packages.Config{Mode: packages.NeedName}, patterns...)
		require.NoError(t, err)
		found := map[string]bool{}
		for _, q := range ps {
			assert.Empty(t, q.Errors, "%s", q.PkgPath)
			found[q.PkgPath] = true
		}
		for _, pat := range patterns {
			root := strings.TrimSuffix(pat, "/...")
			ok := false
			for path := range found {
				ok = ok || path == root || strings.HasPrefix(path, root+"/")
			}
			assert.True(t, ok, "%s: no such package or tree", root)
		}
	})
}
