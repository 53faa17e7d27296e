package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// VTPath is the import path of vt's annotation functions.
const VTPath = "github.com/vtcheck/vt/vt"

// An Access is an access to shared data that vt reported outside any
// permission region (its sharing report): where, and whether it writes.
type Access struct {
	File      string // absolute path
	Line, Col int
	Write     bool
}

// A Skip is an access that Regions left alone, and why.
type Skip struct {
	Access Access
	Why    string
}

// Regions inserts the narrowest permission regions around the accesses
// in the package in dir: around the statement of each access, a region on
// exactly what it accesses — the element for an index of a slice or array
// (vt.AcquireWAt(s, i) ... vt.ReleaseWAt(s, i)), the map for an index of a
// map, the variable or field otherwise (vt.AcquireR(&x) ... ) — a write
// region if any access of the statement to it writes, else a read region.
// Releases come in the reverse order of the acquisitions. It returns the
// new contents of each file it changed (gofmt'ed, with vt imported) and
// the accesses it could not annotate: one in a statement that is no
// simple statement of a block (a for or if header, a return), or whose
// target or index has a call in it (evaluated twice, it might differ).
// The regions change nothing a program does natively, but panic when
// regions conflict.
func Regions(dir string, accs []Access) (map[string][]byte, []Skip, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo, Dir: dir}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, nil, fmt.Errorf("rewrite: load %s: %w", dir, err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		if len(pkgs) == 1 {
			return nil, nil, fmt.Errorf("rewrite: load %s: %v", dir, pkgs[0].Errors[0])
		}
		return nil, nil, fmt.Errorf("rewrite: load %s: %d packages", dir, len(pkgs))
	}
	pkg := pkgs[0]
	files := map[string]*ast.File{}
	for i, f := range pkg.Syntax {
		files[filepath.Clean(pkg.CompiledGoFiles[i])] = f
	}
	// Group the accesses by statement.
	type stmtKey struct {
		file string
		stmt ast.Stmt
	}
	regions := map[stmtKey][]region{}
	var order []stmtKey
	var skips []Skip
	for _, a := range accs {
		f := files[filepath.Clean(a.File)]
		if f == nil {
			skips = append(skips, Skip{a, "not in the package's files"})
			continue
		}
		r, stmt, why := locate(pkg.Fset, pkg.TypesInfo, f, a)
		if why != "" {
			skips = append(skips, Skip{a, why})
			continue
		}
		k := stmtKey{filepath.Clean(a.File), stmt}
		if _, ok := regions[k]; !ok {
			order = append(order, k)
		}
		regions[k] = merge(regions[k], r)
	}
	// Text edits per file: before and after each statement.
	type edit struct {
		off  int
		text string
		seq  int // edits at one offset: in this order
	}
	edits := map[string][]edit{}
	for i, k := range order {
		rs := regions[k]
		var before, after []string
		for _, r := range rs {
			before = append(before, r.call("Acquire"))
		}
		for j := len(rs) - 1; j >= 0; j-- {
			after = append(after, rs[j].call("Release"))
		}
		fset := pkg.Fset
		start, end := fset.Position(k.stmt.Pos()).Offset, fset.Position(k.stmt.End()).Offset
		edits[k.file] = append(edits[k.file],
			edit{start, strings.Join(before, "; ") + "; ", 2*i + 1},
			edit{end, "; " + strings.Join(after, "; "), 2 * i})
	}
	out := map[string][]byte{}
	for file, es := range edits {
		src, err := readFile(file)
		if err != nil {
			return nil, nil, err
		}
		sort.SliceStable(es, func(i, j int) bool {
			if es[i].off != es[j].off {
				return es[i].off > es[j].off
			}
			return es[i].seq > es[j].seq
		})
		b := slices.Clone(src)
		for _, e := range es {
			b = slices.Insert(b, e.off, []byte(e.text)...)
		}
		b, err = withVT(file, b)
		if err != nil {
			return nil, nil, err
		}
		out[file] = b
	}
	return out, skips, nil
}

// region is one region to insert: on target (the element index of it, if
// index is not ""), written or only read; form says which functions.
type region struct {
	target, index string
	write         bool
}

func (r region) call(verb string) string {
	mode := "R"
	if r.write {
		mode = "W"
	}
	if r.index != "" {
		return fmt.Sprintf("vt.%s%sAt(%s, %s)", verb, mode, r.target, r.index)
	}
	return fmt.Sprintf("vt.%s%s(%s)", verb, mode, r.target)
}

