package interp

// Compiled conversions of unsafe.Pointer (see memview.go).

import (
	"go/token"
	"go/types"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// convertUnsafe compiles the conversions of unsafe.Pointer: from a *S (a
// tagged pointer), to a *T (a view, or the cell of a T there), to uintptr
// (an address the run can convert back), and from uintptr (Go's pattern
// unsafe.Pointer(uintptr(p) + off) is unsafe.Add(p, off); another integer
// is looked up among the addresses pointers converted to). It returns nil
// for the other conversions.
func (c *compiler) convertUnsafe(i *ssa.Convert, from, to *rtype, dst int) op {
	x := c.reg(i.X)
	switch {
	case from.kind == kPointer && to.kind == kUnsafePointer:
		s := from.elem
		extent := c.extentAt(i.X, i, s)
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.g.m.tagPointer(fr.regs[x], s, extent(fr))
			fr.pc++
			return fr
		}
	case from.kind == kUnsafePointer && to.kind == kPointer:
		t := to.elem
		legacy := wordConverter(t)
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.g.m.convertPointer(fr.regs[x], t, legacy)
			fr.pc++
			return fr
		}
	case from.kind == kUnsafePointer && to.kind == kUintptr:
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: fr.g.m.addressOf(fr.regs[x])}
			fr.pc++
			return fr
		}
	case from.kind == kUintptr && to.kind == kUnsafePointer:
		if base, off, ok := c.uintptrArith(i.X); ok {
			b := c.reg(base)
			return func(fr *frame) *frame {
				fr.regs[dst] = fr.g.m.addPointer(fr.regs[b], off(fr))
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.g.m.pointerFromAddr(fr.regs[x].n)
			fr.pc++
			return fr
		}
	}
	return nil
}

// extentAt returns the function computing the extent in bytes of the
// memory known behind the pointer x, a *s, used by the instruction at
// (nil: x's own user): the rest of the array or slice for the address of an
// element taken in the same block, one s for a variable or a field, -1
// (unknown: see tagPointer) otherwise.
func (c *compiler) extentAt(x ssa.Value, at ssa.Instruction, s *rtype) func(*frame) int64 {
	size := s.gcSize()
	switch a := x.(type) {
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.Global:
		return func(*frame) int64 { return size }
	case *ssa.IndexAddr:
		if !sameBlockUses(a, at) {
			break
		}
		xt := c.typ(a.X.Type())
		xr, ir := c.reg(a.X), c.reg(a.Index)
		if xt.kind == kPointer {
			n := int64(xt.elem.len)
			return func(fr *frame) int64 { return (n - int64(fr.regs[ir].n)) * size }
		}
		return func(fr *frame) int64 {
			v := fr.regs[xr]
			_, cp := sliceLenCapOf(v, xt)
			return (int64(cp) - int64(fr.regs[ir].n)) * size
		}
	}
	return func(*frame) int64 { return -1 }
}

// uintptrArith matches Go's pattern of pointer arithmetic through
// uintptr, unsafe.Pointer(uintptr(p) + off) (with any sum of offsets
// added or subtracted), in the operand v of a conversion to
// unsafe.Pointer: it returns p and the function computing the offset.
func (c *compiler) uintptrArith(v ssa.Value) (ssa.Value, func(*frame) int64, bool) {
	switch b := v.(type) {
	case *ssa.Convert:
		if isUnsafePointer(b.X.Type()) && isUintptr(b.Type()) {
			return b.X, func(*frame) int64 { return 0 }, true
		}
	case *ssa.BinOp:
		if b.Op != token.ADD && b.Op != token.SUB {
			break
		}
		if base, off, ok := c.uintptrArith(b.X); ok {
			y := c.reg(b.Y)
			if b.Op == token.SUB {
				return base, func(fr *frame) int64 { return off(fr) - int64(fr.regs[y].n) }, true
			}
			return base, func(fr *frame) int64 { return off(fr) + int64(fr.regs[y].n) }, true
		}
		if b.Op == token.ADD {
			if base, off, ok := c.uintptrArith(b.Y); ok {
				x := c.reg(b.X)
				return base, func(fr *frame) int64 { return off(fr) + int64(fr.regs[x].n) }, true
			}
		}
	}
	return nil, nil, false
}

