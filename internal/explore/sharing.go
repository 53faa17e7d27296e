package explore

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/vtcheck/vt/internal/perm"
	"github.com/vtcheck/vt/interp"
)

// The sharing report (the gradual-permission paper's "which data needs
// annotating"): for a program that uses permission regions or the habanero
// library, the locations that two or more goroutines access outside any
// region or isolated section, at least one of them writing, with every
// such access. An empty report means every shared access is covered: by a
// region of its goroutine on that location (a write region for a write)
// or by an isolated section. Initialization is no sharing: the accesses of
// the goroutine that allocated a location before any other goroutine
// accesses it are left out. The report comes from one execution, the first
// schedule, run once more after the search with memory events on.

// SharedLocation is a location of the sharing report.
type SharedLocation struct {
	// Location names it: "element 2 of []int (make at main.go:10:7)",
	// "int (new at main.go:9:2)".
	Location string `json:"location"`
	// Accesses are its accesses outside regions, in program order of the
	// execution, each once per position, goroutine and kind.
	Accesses []SharedAccess `json:"accesses"`
}

// SharedAccess is one access of a SharedLocation.
type SharedAccess struct {
	Pos  string `json:"pos"`  // file:line:col
	G    int    `json:"g"`    // the goroutine
	Kind string `json:"kind"` // "read" or "write"
}

// sharing follows one execution for the sharing report: an observer.
type sharing struct {
	prog      *interp.Program
	annotated bool               // the execution used an annotation or a habanero operation
	user      map[token.Pos]bool // whether an access position is in the user's code
	held      map[int][]held     // each goroutine's open regions
	isolated  map[int]int        // each goroutine's depth of isolated sections
	cells     map[uintptr]*sharedCell
	order     []uintptr         // cells in the order of their first access
	objs      []newObj          // allocations, in order
	alloc     map[uintptr]int32 // cell → its allocation (an index in objs)
	cell      uintptr           // the distance between consecutive cells
}

// maxTracked is the largest allocation (in cells) whose cells the report
// names and whose initialization it recognizes.
const maxTracked = 1 << 16

// held is an open region: the cells [lo, hi), written or only read.
type held struct {
	lo, hi uintptr
	write  bool
}

// sharedCell is the uncovered accesses of one cell.
type sharedCell struct {
	accs []sharedAcc
	obj  int32 // its allocation (-1: unknown)
	// init: only the allocating goroutine has accessed it so far.
	init bool
}

type sharedAcc struct {
	pos   token.Pos
	g     int
	write bool
}

// newObj is an allocation: N cells from addr, made at pos.
type newObj struct {
	addr uintptr
	n    int
	pos  token.Pos
	g    int
}

func newSharing(prog *interp.Program) *sharing {
	return &sharing{prog: prog, user: map[token.Pos]bool{}, held: map[int][]held{}, isolated: map[int]int{}, cells: map[uintptr]*sharedCell{}, alloc: map[uintptr]int32{}}
}

// Event implements interp.Observer.
func (s *sharing) Event(ev *interp.Event) {
	switch ev.Kind {
	case interp.EvNew:
		n := max(ev.N, 1)
		s.objs = append(s.objs, newObj{ev.Addr.Uintptr(), n, ev.Pos, ev.G.ID()})
		if n <= maxTracked {
			for i := range n {
				s.alloc[ev.Addr.Add(i).Uintptr()] = int32(len(s.objs) - 1)
			}
		}
	case interp.EvAnnotation:
		s.annotated = true
		g := ev.G.ID()
		switch ev.Op {
		case interp.OpIsolatedEnter:
			s.isolated[g]++
			return
		case interp.OpIsolatedExit:
			s.isolated[g]--
			return
		}
		op, ok := ev.Annotation.Tag.(perm.Op)
		if !ok || ev.N == 0 {
			return
		}
		h := held{ev.Addr.Uintptr(), ev.Addr.Add(ev.N).Uintptr(), op == perm.AcquireW || op == perm.ReleaseW}
		switch op {
		case perm.AcquireR, perm.AcquireW:
			s.held[g] = append(s.held[g], h)
		default:
			hs := s.held[g]
			for i := len(hs) - 1; i >= 0; i-- {
				if hs[i] == h {
					s.held[g] = slices.Delete(hs, i, i+1)
					break
				}
			}
		}
	case interp.EvRead, interp.EvWrite:
		g := ev.G.ID()
		if s.isolated[g] > 0 || !s.isUser(ev) {
			return
		}
		write := ev.Kind == interp.EvWrite
		s.cell = ev.Addr.Add(1).Uintptr() - ev.Addr.Uintptr()
		for i := range max(ev.N, 1) {
			a := ev.Addr.Add(i).Uintptr()
			if s.covered(g, a, write) {
				continue
			}
			c := s.cells[a]
			if c == nil {
				c = &sharedCell{obj: -1}
				if o, ok := s.alloc[a]; ok {
					c.obj, c.init = o, true
				}
				s.cells[a] = c
				s.order = append(s.order, a)
			}
			if c.init {
				if g == s.objs[c.obj].g {
					continue // initialization
				}
				c.init = false
			}
			acc := sharedAcc{ev.Pos, g, write}
			if !slices.Contains(c.accs, acc) {
				c.accs = append(c.accs, acc)
			}
		}
	}
}

