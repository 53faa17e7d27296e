package race

import "math/bits"

// The rows of h are persistent bit sets: trees whose leaves hold
// leafWords words of columns and whose inner nodes hold fanout children
// (nil: no column of theirs is set). A row that copies another — a
// goroutine's at its go statement, a timer's or a channel message's at a
// release into an empty row, an atomic location's at a store — shares the
// other's tree instead of copying it: the shared node is frozen, and
// whichever row writes to it later copies the path from its root to the
// leaf it changes (copy on write). So a release costs O(1) memory until
// its writer writes again, and then a path, not a row: the memory of h no
// longer grows as rows × columns. A union walks the two trees together and
// skips the subtrees they share, which, as rows mostly descend from one
// another, is most of the columns retired by earlier writes.
//
// Frozen is inherited: the children of a frozen node are shared by every
// row that shares it, so a node is mutable only if neither it nor an
// ancestor on the path from its row's root is frozen. Copying a frozen
// node freezes its children (they now have two parents). A node is never
// unfrozen; Undo writes into nodes only in the states they had when only
// one row held them.

const (
	leafShift = 10                   // a leaf holds 1<<leafShift columns
	leafWords = 1 << (leafShift - 6) // the words of a leaf
	fanShift  = 4                    // an inner node has 1<<fanShift children
	fanout    = 1 << fanShift
)

// node is a leaf (bits) or an inner node (kids).
type node struct {
	frozen bool
	swept  uint32 // the last sweep (compact.go) that visited it
	kids   []*node
	bits   []uint64
}

type leafNode struct {
	node
	arr [leafWords]uint64
}

type innerNode struct {
	node
	arr [fanout]*node
}

func newLeaf() *node {
	n := &leafNode{}
	n.bits = n.arr[:]
	return &n.node
}

func newInner() *node {
	n := &innerNode{}
	n.kids = n.arr[:]
	return &n.node
}

// clone returns a mutable copy of the frozen node n; n's children are
// shared with the copy, so they are frozen.
func (n *node) clone() *node {
	if n.bits != nil {
		c := newLeaf()
		copy(c.bits, n.bits)
		return c
	}
	c := newInner()
	for i, k := range n.kids {
		if k != nil {
			k.frozen = true
		}
		c.kids[i] = k
	}
	return c
}

// row is one row of h: a tree of the given depth (0: empty; 1: the root
// is a leaf).
type row struct {
	root  *node
	depth uint8
}

// span returns log2 of the number of columns a tree of depth covers.
func span(depth uint8) uint {
	return leafShift + fanShift*uint(depth-1)
}

// setRow replaces row r, logging the old one for Undo. The old tree must
// not be written to afterwards (it is dropped, or shared and frozen).
func (d *Detector) setRow(r int32, t row) {
	if d.opts.History {
		old := d.rows[r]
		d.hist = append(d.hist, func() { d.rows[r] = old })
	}
	d.rows[r] = t
}

// setKid sets child i of the mutable inner node n, logging for Undo.
func (d *Detector) setKid(n *node, i int, k *node) {
	if d.opts.History {
		old := n.kids[i]
		d.hist = append(d.hist, func() { n.kids[i] = old })
	}
	n.kids[i] = k
}

func (d *Detector) has(r, col int32) bool {
	t := d.rows[r]
	if t.root == nil || uint(col)>>span(t.depth) != 0 {
		return false
	}
	n := t.root
	for lvl := t.depth; lvl > 1; lvl-- {
		n = n.kids[(uint(col)>>span(lvl-1))&(fanout-1)]
		if n == nil {
			return false
		}
	}
	return n.bits[(uint(col)>>6)&(leafWords-1)]&(1<<(uint(col)&63)) != 0
}

// deepen returns t grown to at least depth (new roots above the old one,
// whose columns are the first of each new level).
func deepen(t row, depth uint8) row {
	if t.root == nil {
		return row{depth: depth}
	}
	for t.depth < depth {
		n := newInner()
		n.kids[0] = t.root
		t.root = n
		t.depth++
	}
	return t
}

// depthFor returns the depth of a tree that covers column col.
func depthFor(col int32) uint8 {
	depth := uint8(1)
	for uint(col)>>span(depth) != 0 {
		depth++
	}
	return depth
}