// merge adds r to rs: one region per target and index, a write region if
// any access writes.
func merge(rs []region, r region) []region {
	for i := range rs {
		if rs[i].target == r.target && rs[i].index == r.index {
			rs[i].write = rs[i].write || r.write
			return rs
		}
	}
	return append(rs, r)
}

// locate finds the access a in f: the region it needs and its statement,
// or why it cannot be annotated.
func locate(fset *token.FileSet, info *types.Info, f *ast.File, a Access) (region, ast.Stmt, string) {
	tf := fset.File(f.Pos())
	if a.Line < 1 || a.Line > tf.LineCount() {
		return region{}, nil, "no such line"
	}
	pos := tf.LineStart(a.Line) + token.Pos(a.Col-1)
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	x := accessed(info, path, pos)
	if x == nil {
		return region{}, nil, "no variable, field or element access there"
	}
	if hasCall(x) {
		return region{}, nil, "a call in the accessed expression (evaluated again, it might differ)"
	}
	var r region
	switch e := x.(type) {
	case *ast.IndexExpr:
		switch t := info.TypeOf(e.X).Underlying().(type) {
		case *types.Slice:
			r = region{target: src(fset, e.X), index: src(fset, e.Index)}
		case *types.Array:
			r = region{target: "&" + src(fset, e.X), index: src(fset, e.Index)}
		case *types.Pointer:
			if _, ok := t.Elem().Underlying().(*types.Array); !ok {
				return region{}, nil, "an index of a pointer to no array"
			}
			r = region{target: src(fset, e.X), index: src(fset, e.Index)}
		case *types.Map:
			r = region{target: src(fset, e.X)}
		default:
			return region{}, nil, "an index of a " + t.String()
		}
	case *ast.StarExpr:
		r = region{target: src(fset, e.X)}
	default:
		r = region{target: "&" + src(fset, x)}
	}
	r.write = a.Write
	// The innermost statement of a block (or case) that holds the access.
	for i, n := range path {
		st, ok := n.(ast.Stmt)
		if !ok || i+1 >= len(path) {
			continue
		}
		switch path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		default:
			continue
		}
		switch st.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.DeclStmt:
			return r, st, ""
		}
		return region{}, nil, fmt.Sprintf("in a %T, not a simple statement", st)
	}
	return region{}, nil, "not in a statement of a block"
}

// accessed returns the expression that accesses memory at pos, innermost
// first (path): an index whose bracket is at pos (where vt reports an
// element's access), a variable, field or dereference there, or the one
// operand of an assignment or increment whose operator is at pos (where
// it reports their stores).
func accessed(info *types.Info, path []ast.Node, pos token.Pos) ast.Expr {
	for i, n := range path {
		if id, ok := n.(*ast.Ident); ok && i+1 < len(path) {
			if sel, ok := path[i+1].(*ast.SelectorExpr); ok && sel.Sel == id {
				n = sel // a field or qualified variable: the whole selector
			}
		}
		switch e := n.(type) {
		case *ast.IndexExpr:
			if e.Lbrack == pos {
				return e
			}
		case *ast.StarExpr:
			return e
		case *ast.Ident, *ast.SelectorExpr:
			if _, ok := info.Uses[asIdent(e.(ast.Expr))].(*types.Var); ok {
				return e.(ast.Expr)
			}
		case *ast.IncDecStmt:
			if e.TokPos == pos {
				return e.X
			}
		case *ast.AssignStmt:
			if e.TokPos == pos && len(e.Lhs) == 1 {
				return e.Lhs[0]
			}
		}
	}
	return nil
}

// asIdent returns the identifier that x names (nil: not one).
func asIdent(x ast.Expr) *ast.Ident {
	switch e := x.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

func readFile(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("rewrite: %w", err)
	}
	return b, nil
}

func hasCall(n ast.Node) bool {
	call := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			call = true
		}
		return !call
	})
	return call
}

func src(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, fset, n)
	return b.String()
}

// withVT returns src with vt imported, gofmt'ed.
func withVT(file string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("rewrite: %s after inserting regions: %w", file, err)
	}
	astutil.AddImport(fset, f, VTPath)
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return nil, fmt.Errorf("rewrite: format %s: %w", file, err)
	}
	return format.Source(b.Bytes())
}
