package interp

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Program is a loaded, SSA-built program ready to run. It is safe to run
// several times, and from several goroutines; each run starts from the
// program's initial state.
type Program struct {
	// SSA is the program in SSA form.
	SSA *ssa.Program
	// Packages are the packages the load patterns matched (with their test
	// variants when Config.Tests is set), in the order go/packages listed them.
	Packages []*ssa.Package

	typesMu sync.Mutex
	types   typeutil.Map
	// typeTab lists the types by id (rtype.id), appended under typesMu
	// and read without it (typeByID).
	typeTab atomic.Pointer[[]*rtype]

	// noMicro: compile no micro-code (micro.go), for tests that compare
	// the two encodings.
	noMicro bool

	funcsMu  sync.Mutex
	funcs    map[*ssa.Function]*function
	funcList []*function

	globalsMu  sync.Mutex
	globals    map[*ssa.Global]int // index into machine.globals
	globalTy   []*rtype
	globalInit []func(m *machine) value // initial values of linkname variables (see linknameVars); nil: zero

	compileMu sync.Mutex

	// linknames maps the functions of packages outside the Go
	// distribution declared with //go:linkname to the function they
	// name ("example.com/m.fastrand" → "runtime.fastrand"): their models.
	linknames map[string]string
	// offsetofs maps the Lparen of every unsafe.Offsetof(s.f) call that
	// is no constant (generic code: the struct's layout depends on a type
	// parameter) to the number of implicit selections (embedded fields)
	// of its selector: the builtin reads the field path from its SSA
	// argument, which does not say which selections were written.
	offsetofs map[token.Pos]int
	// deps holds the import paths of the loaded packages of dependency
	// modules (not the main module's: not the code under test), which a
	// refusal's position passes over (frame.refusalPos).
	deps map[string]bool
	// std holds the import paths of the loaded packages of the Go
	// distribution (stdPackages); function.inGoroot reads it.
	std map[string]bool
	// pushed maps the target of each linkname to the functions that name
	// it ("time.Time.abs" → "time.legacyTimeTimeAbs"): a declaration with
	// a body pushes it there. Made on first use.
	pushedOnce sync.Once
	pushed     map[string][]string

	hashOnce sync.Once
	hash     string

	// loadCfg is how the program was loaded, for compiling it again with
	// the gc compiler; gcRoots are the decisions of those compilations,
	// per package pattern, made on first use (gcescape.go).
	loadCfg *loadConfig
	gcMu    sync.Mutex
	gcRoots map[string]*gcRoot
	// toolTime is the time spent in the go command for gcRoots (ToolTime).
	toolTime atomic.Int64

	// inits keeps, per package and initial conditions, the snapshot after
	// a test package's initialization that SnapshotTest made last, so
	// that the next test of the package starts from it instead of
	// initializing again (see SnapshotTest and Snapshot.Release).
	initsMu sync.Mutex
	inits   map[initKey]*initEntry

	hookNames map[string]bool
	annots    map[string]*Annotation
	hidden    map[string]bool             // packages whose frames runtime.Callers hides
	traces    traceTables                 // synthetic frames of tracebacks (traceback.go)
	bodies    map[*ssa.Function]*function // own bodies of hooked functions
	// scopes are the package scopes of the binaries run (pkgscope.go),
	// by root package.
	scopesMu sync.Mutex
	scopes   map[*ssa.Package]pkgScope

	synthOnce sync.Once
	synth     map[string]*rtype // synthetic run-time error types

	wgSemaOnce sync.Once
	wgSema     int // index of sync.WaitGroup's sema field
}

// InGoroot reports whether the package of import path path is one of the
// Go distribution's (the standard library), as loaded.
func (p *Program) InGoroot(path string) bool { return p.std[path] }

// Mains returns the loaded main packages.
func (p *Program) Mains() []*ssa.Package {
	var mains []*ssa.Package
	for _, pkg := range p.Packages {
		if pkg != nil && pkg.Pkg.Name() == "main" && pkg.Func("main") != nil {
			mains = append(mains, pkg)
		}
	}
	return mains
}

