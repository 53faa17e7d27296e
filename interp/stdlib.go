package interp

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp/models/cryptomodel"
	"github.com/vtcheck/vt/interp/models/mathmodel"
	"github.com/vtcheck/vt/interp/models/osmodel"
	"github.com/vtcheck/vt/interp/models/racemodel"
	"github.com/vtcheck/vt/interp/models/randmodel"
	"github.com/vtcheck/vt/interp/models/reflectmodel"
	"github.com/vtcheck/vt/interp/models/spewmodel"
	"github.com/vtcheck/vt/interp/models/strmodel"
	"github.com/vtcheck/vt/interp/models/testenvmodel"
	"github.com/vtcheck/vt/interp/models/uniquemodel"
)

// The standard library's policy, in one place: which packages are modeled
// (their tables), which are not run, which are not initialized, which are
// loaded without function bodies, and which functions of modeled packages
// still run from source. Every entry says why in one line.
//
// The three tiers of DESIGN.md: everything not listed here is interpreted
// from its real source (tier 1); the tables hold the models written for
// the interpreter (tier 2) and the host calls for pure leaf functions
// (tier 3).

// modelTables are the tables of the modeled packages, by package path, and
// models indexes their entries by name (a promotion wrapper is listed
// under the package of its receiver type, not of the promoted method).
// They are filled by init: the models call into the interpreter, which
// looks them up here.
var (
	modelTables map[string]modelTable
	models      map[string]model
)

// modelPackages are the tables of models written against the models' API
// (package interp/model), each family in a package of its own under
// interp/models: the one place where the machine learns of them.
var modelPackages = slices.Concat(
	mathmodel.Packages,
	cryptomodel.Packages,
	osmodel.Packages,
	racemodel.Packages,
	randmodel.Packages,
	reflectmodel.Packages,
	strmodel.Packages,
	spewmodel.Packages,
	testenvmodel.Packages,
	uniquemodel.Packages,
)

// modelFallbacks model the functions of a package that its table does not
// list (a nil result interprets the function from source).
var modelFallbacks map[string]func(fn *ssa.Function) nativeFn

func init() {
	modelTables = map[string]modelTable{
		"sync":                 syncModels,
		"sync/atomic":          atomicModels,
		"runtime":              runtimeModels,
		"runtime/debug":        runtimeDebugModels,
		"runtime/pprof":        pprofModels,
		"time":                 timeModels,
		"testing":              testingModels,
		"reflect":              reflectModels,
		"internal/reflectlite": reflectliteModels,
		"internal/bytealg":     bytealgModels,
		"internal/abi":         abiModels,
		"internal/godebug":     godebugModels,
		"internal/sync":        internalSyncModels,
		"internal/synctest":    internalSynctestModels,
		"testing/synctest":     testingSynctestModels,
		"hash/maphash":         maphashModels,
		"maps":                 mapsModels,
		"iter":                 iterModels,
	}
	tables, allocs := apiTables(modelPackages)
	for path, t := range tables {
		// The models of a package may be partly the interpreter's
		// (reflect's, while they move to reflectmodel): the tables merge,
		// and a function modeled twice is refused below.
		if own := modelTables[path]; own != nil {
			for name := range t {
				if _, dup := own[name]; dup {
					panic("interp: two models of " + name)
				}
			}
			maps.Copy(t, own)
		}
		modelTables[path] = t
	}
	for name, a := range allocs {
		modelAllocs[name] = a
	}
	for _, p := range uninitialized {
		t := modelTables[p.path]
		if t == nil {
			t = modelTable{}
			modelTables[p.path] = t
		}
		t[p.path+".init"] = native(p.why, func(*machine, []value) value { return value{} })
	}
	models = map[string]model{}
	for path, t := range modelTables {
		for name, md := range t {
			if _, dup := models[name]; dup {
				panic("interp: two models of " + name)
			}
			md.mem = md.mem.withDefault(memDefaults[path])
			t[name] = md
			models[name] = md
		}
	}
	for name, md := range testHookModels {
		models[name] = md
	}
	modelFallbacks = map[string]func(*ssa.Function) nativeFn{
		"reflect":              reflectFallback,
		"internal/reflectlite": reflectFallback,
		"internal/abi":         abiFallback,
	}
}

