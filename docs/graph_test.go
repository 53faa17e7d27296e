package docs_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// module is the module path of the repository.
const module = "github.com/vtcheck/vt"

// pkg is one package of the module as go list describes it: its path
// relative to the module root, its name, its doc comment's synopsis and
// the packages its non-test files import.
type pkg struct {
	Path    string
	Name    string
	Doc     string
	Imports []string
}

// modulePackages lists the packages of the module that have non-test Go
// files (go list ./... from the root: testdata is left out).
func modulePackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Name, Doc string
			GoFiles, CgoFiles     []string
			Imports               []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		if len(p.GoFiles)+len(p.CgoFiles) == 0 {
			continue // docs: tests only
		}
		pkgs = append(pkgs, pkg{Path: rel(p.ImportPath), Name: p.Name, Doc: p.Doc, Imports: p.Imports})
	}
	require.NotEmpty(t, pkgs)
	return pkgs
}

// rel returns an import path of the module relative to the module root
// ("." for the root), and any other path unchanged.
func rel(path string) string {
	if path == module {
		return "."
	}
	if r, ok := strings.CutPrefix(path, module+"/"); ok {
		return r
	}
	return path
}

// isStd reports whether an import path names a standard package (its
// first element has no dot).
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// imported returns the import path imp as the rules and the picture name
// it: relative to the module root for the module's packages, "std" for
// the standard library's, otherwise the path itself. go list names the
// packages a profile-guided build compiles for one main package
// "path [main]": the suffix is dropped.
func imported(imp string) string {
	imp, _, _ = strings.Cut(imp, " ")
	switch {
	case imp == module || strings.HasPrefix(imp, module+"/"):
		return rel(imp)
	case isStd(imp):
		return "std"
	}
	return imp
}

// match reports whether path (an import path as imported returns it)
// matches pattern: "P/..." P and the packages under it, otherwise the path
// itself ("std" any standard package).
func match(pattern, path string) bool {
	if p, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == p || strings.HasPrefix(path, p+"/")
	}
	return path == pattern
}

// importRule says what the packages matching Pkg may import: any path
// matching one of Allow and none of Deny. The first rule whose Pkg
// matches a package applies to it.
type importRule struct {
	Pkg   string
	Allow []string
	Deny  []string
	Why   string
}

const (
	xtools  = "golang.org/x/tools/..."
	pprof   = "github.com/google/pprof/profile"
	testify = "github.com/stretchr/testify/..."
)

// importRules is the intended direction of the module's dependencies
// (docs/design.md, "The parts"): cmd and vt → internal → interp; habanero
// and the examples use vt; interp needs only x/tools and the standard
// library, its virtual OS only the standard library. A new package is one
// line here; a package no rule matches fails the test.
var importRules = []importRule{
	{Pkg: "interp/vos", Allow: []string{"std"}, Why: "the virtual OS knows nothing of the interpreter"},
	{Pkg: "interp/model", Allow: []string{"std", "interp/vos"}, Why: "the models' API knows nothing of the machine's insides (it hands out the virtual OS)"},
	{Pkg: "interp/models/...", Allow: []string{"std", "interp/model", "interp/vos"}, Why: "a model sees the machine only through the models' API (and the virtual OS's kernel)"},
	{Pkg: "interp/...", Allow: []string{"std", xtools, "interp/..."}, Why: "interp is an interpreter usable without vt: no internal/, no vt"},
	{Pkg: "internal/...", Allow: []string{"std", xtools, "interp/...", "internal/...", pprof}, Deny: []string{"testing"}, Why: "the engine is shared by vt and cmd/vt, uses interp (and the x/tools types of its API), and never imports testing"},
	{Pkg: "vt", Allow: []string{"std", "internal/...", "interp/...", "github.com/anishathalye/porcupine"}, Why: "the user API adapts *testing.T to the engine"},
	{Pkg: "habanero", Allow: []string{"std", "vt"}, Why: "habanero is a user of vt"},
	{Pkg: "rewrite", Allow: []string{"std", xtools}, Why: "source-to-source transformations"},
	{Pkg: "cmd/...", Allow: []string{"std", xtools, pprof, "interp/...", "internal/...", "vt", "rewrite", "habanero"}, Why: "the command line calls the packages above"},
	{Pkg: "scripts/...", Allow: []string{"std"}, Why: "the tools of the benchmark scripts stand alone"},
	{Pkg: "examples/...", Allow: []string{"std", "vt", "habanero", "examples/...", testify}, Why: "the examples are users of vt"},
}

