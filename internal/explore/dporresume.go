package explore

import (
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/vtcheck/vt/interp"
)

// The frontier of a DPOR search (resume.go): the stage it is in, the path
// of choices the next execution follows with what each choice knows (its
// backtrack set, sleep set, the alternatives explored with their
// footprints), the join points stored, and the next execution's prefix.
// Footprints are in canonical cell names (footprint.go), which do not
// depend on addresses, and goroutine ids are functions of the schedule:
// the path means the same in another process of the same program.

// dporFrontier is a DPOR search's frontier.
type dporFrontier struct {
	Stage  int         `json:"stage"` // the index of the stage's bound (dporSearch.bounds)
	Prefix []int       `json:"prefix"`
	Pruned bool        `json:"pruned,omitempty"`
	Nodes  []dporNodeF `json:"nodes"`
	// Feet are the footprints the nodes refer to (by index).
	Feet []footF `json:"feet"`
	// Joins are the join points stored (hex state keys); absent: the
	// stage does not look for them.
	Joins *[]string `json:"joins,omitempty"`
}

// dporNodeF is a dnode.
type dporNodeF struct {
	// C is the choice: n, chosen, off, val, preemptive, fixed (0 or 1).
	C         [6]int   `json:"c"`
	Pick      bool     `json:"pick,omitempty"`
	IDs       []int    `json:"ids,omitempty"`
	Sleep     [][3]int `json:"sleep,omitempty"` // goroutine, footprint, known
	Backtrack []int    `json:"backtrack,omitempty"`
	Done      [][2]int `json:"done,omitempty"` // goroutine, footprint
	Cur       int      `json:"cur"`            // footprint; -1 none
	Known     int32    `json:"known"`
}

// footF is a cfoot: its cells as ord, off, flags (1 write, 2 alloc).
type footF struct {
	Cells [][3]int32 `json:"cells,omitempty"`
	Wild  bool       `json:"wild,omitempty"`
	Done  bool       `json:"done,omitempty"`
}

// encodeDPOR returns the frontier of the path d at stage, whose next
// execution has prefix; drop are join points not to keep.
func encodeDPOR(d *dpor, stage int, prefix []int, drop []interp.StateKey) *dporFrontier {
	f := &dporFrontier{Stage: stage, Prefix: slices.Clone(prefix), Pruned: d.pruned}
	feet := map[*cfoot]int{}
	foot := func(c *cfoot) int {
		if c == nil {
			return -1
		}
		if i, ok := feet[c]; ok {
			return i
		}
		ff := footF{Wild: c.wild, Done: c.done}
		for _, cell := range c.cells {
			ff.Cells = append(ff.Cells, [3]int32{cell.ord, cell.off, int32(b2i(cell.write) | b2i(cell.alloc)<<1)})
		}
		feet[c] = len(f.Feet)
		f.Feet = append(f.Feet, ff)
		return feet[c]
	}
	for _, nd := range d.nodes {
		c := nd.c
		n := dporNodeF{C: [6]int{c.n, c.chosen, c.off, c.val, b2i(c.preemptive), b2i(c.fixed)}, Pick: nd.pick, IDs: nd.ids,
			Backtrack: nd.backtrack, Known: nd.known}
		for _, g := range sortedKeys(nd.sleep) {
			sl := nd.sleep[g]
			n.Sleep = append(n.Sleep, [3]int{g, foot(sl.f), int(sl.known)})
		}
		for _, g := range sortedKeys(nd.done) {
			n.Done = append(n.Done, [2]int{g, foot(nd.done[g])})
		}
		n.Cur = foot(nd.cur)
		f.Nodes = append(f.Nodes, n)
	}
	if d.joins != nil {
		keys := []string{}
		for k := range d.joins.seen {
			if !slices.Contains(drop, k) {
				keys = append(keys, hex.EncodeToString(k[:]))
			}
		}
		sort.Strings(keys)
		f.Joins = &keys
	}
	return f
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// restore sets the path of d (a new search at the frontier's stage) to
// the frontier's.
func (f *dporFrontier) restore(d *dpor) error {
	feet := make([]*cfoot, len(f.Feet))
	for i, ff := range f.Feet {
		c := &cfoot{wild: ff.Wild, done: ff.Done}
		for _, cell := range ff.Cells {
			c.cells = append(c.cells, ccell{ord: cell[0], off: cell[1], write: cell[2]&1 != 0, alloc: cell[2]&2 != 0})
		}
		feet[i] = c
	}
	foot := func(i int) (*cfoot, error) {
		if i < -1 || i >= len(feet) {
			return nil, fmt.Errorf("footprint %d of %d", i, len(feet))
		}
		if i < 0 {
			return nil, nil
		}
		return feet[i], nil
	}
	d.nodes = nil
	for _, n := range f.Nodes {
		nd := &dnode{c: choice{n: n.C[0], chosen: n.C[1], off: n.C[2], val: n.C[3], preemptive: n.C[4] != 0, fixed: n.C[5] != 0},
			pick: n.Pick, ids: n.IDs, backtrack: n.Backtrack, known: n.Known}
		if nd.c.chosen < 0 || nd.c.n < 0 || nd.pick && nd.c.chosen >= len(nd.ids) {
			return errors.New("a choice out of range")
		}
		if len(n.Sleep) > 0 {
			nd.sleep = map[int]sleeper{}
			for _, s := range n.Sleep {
				c, err := foot(s[1])
				if err != nil || c == nil {
					return fmt.Errorf("a sleep set's footprint: %v", err)
				}
				nd.sleep[s[0]] = sleeper{f: c, known: int32(s[2])}
			}
		}
		if len(n.Done) > 0 {
			nd.done = map[int]*cfoot{}
			for _, dn := range n.Done {
				c, err := foot(dn[1])
				if err != nil || c == nil {
					return fmt.Errorf("a done set's footprint: %v", err)
				}
				nd.done[dn[0]] = c
			}
		}
		cur, err := foot(n.Cur)
		if err != nil {
			return err
		}
		if cur != nil {
			// The path's own: it grows as executions below it run.
			cur = &cfoot{cells: slices.Clone(cur.cells), wild: cur.wild, done: cur.done}
		}
		nd.cur = cur
		d.nodes = append(d.nodes, nd)
	}
	if len(f.Prefix) > len(d.nodes) {
		return errors.New("the prefix is longer than the path")
	}
	d.pruned = f.Pruned
	switch {
	case f.Joins == nil:
		d.joins = nil
	default:
		d.joins = &joinSet{seen: map[interp.StateKey]struct{}{}}
		for _, h := range *f.Joins {
			var k interp.StateKey
			b, err := hex.DecodeString(h)
			if err != nil || len(b) != len(k) {
				return fmt.Errorf("a join point %q", h)
			}
			copy(k[:], b)
			d.joins.seen[k] = struct{}{}
		}
	}
	return nil
}

// clone returns a copy of the path d that the search's next steps do not
// change (the alternatives explored and sleep sets are never written:
// they are shared).
func (d *dpor) clone() *dpor {
	c := *d
	c.nodes = make([]*dnode, len(d.nodes))
	for i, nd := range d.nodes {
		n := *nd
		n.backtrack = slices.Clone(nd.backtrack)
		if nd.cur != nil {
			n.cur = &cfoot{cells: slices.Clone(nd.cur.cells), wild: nd.cur.wild, done: nd.cur.done}
		}
		c.nodes[i] = &n
	}
	if d.joins != nil {
		c.joins = &joinSet{seen: maps.Clone(d.joins.seen)}
	}
	return &c
}