// covered reports whether goroutine g holds a region on cell a that
// allows the access.
func (s *sharing) covered(g int, a uintptr, write bool) bool {
	for _, h := range s.held[g] {
		if h.lo <= a && a < h.hi && (h.write || !write) {
			return true
		}
	}
	return false
}

// isUser reports whether ev is an access of the user's code: not of the
// standard library, the habanero library, vt or the test harness.
func (s *sharing) isUser(ev *interp.Event) bool {
	u, ok := s.user[ev.Pos]
	if ok {
		return u
	}
	file := filepath.ToSlash(s.prog.Position(ev.Pos).Filename)
	u = file != "" && !strings.HasPrefix(file, filepath.ToSlash(interp.GOROOT())+"/")
	if u {
		if st := ev.G.Stack(); len(st) > 0 {
			fn := strings.TrimLeft(st[0].Func, "(*")
			u = !isHarness(fn) && !strings.HasPrefix(fn, habaneroPkg+".")
		}
	}
	s.user[ev.Pos] = u
	return u
}

// report returns the sharing report of the execution: the cells accessed
// outside regions by two or more goroutines, one of them writing.
func (s *sharing) report() []SharedLocation {
	out := []SharedLocation{}
	for _, a := range s.order {
		c := s.cells[a]
		if len(c.accs) == 0 {
			continue
		}
		g0, many, write := c.accs[0].g, false, false
		for _, acc := range c.accs {
			many = many || acc.g != g0
			write = write || acc.write
		}
		if !many || !write {
			continue
		}
		loc := SharedLocation{Location: s.name(c, a)}
		for _, acc := range c.accs {
			kind := "read"
			if acc.write {
				kind = "write"
			}
			loc.Accesses = append(loc.Accesses, SharedAccess{Pos: s.prog.Position(acc.pos).String(), G: acc.g, Kind: kind})
		}
		out = append(out, loc)
	}
	return out
}

// name names the cell of c: its place in its allocation, or the first
// access when its allocation is unknown (made before the execution's root).
func (s *sharing) name(c *sharedCell, a uintptr) string {
	if c.obj < 0 {
		return fmt.Sprintf("the location first accessed at %s", shortPos(s.prog.Position(c.accs[0].pos).String()))
	}
	o := s.objs[c.obj]
	at := "allocated"
	if o.pos.IsValid() {
		at += " at " + shortPos(s.prog.Position(o.pos).String())
	}
	if o.n == 1 {
		return fmt.Sprintf("the variable %s (first accessed by another goroutine at %s)", at, shortPos(s.prog.Position(c.accs[0].pos).String()))
	}
	return fmt.Sprintf("cell %d of the %d cells %s", (a-o.addr)/s.cell, o.n, at)
}

// FormatSharing writes the sharing report as text, one location a line
// followed by its accesses ("" for an empty report).
func FormatSharing(locs []SharedLocation) string {
	if len(locs) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "shared outside any region or isolated section (%d locations):\n", len(locs))
	for _, l := range locs {
		fmt.Fprintf(&b, "    %s\n", l.Location)
		for _, a := range l.Accesses {
			fmt.Fprintf(&b, "        %-5s by goroutine %-3d %s\n", a.Kind, a.G, a.Pos)
		}
	}
	return b.String()
}

// sharingReport makes the result's sharing report, after the search, if
// an execution used an annotation: one more execution of the first
// schedule, with memory events on.
func (x *explorer) sharingReport() {
	if x.worker || x.res.Interrupted || !x.annotated && !x.o.Sharing {
		return
	}
	x.share = newSharing(x.t.Prog)
	defer func() { x.share = nil }()
	r, err := x.execute(nil, firstChoice{})
	if err != nil || r.stopped || !x.share.annotated && !x.o.Sharing {
		return
	}
	x.res.Sharing = x.share.report()
}