// ruleFor returns the rule that applies to package path.
func ruleFor(rules []importRule, path string) (importRule, bool) {
	for _, r := range rules {
		if match(r.Pkg, path) {
			return r, true
		}
	}
	return importRule{}, false
}

// importViolations returns one line for each import of pkgs that its rule
// forbids, and for each package no rule covers.
func importViolations(rules []importRule, pkgs []pkg) []string {
	var bad []string
	for _, p := range pkgs {
		r, ok := ruleFor(rules, p.Path)
		if !ok {
			bad = append(bad, fmt.Sprintf("%s: no import rule covers this package: add a line to importRules", p.Path))
			continue
		}
		for _, full := range p.Imports {
			full, _, _ = strings.Cut(full, " ")
			imp := imported(full)
			allowed := slices.ContainsFunc(r.Allow, func(a string) bool { return match(a, imp) })
			denied := slices.ContainsFunc(r.Deny, func(d string) bool { return d == full || match(d, imp) })
			if !allowed || denied {
				if imp == "std" {
					imp = full
				}
				bad = append(bad, fmt.Sprintf("%s imports %s, against the rule for %s (%s)", p.Path, imp, r.Pkg, r.Why))
			}
		}
	}
	return bad
}

// The module's imports go the intended way.
func TestImportDirection(t *testing.T) {
	pkgs := modulePackages(t)
	for _, v := range importViolations(importRules, pkgs) {
		t.Error(v)
	}
}

// The rules catch an edge against the direction, a package they do not
// cover, and testing in the engine.
func TestImportRulesCatchBadEdges(t *testing.T) {
	pkgs := []pkg{
		{Path: "interp", Imports: []string{"fmt", "golang.org/x/tools/go/ssa", module + "/interp/vos"}},
		{Path: "interp/vos", Imports: []string{"os"}},
		{Path: "interp/models/mathmodel", Imports: []string{"math", module + "/interp/model"}},
		{Path: "internal/race", Imports: []string{module + "/interp"}},
		{Path: "vt", Imports: []string{"testing", module + "/internal/explore"}},
	}
	assert.Empty(t, importViolations(importRules, pkgs))

	bad := []pkg{
		{Path: "interp", Imports: []string{module + "/internal/race"}},
		{Path: "interp/vos", Imports: []string{module + "/interp"}},
		{Path: "interp/foo", Imports: []string{module + "/vt"}},
		{Path: "interp/model", Imports: []string{module + "/interp"}},
		{Path: "interp/models/foomodel", Imports: []string{module + "/interp"}},
		{Path: "internal/explore", Imports: []string{"testing"}},
		{Path: "internal/race", Imports: []string{module + "/vt"}},
		{Path: "habanero", Imports: []string{module + "/internal/explore"}},
		{Path: "examples/x", Imports: []string{module + "/interp"}},
		{Path: "newtop", Imports: []string{"fmt"}},
	}
	got := importViolations(importRules, bad)
	assert.Len(t, got, len(bad), "%q", got)
	assert.Contains(t, got, "interp imports internal/race, against the rule for interp/... (interp is an interpreter usable without vt: no internal/, no vt)")
	assert.Contains(t, got, "newtop: no import rule covers this package: add a line to importRules")
}

