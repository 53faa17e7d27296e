package explore

import (
	"fmt"
	"strconv"
	"strings"
)

// maxGoroutineGroups bounds the stacks a text report prints: goroutines
// with identical stacks print once, as a group, and the groups after the
// first maxGoroutineGroups are only counted (-json lists every goroutine).
const maxGoroutineGroups = 12

// maxGroupIDs bounds the goroutine ids a group's header lists.
const maxGroupIDs = 6

// goroutineGroup is goroutines with the same state, stack and creation site.
type goroutineGroup struct {
	gs []GoroutineReport
}

// groupGoroutines groups gs by state, stack and creation site, in the
// order of each group's first goroutine.
func groupGoroutines(gs []GoroutineReport) []*goroutineGroup {
	var groups []*goroutineGroup
	byKey := map[string]*goroutineGroup{}
	for _, g := range gs {
		var k strings.Builder
		k.WriteString(g.Op + "\x00" + g.CreatedAt + "\x00" + g.Test)
		for _, f := range g.Stack {
			k.WriteString("\x00" + f.Func + "\x00" + f.Pos)
		}
		grp := byKey[k.String()]
		if grp == nil {
			grp = &goroutineGroup{}
			byKey[k.String()] = grp
			groups = append(groups, grp)
		}
		grp.gs = append(grp.gs, g)
	}
	return groups
}

// writeGoroutines writes the goroutines of a report, grouping identical
// stacks (as panicparse does) and capping the groups printed.
func writeGoroutines(sb *strings.Builder, gs []GoroutineReport) {
	groups := groupGoroutines(gs)
	for i, grp := range groups {
		if i == maxGoroutineGroups {
			rest := 0
			for _, g := range groups[i:] {
				rest += len(g.gs)
			}
			fmt.Fprintf(sb, "\n... and %d more goroutines with %d other stacks (vt's -json report lists every goroutine)\n", rest, len(groups)-i)
			return
		}
		g := grp.gs[0]
		if len(grp.gs) == 1 {
			fmt.Fprintf(sb, "\ngoroutine %d [%s]:\n", g.ID, g.Op)
		} else {
			ids := make([]string, 0, maxGroupIDs)
			for j, o := range grp.gs {
				if j == maxGroupIDs {
					ids = append(ids, "...")
					break
				}
				ids = append(ids, strconv.Itoa(o.ID))
			}
			fmt.Fprintf(sb, "\n%d goroutines [%s] with this stack: %s\n", len(grp.gs), g.Op, strings.Join(ids, ", "))
		}
		for _, fr := range g.Stack {
			fmt.Fprintf(sb, "    %s\n        %s\n", fr.Func, fr.Pos)
		}
		if g.CreatedBy != 0 {
			by := fmt.Sprintf("goroutine %d", g.CreatedBy)
			for _, o := range grp.gs[1:] {
				if o.CreatedBy != g.CreatedBy {
					by = "goroutines " + by[len("goroutine "):] + ", ..."
					break
				}
			}
			fmt.Fprintf(sb, "    created by %s at %s\n", by, g.CreatedAt)
		}
		if g.Test != "" {
			fmt.Fprintf(sb, "    in subtest %s\n", g.Test)
		}
	}
}
