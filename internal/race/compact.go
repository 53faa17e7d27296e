package race

import "math/bits"

// Column compaction. Columns are never reused: a write gives its location
// a new column (invalidate), a read after a release a new marker, and the
// old column stays in every row that held it, where nothing looks at it
// again. In a long execution the rows fill with those dead columns (their
// memory grows with the writes ever made, not with the locations alive),
// and the column numbers themselves, int32, would run out after some 2^31
// writes: a test run for an hour.
//
// So, every compactMin new columns, the detector sweeps h: it clears the
// dead columns (live ones are the column of each location not forgotten
// and the marker of each of its readers) in every node of every row, once
// per node however many rows share it, and drops the nodes left empty. A
// dead column is in no row's future (nothing looks it up), so the sweep
// changes nodes in place even where rows share them. Sharing is kept, and
// it costs one visit of h's nodes, with no allocation.
//
// When the numbers near their end (renumberAt), the detector renumbers
// instead: the live columns keep their order and become 0, 1, 2, ...; every
// row is rebuilt with the live columns it held under their new numbers
// (a subtree shared by several rows is rebuilt once and stays shared).
// That costs far more than a sweep (new trees for every row), so it runs
// only then.
//
// Either way, a row's membership of every live column is unchanged
// (TestCompact*), so no verdict changes. Not under Options.History: Undo
// restores the nodes and column numbers of before.

// compactMin is the number of new columns between two sweeps.
var compactMin int32 = 1 << 22

// renumberAt is the number of columns from which the next compaction
// renumbers them.
var renumberAt int32 = 1 << 30

// maybeCompact sweeps (or renumbers) the columns if enough were made
// since the last time (or the execution's start).
func (d *Detector) maybeCompact() {
	if d.opts.History || d.ncols < max(d.compactAt, compactMin) {
		return
	}
	live := d.liveCols()
	if d.ncols >= renumberAt {
		d.ncols = d.renumber(live)
	} else {
		d.sweep(live)
	}
	d.compactAt = d.ncols + compactMin
}

// sweep clears the dead columns of every row's nodes and drops the nodes
// (and rows) left empty.
func (d *Detector) sweep(live []uint64) {
	d.sweeps++
	for r := range d.rows {
		t := d.rows[r]
		if t.root != nil && d.sweepNode(t.root, t.depth, 0, live) {
			d.rows[r] = row{}
		}
	}
}

// sweepNode clears the dead columns of the tree n of level lvl whose first
// column is base, and reports whether it is empty.
func (d *Detector) sweepNode(n *node, lvl uint8, base int32, live []uint64) bool {
	if n.swept == d.sweeps {
		// Visited through another row: only its emptiness is needed.
		if lvl == 1 {
			for _, w := range n.bits {
				if w != 0 {
					return false
				}
			}
			return true
		}
		for _, k := range n.kids {
			if k != nil {
				return false
			}
		}
		return true
	}
	n.swept = d.sweeps
	empty := true
	if lvl == 1 {
		first := int(base >> 6)
		for w := range n.bits {
			if first+w < len(live) {
				n.bits[w] &= live[first+w]
			} else {
				n.bits[w] = 0
			}
			empty = empty && n.bits[w] == 0
		}
		return empty
	}
	for i, k := range n.kids {
		if k == nil {
			continue
		}
		if d.sweepNode(k, lvl-1, base+int32(i)<<span(lvl-1), live) {
			n.kids[i] = nil
		} else {
			empty = false
		}
	}
	return empty
}

// liveCols returns the set of live columns, as a bitmap over [0, ncols).
func (d *Detector) liveCols() []uint64 {
	live := make([]uint64, (int(d.ncols)+63)/64)
	for i := range d.locs {
		l := &d.locs[i]
		if l.dead {
			continue
		}
		live[l.col>>6] |= 1 << (uint(l.col) & 63)
		for _, r := range l.readers {
			live[r.mark>>6] |= 1 << (uint(r.mark) & 63)
		}
	}
	return live
}

// colMap maps live columns to their new numbers: their rank among the live
// ones.
type colMap struct {
	live []uint64
	rank []int32 // rank[w]: live columns before word w
}