// Every package of the module says its job in its doc comment ("Package
// name ..." or, for a command, "Command name ...").
func TestEveryPackageHasDoc(t *testing.T) {
	for _, p := range modulePackages(t) {
		if !assert.NotEmpty(t, p.Doc, "%s has no package doc comment: say its job in one sentence", p.Path) {
			continue
		}
		if p.Name == "main" {
			assert.True(t, strings.HasPrefix(p.Doc, "Command "), "%s: a command's doc starts with \"Command NAME\": %q", p.Path, p.Doc)
		} else {
			assert.True(t, strings.HasPrefix(p.Doc, "Package "+p.Name+" "), "%s: doc starts with \"Package %s\": %q", p.Path, p.Name, p.Doc)
		}
	}
}

// node is the picture's name of a package (an import path as imported
// returns it): the examples are one node, and so are the packages of
// models; an outside module its short name, the standard library none.
func node(path string) string {
	switch {
	case path == "std":
		return ""
	case match("examples/...", path):
		return "examples/..."
	case match("interp/models/...", path):
		return "interp/models/..."
	case match(xtools, path):
		return "x/tools"
	case match(pprof, path):
		return "pprof/profile"
	case match(testify, path):
		return "testify"
	}
	return path
}

// packageGraph is the picture of the module's packages and their imports
// that opens docs/design.md: a mermaid graph (GitHub draws it) and the
// same edges as a list.
func packageGraph(pkgs []pkg) string {
	edges := map[string]map[string]bool{}
	var nodes []string
	for _, p := range pkgs {
		from := node(p.Path)
		if from == "." {
			continue
		}
		if edges[from] == nil {
			edges[from] = map[string]bool{}
			nodes = append(nodes, from)
		}
		for _, imp := range p.Imports {
			if to := node(imported(imp)); to != "" && to != from {
				edges[from][to] = true
			}
		}
	}
	sort.Strings(nodes)
	id := func(n string) string {
		return strings.NewReplacer("/", "_", ".", "", "-", "_").Replace(n)
	}
	var b strings.Builder
	b.WriteString("```mermaid\ngraph TD\n")
	for _, n := range nodes {
		for _, to := range sortedKeys(edges[n]) {
			fmt.Fprintf(&b, "    %s[%s] --> %s[%s]\n", id(n), n, id(to), to)
		}
		if len(edges[n]) == 0 {
			fmt.Fprintf(&b, "    %s[%s]\n", id(n), n)
		}
	}
	b.WriteString("```\n\n| package | imports (of the module and outside it; the standard library left out) |\n|---|---|\n")
	for _, n := range nodes {
		var to []string
		for _, k := range sortedKeys(edges[n]) {
			to = append(to, "`"+k+"`")
		}
		if len(to) == 0 {
			to = []string{"standard library only"}
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", n, strings.Join(to, ", "))
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

const (
	graphBegin = "<!-- package graph: generated from go list -json ./... by go test ./docs -update; do not edit -->\n"
	graphEnd   = "<!-- end of package graph -->\n"
)

// docs/design.md opens with the package graph of the module as it is.
func TestDesignPackageGraph(t *testing.T) {
	text := readFile(t, "docs/design.md")
	i := strings.Index(text, graphBegin)
	j := strings.Index(text, graphEnd)
	require.True(t, i >= 0 && j > i, "docs/design.md: no package graph between %q and %q", graphBegin, graphEnd)
	assert.Less(t, strings.Count(text[:i], "\n## "), 1, "the package graph opens docs/design.md, before its first section")
	start := i + len(graphBegin)
	want := packageGraph(modulePackages(t))
	if *update {
		require.NoError(t, os.WriteFile(filepath.Join(root, "docs", "design.md"), []byte(text[:start]+want+text[j:]), 0o644))
		return
	}
	assert.Equal(t, want, text[start:j], "docs/design.md's package graph differs from the module's: go test ./docs -update")
}
