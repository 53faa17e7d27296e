package interp

// Analyses of the compiler that fuse SSA instructions into fewer ops:
// forwarded locals, address computations folded into their load or
// store, and compare-and-branch.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// findForwarded finds locals that are written once and then only read:
// a non-escaping Alloc with a single Store of a value v that dominates its
// loads, which are loads of the whole local or of its fields. SSA keeps such
// locals for value receivers and struct parameters whose fields are read.
// Their loads read v (or v's field) directly; the Alloc, the Store and the
// field addresses compile to nothing.
func (c *compiler) findForwarded(sf *ssa.Function) {
	c.fwd = map[ssa.Value]ssa.Value{}
	c.fwdStore = map[*ssa.Store]bool{}
	for _, b := range sf.Blocks {
		for _, instr := range b.Instrs {
			a, ok := instr.(*ssa.Alloc)
			if !ok || a.Heap {
				continue
			}
			var store *ssa.Store
			var uses []ssa.Instruction
			ok = true
			for _, r := range *a.Referrers() {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr != a || r.Val == a || store != nil {
						ok = false
					}
					store = r
				case *ssa.UnOp:
					ok = ok && r.Op == token.MUL
					uses = append(uses, r)
				case *ssa.FieldAddr:
					for _, rr := range *r.Referrers() {
						switch rr := rr.(type) {
						case *ssa.UnOp:
							ok = ok && rr.Op == token.MUL
							uses = append(uses, rr)
						case *ssa.DebugRef:
						default:
							ok = false
						}
					}
				case *ssa.DebugRef:
				default:
					ok = false
				}
			}
			if !ok || store == nil {
				continue
			}
			for _, u := range uses {
				if !storeDominates(store, u) {
					ok = false
				}
			}
			if !ok {
				continue
			}
			c.fwd[a] = store.Val
			c.fwdStore[store] = true
			for _, r := range *a.Referrers() {
				if fa, isFA := r.(*ssa.FieldAddr); isFA {
					c.fwd[fa] = store.Val
				}
			}
		}
	}
}

// findBranchFused marks the integer comparisons whose only use is the If
// that ends their block, right after them.
func (c *compiler) findBranchFused(sf *ssa.Function) {
	c.branchFused = map[*ssa.BinOp]bool{}
	for _, b := range sf.Blocks {
		n := len(b.Instrs)
		if n < 2 {
			continue
		}
		iff, ok := b.Instrs[n-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := b.Instrs[n-2].(*ssa.BinOp)
		if !ok || iff.Cond != cmp || len(*cmp.Referrers()) != 1 {
			continue
		}
		switch cmp.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		default:
			continue
		}
		if bt, ok := cmp.X.Type().Underlying().(*types.Basic); ok && bt.Info()&types.IsInteger != 0 {
			c.branchFused[cmp] = true
		}
	}
}

// compareBranch compiles an If on an integer comparison into one op.
func (c *compiler) compareBranch(cmp *ssa.BinOp, t, e func(*frame)) op {
	x, y := c.reg(cmp.X), c.reg(cmp.Y)
	signed := isSigned(cmp.X.Type())
	var test func(a, b uint64) bool
	switch cmp.Op {
	case token.EQL:
		test = func(a, b uint64) bool { return a == b }
	case token.NEQ:
		test = func(a, b uint64) bool { return a != b }
	case token.LSS:
		if signed {
			return func(fr *frame) *frame {
				fr.g.m.step()
				if int64(fr.regs[x].n) < int64(fr.regs[y].n) {
					t(fr)
				} else {
					e(fr)
				}
				return fr
			}
		}
		test = func(a, b uint64) bool { return a < b }
	case token.LEQ:
		if signed {
			test = func(a, b uint64) bool { return int64(a) <= int64(b) }
		} else {
			test = func(a, b uint64) bool { return a <= b }
		}
	case token.GTR:
		if signed {
			test = func(a, b uint64) bool { return int64(a) > int64(b) }
		} else {
			test = func(a, b uint64) bool { return a > b }
		}
	case token.GEQ:
		if signed {
			test = func(a, b uint64) bool { return int64(a) >= int64(b) }
		} else {
			test = func(a, b uint64) bool { return a >= b }
		}
	}
	return func(fr *frame) *frame {
		fr.g.m.step()
		if test(fr.regs[x].n, fr.regs[y].n) {
			t(fr)
		} else {
			e(fr)
		}
		return fr
	}
}