func newColMap(live []uint64) colMap {
	m := colMap{live: live, rank: make([]int32, len(live)+1)}
	for w, x := range live {
		m.rank[w+1] = m.rank[w] + int32(bits.OnesCount64(x))
	}
	return m
}

// count returns the number of live columns.
func (m colMap) count() int32 { return m.rank[len(m.live)] }

// isLive reports whether column c is live.
func (m colMap) isLive(c int32) bool {
	w := int(c >> 6)
	return w < len(m.live) && m.live[w]&(1<<(uint(c)&63)) != 0
}

// to returns the new number of the live column c.
func (m colMap) to(c int32) int32 {
	w := c >> 6
	return m.rank[w] + int32(bits.OnesCount64(m.live[w]&(1<<(uint(c)&63)-1)))
}

// renumber rebuilds every row with the live columns only, renumbered by
// their rank, and renumbers the locations' columns and their readers'
// markers. It returns the number of live columns.
func (d *Detector) renumber(live []uint64) int32 {
	m := newColMap(live)
	memo := make(map[*node]row)
	for r := range d.rows {
		t := d.rows[r]
		if t.root == nil {
			continue
		}
		d.rows[r] = d.rebuild(m, memo, t.root, t.depth, 0)
	}
	for i := range d.locs {
		l := &d.locs[i]
		if l.dead {
			continue
		}
		l.col = m.to(l.col)
		for j := range l.readers {
			l.readers[j].mark = m.to(l.readers[j].mark)
		}
	}
	return m.count()
}

// rebuild returns the tree holding the new numbers of the live columns of
// the tree n of level lvl whose first column is base. The result is frozen
// (it may be shared), and memoized by node: a node shared by several rows
// is at the same place in each (sharing never moves a subtree), so it has
// one result.
func (d *Detector) rebuild(m colMap, memo map[*node]row, n *node, lvl uint8, base int32) row {
	if t, ok := memo[n]; ok {
		return t
	}
	var t row
	if lvl == 1 {
		for w, word := range n.bits {
			for word != 0 {
				c := base + int32(w*64) + int32(bits.TrailingZeros64(word))
				word &= word - 1
				if m.isLive(c) {
					setFresh(&t, m.to(c))
				}
			}
		}
	} else {
		for i, k := range n.kids {
			if k == nil {
				continue
			}
			kt := d.rebuild(m, memo, k, lvl-1, base+int32(i)<<span(lvl-1))
			t = d.unionTrees(t, kt)
		}
	}
	if t.root != nil {
		t.root.frozen = true
	}
	memo[n] = t
	return t
}

// setFresh sets column col in t, a tree that is not shared with any row
// (only its frozen parts, which it copies).
func setFresh(t *row, col int32) {
	*t = deepen(*t, max(t.depth, depthFor(col)))
	if t.root == nil {
		t.root = freshNode(t.depth)
	} else if t.root.frozen {
		t.root = t.root.clone()
	}
	n := t.root
	for lvl := t.depth; lvl > 1; lvl-- {
		i := int((uint(col) >> span(lvl-1)) & (fanout - 1))
		k := n.kids[i]
		if k == nil {
			k = freshNode(lvl - 1)
			n.kids[i] = k
		} else if k.frozen {
			k = k.clone()
			n.kids[i] = k
		}
		n = k
	}
	n.bits[(uint(col)>>6)&(leafWords-1)] |= 1 << (uint(col) & 63)
}

// freshNode returns an empty node of level lvl (1: a leaf).
func freshNode(lvl uint8) *node {
	if lvl == 1 {
		return newLeaf()
	}
	return newInner()
}

// unionTrees returns the union of the trees a and b, sharing their nodes
// where it can; a is changed in place where it is not frozen.
func (d *Detector) unionTrees(a, b row) row {
	if b.root == nil {
		return a
	}
	if a.root == nil {
		return b
	}
	depth := max(a.depth, b.depth)
	a, b = deepen(a, depth), deepen(b, depth)
	return row{root: d.merge(a.root, b.root, depth, false), depth: depth}
}