type loadKey struct {
	dir, patterns, env, flags string
	tests                     bool
}

var (
	loadCacheMu sync.Mutex
	loadCache   = map[loadKey]*loadEntry{}
)

type loadEntry struct {
	once sync.Once
	prog *Program
	err  error
}

// Load loads the packages matched by patterns (resolved in cfg.Dir), with
// all their dependencies from source, and builds their SSA form. Loads are
// cached for the life of the process: a second Load with the same
// configuration and patterns returns the same *Program.
func Load(cfg Config, patterns ...string) (*Program, error) {
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("interp: load: %w", err)
	}
	key := loadKey{dir: dir, patterns: strings.Join(patterns, "\x00"), env: strings.Join(cfg.Env, "\x00"),
		flags: strings.Join(cfg.BuildFlags, "\x00"), tests: cfg.Tests}
	loadCacheMu.Lock()
	e, ok := loadCache[key]
	if !ok {
		e = &loadEntry{}
		loadCache[key] = e
	}
	loadCacheMu.Unlock()
	e.once.Do(func() { e.prog, e.err = load(dir, cfg, patterns) })
	return e.prog, e.err
}

func load(dir string, cfg Config, patterns []string) (*Program, error) {
	goroot := GOROOT()
	pcfg := &packages.Config{
		Mode:       packages.LoadAllSyntax,
		Dir:        dir,
		Env:        cfg.Env,
		BuildFlags: withNetgo(cfg.BuildFlags),
		Tests:      cfg.Tests,
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			if !strippedFile(goroot, filename) {
				return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
			}
			f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
			if f != nil {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok {
						fd.Body = nil
					}
				}
			}
			return f, err
		},
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("interp: load %s: %w", strings.Join(patterns, " "), err)
	}
	var errs []error
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if inPolicy(stripped, p.PkgPath) {
			return // without bodies, unused imports are reported; the declarations are intact
		}
		for _, e := range p.Errors {
			errs = append(errs, errors.New(e.Error()))
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("interp: load %s: %w", strings.Join(patterns, " "), errors.Join(errs...))
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("interp: load %s: no packages matched", strings.Join(patterns, " "))
	}
	// Create every package (stripped ones are marked ill-typed by
	// go/packages, so ssautil.AllPackages would skip them). Packages are
	// built lazily, on the first call of one of their functions: most of
	// the standard library's code is never run.
	var sprog *ssa.Program
	created := map[*packages.Package]*ssa.Package{}
	linknames := map[string]string{}
	offsetofs := map[token.Pos]int{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if sprog == nil {
			sprog = ssa.NewProgram(p.Fset, ssa.InstantiateGenerics)
		}
		collectLinknames(p, linknames)
		collectOffsetofs(p, offsetofs)
		if p.Types != nil {
			created[p] = sprog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, true)
		}
	})
	spkgs := make([]*ssa.Package, len(pkgs))
	for i, p := range pkgs {
		spkgs[i] = created[p]
	}
	p := &Program{
		SSA:      sprog,
		Packages: spkgs,
		funcs:    map[*ssa.Function]*function{},
		globals:  map[*ssa.Global]int{},

		linknames: linknames,
		offsetofs: offsetofs,
		std:       stdPackages(goroot, pkgs),
		deps:      depPackages(pkgs),
		loadCfg:   &loadConfig{dir: dir, cfg: cfg, patterns: patterns, dirs: packageDirs(pkgs)},
	}
	return p, nil
}

// loadConfig is the configuration and patterns of a load, and the
// directories of the packages loaded, by import path.
type loadConfig struct {
	dir      string
	cfg      Config
	patterns []string
	dirs     map[string]string
}

