package interp

import (
	"go/types"
	"math/bits"

	"golang.org/x/tools/go/ssa"
)

// coalescePhis gives a phi and the values that flow into it one register
// where their lifetimes do not overlap, so that control edges move fewer
// values: a loop's counter (i = phi(0, i'); i' = i + 1), an accumulator
// (s = phi(0, s'); s' = s + x), and a value updated on one branch of a
// loop's body (c = phi(c0, c1) at the merge, c0 = phi(0, c) at the
// header) live in one register, as a native compiler's would.
//
// Only numeric phis and numeric BinOps take part (candidates): each writes
// its register at its own place in its block, and a BinOp reads its
// operands before it writes its result, so it may share a register with
// an operand that dies there. A candidate converted by a ChangeType does
// not take part (the ChangeType shares its register, see
// aliasChangeTypes, and its uses would be the candidate's), nor does any
// value of a function with a recover block (which runs after a panic
// anywhere in the body).
//
// Lifetimes come from a liveness analysis over the candidates. The reads
// of an instruction include those of the instructions that compile into
// it (fused addresses read at their load or store, a compare read at its
// branch, forwarded locals read at their loads; see readsOf). Two
// candidates interfere if one is live where the other is written; the
// phis of a block all interfere with one another, and a phi interferes
// with the values that flow into the block's other phis on each edge,
// unless it is the same value (so that no edge's move writes a register
// another of its moves reads).
// Phis and their operands are then merged greedily into classes of
// candidates that do not interfere, and each class gets one register.
func (c *compiler) coalescePhis(sf *ssa.Function) {
	if sf.Recover != nil {
		return
	}
	cands, index := coalesceCandidates(sf)
	if len(cands) < 2 || len(cands) > maxCoalesce {
		return
	}
	lv := c.liveness(sf, index)
	inter := c.interference(sf, index, lv)

	// Union-find over the candidates; each root keeps its members and
	// the union of their interferences.
	parent := make([]int, len(cands))
	class := make([]bitset, len(cands))
	for i := range parent {
		parent[i] = i
		class[i] = newBitset(len(cands))
		class[i].add(i)
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, b := range sf.Blocks {
		for _, p := range blockPhis(b) {
			pi, ok := index[p]
			if !ok {
				continue
			}
			for _, v := range p.Edges {
				vi, ok := index[v]
				if !ok {
					continue
				}
				rp, rv := find(pi), find(vi)
				if rp == rv || inter[rp].intersects(class[rv]) {
					continue
				}
				parent[rv] = rp
				inter[rp].or(inter[rv])
				class[rp].or(class[rv])
			}
		}
	}
	for i, v := range cands {
		if r := find(i); r != i {
			c.regs[v] = c.regs[cands[r]]
		}
	}
}

// maxCoalesce bounds the candidates of a function that coalescePhis
// considers: its sets take k² bits (a huge generated function keeps its
// moves).
const maxCoalesce = 4096

// coalesceCandidates returns the candidates of coalescePhis in block order,
// and their indexes.
func coalesceCandidates(sf *ssa.Function) ([]ssa.Value, map[ssa.Value]int) {
	var cands []ssa.Value
	index := map[ssa.Value]int{}
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			var v ssa.Value
			switch i := instr.(type) {
			case *ssa.Phi:
				v = i
			case *ssa.BinOp:
				v = i
			default:
				continue
			}
			if !numericBasic(v.Type()) || hasChangeType(v) {
				continue
			}
			index[v] = len(cands)
			cands = append(cands, v)
		}
	}
	return cands, index
}

// liveSets are the candidates live at the end of each block (by block
// index).
type liveSets struct {
	out []bitset
}

// readsOf calls read for each value instr reads where it runs: its
// operands, and the operands of the instructions that compile into it
// (fused addresses, a fused compare) and the values of forwarded locals it
// loads (see findFused, findBranchFused, findForwarded). It may name a
// value more than once, and more values than are read: a longer lifetime
// is only a missed register.
func (c *compiler) readsOf(instr ssa.Instruction, read func(ssa.Value)) {
	var walk func(ssa.Instruction, int)
	walk = func(instr ssa.Instruction, depth int) {
		for _, op := range instr.Operands(nil) {
			if op == nil || *op == nil {
				continue
			}
			v := *op
			read(v)
			if fv := c.fwd[v]; fv != nil {
				read(fv)
			}
			inner, ok := v.(ssa.Instruction)
			if !ok || depth > 8 {
				continue
			}
			bin, isBin := v.(*ssa.BinOp)
			if c.fused[v] || c.fwd[v] != nil || (isBin && c.branchFused[bin]) {
				walk(inner, depth+1)
			}
		}
	}
	walk(instr, 0)
}

// blockPhis returns the phis of b (they come first).
func blockPhis(b *ssa.BasicBlock) []*ssa.Phi {
	var phis []*ssa.Phi
	for _, instr := range b.Instrs {
		p, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		phis = append(phis, p)
	}
	return phis
}

