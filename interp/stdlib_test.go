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

	"github.com/vtcheck/vt/interp/models/osmodel"
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
	found, hasBody, _ = s.lookupSig(key)
	return found, hasBody
}

// lookupSig is lookup that also returns the function's signature (nil for
// a package's init).
func (s *stdlib) lookupSig(key string) (found, hasBody bool, sig *types.Signature) {
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
		return false, false, nil
	}
	var fn *types.Func
	switch {
	case recv != "":
		tn, _ := p.Types.Scope().Lookup(typ).(*types.TypeName)
		if tn == nil {
			return false, false, nil
		}
		var t types.Type = tn.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		sel := types.NewMethodSet(t).Lookup(p.Types, name)
		if sel == nil {
			return false, false, nil
		}
		fn = sel.Obj().(*types.Func)
	case name == "init":
		return true, true, nil // go/ssa makes every package's init
	case strings.HasPrefix(name, "init#"):
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "init" && fd.Recv == nil {
					return true, true, nil
				}
			}
		}
		return false, false, nil
	default:
		fn, _ = p.Types.Scope().Lookup(name).(*types.Func)
		if fn == nil {
			return false, false, nil
		}
	}
	if fn.Pkg() != nil && fn.Pkg().Path() != pkgPath {
		s.pkg(fn.Pkg().Path()) // a promoted method: its declaration's syntax
	}
	fd := s.funcs[s.declKey(fn.Pos(), fn.Name())]
	require.NotNil(s.t, fd, "no declaration of %s (%s)", key, s.declKey(fn.Pos(), fn.Name()))
	return true, fd.Body != nil, fn.Type().(*types.Signature)
}

// reachesMemory reports whether a value of type t can refer to memory the
// model could read or write: a pointer, slice, map, interface or
// unsafe.Pointer, or an aggregate holding one. (Channels and functions
// do not count: channel operations and calls are events of their own.)
func reachesMemory(t types.Type) bool {
	return reaches(t, map[types.Type]bool{})
}

func reaches(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return reaches(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if reaches(u.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.TypeParam:
		return true
	}
	return false
}

// checkMemUse checks the memory declaration u of the model key with
// signature sig: a model whose parameters (receiver first) can reach the
// program's memory must declare what it does to it, and the arguments it
// declares generic accesses of must be of the right kind.
func checkMemUse(t assert.TestingT, key string, sig *types.Signature, u memUse) {
	var params []types.Type
	if r := sig.Recv(); r != nil {
		params = append(params, r.Type())
	}
	for i := range sig.Params().Len() {
		params = append(params, sig.Params().At(i).Type())
	}
	reach := false
	for _, p := range params {
		reach = reach || reachesMemory(p)
	}
	if reach {
		assert.True(t, u.declared(), "%s can reach the program's memory through its parameters %v: declare what it reads and writes (memUse), or why it makes no access the race detector checks", key, params)
	}
	arg := func(i int, what string, ok func(types.Type) bool) {
		if assert.Less(t, i, len(params), "%s: %s argument %d out of range", key, what, i) {
			assert.True(t, ok(params[i]), "%s: %s argument %d is a %v", key, what, i, params[i])
		}
	}
	sliceOfScalars := func(t types.Type) bool {
		s, ok := t.Underlying().(*types.Slice)
		if !ok {
			return false
		}
		_, basic := s.Elem().Underlying().(*types.Basic)
		return basic
	}
	for _, i := range u.readsElems {
		arg(i, "reads-elements", sliceOfScalars)
	}
	for _, i := range u.writesElems {
		arg(i, "writes-elements", sliceOfScalars)
	}
	for _, i := range u.readsMap {
		arg(i, "reads-map", func(t types.Type) bool { _, ok := t.Underlying().(*types.Map); return ok })
	}
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
		if path == "github.com/davecgh/go-spew/spew" || path == osmodel.XSysUnix {
			continue // not a dependency of this module: nothing to check against (x/sys: TestXSysUnix)
		}
		t.Run(path, func(t *testing.T) {
			s.t = t
			require.NotNil(t, s.pkg(path), "package %s does not load", path)
			for key, md := range modelTables[path] {
				found, body, sig := s.lookupSig(key)
				if !assert.True(t, found, "%s: no such function or method in the standard library", key) {
					continue
				}
				if sig != nil {
					checkMemUse(t, key, sig, md.mem)
				}
				assert.True(t, (md.native == nil) != (md.control == nil) || md.instantiate != nil && md.native == nil && md.control == nil, "%s: one of native, control and instantiate", key)
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

// errorCount is an assert.TestingT that counts failures.
type errorCount int

func (e *errorCount) Errorf(string, ...any) { *e++ }

// TestCheckMemUse checks the check of memory declarations itself: it
// fails for a model that can reach memory and declares nothing, and for
// declared arguments of the wrong kind.
func TestCheckMemUse(t *testing.T) {
	param := func(typ types.Type) *types.Var { return types.NewParam(token.NoPos, nil, "", typ) }
	sig := func(ps ...types.Type) *types.Signature {
		vs := make([]*types.Var, len(ps))
		for i, p := range ps {
			vs[i] = param(p)
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(vs...), nil, false)
	}
	bytesT := types.NewSlice(types.Typ[types.Byte])
	mapT := types.NewMap(types.Typ[types.Int], types.Typ[types.Int])
	errors := func(s *types.Signature, u memUse) int {
		var e errorCount
		checkMemUse(&e, "f", s, u)
		return int(e)
	}
	assert.Zero(t, errors(sig(types.Typ[types.String], types.Typ[types.Int]), memUse{}), "values only: nothing to declare")
	assert.NotZero(t, errors(sig(bytesT), memUse{}), "a slice, undeclared")
	assert.NotZero(t, errors(sig(types.NewPointer(types.Typ[types.Int])), memUse{}), "a pointer, undeclared")
	assert.NotZero(t, errors(sig(types.NewStruct([]*types.Var{types.NewField(token.NoPos, nil, "p", types.NewPointer(types.Typ[types.Int]), false)}, nil)), memUse{}), "a struct holding a pointer, undeclared")
	assert.Zero(t, errors(sig(bytesT), memUse{readsElems: []int{0}}))
	assert.Zero(t, errors(sig(bytesT), memUse{own: true}))
	assert.Zero(t, errors(sig(bytesT), memUse{none: "why"}))
	assert.NotZero(t, errors(sig(bytesT), memUse{readsElems: []int{1}}), "argument out of range")
	assert.NotZero(t, errors(sig(mapT), memUse{writesElems: []int{0}}), "a map is no slice")
	assert.Zero(t, errors(sig(mapT), memUse{readsMap: []int{0}}))
}
