package interp_test

// CPU-bound benchmarks: each program under testdata/bench/<name> is a
// library (work.go, func Run(n int) int returning a checksum) and a main
// package (cmd/main.go) that reads the size from os.Args[1] and prints
// Run's checksum with println. Three benchmarks per program:
//
//	BenchmarkNative/<name>        calls the library's Run(n), compiled by gc
//	BenchmarkInterp/<name>        runs the main package with this interpreter
//	BenchmarkXToolsInterp/<name>  runs it with golang.org/x/tools/go/ssa/interp
//
// Loading is outside the timer; each timed iteration is one whole run of
// the program (interpreted runs include the program's package initializers).
// Every benchmark checks the checksum once before the timer starts.
//
//	go test ./interp -run '^$' -bench . -benchtime 3x -count 5 | tee /tmp/bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest /tmp/bench.txt
//
// TestBenchProgramsAgree runs every program once, interpreted, with a small
// size and compares its output with the native Run.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
	xinterp "golang.org/x/tools/go/ssa/interp"

	"github.com/vtcheck/vt/interp"
	"github.com/vtcheck/vt/interp/testdata/bench/fib"
	"github.com/vtcheck/vt/interp/testdata/bench/nbody"
	"github.com/vtcheck/vt/interp/testdata/bench/shapes"
	"github.com/vtcheck/vt/interp/testdata/bench/sieve"
	"github.com/vtcheck/vt/interp/testdata/bench/strconvx"
	"github.com/vtcheck/vt/interp/testdata/bench/wordfreq"
)

const benchDir = "testdata/bench"

// benchProgram is one benchmark program: its directory name, the size used
// by the benchmarks (native run ≈ 5–20 ms), the size used by the test, and
// the library's Run.
type benchProgram struct {
	name           string
	size, testSize int
	run            func(int) int
}

var benchPrograms = []benchProgram{
	{"fib", 30, 18, fib.Run},
	{"sieve", 2_000_000, 20_000, sieve.Run},
	{"wordfreq", 200_000, 5_000, wordfreq.Run},
	{"strconvx", 100_000, 2_000, strconvx.Run},
	{"shapes", 2_000_000, 20_000, shapes.Run},
	{"nbody", 100_000, 1_000, nbody.Run},
}

// benchSink keeps the native results alive.
var benchSink int

// benchChecked records the benchmarks whose output was checked: the check
// (one untimed run) is done once per process, not once per b.Run round.
var benchChecked sync.Map

// checkOnce runs check the first time it is called for key.
func checkOnce(b *testing.B, key string, check func()) {
	if _, done := benchChecked.Load(key); !done {
		check()
		benchChecked.Store(key, true)
	}
}

// wantOutput is what a program's println of Run(n) writes to stderr.
func wantOutput(p benchProgram, n int) string {
	return strconv.Itoa(p.run(n)) + "\n"
}

func benchPatterns() []string {
	pats := make([]string, len(benchPrograms))
	for i, p := range benchPrograms {
		pats[i] = "./" + p.name + "/cmd"
	}
	return pats
}

// mainsByName indexes main packages by their program name: the path of a
// main package is .../testdata/bench/<name>/cmd.
func mainsByName(pkgs []*ssa.Package) map[string]*ssa.Package {
	m := make(map[string]*ssa.Package)
	for _, pkg := range pkgs {
		if pkg != nil && pkg.Pkg.Name() == "main" {
			m[path.Base(path.Dir(pkg.Pkg.Path()))] = pkg
		}
	}
	return m
}

var vtLoad = sync.OnceValues(func() (*interp.Program, error) {
	return interp.Load(interp.Config{Dir: benchDir}, benchPatterns()...)
})

// vtMain loads (once) all benchmark programs with this interpreter and
// returns the program and the main package of name.
func vtMain(tb testing.TB, name string) (*interp.Program, *ssa.Package) {
	tb.Helper()
	prog, err := vtLoad()
	require.NoError(tb, err, "loading the benchmark programs")
	pkg := mainsByName(prog.Mains())[name]
	require.NotNil(tb, pkg, "no main package for %s", name)
	return prog, pkg
}