// storeDominates reports whether store s runs before use u on every path.
func storeDominates(s *ssa.Store, u ssa.Instruction) bool {
	sb, ub := s.Block(), u.Block()
	if sb != ub {
		return sb.Dominates(ub)
	}
	for _, instr := range sb.Instrs {
		switch instr {
		case s:
			return true
		case u:
			return false
		}
	}
	return false
}

// findFused marks the FieldAddr and IndexAddr instructions whose only uses
// are loads and stores through them later in the same block with nothing
// but pure computations in between: their address is computed by the load
// or store itself, saving an op and a register.
func (c *compiler) findFused(sf *ssa.Function) {
	c.fused = map[ssa.Value]bool{}
	for _, b := range sf.Blocks {
		for idx, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok {
				continue
			}
			switch instr.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr:
			default:
				continue
			}
			refs := v.Referrers()
			if refs == nil || len(*refs) == 0 {
				continue
			}
			ok = true
			for _, r := range *refs {
				switch r := r.(type) {
				case *ssa.UnOp:
					ok = ok && r.Op == token.MUL
				case *ssa.Store:
					ok = ok && r.Addr == v && r.Val != v
				case *ssa.DebugRef:
					continue
				default:
					ok = false
				}
				ok = ok && r.Block() == b && pureBetween(b, idx, r)
			}
			if ok {
				c.fused[v] = true
			}
		}
	}
}

// pureBetween reports whether the instructions of b after index from and
// before user cannot panic or have effects that must come first.
func pureBetween(b *ssa.BasicBlock, from int, user ssa.Instruction) bool {
	for _, instr := range b.Instrs[from+1:] {
		if instr == user {
			return true
		}
		switch instr := instr.(type) {
		case *ssa.Field, *ssa.Extract, *ssa.ChangeType, *ssa.DebugRef, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeInterface:
		case *ssa.BinOp:
			// Integer division and shifts can panic; float division cannot.
			if (instr.Op == token.QUO || instr.Op == token.REM) && !isFloatType(instr.X.Type()) ||
				instr.Op == token.SHL || instr.Op == token.SHR {
				return false
			}
		case *ssa.UnOp:
			// A load may fault only on a nil pointer, which faults the same
			// statement's address computation as well.
			if instr.Op == token.ARROW {
				return false
			}
		case *ssa.Convert:
		default:
			return false
		}
	}
	return false
}

func isFloatType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

// addrOf returns a function computing the address that the fused
// FieldAddr or IndexAddr v would have produced.
func (c *compiler) addrOf(v ssa.Value) func(fr *frame) *value {
	switch a := v.(type) {
	case *ssa.FieldAddr:
		x, f := c.reg(a.X), a.Field
		return func(fr *frame) *value { return fieldCell(fr, x, f) }
	case *ssa.IndexAddr:
		o := c.indexOperand(a)
		return func(fr *frame) *value { return indexCell(fr, o) }
	}
	panic("interp: addrOf " + v.String())
}

// addrThrough returns a function computing the address that the fused
// FieldAddr or IndexAddr v designates when its operand is a pointer that
// is not a *value (a view, see memview.go), where addrOf's returns nil.
func (c *compiler) addrThrough(v ssa.Value) func(fr *frame) value {
	switch a := v.(type) {
	case *ssa.FieldAddr:
		x, f := c.reg(a.X), a.Field
		st := c.typ(a.X.Type()).elem
		return func(fr *frame) value { return fr.g.m.fieldThrough(fr.regs[x], st, f) }
	case *ssa.IndexAddr:
		o := c.indexOperand(a)
		at := c.typ(a.X.Type()).elem
		return func(fr *frame) value {
			return fr.g.m.indexThrough(fr.regs[o.x], at, fr.regs[o.idx].n, o.signed)
		}
	}
	panic("interp: addrThrough " + v.String())
}
