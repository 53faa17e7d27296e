// Package docs holds vt's design notes (design.md) and the tests that keep
// the repository's documentation true to the code: README.md's options table
// is generated from explore.OptionTable, its Layout table lists every
// package, and no document points outside the repository.
package docs_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
)

var update = flag.Bool("update", false, "rewrite the generated parts of README.md and docs/*.md (options tables, package graph)")

// root is the repository root, relative to this package.
const root = ".."

func readFile(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	require.NoError(t, err)
	return string(b)
}

const (
	optionsBegin = "<!-- options: generated from explore.OptionTable (internal/explore/options.go) by go test ./docs -update; do not edit -->\n"
	optionsEnd   = "<!-- end of options -->\n"
)

// optionsTable is README.md's options table, generated from the table.
func optionsTable() string {
	var b strings.Builder
	b.WriteString("| option | in code | type | default | meaning |\n|---|---|---|---|---|\n")
	for _, s := range explore.OptionTable {
		name := "`" + s.Name + "`"
		if s.OneRun {
			name += " *"
		}
		def := ""
		if s.Default != "" {
			def = "`" + s.Default + "`"
		}
		fmt.Fprintf(&b, "| %s | `vt.%s` | %s | %s | %s |\n", name, s.FuncName(), s.Type, def, strings.ReplaceAll(s.Doc, "|", `\|`))
	}
	b.WriteString("\n\\* shapes every single execution: `vt replay` takes it too, and must get the value the original run had.\n")
	return b.String()
}

// README.md's options table is explore.OptionTable's: same options, types,
// defaults and docs.
func TestReadmeOptionsTable(t *testing.T) {
	text := readFile(t, "README.md")
	i := strings.Index(text, optionsBegin)
	j := strings.Index(text, optionsEnd)
	require.True(t, i >= 0 && j > i, "README.md: no generated options table between %q and %q", optionsBegin, optionsEnd)
	start := i + len(optionsBegin)
	want := optionsTable()
	if *update {
		require.NoError(t, os.WriteFile(filepath.Join(root, "README.md"), []byte(text[:start]+want+text[j:]), 0o644))
		return
	}
	assert.Equal(t, want, text[start:j], "README.md's options table differs from explore.OptionTable: go test ./docs -update")
}

var (
	linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// outsideRE matches a path up out of the repository (not the "..." of
	// an abridged path), a path of the machine, the design notes of the
	// team's workspace.
	outsideRE = regexp.MustCompile(`(^|[^.])\.\./|/work/|shared/DESIGN`)
)

// The documents stay inside the repository: no ../ paths, no absolute
// paths, and every relative link names a file or directory that exists.
func TestDocsStayInRepository(t *testing.T) {
	docs := []string{"README.md"}
	mds, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, mds)
	for _, m := range mds {
		rel, err := filepath.Rel(root, m)
		require.NoError(t, err)
		docs = append(docs, filepath.ToSlash(rel))
	}
	for _, doc := range docs {
		text := readFile(t, doc)
		for _, m := range outsideRE.FindAllStringIndex(text, -1) {
			t.Errorf("%s:%d: %q refers outside the repository", doc, 1+strings.Count(text[:m[0]], "\n"), strings.TrimSpace(text[m[0]:m[1]]))
		}
		for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.HasPrefix(target, "#") {
				continue
			}
			assert.False(t, strings.Contains(target, "://") || strings.HasPrefix(target, "/"), "%s: link %s leaves the repository", doc, target)
			target, _, _ = strings.Cut(target, "#")
			_, err := os.Stat(filepath.Join(root, filepath.Dir(doc), target))
			assert.NoError(t, err, "%s: link %s", doc, m[1])
		}
	}
	assert.True(t, strings.Contains(readFile(t, "README.md"), "](docs/design.md)"), "README.md links docs/design.md")
}

// packageDirs returns the directories of the module that hold Go files,
// relative to the root, except test data and the packages under examples/.
func packageDirs(t *testing.T) []string {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || strings.HasPrefix(rel, "examples/")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") {
			seen[filepath.ToSlash(filepath.Dir(rel))] = true
		}
		return nil
	})
	require.NoError(t, err)
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs
}