// memDefaults declare the memory use (memUse) of the models of a package
// that declare none of their own: what they touch is not the program's
// memory, or is synchronization. TestModelTables checks that every model
// whose parameters can reach memory has a declaration.
var memDefaults = map[string]memUse{
	"sync":              {none: "synchronization objects: their operations are synchronization events; their state is the run's"},
	"sync/atomic":       {none: "atomic operations: synchronization events (EvAtomic) of the addressed word"},
	"time":              {none: "timers and the clock: the runtime's state, kept in the run's side tables"},
	"testing":           {none: "the test's state, kept in the run's side tables (Go guards it with the test's mutex)"},
	"testing/synctest":  {none: "the test's state, kept in the run's side tables (Go guards it with the test's mutex)"},
	"internal/synctest": {none: "a bubble's state is the runtime's"},
	"internal/godebug":  {none: "GODEBUG settings: the runtime's state"},
	"internal/abi":      {none: "returns its argument, without accessing memory"},
	"iter":              {none: "a coroutine's state is the runtime's"},
}

// pkgPolicy is a package (or, ending in "/", a tree of packages) and why
// it is treated so.
type pkgPolicy struct{ path, why string }

// notRun are packages the interpreter does not run: their initialization
// is skipped and any other call into them stops the run with an
// *UnsupportedError naming the function.
var notRun = []pkgPolicy{
	{"os/exec", "starting processes is refused under vt (the virtual OS has one process)"},
	{"os/user", "user databases are refused under vt (they need cgo or the real machine's files)"},
	{"plugin", "loading shared objects is refused under vt"},
}

// fromSource are functions of notRun packages that run from their source
// all the same: their code is portable Go over what the interpreter runs
// or models.
var fromSource = map[string]string{}

// unstripped are packages inside a stripped tree that keep their function
// bodies, for their fromSource functions (exact paths, not trees).
var unstripped = []string{"runtime/pprof"}

// uninitialized are packages whose initialization the interpreter skips:
// their state is modeled or unused by modeled code.
var uninitialized = []pkgPolicy{
	{"runtime", "the runtime is modeled"},
	{"internal/cpu", "CPU feature detection needs assembly; nothing modeled reads it"},
	{"internal/bytealg", "its init reads internal/cpu; its functions are modeled"},
	{"internal/godebug", "GODEBUG settings are modeled as unset"},
	{"internal/syscall/unix", "system calls are modeled (the virtual OS); its variables are unused"},
	{"internal/testlog", "test logging hooks of the go command are unused"},
	{"reflect", "reflect is modeled over interpreter values"},
	{"internal/reflectlite", "reflectlite is modeled over interpreter values"},
}

// stripped are packages loaded without function bodies (which makes
// loading much faster): the interpreter never runs their code.
var stripped = []pkgPolicy{
	{"runtime", "modeled"},
	{"internal/runtime", "the runtime's internals: modeled with it"},
	{"syscall", "system calls are the virtual OS's models; no body of it runs"},
	{"internal/syscall", "system calls are the virtual OS's models; no body of it runs"},
	{"internal/cpu", "needs assembly; not initialized"},
}

// interpretable are the functions of the modeled packages reflect and
// internal/reflectlite that may run from source: they only call modeled
// functions. Every other function of those packages without a model is
// refused (reflect's real code cannot run over interpreter values).
var interpretable = map[string]string{
	"reflect.Indirect":                         "calls Value methods only",
	"(*reflect.ValueError).Error":              "formats its fields",
	"(reflect.StructTag).Get":                  "string processing",
	"(reflect.StructTag).Lookup":               "string processing",
	"(reflect.ChanDir).String":                 "string processing",
	"(reflect.StructField).IsExported":         "reads its fields",
	"(reflect.Method).IsExported":              "reads its fields",
	"(*internal/reflectlite.ValueError).Error": "formats its fields",
}

// policyWhy returns the reason of the entry of ps that lists package path.
func policyWhy(ps []pkgPolicy, path string) string {
	for _, p := range ps {
		if path == p.path || strings.HasPrefix(path, p.path+"/") || (strings.HasSuffix(p.path, "/") && strings.HasPrefix(path, p.path)) {
			return p.why
		}
	}
	return ""
}

// inPolicy reports whether package path is listed in ps (a path ending in
// "/" lists the packages below it; any other lists the package and the
// ones below it).
func inPolicy(ps []pkgPolicy, path string) bool { return policyWhy(ps, path) != "" }

// strippedFile reports whether filename belongs to a stripped package of
// the Go distribution at goroot.
func strippedFile(goroot, filename string) bool {
	rel, ok := strings.CutPrefix(filepath.ToSlash(filepath.Dir(filename)), filepath.ToSlash(goroot)+"/src/")
	return ok && inPolicy(stripped, rel) && !slices.Contains(unstripped, rel)
}