// packageDirs returns the directory of each package of pkgs and their
// dependencies, by import path.
func packageDirs(pkgs []*packages.Package) map[string]string {
	dirs := map[string]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		files := p.GoFiles
		if len(files) == 0 {
			files = p.CompiledGoFiles
		}
		if len(files) > 0 {
			dirs[p.PkgPath] = filepath.Dir(files[0])
		}
	})
	return dirs
}

// depPackages returns the import paths of the loaded packages of modules
// other than the main ones (the module cache's, replaced ones), except
// those the load patterns matched: the code under test is the matched
// packages' and the main modules'.
func depPackages(pkgs []*packages.Package) map[string]bool {
	matched := map[string]bool{}
	for _, p := range pkgs {
		matched[p.PkgPath] = true
	}
	deps := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && !p.Module.Main && !matched[p.PkgPath] {
			deps[p.PkgPath] = true
		}
	})
	return deps
}

// stdPackages returns the import paths of the loaded packages whose
// source is the Go distribution's (under goroot/src): the standard library,
// and its tests when those are what is loaded. A module's path says nothing
// (a module may be called "myapp", with no dot in its first element).
func stdPackages(goroot string, pkgs []*packages.Package) map[string]bool {
	src := filepath.Join(goroot, "src") + string(filepath.Separator)
	std := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		files := p.GoFiles
		if len(files) == 0 {
			files = p.CompiledGoFiles
		}
		std[p.PkgPath] = len(files) > 0 && strings.HasPrefix(files[0], src) || len(files) == 0 && p.Module == nil && !strings.Contains(p.PkgPath, ".")
	})
	return std
}

// withNetgo adds the build tag netgo to flags: package net then resolves
// names in Go (over the virtual OS's models) rather than through cgo; and
// math_big_pure_go and purego, so that math/big and crypto run their Go
// code instead of assembly, and noasm, the same convention of libraries
// such as github.com/golang/snappy and klauspost/compress; and noopt: internal/testenv.OptimizationOff
// reports true and the standard library's tests relax their exact
// allocation counts (testing.AllocsPerRun counts the gc compiler's heap
// allocations, but not all of them: see allocs.go).
// interpTags are the build tags of every load (see withNetgo).
const interpTags = "netgo,math_big_pure_go,purego,noasm,noopt,race"

func withNetgo(flags []string) []string {
	out := make([]string, 0, len(flags)+1)
	found := false
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch {
		case strings.HasPrefix(f, "-tags=") || strings.HasPrefix(f, "--tags="):
			found = true
			f += "," + interpTags
		case (f == "-tags" || f == "--tags") && i+1 < len(flags):
			found = true
			out = append(out, f)
			i++
			f = flags[i] + "," + interpTags
		}
		out = append(out, f)
	}
	if !found {
		out = append(out, "-tags="+interpTags)
	}
	return out
}

// linknameBody returns the function with a Go body that fn, declared
// without one, names by a pull linkname ("//go:linkname local pkg.name"),
// or nil: a function of a loaded package with the same signature, or a
// method ("pkg.T.m", "pkg.(*T).m") whose receiver is fn's first parameter.
func (p *Program) linknameBody(fn *ssa.Function) *ssa.Function {
	target, ok := p.linknames[fn.String()]
	if !ok || fn.Signature.Recv() != nil {
		return nil
	}
	i := strings.LastIndex(target, ".")
	if i <= 0 || strings.ContainsAny(target[i+1:], "()*") {
		return nil
	}
	if t := p.linknameFunc(target[:i], target[i+1:]); t != nil && types.Identical(t.Signature, fn.Signature) {
		return t
	}
	if t := p.linknameMethod(fn, target[:i], target[i+1:]); t != nil {
		return t
	}
	return p.linknamePushed(fn, target)
}

