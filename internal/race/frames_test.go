package race_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
)

// TestReportFrames checks every frame of race reports — both accesses'
// stacks and both goroutines' creation sites — against the program's
// source: the function a frame names exists in the file the frame points
// into, and the position (line and column) is within that function. The names are derived here
// from the syntax (declaration, receiver, type parameters, the position of
// each function literal among its siblings), independently of how the
// interpreter names functions. The reports come from every racy corpus
// program with both detectors, and from whole tests (testdata/reports)
// whose goroutines are created by t.Run, iter.Pull, generic functions and
// methods and timers, after calls into fmt.
func TestReportFrames(t *testing.T) {
	type report struct{ name, det, msg string }
	var (
		mu      sync.Mutex
		reports []report
	)
	collect := func(t *testing.T, name, det string, res *explore.Result) {
		require.Equal(t, "race", res.Verdict, "%s", explore.FormatReport(res, name, "go test"))
		mu.Lock()
		reports = append(reports, report{name, det, res.Failure.Message})
		mu.Unlock()
	}
	prog, names := corpus(t)
	dir, err := filepath.Abs("testdata/reports")
	require.NoError(t, err)
	rprog, err := explore.LoadTests(dir)
	require.NoError(t, err)
	t.Run("explore", func(t *testing.T) {
		for _, det := range []string{"h", "lockset"} {
			for _, name := range names {
				if !strings.HasPrefix(name, "TestRace") {
					continue
				}
				t.Run(name+"/"+det, func(t *testing.T) {
					t.Parallel()
					collect(t, name, det, exploreCorpus(t, prog, name, det))
				})
			}
			for _, p := range rprog.Packages {
				if p == nil {
					continue
				}
				for name := range p.Members {
					if !strings.HasPrefix(name, "TestRace") {
						continue
					}
					t.Run(name+"/"+det, func(t *testing.T) {
						t.Parallel()
						o := explore.DefaultOptions()
						o.Race, o.Time = det, time.Minute
						res, err := explore.Explore(explore.Target{Prog: rprog, Pkg: p, Test: name, Root: -1, Name: name}, o, nil)
						require.NoError(t, err)
						collect(t, name, det, res)
					})
				}
			}
		}
	})
	sort.Slice(reports, func(i, j int) bool { return reports[i].name+reports[i].det < reports[j].name+reports[j].det })
	require.NotEmpty(t, reports)
	src := &sources{files: map[string]*ast.File{}, fset: token.NewFileSet()}
	for _, r := range reports {
		frames, sections := parseReport(r.msg)
		require.GreaterOrEqual(t, sections, 2, "%s (%s): both accesses have a section:\n%s", r.name, r.det, r.msg)
		require.NotEmpty(t, frames, "%s (%s):\n%s", r.name, r.det, r.msg)
		for _, f := range frames {
			if err := src.check(f); err != nil {
				t.Errorf("%s (%s): frame %s() at %s:%d: %v\n%s", r.name, r.det, f.fn, f.file, f.line, err, r.msg)
			}
		}
	}
}

// reportFrame is one frame of a report: a function and where it stands.
type reportFrame struct {
	fn        string
	file      string
	line, col int
}

var (
	frameFunc = regexp.MustCompile(`^  (\S+)\(\)$`)
	framePos  = regexp.MustCompile(`^      (.+\.go):(\d+):(\d+)$`)
)

// parseReport returns the frames of a race report (a function line
// followed by its position line) and the number of sections (accesses and
// creation sites) that list frames.
func parseReport(msg string) ([]reportFrame, int) {
	lines := strings.Split(msg, "\n")
	var frames []reportFrame
	sections := 0
	for i, l := range lines {
		if strings.HasSuffix(l, ":") && (strings.Contains(l, " at ") || strings.Contains(l, "created at")) {
			sections++
		}
		m := frameFunc.FindStringSubmatch(l)
		if m == nil || i+1 >= len(lines) {
			continue
		}
		p := framePos.FindStringSubmatch(lines[i+1])
		if p == nil {
			// A frame without a position is a frame that names nothing.
			frames = append(frames, reportFrame{fn: m[1], file: strings.TrimSpace(lines[i+1])})
			continue
		}
		line, _ := strconv.Atoi(p[2])
		col, _ := strconv.Atoi(p[3])
		frames = append(frames, reportFrame{fn: m[1], file: p[1], line: line, col: col})
	}
	return frames, sections
}

