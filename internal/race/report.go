package race

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp"
)

// Race is a data race: two conflicting accesses to one location, at least
// one a write, not ordered by happens-before. Cur is the later one.
type Race struct {
	Addr      interp.Addr
	Cur, Prev Access
}

// Kind names the race: "write-write", "write-read" (a read after an
// unordered write) or "read-write" (a write after an unordered read).
func (r *Race) Kind() string {
	switch {
	case r.Prev.Write && r.Cur.Write:
		return "write-write"
	case r.Prev.Write:
		return "write-read"
	}
	return "read-write"
}

// Summary is the first line of a report: "data race (read-write): write
// at a.go:10:3 by goroutine 2, previous read at a.go:14:5 by goroutine 1",
// naming the innermost user frames (outside GOROOT) of both accesses when
// their stacks were recorded, else the accessing instructions.
func (r *Race) Summary(prog *interp.Program) string {
	site := func(a Access) string {
		if f, ok := userFrame(prog, a.Stack); ok {
			return shortPos(posString(prog, f.Pos))
		}
		return shortPos(posString(prog, a.Pos))
	}
	return fmt.Sprintf("data race (%s): %s at %s by goroutine %d, previous %s at %s by goroutine %d",
		r.Kind(), accessKind(r.Cur), site(r.Cur), r.Cur.G, accessKind(r.Prev), site(r.Prev), r.Prev.G)
}

// accessKind names an access: "read", "write", "atomic read", "atomic
// write", with what made it when not a load or store: "read (copy)",
// "write (reflect.Value.SetInt)".
func accessKind(a Access) string {
	k := "read"
	if a.Write {
		k = "write"
	}
	if a.Atomic {
		return "atomic " + k
	}
	if w := a.what(); w != "" {
		k += " (" + w + ")"
	}
	return k
}

// what names what made a plain access, for the first line of a report:
// the builtin ("copy", "append", "range", ...) or the modeled function; ""
// for a load or store and for sync's models (whose frame the report shows).
func (a Access) what() string {
	if a.Op == interp.OpModel {
		return a.Func
	}
	return a.Op.Source()
}

func posString(prog *interp.Program, p token.Pos) string {
	if prog == nil || !p.IsValid() {
		return "?"
	}
	return prog.Position(p).String()
}

// Report formats the race as Go's race detector does: the access and the
// previous conflicting one with their stacks, then where their goroutines
// were created. Frames of harness packages (hidden reports true) are left
// out. The first line is the Summary, so that a race inside the standard
// library is attributed to the user code that called it.
func (r *Race) Report(prog *interp.Program, creations map[int]Creation, hidden func(fn string) bool) string {
	var sb strings.Builder
	pos := func(p token.Pos) string { return posString(prog, p) }
	kind := accessKind
	sb.WriteString(r.Summary(prog) + "\n")
	sb.WriteString("==================\nWARNING: DATA RACE\n")
	stack := func(a Access) {
		frames := 0
		fn, ok := accessFrame(prog, a)
		if ok {
			// The builtin's runtime function or the modeled function,
			// which has no frame in the interpreter.
			fmt.Fprintf(&sb, "  %s()\n      %s\n", fn.Func, pos(fn.Pos))
			frames++
		}
		for i, f := range a.Stack {
			if hidden != nil && hidden(f.Func) || i == 0 && ok && f.Func == fn.Func {
				continue
			}
			fmt.Fprintf(&sb, "  %s()\n      %s\n", f.Func, pos(f.Pos))
			frames++
		}
		if frames == 0 {
			fmt.Fprintf(&sb, "  ??()\n      %s\n", pos(a.Pos))
		}
	}
	// As Go's race detector: "Write at", "Atomic read at", then
	// "Previous write at", "Previous atomic read at".
	title := func(a Access, previous bool) string {
		k := kind(a)
		if previous {
			k = "Previous " + k
		} else {
			k = strings.ToUpper(k[:1]) + k[1:]
		}
		return fmt.Sprintf("%s at %v by goroutine %d:\n", k, r.Addr, a.G)
	}
	sb.WriteString(title(r.Cur, false))
	stack(r.Cur)
	sb.WriteString("\n" + title(r.Prev, true))
	stack(r.Prev)
	gs := []int{r.Cur.G}
	if r.Prev.G != r.Cur.G {
		gs = append(gs, r.Prev.G)
	}
	for i, g := range gs {
		c, ok := creations[g]
		if !ok || c.Parent == 0 {
			continue
		}
		state := "running"
		if i > 0 {
			state = "finished or running"
		}
		fmt.Fprintf(&sb, "\nGoroutine %d (%s) created at:\n", g, state)
		n := 0
		for _, f := range c.Stack {
			if hidden != nil && hidden(f.Func) {
				continue
			}
			if n == 0 {
				// The creator's innermost frame is at the go statement.
				fmt.Fprintf(&sb, "  %s()\n      %s\n", f.Func, pos(c.Pos))
			} else {
				fmt.Fprintf(&sb, "  %s()\n      %s\n", f.Func, pos(f.Pos))
			}
			n++
		}
		if n == 0 {
			fmt.Fprintf(&sb, "  goroutine %d\n      %s\n", c.Parent, pos(c.Pos))
		}
	}
	sb.WriteString("==================")
	return sb.String()
}

