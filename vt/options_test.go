package vt

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
)

var update = flag.Bool("update", false, "rewrite the generated options list of doc.go")

// samples calls each option's constructor, keyed by option name.
var samples = map[string]func() Option{
	"strategy":     func() Option { return Strategy("pct:4") },
	"execs":        func() Option { return Execs(7) },
	"steps":        func() Option { return Steps(1 << 40) },
	"preempt":      func() Option { return Preempt(-1) },
	"seed":         func() Option { return Seed(-9) },
	"time":         func() Option { return Time(90 * time.Second) },
	"replay":       func() Option { return Replay("vt1:00:0") },
	"profile":      func() Option { return Profile("vt.pprof") },
	"html":         func() Option { return HTML("on") },
	"corpus":       func() Option { return Corpus("off") },
	"expect":       func() Option { return Expect("race") },
	"race":         func() Option { return Race(false) },
	"trust":        func() Option { return Trust("a/b", "c") },
	"guide":        func() Option { return Guide("a.go:3", "b.go:14") },
	"jrf":          func() Option { return JRF("WF", "AF") },
	"transactions": func() Option { return Transactions(true) },
	"clock":        func() Option { return Clock("synctest") },
	"enumerate":    func() Option { return Enumerate(4) },
	"udploss":      func() Option { return Udploss(true) },
	"short":        func() Option { return Short(true) },
	"parallel":     func() Option { return Parallel(2) },
	"shard":        func() Option { return Shard(2, 3) },
	"resume":       func() Option { return Resume("on") },
}

// Every option of the table has a constructor named after it, and every
// constructor of an Option is one of the table's.
func TestOptionConstructors(t *testing.T) {
	var want, have []string
	for _, s := range explore.OptionTable {
		want = append(want, s.FuncName())
		mk, ok := samples[s.Name]
		if !assert.True(t, ok, "option %s: add a sample call of vt.%s to samples", s.Name, s.FuncName()) {
			continue
		}
		o := mk()
		assert.Equal(t, s.Name, o.name, "vt.%s sets option %s", s.FuncName(), s.Name)
		_, err := explore.ParseOptions(map[string]string{o.name: o.value})
		assert.NoError(t, err, "vt.%s", s.FuncName())
	}
	assert.Len(t, samples, len(explore.OptionTable))

	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	require.NoError(t, err)
	for _, f := range pkgs["vt"].Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
				continue
			}
			if id, ok := fd.Type.Results.List[0].Type.(*ast.Ident); ok && id.Name == "Option" {
				have = append(have, fd.Name.Name)
			}
		}
	}
	sort.Strings(want)
	sort.Strings(have)
	assert.Equal(t, want, have, "the constructors of vt.Option are those of explore.OptionTable")
}

// The -vt.NAME test flags are the table's, with its docs and defaults.
func TestTestFlags(t *testing.T) {
	for _, s := range explore.OptionTable {
		f := flag.Lookup("vt." + s.Name)
		if !assert.NotNil(t, f, "-vt.%s", s.Name) {
			continue
		}
		assert.Equal(t, "vt: "+s.Doc, f.Usage)
		assert.Equal(t, s.Default, f.DefValue)
	}
	flag.VisitAll(func(f *flag.Flag) {
		if name, ok := strings.CutPrefix(f.Name, "vt."); ok {
			assert.NotNil(t, explore.LookupOption(name), "-%s is not in explore.OptionTable", f.Name)
		}
	})
}

// Each option is honoured from code, the environment and the test flags,
// in that order of precedence.
func TestSettingsPrecedence(t *testing.T) {
	for _, s := range explore.OptionTable {
		code := samples[s.Name]()
		env := map[string]string{s.EnvVar(): "from-env"}
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		none := func(string) (string, bool) { return "", false }
		flags := map[string]string{s.Name: "from-flag"}

		assert.Equal(t, code.value, settings([]Option{code}, none, nil)[s.Name], s.Name)
		assert.Equal(t, "from-env", settings([]Option{code}, lookup, nil)[s.Name], s.Name)
		assert.Equal(t, "from-flag", settings([]Option{code}, lookup, flags)[s.Name], s.Name)
		assert.Equal(t, "from-flag", settings(nil, none, flags)[s.Name], s.Name)
		_, set := settings(nil, none, nil)[s.Name]
		assert.False(t, set, s.Name)
	}
}

// fakeTB records what Check reports.
type fakeTB struct {
	testing.TB
	fatal []string
}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Name() string          { return "TestFake" }
func (f *fakeTB) Fatal(args ...any)     { f.fatal = append(f.fatal, fmt.Sprint(args...)) }
func (f *fakeTB) Errorf(string, ...any) { panic("unexpected Errorf") }
func (f *fakeTB) Logf(string, ...any)   { panic("unexpected Logf") }

// A bad value is refused with the same message from code, a flag or the
// environment.
func TestBadOptionSameError(t *testing.T) {
	const msg = `vt: bad value "bogus" for option strategy: want portfolio, dpor, stateful, regions, dfs, random, pct, pct:DEPTH, guided or jrf`
	tb := &fakeTB{}
	Check(tb, func(*T) {}, Strategy("bogus"))
	assert.Equal(t, []string{msg}, tb.fatal)

	none := func(string) (string, bool) { return "", false }
	_, err := explore.ParseOptions(settings(nil, none, map[string]string{"strategy": "bogus"}))
	require.Error(t, err)
	assert.Equal(t, msg, err.Error(), "-vt.strategy=bogus")
	env := func(k string) (string, bool) { return "bogus", k == "VT_STRATEGY" }
	_, err = explore.ParseOptions(settings(nil, env, nil))
	require.Error(t, err)
	assert.Equal(t, msg, err.Error(), "VT_STRATEGY=bogus")
}

// docOptions is the options list of doc.go, generated from the table.
func docOptions() string {
	var b strings.Builder
	for _, s := range explore.OptionTable {
		def := ""
		if s.Default != "" {
			def = ", default " + s.Default
		}
		fmt.Fprintf(&b, "//   - [%s] (-vt.%s %s%s): %s\n", s.FuncName(), s.Name, s.Type, def, s.Doc)
	}
	return b.String()
}

// doc.go lists every option, as the table declares it (go test -update
// rewrites the list).
func TestDocListsOptions(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	text := string(src)
	start := strings.Index(text, "//   - [")
	require.GreaterOrEqual(t, start, 0, "doc.go: no options list (lines \"//   - [Name] ...\")")
	end := start
	for strings.HasPrefix(text[end:], "//   - ") {
		end += strings.Index(text[end:], "\n") + 1
	}
	want := docOptions()
	if *update {
		require.NoError(t, os.WriteFile("doc.go", []byte(text[:start]+want+text[end:]), 0o644))
		return
	}
	assert.Equal(t, want, text[start:end], "doc.go's options list differs from explore.OptionTable: go test ./vt -run TestDocListsOptions -update")
}