// README.md's Layout table lists every package of the module (the
// examples as one line).
func TestReadmeLayoutListsEveryPackage(t *testing.T) {
	text := readFile(t, "README.md")
	_, layout, ok := strings.Cut(text, "\n## Layout\n")
	require.True(t, ok, "README.md has a Layout section")
	if i := strings.Index(layout, "\n## "); i >= 0 {
		layout = layout[:i]
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` \\|").FindAllStringSubmatch(layout, -1) {
		listed[strings.TrimSuffix(m[1], "/")] = true
	}
	dirs := packageDirs(t)
	require.Contains(t, dirs, "interp")
	require.Contains(t, dirs, "cmd/vt")
	for _, d := range dirs {
		if d == "." {
			continue
		}
		assert.True(t, listed[d], "README.md's Layout table does not list package %s: add a line for it", d)
	}
	assert.True(t, listed["examples"], "README.md's Layout table lists examples/")
	for l := range listed {
		_, err := os.Stat(filepath.Join(root, l))
		assert.NoError(t, err, "README.md's Layout table lists %s", l)
	}
}

// vtCommands returns the names in cmd/vt's commands table.
func vtCommands(t *testing.T) []string {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "cmd", "vt", "main.go"), nil, 0)
	require.NoError(t, err)
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "commands" || len(vs.Values) != 1 {
			return true
		}
		for _, e := range vs.Values[0].(*ast.CompositeLit).Elts {
			lit := e.(*ast.CompositeLit).Elts[0].(*ast.BasicLit)
			name, err := strconv.Unquote(lit.Value)
			require.NoError(t, err)
			names = append(names, name)
		}
		return false
	})
	require.NotEmpty(t, names, "cmd/vt/main.go: the commands table")
	return names
}

// README.md's command-line section shows every command of vt, and the
// flags of the commands that are not exploration options.
func TestReadmeListsCommands(t *testing.T) {
	text := readFile(t, "README.md")
	_, cli, ok := strings.Cut(text, "\n## The command line\n")
	require.True(t, ok, "README.md has a command line section")
	cli, _, _ = strings.Cut(cli, "\n## ")
	for _, c := range vtCommands(t) {
		assert.True(t, strings.Contains(cli, "go run ./cmd/vt "+c+" "), "README.md's command line section shows vt %s", c)
	}
	for _, f := range []string{"-json", "-run", "-test", "VT_"} {
		assert.True(t, strings.Contains(cli, f), "README.md's command line section mentions %s", f)
	}
}

const (
	guideBegin = "<!-- guide options: generated from explore.OptionTable (internal/explore/options.go) by go test ./docs -update; do not edit -->\n"
	guideEnd   = "<!-- end of guide options -->\n"
)

// guideOptionsTable is the user guide's options table: every option with
// its test flag, environment variable, vt flag and constructor.
func guideOptionsTable() string {
	var b strings.Builder
	b.WriteString("| option | test flag | environment | vt flag | in code | type | default | meaning |\n|---|---|---|---|---|---|---|---|\n")
	for _, s := range explore.OptionTable {
		name := "`" + s.Name + "`"
		if s.OneRun {
			name += " *"
		}
		def := ""
		if s.Default != "" {
			def = "`" + s.Default + "`"
		}
		fmt.Fprintf(&b, "| %s | `-vt.%s` | `%s` | `-%s` | `vt.%s` | %s | %s | %s |\n", name, s.Name, s.EnvVar(), s.Name, s.FuncName(), s.Type, def, strings.ReplaceAll(s.Doc, "|", `\|`))
	}
	return b.String()
}

// docs/guide.md lists every option of explore.OptionTable with all its
// spellings.
func TestGuideOptionsTable(t *testing.T) {
	text := readFile(t, "docs/guide.md")
	i := strings.Index(text, guideBegin)
	j := strings.Index(text, guideEnd)
	require.True(t, i >= 0 && j > i, "docs/guide.md: no generated options table between %q and %q", guideBegin, guideEnd)
	start := i + len(guideBegin)
	want := guideOptionsTable()
	if *update {
		require.NoError(t, os.WriteFile(filepath.Join(root, "docs", "guide.md"), []byte(text[:start]+want+text[j:]), 0o644))
		return
	}
	assert.Equal(t, want, text[start:j], "docs/guide.md's options table differs from explore.OptionTable: go test ./docs -update")
}

// The guide covers what a user needs, and shows the CI workflow of
// docs/ci/github-actions.yml as it is.
func TestGuideSections(t *testing.T) {
	text := readFile(t, "docs/guide.md")
	for _, h := range []string{"Install", "vt.Check in a test", "The command line", "Options", "Verdicts", "Reading a report",
		"Replay and the testdata corpus", "Profiles", "A picture of the failing interleaving", "Output for tools",
		"Continuous integration", "Annotations", "Habanero", "Limitations"} {
		assert.Regexp(t, `(?m)^## `+regexp.QuoteMeta(h), text, "docs/guide.md has a section %q", h)
	}
	for _, v := range []string{"ok", "race", "deadlock", "leak", "panic", "assert", "steps", "error"} {
		assert.Regexp(t, "(?m)^\\| `"+v+"` \\|", text, "the verdicts table has %s", v)
	}
	yml := readFile(t, "docs/ci/github-actions.yml")
	runs := regexp.MustCompile(`(?m)^\s+- run: .*$`).FindAllString(yml, -1)
	require.NotEmpty(t, runs)
	for _, r := range runs {
		assert.Contains(t, text, strings.TrimSpace(r), "the guide shows the workflow's step")
	}
	assert.Contains(t, yml, "-shard ${{ matrix.shard }}/${{ strategy.job-total }}")
	assert.Contains(t, yml, "shard: [1, 2, 3, 4]", "shards count from 1 (cmd/vt's TestShippedCISnippets runs them)")
	// The other engines' snippets, as the guide quotes them.
	for _, f := range []string{"gitlab-ci.yml", "kubernetes-job.yaml"} {
		src := readFile(t, "docs/ci/"+f)
		for _, l := range regexp.MustCompile(`(?m)^.*\bvt (test|merge) .*$`).FindAllString(src, -1) {
			if strings.HasPrefix(strings.TrimSpace(l), "#") {
				continue
			}
			assert.Contains(t, text, strings.TrimSpace(l), "the guide shows docs/ci/%s's command", f)
		}
	}
}

// README.md tells how to install vt, that vt test needs no dependency, and
// shows a profile and the picture.
func TestReadmeEcosystem(t *testing.T) {
	text := readFile(t, "README.md")
	assert.Contains(t, text, "go install github.com/vtcheck/vt/cmd/vt@latest")
	assert.Contains(t, text, "without adding vt as a dependency")
	assert.Contains(t, text, "](docs/picture.png)")
	assert.Contains(t, text, "go tool pprof -top")
	assert.Contains(t, text, "](docs/guide.md)")
	assert.Contains(t, text, "gotestsum --raw-command")
}
