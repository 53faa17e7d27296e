package explore

import (
	"go/build"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vtcheck/vt/interp"
)

// unreachable is the control-flow distance of a location that cannot be
// reached.
const unreachable = 1 << 20

// cfgDist computes interprocedural control-flow distances, in basic blocks,
// from where a goroutine stands to a source line: the secondary heuristic
// of the guided search (guided.go). Within a function the distance is the
// number of blocks on the shortest path in its SSA control-flow graph to a
// block with an instruction on the line; a call on the way costs one more
// than the distance from the callee's entry; a goroutine that must first
// return from k frames pays k more. Only the program's own functions (not
// the standard library's or the module cache's) are indexed: the others
// are opaque, and so are functions the interpreter has not built yet
// (it builds a function's SSA when it first runs it).
type cfgDist struct {
	fset  *token.FileSet
	where map[token.Pos]instrAt // instruction (or function) positions
	// entry memoizes the distance from a function's entry to a line.
	entry map[entryKey]int
}

type instrAt struct {
	b *ssa.BasicBlock
	i int // index in b.Instrs
}

type entryKey struct {
	fn  *ssa.Function
	loc srcLine
}

func newCFGDist(t Target) *cfgDist {
	c := &cfgDist{where: map[token.Pos]instrAt{}, entry: map[entryKey]int{}}
	if t.Pkg == nil {
		return c
	}
	prog := t.Pkg.Prog
	c.fset = prog.Fset
	goroot := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	for fn := range ssautil.AllFunctions(prog) {
		if len(fn.Blocks) == 0 || !fn.Pos().IsValid() {
			continue
		}
		f := prog.Fset.Position(fn.Pos()).Filename
		if strings.HasPrefix(f, goroot) || strings.Contains(f, "/pkg/mod/") {
			continue
		}
		c.where[fn.Pos()] = instrAt{b: fn.Blocks[0]}
		for _, b := range fn.Blocks {
			for i, in := range b.Instrs {
				if p := in.Pos(); p.IsValid() {
					if _, ok := c.where[p]; !ok {
						c.where[p] = instrAt{b: b, i: i}
					}
				}
			}
		}
	}
	return c
}

// on reports whether in is on line l.
func (c *cfgDist) on(in ssa.Instruction, l srcLine) bool {
	p := in.Pos()
	if !p.IsValid() {
		return false
	}
	q := c.fset.Position(p)
	return q.Line == l.line && filepath.Base(q.Filename) == l.file
}

// distance returns the distance from a goroutine with the given stack
// (innermost frame first) to l.
func (c *cfgDist) distance(stack []interp.StackFrame, l srcLine) int {
	best := unreachable
	for k, fr := range stack {
		at, ok := c.where[fr.Pos]
		if !ok {
			continue
		}
		if k > 0 {
			// An outer frame is in the call it made: it goes on after.
			at.i++
		}
		if d := c.from(at, l, 0); d < unreachable {
			best = min(best, k+d)
		}
	}
	return best
}

// from is the distance from instruction at (inclusive) to l, depth the
// calls followed so far.
func (c *cfgDist) from(at instrAt, l srcLine, depth int) int {
	if d := c.blockRest(at.b, min(at.i, len(at.b.Instrs)), l, depth); d < unreachable {
		return d
	}
	// Breadth-first over the blocks after at.b.
	seen := map[*ssa.BasicBlock]bool{at.b: true}
	frontier := at.b.Succs
	for dist := 1; len(frontier) > 0 && dist < 64; dist++ {
		var next []*ssa.BasicBlock
		best := unreachable
		for _, b := range frontier {
			if seen[b] {
				continue
			}
			seen[b] = true
			if d := c.blockRest(b, 0, l, depth); d < unreachable {
				best = min(best, dist+d)
			}
			next = append(next, b.Succs...)
		}
		if best < unreachable {
			return best
		}
		frontier = next
	}
	return unreachable
}

// blockRest is the distance from instruction i of b to l within b: 0 if
// an instruction from i on is on the line, else one more than the
// distance from the entry of a function called from there.
func (c *cfgDist) blockRest(b *ssa.BasicBlock, i int, l srcLine, depth int) int {
	best := unreachable
	for _, in := range b.Instrs[i:] {
		if c.on(in, l) {
			return 0
		}
		if depth >= 4 {
			continue
		}
		var callee *ssa.Function
		switch in := in.(type) {
		case *ssa.Call, *ssa.Go: // a go statement: the goroutine it starts gets there
			callee = in.(ssa.CallInstruction).Common().StaticCallee()
		}
		if callee == nil || len(callee.Blocks) == 0 {
			continue
		}
		if d := c.fromEntry(callee, l, depth+1); d < unreachable {
			best = min(best, 1+d)
		}
	}
	return best
}

// fromEntry is the distance from fn's entry to l (memoized).
func (c *cfgDist) fromEntry(fn *ssa.Function, l srcLine, depth int) int {
	k := entryKey{fn, l}
	if d, ok := c.entry[k]; ok {
		return d
	}
	if _, own := c.where[fn.Pos()]; !own {
		c.entry[k] = unreachable
		return unreachable
	}
	c.entry[k] = unreachable // a recursive call does not get closer
	d := c.from(instrAt{b: fn.Blocks[0]}, l, depth)
	c.entry[k] = d
	return d
}