// sources parses the files that frames point into.
type sources struct {
	fset  *token.FileSet
	files map[string]*ast.File
}

func (s *sources) file(name string) (*ast.File, error) {
	if f, ok := s.files[name]; ok {
		return f, nil
	}
	f, err := parser.ParseFile(s.fset, name, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	s.files[name] = f
	return f, nil
}

// check verifies that the function fr names is declared in fr's file and
// that fr's position is within it.
func (s *sources) check(fr reportFrame) error {
	if fr.line == 0 {
		return fmt.Errorf("no source position %q", fr.file)
	}
	f, err := s.file(fr.file)
	if err != nil {
		return err
	}
	want, ok := s.funcAt(f, fr.line, fr.col)
	if !ok {
		return fmt.Errorf("%d:%d is in no function of %s", fr.line, fr.col, fr.file)
	}
	// The name is the package path, then the function's own name.
	pkgPath, rest, ok := splitFuncName(fr.fn)
	if !ok {
		return fmt.Errorf("malformed function name")
	}
	if rest != want {
		return fmt.Errorf("%d:%d is in %s, not %s", fr.line, fr.col, want, rest)
	}
	if last := pkgPath[strings.LastIndex(pkgPath, "/")+1:]; last != f.Name.Name && pkgPath != "main" {
		return fmt.Errorf("package %s, but the file is of package %s", pkgPath, f.Name.Name)
	}
	return nil
}

// splitFuncName splits "a/b/pkg.(*T).M.func1" into "a/b/pkg" and
// "(*T).M.func1".
func splitFuncName(fn string) (string, string, bool) {
	slash := strings.LastIndex(fn, "/")
	dot := strings.Index(fn[slash+1:], ".")
	if dot < 0 {
		return "", "", false
	}
	return fn[:slash+1+dot], fn[slash+1+dot+1:], true
}

// funcAt returns the runtime name (without the package path) of the
// innermost function of f that spans line:col.
func (s *sources) funcAt(f *ast.File, line, col int) (string, bool) {
	before := func(p token.Pos, line, col int) bool {
		q := s.fset.Position(p)
		return q.Line < line || q.Line == line && q.Column <= col
	}
	within := func(n ast.Node) bool {
		return before(n.Pos(), line, col) && !before(n.End(), line, col)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !within(fd) {
			continue
		}
		name := declName(fd)
		if fd.Body == nil {
			return name, true // declared without a body (an assembly function)
		}
		var body ast.Node = fd.Body
		// Descend through the function literals that contain the line,
		// numbering each among its siblings as the runtime does: func1,
		// func2, ... in the declaration, .1, .2, ... inside a literal.
		for depth := 0; ; depth++ {
			lits := directLiterals(body)
			found := false
			for i, lit := range lits {
				if within(lit) {
					if depth == 0 {
						name += ".func" + strconv.Itoa(i+1)
					} else {
						name += "." + strconv.Itoa(i+1)
					}
					body, found = lit.Body, true
					break
				}
			}
			if !found {
				return name, true
			}
		}
	}
	return "", false
}

// directLiterals returns the function literals in n that are not inside
// another function literal of n, in source order.
func directLiterals(n ast.Node) []*ast.FuncLit {
	var lits []*ast.FuncLit
	ast.Inspect(n, func(c ast.Node) bool {
		if lit, ok := c.(*ast.FuncLit); ok && c != n {
			lits = append(lits, lit)
			return false
		}
		return true
	})
	return lits
}

// declName is a declaration's runtime name: "F", "F[...]", "T.M",
// "(*T).M", "(*T[...]).M".
func declName(fd *ast.FuncDecl) string {
	name := fd.Name.Name
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		name += "[...]"
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return name
	}
	rt := fd.Recv.List[0].Type
	ptr := false
	if st, ok := rt.(*ast.StarExpr); ok {
		rt, ptr = st.X, true
	}
	generic := false
	switch x := rt.(type) {
	case *ast.IndexExpr:
		rt, generic = x.X, true
	case *ast.IndexListExpr:
		rt, generic = x.X, true
	}
	tn := rt.(*ast.Ident).Name
	if generic {
		tn += "[...]"
	}
	if ptr {
		return "(*" + tn + ")." + name
	}
	return tn + "." + name
}