// linknamePushed returns the function with a Go body and fn's signature
// that pushes its symbol to target by linkname ("//go:linkname local
// target" on a declaration with a body: package time keeps
// time.Time.abs so, as legacyTimeTimeAbs), or nil.
func (p *Program) linknamePushed(fn *ssa.Function, target string) *ssa.Function {
	p.pushedOnce.Do(func() {
		p.pushed = map[string][]string{}
		for local, t := range p.linknames {
			p.pushed[t] = append(p.pushed[t], local)
		}
		for _, ls := range p.pushed {
			slices.Sort(ls)
		}
	})
	for _, local := range p.pushed[target] {
		i := strings.LastIndex(local, ".")
		if local == fn.String() || i <= 0 {
			continue
		}
		if t := p.linknameFunc(local[:i], local[i+1:]); t != nil && types.Identical(t.Signature, fn.Signature) {
			return t
		}
	}
	return nil
}

// linknameFunc returns the function name of package path, built, or nil.
func (p *Program) linknameFunc(path, name string) *ssa.Function {
	pkg := p.SSA.ImportedPackage(path)
	if pkg == nil || inPolicy(notRun, path) {
		return nil
	}
	t := pkg.Func(name)
	if t == nil {
		return nil
	}
	if t.Blocks == nil {
		pkg.Build()
	}
	if t.Blocks == nil {
		return nil
	}
	return t
}

// linknameMethod returns the method name of the type recv ("pkg.T" or
// "pkg.(*T)") if fn's signature is the method's with the receiver first.
func (p *Program) linknameMethod(fn *ssa.Function, recv, name string) *ssa.Function {
	ptr := false
	if strings.HasSuffix(recv, ")") {
		j := strings.LastIndex(recv, ".(*")
		if j <= 0 {
			return nil
		}
		recv, ptr = recv[:j]+"."+recv[j+3:len(recv)-1], true
	}
	j := strings.LastIndex(recv, ".")
	if j <= 0 {
		return nil
	}
	path, tname := recv[:j], recv[j+1:]
	pkg := p.SSA.ImportedPackage(path)
	if pkg == nil || inPolicy(notRun, path) {
		return nil
	}
	tn, _ := pkg.Pkg.Scope().Lookup(tname).(*types.TypeName)
	if tn == nil {
		return nil
	}
	named, _ := tn.Type().(*types.Named)
	if named == nil {
		return nil
	}
	var t types.Type = named
	if ptr {
		t = types.NewPointer(t)
	}
	var m *ssa.Function
	for k := range named.NumMethods() {
		if meth := named.Method(k); meth.Name() == name {
			if recv := meth.Signature().Recv(); recv == nil || !types.Identical(recv.Type(), t) {
				return nil // declared on the other receiver: a wrapper
			}
			m = p.SSA.FuncValue(meth)
		}
	}
	if m == nil {
		return nil
	}
	if m.Blocks == nil {
		pkg.Build()
	}
	if m.Blocks == nil {
		return nil
	}
	sig := m.Signature
	params := fn.Signature.Params()
	if params.Len() != sig.Params().Len()+1 || !types.Identical(params.At(0).Type(), t) {
		return nil
	}
	for k := 0; k < sig.Params().Len(); k++ {
		if !types.Identical(params.At(k+1).Type(), sig.Params().At(k).Type()) {
			return nil
		}
	}
	if !types.Identical(fn.Signature.Results(), sig.Results()) || fn.Signature.Variadic() != sig.Variadic() {
		return nil
	}
	return m
}

// collectLinknames adds the //go:linkname directives of p's files that
// name a function elsewhere (pull linknames: "//go:linkname local
// pkg.name") to names, as "p.local" → "pkg.name".
func collectLinknames(p *packages.Package, names map[string]string) {
	for _, f := range p.Syntax {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, "//go:linkname ")
				if !ok {
					continue
				}
				fields := strings.Fields(rest)
				if len(fields) == 2 {
					names[p.PkgPath+"."+fields[0]] = fields[1]
				}
			}
		}
	}
}