// edgeIndex returns the index of pred among b's predecessors.
func edgeIndex(b, pred *ssa.BasicBlock) int {
	for i, p := range b.Preds {
		if p == pred {
			return i
		}
	}
	return -1
}

// liveness computes the candidates live at the end of each block: a phi's
// operand is live at the end of the edge's predecessor, not at the start
// of the phi's block.
func (c *compiler) liveness(sf *ssa.Function, index map[ssa.Value]int) liveSets {
	n, k := len(sf.Blocks), len(index)
	gen, kill := make([]bitset, n), make([]bitset, n)
	for _, b := range sf.Blocks {
		g, d := newBitset(k), newBitset(k)
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Phi); !ok {
				c.readsOf(instr, func(v ssa.Value) {
					if i, ok := index[v]; ok && !d.has(i) {
						g.add(i)
					}
				})
			}
			if v, ok := instr.(ssa.Value); ok {
				if i, ok := index[v]; ok {
					d.add(i)
				}
			}
		}
		gen[b.Index], kill[b.Index] = g, d
	}
	in, out := make([]bitset, n), make([]bitset, n)
	for i := range in {
		in[i], out[i] = newBitset(k), newBitset(k)
	}
	for changed := true; changed; {
		changed = false
		for bi := n - 1; bi >= 0; bi-- {
			b := sf.Blocks[bi]
			o := newBitset(k)
			for _, s := range b.Succs {
				o.or(in[s.Index])
				e := edgeIndex(s, b)
				for _, p := range blockPhis(s) {
					if i, ok := index[p.Edges[e]]; ok {
						o.add(i)
					}
				}
			}
			ni := o.clone()
			ni.andNot(kill[bi])
			ni.or(gen[bi])
			if !ni.equal(in[bi]) || !o.equal(out[bi]) {
				in[bi], out[bi], changed = ni, o, true
			}
		}
	}
	return liveSets{out: out}
}

// interference returns, for each candidate, the candidates it interferes
// with (see coalescePhis).
func (c *compiler) interference(sf *ssa.Function, index map[ssa.Value]int, lv liveSets) []bitset {
	k := len(index)
	inter := make([]bitset, k)
	for i := range inter {
		inter[i] = newBitset(k)
	}
	conflict := func(a int, live bitset) {
		live.each(func(x int) {
			if x != a {
				inter[a].add(x)
				inter[x].add(a)
			}
		})
	}
	for _, b := range sf.Blocks {
		live := lv.out[b.Index].clone()
		var phis []int
		for j := len(b.Instrs) - 1; j >= 0; j-- {
			instr := b.Instrs[j]
			if p, ok := instr.(*ssa.Phi); ok {
				if i, ok := index[p]; ok {
					phis = append(phis, i)
				}
				continue
			}
			if v, ok := instr.(ssa.Value); ok {
				if i, ok := index[v]; ok {
					conflict(i, live)
					live.remove(i)
				}
			}
			c.readsOf(instr, func(v ssa.Value) {
				if i, ok := index[v]; ok {
					live.add(i)
				}
			})
		}
		// The phis are written at the block's start, together, while
		// everything live into the block is live.
		for _, p := range phis {
			conflict(p, live)
			for _, q := range phis {
				if q != p {
					inter[p].add(q)
				}
			}
		}
		// On each edge, a phi's register must not be one that another
		// phi's move reads (unless both phis read the same value: then
		// the phi sharing its register has no move).
		for e := range b.Preds {
			for _, p := range blockPhis(b) {
				pi, ok := index[p]
				if !ok {
					continue
				}
				for _, q := range blockPhis(b) {
					if si, ok := index[q.Edges[e]]; ok && q != p && si != pi && q.Edges[e] != p.Edges[e] {
						inter[pi].add(si)
						inter[si].add(pi)
					}
				}
			}
		}
	}
	return inter
}

// numericBasic reports whether t is an integer or float type.
func numericBasic(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// hasChangeType reports whether a ChangeType converts v.
func hasChangeType(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.ChangeType); ok {
			return true
		}
	}
	return false
}

// bitset is a set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) remove(i int)   { s[i/64] &^= 1 << (i % 64) }
func (s bitset) clone() bitset  { return append(bitset(nil), s...) }

func (s bitset) or(t bitset) {
	for i := range s {
		s[i] |= t[i]
	}
}

func (s bitset) andNot(t bitset) {
	for i := range s {
		s[i] &^= t[i]
	}
}

func (s bitset) equal(t bitset) bool {
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

func (s bitset) intersects(t bitset) bool {
	for i := range s {
		if s[i]&t[i] != 0 {
			return true
		}
	}
	return false
}

// each calls f for each member of s, in increasing order.
func (s bitset) each(f func(int)) {
	for w, word := range s {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			f(w*64 + b)
			word &^= 1 << b
		}
	}
}