// vtRun runs one program interpreted with size n and returns its stderr
// (where println writes).
func vtRun(prog *interp.Program, pkg *ssa.Package, name string, n int) (string, error) {
	var stderr bytes.Buffer
	code, err := prog.RunMain(pkg, interp.RunOptions{
		Stdout: io.Discard,
		Stderr: &stderr,
		Args:   []string{name, strconv.Itoa(n)},
	})
	if err == nil && code != 0 {
		err = fmt.Errorf("exit code %d; stderr:\n%s", code, stderr.String())
	}
	return stderr.String(), err
}

func TestBenchProgramsAgree(t *testing.T) {
	for _, p := range benchPrograms {
		t.Run(p.name, func(t *testing.T) {
			prog, pkg := vtMain(t, p.name)
			got, err := vtRun(prog, pkg, p.name, p.testSize)
			require.NoError(t, err, "interpreting %s", p.name)
			require.Equal(t, wantOutput(p, p.testSize), got, "output of %s (size %d)", p.name, p.testSize)
		})
	}
}

func BenchmarkNative(b *testing.B) {
	for _, p := range benchPrograms {
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				benchSink += p.run(p.size)
			}
		})
	}
}

func BenchmarkInterp(b *testing.B) {
	for _, p := range benchPrograms {
		b.Run(p.name, func(b *testing.B) {
			prog, pkg := vtMain(b, p.name)
			checkOnce(b, "vt/"+p.name, func() {
				got, err := vtRun(prog, pkg, p.name, p.size)
				require.NoError(b, err, "interpreting %s", p.name)
				require.Equal(b, wantOutput(p, p.size), got, "output of %s", p.name)
			})
			b.ResetTimer()
			for range b.N {
				if _, err := vtRun(prog, pkg, p.name, p.size); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// x/tools/go/ssa/interp
//
// x/tools' interpreter cannot run programs over the real standard library of
// Go 1.26: it crashes in runtime.init (nil dereference) before main starts.
// Its own tests run it over a minimal fake standard library that ships with
// it (go/ssa/interp/testdata/src, most functions there are host calls), and
// so do these benchmarks. That fake library has no os.Args, so instead of
// cmd/main.go the benchmark gives x/tools' interpreter a generated main that
// calls the same library Run with the size as a constant and printlns the
// checksum. Programs that use library functions missing from the fake
// library fail to type-check and are skipped with the reason.

// benchModulePrefix is the import path of testdata/bench.
const benchModulePrefix = "github.com/vtcheck/vt/interp/testdata/bench/"

// xtoolsLoader type-checks packages from source, the standard library from
// x/tools' fake GOROOT, and creates their SSA packages in dependency order.
type xtoolsLoader struct {
	fakeSrc string // x/tools' go/ssa/interp/testdata/src
	fset    *token.FileSet
	prog    *ssa.Program
	pkgs    map[string]*types.Package
}

func (l *xtoolsLoader) Import(path string) (*types.Package, error) {
	return l.load(path, nil)
}

func (l *xtoolsLoader) load(path string, files []*ast.File) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if pkg, ok := l.pkgs[path]; ok {
		return pkg, nil
	}
	if files == nil {
		dir := filepath.Join(l.fakeSrc, filepath.FromSlash(path))
		if rest, ok := strings.CutPrefix(path, benchModulePrefix); ok {
			dir = filepath.Join(benchDir, filepath.FromSlash(rest))
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("package %s is not in x/tools' fake standard library: %v", path, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(l.fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
		if path == "runtime" { // as x/tools' own tests do (makeGoroot)
			src := fmt.Sprintf("package runtime\nconst GOOS = %q\nconst GOARCH = %q\n", runtime.GOOS, runtime.GOARCH)
			f, err := parser.ParseFile(l.fset, "runtime/consts.go", src, 0)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
	}
	conf := types.Config{
		Importer:  l,
		Sizes:     types.SizesFor("gc", runtime.GOARCH),
		GoVersion: "go1.26",
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		Instances:    make(map[*ast.Ident]types.Instance),
		FileVersions: make(map[*ast.File]string),
	}
	pkg, err := conf.Check(path, l.fset, files, info)
	if err != nil {
		return nil, err
	}
	l.pkgs[path] = pkg
	l.prog.CreatePackage(pkg, files, info, true)
	return pkg, nil
}

var xtoolsFakeSrc = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/tools").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m golang.org/x/tools: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "go", "ssa", "interp", "testdata", "src"), nil
})

// xtoolsMain builds, for x/tools' interpreter, the SSA of a main package
// that prints the checksum of program name's Run(n).
func xtoolsMain(name string, n int) (*ssa.Package, error) {
	fakeSrc, err := xtoolsFakeSrc()
	if err != nil {
		return nil, err
	}
	l := &xtoolsLoader{fakeSrc: fakeSrc, fset: token.NewFileSet(), pkgs: make(map[string]*types.Package)}
	l.prog = ssa.NewProgram(l.fset, ssa.InstantiateGenerics)
	src := fmt.Sprintf("package main\n\nimport lib %q\n\nfunc main() { println(lib.Run(%d)) }\n", benchModulePrefix+name, n)
	f, err := parser.ParseFile(l.fset, name+"_main.go", src, 0)
	if err != nil {
		return nil, err
	}
	pkg, err := l.load("main", []*ast.File{f})
	if err != nil {
		return nil, err
	}
	l.prog.Build()
	return l.prog.Package(pkg), nil
}

// xtoolsMu serializes runs of x/tools' interpreter, which writes println
// output to the process's os.Stderr: a run swaps os.Stderr for a file.
var xtoolsMu sync.Mutex

// xtoolsRun runs one program with x/tools' interpreter and returns what it
// wrote to os.Stderr, or an error for a non-zero exit (x/tools' interpreter
// reports unsupported code as a panic and exit code 2).
func xtoolsRun(pkg *ssa.Package, name string) (out string, err error) {
	xtoolsMu.Lock()
	defer xtoolsMu.Unlock()
	f, err := os.CreateTemp("", "xtools-interp-*.txt")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	saved := os.Stderr
	os.Stderr = f
	code := func() (code int) {
		defer func() {
			if r := recover(); r != nil {
				code = -1
				fmt.Fprintf(f, "x/tools interp crashed: %v\n", r)
			}
		}()
		sizes := types.SizesFor("gc", runtime.GOARCH)
		return xinterp.Interpret(pkg, 0, sizes, name, nil)
	}()
	os.Stderr = saved
	data, rerr := os.ReadFile(f.Name())
	if rerr != nil {
		return "", rerr
	}
	if code != 0 {
		return string(data), fmt.Errorf("x/tools interp: exit code %d; stderr: %s", code, firstLines(string(data), 3))
	}
	return string(data), nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

var xtoolsMains sync.Map // name -> *ssa.Package or error

func xtoolsMainCached(name string, n int) (*ssa.Package, error) {
	if v, ok := xtoolsMains.Load(name); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*ssa.Package), nil
	}
	pkg, err := xtoolsMain(name, n)
	if err != nil {
		xtoolsMains.Store(name, err)
		return nil, err
	}
	xtoolsMains.Store(name, pkg)
	return pkg, nil
}

func BenchmarkXToolsInterp(b *testing.B) {
	for _, p := range benchPrograms {
		b.Run(p.name, func(b *testing.B) {
			pkg, err := xtoolsMainCached(p.name, p.size)
			if err != nil {
				b.Skipf("x/tools interp cannot load %s: %v", p.name, err)
			}
			checkOnce(b, "xtools/"+p.name, func() {
				want := wantOutput(p, p.size)
				got, err := xtoolsRun(pkg, p.name)
				if err != nil {
					b.Fatalf("x/tools interp cannot run %s: %v", p.name, err)
				}
				if got != want {
					b.Fatalf("x/tools interp runs %s wrongly: output %q, want %q", p.name, got, want)
				}
			})
			b.ResetTimer()
			for range b.N {
				if _, err := xtoolsRun(pkg, p.name); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