// accessFrame returns the frame Go's race detector shows innermost for an
// access made by a builtin or a modeled function, which has no frame in
// the interpreter: the runtime function of a builtin (runtime.slicecopy),
// the modeled function (reflect.Value.SetInt, strings.(*Builder).String),
// or the sync/atomic or WaitGroup function ("sync/atomic.AddInt32",
// "sync.(*WaitGroup).Add"), at its declaration. ok is false for loads and
// stores and for functions the program does not declare.
func accessFrame(prog *interp.Program, a Access) (interp.StackFrame, bool) {
	if prog == nil || a.Op == interp.OpNone {
		return interp.StackFrame{}, false
	}
	name := a.Op.String()
	switch {
	case a.Op == interp.OpModel:
		name = a.Func
	case strings.HasPrefix(name, "runtime."):
	case strings.HasPrefix(name, "atomic.") || strings.HasPrefix(name, "sync."):
		// The table's names: atomic.AddInt32, atomic.Value.Load,
		// sync.WaitGroup.Add (methods have pointer receivers).
		parts := strings.Split(name, ".")
		path := map[string]string{"sync": "sync", "atomic": "sync/atomic"}[parts[0]]
		name = path + "." + parts[1]
		if len(parts) == 3 {
			name = path + ".(*" + parts[1] + ")." + parts[2]
		}
	default:
		return interp.StackFrame{}, false
	}
	fn := declaredFunc(prog, name)
	if fn == nil {
		return interp.StackFrame{}, false
	}
	return interp.StackFrame{Func: name, Pos: fn.Pos()}, true
}

// declaredFunc returns the function or method the program declares under
// the name Go's tracebacks give it ("runtime.slicecopy",
// "reflect.Value.SetInt", "strings.(*Builder).String"), or nil.
func declaredFunc(prog *interp.Program, name string) *ssa.Function {
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return nil
	}
	path, rest := name[:slash+1+dot], name[slash+1+dot+1:]
	pkg := prog.SSA.ImportedPackage(path)
	if pkg == nil {
		return nil
	}
	recv, method, isMethod := strings.Cut(rest, ".")
	if !isMethod {
		return pkg.Func(rest)
	}
	ptr := strings.HasPrefix(recv, "(*") && strings.HasSuffix(recv, ")")
	if ptr {
		recv = recv[2 : len(recv)-1]
	}
	t := pkg.Type(recv)
	if t == nil {
		return nil
	}
	var rt types.Type = t.Type()
	if ptr {
		rt = types.NewPointer(rt)
	}
	sel := prog.SSA.MethodSets.MethodSet(rt).Lookup(pkg.Pkg, method)
	if sel == nil {
		return nil
	}
	return prog.SSA.MethodValue(sel)
}

// userFrame returns the innermost frame of stack outside GOROOT.
func userFrame(prog *interp.Program, stack []interp.StackFrame) (interp.StackFrame, bool) {
	if prog == nil {
		return interp.StackFrame{}, false
	}
	root := filepath.ToSlash(interp.GOROOT()) + "/"
	for _, f := range stack {
		file := filepath.ToSlash(prog.Position(f.Pos).Filename)
		if file != "" && !strings.HasPrefix(file, root) && !strings.HasPrefix(f.Func, "github.com/vtcheck/vt/vt.") {
			return f, true
		}
	}
	return interp.StackFrame{}, false
}

func shortPos(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// posSet is a set of file position ranges.
type posSet []posRange

type posRange struct{ lo, hi token.Pos }

func (s posSet) has(p token.Pos) bool {
	for _, r := range s {
		if p >= r.lo && p < r.hi {
			return true
		}
	}
	return false
}

type trustKey struct {
	prog  *interp.Program
	paths string
}

var trustCache sync.Map // trustKey → posSet

// trustedFiles returns the position ranges of the files of the packages
// with the given paths (and their test variants), computed once per program.
func trustedFiles(prog *interp.Program, paths []string) posSet {
	k := trustKey{prog, strings.Join(paths, ",")}
	if s, ok := trustCache.Load(k); ok {
		return s.(posSet)
	}
	s := computeTrusted(prog, paths)
	trustCache.Store(k, s)
	return s
}

func computeTrusted(prog *interp.Program, paths []string) posSet {
	want := map[string]bool{}
	for _, p := range paths {
		want[strings.TrimSpace(p)] = true
	}
	dirs := map[string]bool{}
	fset := prog.SSA.Fset
	for _, pkg := range prog.SSA.AllPackages() {
		if pkg.Pkg == nil || !want[pkg.Pkg.Path()] {
			continue
		}
		for _, m := range pkg.Members {
			if p := m.Pos(); p.IsValid() {
				if f := fset.File(p); f != nil {
					dirs[filepath.Dir(f.Name())] = true
				}
			}
		}
	}
	var s posSet
	fset.Iterate(func(f *token.File) bool {
		if dirs[filepath.Dir(f.Name())] {
			s = append(s, posRange{token.Pos(f.Base()), token.Pos(f.Base() + f.Size() + 1)})
		}
		return true
	})
	sort.Slice(s, func(i, j int) bool { return s[i].lo < s[j].lo })
	return s
}