// isUintptr reports whether t is uintptr.
func isUintptr(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uintptr
}

// unsafeSlice compiles unsafe.Slice(ptr, len) and unsafe.String(ptr,
// len): a slice or a string over the memory ptr points into, shared as in
// Go, as far as that memory is known to reach (an extent a pointer into
// bytes does not know is the program's word, as gc takes it).
func (c *compiler) unsafeSlice(name string, args []ssa.Value, dst int) op {
	p, n := c.reg(args[0]), c.reg(args[1])
	et := c.typ(args[0].Type()).elem
	isString := name == "String"
	var extent func(*frame) int64
	if conv, ok := args[0].(*ssa.Convert); ok && isUnsafePointer(conv.X.Type()) {
		extent = func(*frame) int64 { return -1 } // the tag says
	} else {
		extent = c.extentAt(args[0], nil, et)
	}
	return func(fr *frame) *frame {
		fr.regs[dst] = fr.g.m.sliceOver(name, fr.regs[p], fr.regs[n].int(), et, isString, extent(fr))
		fr.pc++
		return fr
	}
}

// sliceOver returns unsafe.Slice(p, l) (unsafe.String if isString) for a
// pointer p to et whose memory reaches extent bytes (-1: what its tag
// says).
func (m *machine) sliceOver(name string, p value, l int64, et *rtype, isString bool, extent int64) value {
	if l < 0 || l > maxAlloc {
		panic(runtimeError("unsafe." + name + ": len out of range"))
	}
	if extent < 0 {
		_, extent = m.prog.tagOf(p.n)
	}
	size := et.gcSize()
	tooLong := func(avail int64) {
		panic(viewRefusal("unsafe.%s of %d elements from a pointer to memory that holds %d", name, l, avail))
	}
	switch r := p.r.(type) {
	case nil:
		if l != 0 {
			panic(runtimeError("unsafe." + name + ": ptr is nil and len is not zero"))
		}
		return value{}
	case intPointer:
		panic(r.deref())
	case *byte:
		if extent >= 0 && l > extent {
			tooLong(extent)
		}
		if l == 0 {
			if isString {
				return value{}
			}
			return bytesSlice(unsafe.Slice(r, 0))
		}
		if isString {
			return value{n: uint64(l), r: strData(r)}
		}
		return bytesSlice(unsafe.Slice(r, l))
	case *value:
		if isByteKind(et.kind) && l > 0 {
			panic(viewRefusal("unsafe.%s of a pointer to a one-byte variable or field (not an element of a byte array): a slice cannot share the memory of a value", name))
		}
		if extent >= 0 && size > 0 && l > extent/size {
			tooLong(extent / size)
		}
		if isString {
			return value{}
		}
		return sliceVal(unsafe.Slice(r, l))
	case *memView:
		if r.off >= r.root.size() {
			if l == 0 {
				return value{}
			}
			tooLong(0)
		}
		es, b := r.root.runAt(r.off, et)
		switch {
		case b != nil:
			if l > int64(len(b)) {
				tooLong(int64(len(b)))
			}
			if isString {
				if l == 0 {
					return value{}
				}
				return value{n: uint64(l), r: strData(&b[0])}
			}
			return bytesSlice(b[:l:l])
		case es != nil && !isString:
			if l > int64(len(es)) {
				tooLong(int64(len(es)))
			}
			return sliceVal(es[:l:l])
		}
		panic(r.unsupported("unsafe." + name + " (a slice or string cannot share the memory of values of another type)"))
	}
	panic(nilDeref)
}

// sameBlockUses reports whether at (or, if nil, every use of v) is in v's
// block: the registers v's operands are in still hold their values there.
func sameBlockUses(v *ssa.IndexAddr, at ssa.Instruction) bool {
	if at != nil {
		return at.Block() == v.Block()
	}
	for _, r := range *v.Referrers() {
		if r.Block() != v.Block() {
			return false
		}
	}
	return true
}
