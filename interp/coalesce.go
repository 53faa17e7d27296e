package interp

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// coalescePhis gives a phi's register to the values that flow into it,
// where no use can tell them apart, so that the edge moves no value: a
// loop's counter (i = phi(0, i'); i' = i + 1) and an accumulator
// (s = phi(0, s'); s' = s + x) live in one register, as a native
// compiler's would. Each such value v, on the edge from block b to the
// phi's block, must be:
//
//   - an integer or float arithmetic (BinOp), whose op reads its operands
//     before it writes its result (a string concatenation's reads its
//     leaves again after, to count the allocation);
//   - used by the phi only, so that nothing reads v once the phi's block
//     runs again (and may move another value into the register);
//   - the last instruction of b before its Jump, so that no instruction
//     reads the phi's old value from the register once v is written.
//
// The edge's other moves must not read the phi (they run in parallel with
// the phi's, which would read v), and no ChangeType may share the phi's
// register (aliasChangeTypes), as its uses are the phi's.
func (c *compiler) coalescePhis(sf *ssa.Function) {
	for _, h := range sf.Blocks {
		for _, instr := range h.Instrs {
			p, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			if hasChangeType(p) {
				continue
			}
			for e, v := range p.Edges {
				bin, ok := v.(*ssa.BinOp)
				b := h.Preds[e]
				n := len(b.Instrs)
				if !ok || !numericBasic(bin.Type()) || bin.Block() != b || n < 2 || b.Instrs[n-2] != bin || onlyUser(bin) != p {
					continue
				}
				if _, ok := b.Instrs[n-1].(*ssa.Jump); !ok || readOnEdge(h, e, p) {
					continue
				}
				c.regs[bin] = c.regs[p]
			}
		}
	}
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

// onlyUser returns the instruction that uses v, if there is exactly one
// (debug references aside), else nil.
func onlyUser(v ssa.Value) ssa.Instruction {
	var user ssa.Instruction
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		if user != nil {
			return nil
		}
		user = r
	}
	return user
}

// readOnEdge reports whether another phi of block h reads p on h's
// incoming edge e.
func readOnEdge(h *ssa.BasicBlock, e int, p *ssa.Phi) bool {
	for _, instr := range h.Instrs {
		q, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		if q != p && q.Edges[e] == p {
			return true
		}
	}
	return false
}