// collectOffsetofs records in offsets, for every call unsafe.Offsetof(s.f)
// of p's generic functions whose value is no constant, the number of
// implicit selections of its selector s.f (see Program.offsetofs).
func collectOffsetofs(p *packages.Package, offsets map[token.Pos]int) {
	if p.TypesInfo == nil {
		return
	}
	for _, f := range p.Syntax {
		if !slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"unsafe"` }) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			if tv, ok := p.TypesInfo.Types[call]; !ok || tv.Value != nil {
				return true // a constant, or not typed
			}
			fun, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || fun.Sel.Name != "Offsetof" {
				return true
			}
			if b, ok := p.TypesInfo.Uses[fun.Sel].(*types.Builtin); !ok || b.Name() != "Offsetof" {
				return true
			}
			sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if s := p.TypesInfo.Selections[sel]; s != nil {
				offsets[call.Lparen] = len(s.Index()) - 1
			}
			return true
		})
	}
}

// SourceHash returns a hash of the source of every loaded package outside
// the Go distribution: it changes when the program under test changes, so
// tools can refuse stale replay data.
func (p *Program) SourceHash() string {
	p.hashOnce.Do(func() {
		goroot := GOROOT()
		var files []string
		p.SSA.Fset.Iterate(func(f *token.File) bool {
			if name := f.Name(); name != "" && !strings.HasPrefix(name, goroot) {
				files = append(files, name)
			}
			return true
		})
		sort.Strings(files)
		h := sha256.New()
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				continue
			}
			fmt.Fprintf(h, "%s %d\n", filepath.Base(name), len(data))
			h.Write(data)
		}
		p.hash = hex.EncodeToString(h.Sum(nil))[:16]
	})
	return p.hash
}

// globalIndex returns the index of g's cell in every run's global table.
func (p *Program) globalIndex(g *ssa.Global) int {
	p.globalsMu.Lock()
	defer p.globalsMu.Unlock()
	if i, ok := p.globals[g]; ok {
		return i
	}
	i := len(p.globalTy)
	p.globals[g] = i
	p.globalTy = append(p.globalTy, p.typeOf(deref(g.Type())))
	var init func(*machine) value
	if e, ok := linknameVars[g.String()]; ok {
		init = func(m *machine) value { return m.runtimeErrorValue(e) }
	} else if v, ok := runtimeVars[p.linknames[g.String()]]; ok {
		init = func(*machine) value { return v }
	}
	p.globalInit = append(p.globalInit, init)
	return i
}

// linknameVars are the initial values of package variables that the
// runtime provides through linkname (they have no initializer in Go).
// Each is a runtime error (see runtimeErrorValue).
var linknameVars = map[string]runtimeError{
	// math/bits panics with the runtime's errors (Div, Rem).
	"math/bits.overflowError": "integer overflow",
	"math/bits.divideError":   "integer divide by zero",
}

// runtimeVars are the values of the runtime's variables that a package
// variable names by a pull linkname ("//go:linkname local runtime.name"):
// the variable starts with the runtime's value, a copy (the runtime never
// sees writes to it). Others start at zero.
var runtimeVars = map[string]value{
	// time's tests: sleeps are precise on the virtual clock.
	"runtime.haveHighResSleep": boolVal(true),
}

var (
	gorootOnce sync.Once
	gorootDir  string
)

// GOROOT returns the root of the Go distribution whose standard library
// the interpreter loads: what `go env GOROOT` prints (the go command on the
// PATH is the one go/packages runs).
func GOROOT() string {
	gorootOnce.Do(func() {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if dir := strings.TrimSpace(string(out)); err == nil && dir != "" {
			gorootDir = dir
			return
		}
		gorootDir = filepath.Clean(build.Default.GOROOT)
	})
	return gorootDir
}

// Config says how to load packages.
type Config struct {
	// Dir is the directory in which package patterns are resolved. It may
	// belong to another module with its own go.mod. Empty means the current
	// directory.
	Dir string
	// Env is the environment of the go command (nil: the process's own).
	Env []string
	// BuildFlags are extra flags for the go command (for example -tags).
	BuildFlags []string
	// Tests also loads the test files of the matched packages.
	Tests bool
}