func (d *Detector) set(r, col int32) {
	t := d.rows[r]
	if nt := deepen(t, max(t.depth, depthFor(col))); nt != t {
		d.setRow(r, nt)
		t = nt
	}
	// Walk down, copying frozen nodes and making missing ones.
	// Below a mutable node, a node is mutable unless frozen itself.
	n := t.root
	if n == nil || n.frozen {
		if n == nil {
			n = d.fresh(t.depth)
		} else {
			n = n.clone()
		}
		t.root = n
		d.setRow(r, t)
	}
	for lvl := t.depth; lvl > 1; lvl-- {
		i := int((uint(col) >> span(lvl-1)) & (fanout - 1))
		k := n.kids[i]
		if k == nil || k.frozen {
			if k == nil {
				k = d.fresh(lvl - 1)
			} else {
				k = k.clone()
			}
			d.setKid(n, i, k)
		}
		n = k
	}
	w := int((uint(col) >> 6) & (leafWords - 1))
	if d.opts.History {
		old := n.bits[w]
		d.hist = append(d.hist, func() { n.bits[w] = old })
	}
	n.bits[w] |= 1 << (uint(col) & 63)
}

// fresh returns an empty node of level lvl (1: a leaf).
func (d *Detector) fresh(lvl uint8) *node {
	if lvl == 1 {
		return newLeaf()
	}
	return newInner()
}

// union sets h(dst) ∪= h(src).
func (d *Detector) union(dst, src int32) {
	if dst == src {
		return
	}
	s := d.rows[src]
	if s.root == nil {
		return
	}
	t := d.rows[dst]
	if t.root == nil {
		// A copy: share src's tree.
		s.root.frozen = true
		d.setRow(dst, s)
		return
	}
	if t.depth < s.depth {
		t = deepen(t, s.depth)
		d.setRow(dst, t)
	}
	// Descend dst's first children to src's depth.
	parent, frozen := (*node)(nil), t.root.frozen
	n := t.root
	for lvl := t.depth; lvl > s.depth; lvl-- {
		if frozen {
			// Copy the path: the merge below may change it.
			c := n.clone()
			if parent == nil {
				t.root = c
				d.setRow(dst, t)
			} else {
				d.setKid(parent, 0, c)
			}
			n, frozen = c, false
		}
		parent, n = n, n.kids[0]
		if n == nil {
			// Nothing there: src's tree, raised to level lvl-1.
			s.root.frozen = true
			w := s.root
			for l := s.depth; l < lvl-1; l++ {
				x := newInner()
				x.kids[0] = w
				w = x
			}
			d.setKid(parent, 0, w)
			return
		}
		frozen = n.frozen
	}
	m := d.merge(n, s.root, s.depth, frozen)
	if m != n {
		if parent == nil {
			t.root = m
			d.setRow(dst, t)
		} else {
			d.setKid(parent, 0, m)
		}
	}
}

// merge returns the union of the trees dst and src of level lvl: dst
// itself, changed in place unless frozen (dst is frozen, or below a
// frozen node), or a new node.
func (d *Detector) merge(dst, src *node, lvl uint8, frozen bool) *node {
	if src == nil || src == dst {
		return dst
	}
	if dst == nil {
		src.frozen = true
		return src
	}
	frozen = frozen || dst.frozen
	if lvl == 1 {
		sub, sup := true, true
		for i, w := range src.bits {
			sub = sub && w&^dst.bits[i] == 0
			sup = sup && dst.bits[i]&^w == 0
		}
		if sub {
			return dst
		}
		if sup {
			// src holds dst: share it, so that the rows converge on
			// shared nodes that later unions skip.
			src.frozen = true
			return src
		}
		if frozen {
			dst = dst.clone()
		} else if d.opts.History {
			old := append([]uint64(nil), dst.bits...)
			n := dst
			d.hist = append(d.hist, func() { copy(n.bits, old) })
		}
		for i, w := range src.bits {
			dst.bits[i] |= w
		}
		return dst
	}
	out := dst
	adopt := true // every child of the union is src's
	for i, sk := range src.kids {
		dk := dst.kids[i]
		m := d.merge(dk, sk, lvl-1, frozen)
		adopt = adopt && m == sk
		if m == dk {
			continue
		}
		if frozen && out == dst {
			out = dst.clone()
		}
		if out != dst {
			out.kids[i] = m
		} else {
			d.setKid(out, i, m)
		}
	}
	if adopt {
		src.frozen = true
		return src
	}
	return out
}

// copyRow sets h(dst) = h(src), sharing src's tree.
func (d *Detector) copyRow(dst, src int32) {
	s := d.rows[src]
	if s.root != nil {
		s.root.frozen = true
	}
	d.setRow(dst, s)
}

// eachCol calls f with every column of row r, in increasing order.
func (d *Detector) eachCol(r int32, f func(col int32)) {
	t := d.rows[r]
	if t.root != nil {
		eachCol(t.root, t.depth, 0, f)
	}
}

func eachCol(n *node, lvl uint8, base int32, f func(col int32)) {
	if lvl == 1 {
		for w, word := range n.bits {
			for word != 0 {
				f(base + int32(w*64) + int32(bits.TrailingZeros64(word)))
				word &= word - 1
			}
		}
		return
	}
	for i, k := range n.kids {
		if k != nil {
			eachCol(k, lvl-1, base+int32(i)<<span(lvl-1), f)
		}
	}
}
