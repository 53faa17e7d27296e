package interp

// Compiled value instructions: allocation, make, slicing, fields and
// indexes, type assertions, and range over strings and maps.

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func (c *compiler) valueInstr(v ssa.Value) op {
	dst := c.regs[v]
	switch i := v.(type) {
	case *ssa.Alloc:
		t := c.typ(deref(i.Type()))
		if frameLocal(i) {
			// A local that does not escape: its cell lives in the frame and
			// is zeroed in place each time the Alloc runs. One that SSA
			// puts on the heap (localalloc.go) still counts as the gc
			// compiler decides, for programs that count allocations.
			k := c.fn.nlocals
			c.fn.nlocals++
			var site *allocSite
			if i.Heap {
				site = c.allocSiteOf(i)
			}
			return func(fr *frame) *frame {
				if fr.locals == nil {
					fr.locals = make([]value, fr.fn.nlocals)
				}
				cell := &fr.locals[k]
				resetZero(cell, t)
				if m := fr.g.m; m.watchMem {
					// The cell may have served another activation (frames
					// are reused): it is a fresh location now.
					m.accessCells(fr, EvAlloc, cell, t, token.NoPos)
				}
				if m := fr.g.m; site != nil && m.allocs.counting {
					m.countNew(fr, site)
				}
				fr.regs[dst] = value{r: cell}
				fr.pc++
				return fr
			}
		}
		site := c.allocSiteOf(i)
		if t.aggregate {
			big := uint64(0)
			if t.kind == kArray && t.len >= bigAlloc && !t.zeroLong {
				big = uint64(t.len) // make([]T, constant) is such an array
				if t.bytes {
					big /= uint64(unsafe.Sizeof(value{}))
				}
			}
			if big > maxAlloc {
				// Only an array of zero-size elements is that long.
				pos := c.prog.position(i.Pos())
				return func(fr *frame) *frame {
					panic(&UnsupportedError{Pos: pos, What: fmt.Sprintf("an array of %d elements of a zero-size type: the interpreter stores every element (it accepts up to %d)", big, uint64(maxAlloc))})
				}
			}
			return func(fr *frame) *frame {
				if big > 0 {
					fr.g.m.checkAlloc(big)
				}
				z := zero(t)
				if t.bytes {
					fr.g.m.noteFresh(z.bytes())
				}
				fr.regs[dst] = value{r: &z}
				if m := fr.g.m; m.watchNew {
					m.announce(fr, &z, t)
				}
				if m := fr.g.m; m.allocs.counting {
					m.countNew(fr, site)
				}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			cell := new(value)
			fr.regs[dst] = value{r: cell}
			if m := fr.g.m; m.watchNew {
				m.announce(fr, cell, t)
			}
			if m := fr.g.m; m.allocs.counting {
				m.countNew(fr, site)
			}
			fr.pc++
			return fr
		}
	case *ssa.BinOp:
		return c.binOp(i, dst)
	case *ssa.UnOp:
		return c.unOp(i, dst)
	case *ssa.ChangeType, *ssa.ChangeInterface:
		x := c.reg(*i.(ssa.Instruction).Operands(nil)[0])
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.regs[x]
			fr.pc++
			return fr
		}
	case *ssa.Convert:
		return c.convert(i, dst)
	case *ssa.MultiConvert:
		return c.unsupported(i, "conversion between type-parameterized types")
	case *ssa.SliceToArrayPointer:
		x := c.reg(i.X)
		n := c.typ(deref(i.Type())).len
		if c.typ(i.X.Type()).bytes {
			return func(fr *frame) *frame {
				s := fr.regs[x].bytes()
				if len(s) < n {
					panic(sliceToArrayError(len(s), n))
				}
				if s == nil {
					fr.regs[dst] = value{}
				} else {
					fr.regs[dst] = value{r: &value{r: s[:n:n]}}
				}
				fr.pc++
				return fr
			}
		}
		if at := c.typ(deref(i.Type())); at.zeroElems {
			return func(fr *frame) *frame {
				if z, ok := fr.regs[x].r.(zeroSlice); ok {
					if z.len < n {
						panic(sliceToArrayError(z.len, n))
					}
					// A fresh array: its zero-size elements cannot
					// be told from the slice's.
					a := zero(at)
					fr.regs[dst] = value{r: &a}
					fr.pc++
					return fr
				}
				fr.regs[dst] = elemsToArrayPtr(fr.regs[x].elems(), n)
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = elemsToArrayPtr(fr.regs[x].elems(), n)
			fr.pc++
			return fr
		}
	case *ssa.MakeInterface:
		x := c.reg(i.X)
		t := c.typ(i.X.Type())
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: &iface{t: t, v: fr.regs[x]}}
			fr.pc++
			return fr
		}
	case *ssa.MakeClosure:
		f := c.prog.funcOf(i.Fn.(*ssa.Function))
		bs := c.regList(i.Bindings)
		pos := i.Pos()
		if pos == token.NoPos {
			pos = i.Fn.Pos() // a function literal's "func"
		}
		site := c.newAllocSite(pos, escClosure, "", int64(8*(1+len(bs))))
		if fn := i.Fn.(*ssa.Function); strings.HasPrefix(fn.Synthetic, "bound method wrapper") && len(i.Bindings) == 1 {
			// A method value x.M: a closure of the function and the
			// receiver, reported as "x.M" at the selector's dot.
			site = c.newAllocSite(pos, escSelector, "", 8+gcSizes.Sizeof(i.Bindings[0].Type()))
		}
		return func(fr *frame) *frame {
			env := make([]value, len(bs))
			for j, b := range bs {
				env[j] = fr.regs[b]
			}
			fr.regs[dst] = value{r: &closure{fn: f, env: env}}
			if m := fr.g.m; m.allocs.counting {
				m.countNew(fr, site)
			}
			fr.pc++
			return fr
		}
	case *ssa.MakeMap:
		t := c.typ(i.Type())
		return func(fr *frame) *frame {
			mo := newMap(fr.g.m, t)
			fr.regs[dst] = value{r: mo}
			if m := fr.g.m; m.watchNew {
				m.emit(fr, Event{Kind: EvNew, Addr: mo.addr(), N: 1})
			}
			fr.pc++
			return fr
		}
	case *ssa.MakeChan:
		t := c.typ(i.Type())
		size := c.reg(i.Size)
		signed := isSigned(i.Size.Type())
		limit := maxElems(elemOf(i.Type()))
		return func(fr *frame) *frame {
			n := fr.regs[size].n
			if (signed && int64(n) < 0) || n > limit {
				panic(runtimeError("makechan: size out of range"))
			}
			ch := fr.g.m.newChan(t, int(n))
			fr.regs[dst] = value{r: ch}
			if m := fr.g.m; m.allocs.counting {
				m.countChan(elemOf(i.Type()), int(n))
			}
			if m := fr.g.m; m.watchNew {
				m.emit(fr, Event{Kind: EvNew, Addr: ch.addr(), N: 1})
			}
			fr.pc++
			return fr
		}
	case *ssa.MakeSlice:
		t := c.typ(i.Type())
		l, cp := c.reg(i.Len), c.reg(i.Cap)
		ls, cs := isSigned(i.Len.Type()), isSigned(i.Cap.Type())
		limit := maxElems(elemOf(i.Type()))
		site := c.newAllocSite(i.Pos(), escMake, "", gcSizes.Sizeof(elemOf(i.Type())))
		if t.zeroElems {
			// Go allocates nothing for zero-size elements, up to any
			// int length.
			limit = math.MaxInt
		}
		return func(fr *frame) *frame {
			n, k := fr.regs[l].n, fr.regs[cp].n
			if (ls && int64(n) < 0) || n > limit {
				panic(runtimeError("makeslice: len out of range"))
			}
			if (cs && int64(k) < 0) || k > limit || k < n {
				panic(runtimeError("makeslice: cap out of range"))
			}
			if t.bytes {
				if k >= bigAlloc {
					fr.g.m.checkAlloc(k / uint64(unsafe.Sizeof(value{})))
				}
				b := make([]byte, int(n), int(k))
				fr.g.m.noteFresh(b)
				fr.regs[dst] = bytesSlice(b)
				if m := fr.g.m; m.allocs.counting {
					m.countMake(fr, site, k)
				}
				if m := fr.g.m; m.watchNew {
					m.announceBytes(fr, b[:cap(b)])
				}
				fr.pc++
				return fr
			}
			if t.zeroElems && k >= zeroSliceMin {
				fr.regs[dst] = value{r: zeroSlice{int(n), int(k)}}
				fr.pc++
				return fr
			}
			if k >= bigAlloc {
				fr.g.m.checkAlloc(k)
			}
			es := makeElems(t.elem, int(n), int(k))
			fr.regs[dst] = sliceVal(es)
			if m := fr.g.m; m.allocs.counting {
				m.countMake(fr, site, k)
			}
			if m := fr.g.m; m.watchNew {
				m.announceElems(fr, es[:cap(es)], t.elem)
			}
			fr.pc++
			return fr
		}
	case *ssa.Slice:
		return c.slice(i, dst)
	case *ssa.FieldAddr:
		x := c.reg(i.X)
		f := i.Field
		st := c.typ(i.X.Type()).elem
		if f == 0 && c.prog.isContainer(deref(i.X.Type())) {
			// The first field of a struct that unsafe.Pointer converts
			// back to (memview_abi.go).
			return func(fr *frame) *frame {
				if p := fieldCell(fr, x, f); p != nil {
					fr.g.m.noteContainer(fr.regs[x].ptr(), st, p)
					fr.regs[dst] = value{r: p}
				} else {
					fr.regs[dst] = fr.g.m.fieldThrough(fr.regs[x], st, f)
				}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			if p := fieldCell(fr, x, f); p != nil {
				fr.regs[dst] = value{r: p}
			} else {
				fr.regs[dst] = fr.g.m.fieldThrough(fr.regs[x], st, f)
			}
			fr.pc++
			return fr
		}
	case *ssa.Field:
		x := c.reg(i.X)
		f := i.Field
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.regs[x].elems()[f]
			fr.pc++
			return fr
		}
	case *ssa.IndexAddr:
		o := c.indexOperand(i)
		at := c.typ(i.X.Type()).elem
		if o.bytes {
			return func(fr *frame) *frame {
				if p := indexByte(fr, o); p != nil {
					fr.regs[dst] = value{r: p}
				} else {
					fr.regs[dst] = fr.g.m.indexThrough(fr.regs[o.x], at, fr.regs[o.idx].n, o.signed)
				}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			if p := indexCell(fr, o); p != nil {
				fr.regs[dst] = value{r: p}
			} else {
				fr.regs[dst] = fr.g.m.indexThrough(fr.regs[o.x], at, fr.regs[o.idx].n, o.signed)
			}
			fr.pc++
			return fr
		}
	case *ssa.Index:
		x, idx := c.reg(i.X), c.reg(i.Index)
		signed := isSigned(i.Index.Type())
		if c.typ(i.X.Type()).kind == kString {
			return func(fr *frame) *frame {
				s := fr.regs[x].str()
				j := checkIndex(fr.regs[idx].n, signed, len(s))
				fr.regs[dst] = value{n: uint64(s[j])}
				fr.pc++
				return fr
			}
		}
		if xt := c.typ(i.X.Type()); xt.bytes {
			ek := xt.elem.kind
			return func(fr *frame) *frame {
				b := fr.regs[x].bytes()
				j := checkIndex(fr.regs[idx].n, signed, len(b))
				fr.regs[dst] = byteVal(b[j], ek)
				fr.pc++
				return fr
			}
		}
		if xt := c.typ(i.X.Type()); xt.zeroElems {
			et := xt.elem
			return func(fr *frame) *frame {
				if z, ok := fr.regs[x].r.(zeroSlice); ok {
					checkIndex(fr.regs[idx].n, signed, z.len)
					fr.regs[dst] = zero(et)
				} else {
					es := fr.regs[x].elems()
					fr.regs[dst] = es[checkIndex(fr.regs[idx].n, signed, len(es))]
				}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			es := fr.regs[x].elems()
			j := checkIndex(fr.regs[idx].n, signed, len(es))
			fr.regs[dst] = es[j]
			fr.pc++
			return fr
		}
	case *ssa.Lookup:
		return c.lookup(i, dst)
	case *ssa.Select:
		return c.selectOp(i, dst)
	case *ssa.Range:
		return c.rangeOp(i, dst)
	case *ssa.Next:
		return c.next(i, dst)
	case *ssa.TypeAssert:
		return c.typeAssert(i, dst)
	case *ssa.Extract:
		t, idx := c.reg(i.Tuple), i.Index
		return func(fr *frame) *frame {
			fr.regs[dst] = fr.regs[t].elems()[idx]
			fr.pc++
			return fr
		}
	}
	return c.unsupported(v.(ssa.Instruction), fmt.Sprintf("instruction %T", v))
}

func (c *compiler) unsupported(i ssa.Instruction, what string) op {
	pos := c.prog.position(i.Pos())
	return func(fr *frame) *frame {
		panic(&UnsupportedError{Pos: pos, What: what})
	}
}

func isSigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned == 0
}

// makeElems returns a new slice of n zero elements of type t with
// capacity k.
func makeElems(t *rtype, n, k int) []value {
	s := make([]value, n, k)
	if t.aggregate {
		s = s[:k]
		for j := range s {
			s[j] = zero(t)
		}
		s = s[:n]
	}
	return s
}

func (c *compiler) slice(i *ssa.Slice, dst int) op {
	x := c.reg(i.X)
	xt := c.typ(i.X.Type())
	lo, hi, max := -1, -1, -1
	var loS, hiS, maxS bool
	if i.Low != nil {
		lo, loS = c.reg(i.Low), isSigned(i.Low.Type())
	}
	if i.High != nil {
		hi, hiS = c.reg(i.High), isSigned(i.High.Type())
	}
	if i.Max != nil {
		max, maxS = c.reg(i.Max), isSigned(i.Max.Type())
	}
	// lim is the largest bound kept as is: 1<<62, above any length of
	// stored elements, or math.MaxInt for a zeroSlice (whose bounds
	// zeroBounds checks before).
	lim := uint64(1 << 62)
	bound := func(fr *frame, r int, signed bool, def int) int {
		if r < 0 {
			return def
		}
		n := fr.regs[r].n
		if signed && int64(n) < 0 {
			return -1 << 62
		}
		if n > lim {
			return int(lim)
		}
		return int(n)
	}
	if xt.kind == kString {
		return func(fr *frame) *frame {
			s := fr.regs[x].str()
			l := bound(fr, lo, loS, 0)
			h := bound(fr, hi, hiS, len(s))
			if h < 0 || h > len(s) {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d] with length %d", h, len(s))))
			}
			if l < 0 || l > h {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d]", l, h)))
			}
			fr.regs[dst] = strVal(s[l:h])
			fr.pc++
			return fr
		}
	}
	isPtr := xt.kind == kPointer
	// makeslice: the slice of the array SSA allocates for make([]T, n, c)
	// with a constant c (or n).
	a, _ := i.X.(*ssa.Alloc)
	makeslice := a != nil && a.Comment == "makeslice" && i.Low == nil && i.Max == nil
	capWord := "capacity"
	st := xt
	if isPtr {
		capWord = "length"
		st = xt.elem
	}
	// bounds returns the low, high and max indices of the slice
	// expression on a sequence of length n and capacity cp, panicking like
	// Go when they are out of range.
	bounds := func(fr *frame, n, cp int) (l, h, mx int) {
		l = bound(fr, lo, loS, 0)
		h = bound(fr, hi, hiS, n)
		mx = bound(fr, max, maxS, cp)
		if max >= 0 {
			if mx < 0 || mx > cp {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [::%d] with %s %d", mx, capWord, cp)))
			}
			if h < 0 || h > mx {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d:%d]", h, mx)))
			}
			if l < 0 || l > h {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d:]", l, h)))
			}
			return l, h, mx
		}
		if h < 0 || h > cp {
			if makeslice {
				// make([]T, n, constant): Go's makeslice checks n.
				if h < 0 {
					panic(runtimeError("makeslice: len out of range"))
				}
				panic(runtimeError("makeslice: cap out of range"))
			}
			panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d] with %s %d", h, capWord, cp)))
		}
		if l < 0 || l > h {
			panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d]", l, h)))
		}
		return l, h, cp
	}
	// zeroBounds is bounds for a zeroSlice, whose length and capacity
	// may be up to math.MaxInt.
	zeroBounds := func(fr *frame, n, cp int) (l, h, mx int) {
		huge := func(r int, signed bool) bool {
			return r >= 0 && !signed && fr.regs[r].n > math.MaxInt
		}
		switch {
		case huge(max, maxS):
			panic(runtimeError(fmt.Sprintf("slice bounds out of range [::%d] with %s %d", fr.regs[max].n, capWord, cp)))
		case huge(hi, hiS) && max >= 0:
			panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d:%d]", fr.regs[hi].n, bound(fr, max, maxS, cp))))
		case huge(hi, hiS) && makeslice:
			panic(runtimeError("makeslice: cap out of range"))
		case huge(hi, hiS):
			panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d] with %s %d", fr.regs[hi].n, capWord, cp)))
		case huge(lo, loS):
			panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d]", fr.regs[lo].n, bound(fr, hi, hiS, n))))
		}
		return bounds(fr, n, cp)
	}
	if st.zeroElems {
		lim = math.MaxInt
	}
	// viewed is the slice of an array that a view points to (see
	// memview.go): its memory as far as it reaches, checked against the
	// bounds.
	viewed := func(fr *frame) *frame {
		es, b := fr.g.m.arrayThrough(fr.regs[x], st)
		l, h, mx := bounds(fr, st.len, st.len)
		avail := len(es)
		if b != nil {
			avail = len(b)
		}
		if mx > avail {
			panic(viewRefusal("a slice [%d:%d:%d] of a %s through a view whose memory holds %d of its elements", l, h, mx, st, avail))
		}
		if b != nil {
			fr.regs[dst] = bytesSlice(b[l:h:mx])
		} else {
			fr.regs[dst] = sliceVal(es[l:h:mx])
		}
		fr.pc++
		return fr
	}
	if st.bytes {
		return func(fr *frame) *frame {
			var b []byte
			if isPtr {
				p, ok := fr.regs[x].r.(*value)
				if !ok || p == nil {
					return viewed(fr)
				}
				b = p.bytes()
			} else {
				b = fr.regs[x].bytes()
			}
			l, h, mx := bounds(fr, len(b), cap(b))
			if b == nil {
				fr.regs[dst] = value{}
			} else {
				fr.regs[dst] = bytesSlice(b[l:h:mx])
			}
			fr.pc++
			return fr
		}
	}
	if st.zeroElems {
		return func(fr *frame) *frame {
			v := fr.regs[x]
			if isPtr {
				p := v.ptr()
				if p == nil {
					panic(nilDeref)
				}
				v = *p
			}
			if z, ok := v.r.(zeroSlice); ok {
				l, h, mx := zeroBounds(fr, z.len, z.cap)
				fr.regs[dst] = value{r: zeroSlice{h - l, mx - l}}
				fr.pc++
				return fr
			}
			es := v.elems()
			l, h, mx := bounds(fr, len(es), cap(es))
			if es == nil {
				fr.regs[dst] = value{}
			} else {
				fr.regs[dst] = sliceVal(es[l:h:mx])
			}
			fr.pc++
			return fr
		}
	}
	return func(fr *frame) *frame {
		var es []value
		if isPtr {
			p, ok := fr.regs[x].r.(*value)
			if !ok || p == nil {
				return viewed(fr)
			}
			es = p.elems()
		} else {
			es = fr.regs[x].elems()
		}
		l, h, mx := bounds(fr, len(es), cap(es))
		if es == nil {
			fr.regs[dst] = value{}
		} else {
			fr.regs[dst] = sliceVal(es[l:h:mx])
		}
		fr.pc++
		return fr
	}
}

func (c *compiler) typeAssert(i *ssa.TypeAssert, dst int) op {
	x := c.reg(i.X)
	at := c.typ(i.AssertedType)
	st := c.typ(i.X.Type())
	commaOk := i.CommaOk
	toIface := at.kind == kInterface
	fail := func(fr *frame, have *iface) {
		if have == nil {
			if toIface {
				panic(runtimeError(fmt.Sprintf("interface conversion: interface is nil, not %s", at)))
			}
			panic(runtimeError(fmt.Sprintf("interface conversion: %s is nil, not %s", ifaceName(st), at)))
		}
		if toIface {
			panic(runtimeError(fmt.Sprintf("interface conversion: %s is not %s: missing method %s", have.t, at, missingMethod(have.t, at))))
		}
		panic(runtimeError(fmt.Sprintf("interface conversion: %s is %s, not %s", ifaceName(st), have.t, at)))
	}
	return func(fr *frame) *frame {
		v := fr.regs[x]
		have := v.iface()
		var res value
		ok := false
		if have != nil {
			if toIface {
				ok = have.t.implements(at)
				res = v
			} else if have.t == at {
				ok = true
				res = have.v
			}
		}
		if commaOk {
			if !ok {
				res = zero(at)
			}
			// The tuple is read only by this frame's Extracts, before
			// the instruction runs again: its last one is reused (also
			// in a recycled frame of the function).
			if t, isTuple := fr.regs[dst].r.([]value); isTuple && len(t) == 2 {
				t[0], t[1] = res, boolVal(ok)
			} else {
				fr.regs[dst] = value{r: []value{res, boolVal(ok)}}
			}
		} else {
			if !ok {
				fail(fr, have)
			}
			fr.regs[dst] = res
		}
		fr.pc++
		return fr
	}
}

func ifaceName(t *rtype) string { return t.str }

func missingMethod(t, it *rtype) string {
	iface := it.t.Underlying().(*types.Interface)
	ms := types.NewMethodSet(t.t)
	for j := range iface.NumMethods() {
		m := iface.Method(j)
		if ms.Lookup(m.Pkg(), m.Name()) == nil {
			return m.Name()
		}
	}
	return "?"
}

// --- range over strings and maps ---

type stringIter struct {
	s string
	i int
}

func (c *compiler) rangeOp(i *ssa.Range, dst int) op {
	x := c.reg(i.X)
	if c.typ(i.X.Type()).kind == kString {
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: &stringIter{s: fr.regs[x].str()}}
			fr.pc++
			return fr
		}
	}
	pos := i.Pos()
	if c.fn.inGoroot() || c.prog.isHidden(c.fn) {
		return func(fr *frame) *frame {
			mo, _ := fr.regs[x].r.(*mapObj)
			if m := fr.g.m; m.watchMem && mo != nil {
				m.accessMap(fr, EvRead, OpMapIterStart, mo, pos)
			}
			fr.regs[dst] = value{r: mo.iter(fr.g.m)}
			fr.pc++
			return fr
		}
	}
	// A range of the program's own code starts where the scheduler says,
	// as Go starts each iteration of a map at a random entry.
	return func(fr *frame) *frame {
		mo, _ := fr.regs[x].r.(*mapObj)
		m := fr.g.m
		if m.watchMem && mo != nil {
			m.accessMap(fr, EvRead, OpMapIterStart, mo, pos)
		}
		if n := mo.len(); n >= 2 {
			fr.regs[dst] = value{r: mo.iterFrom(m.sched.Choose(fr.g, ChooseMapStart, n))}
		} else {
			fr.regs[dst] = value{r: mo.iter(m)}
		}
		fr.pc++
		return fr
	}
}

func (c *compiler) next(i *ssa.Next, dst int) op {
	it := c.reg(i.Iter)
	if i.IsString {
		return func(fr *frame) *frame {
			si := fr.regs[it].r.(*stringIter)
			if si.i >= len(si.s) {
				fr.regs[dst] = value{r: []value{boolVal(false), {}, {}}}
			} else {
				r, w := utf8.DecodeRuneInString(si.s[si.i:])
				fr.regs[dst] = value{r: []value{boolVal(true), intVal(int64(si.i)), intVal(int64(r))}}
				si.i += w
			}
			fr.pc++
			return fr
		}
	}
	pos := i.Iter.Pos() // the range statement's (Next has none)
	return func(fr *frame) *frame {
		mi := fr.regs[it].r.(*mapIter)
		if m := fr.g.m; m.watchMem && mi.m != nil {
			m.accessMap(fr, EvRead, OpMapIterNext, mi.m, pos)
		}
		k, v, ok := mi.next()
		fr.regs[dst] = value{r: []value{boolVal(ok), k, v}}
		fr.pc++
		return fr
	}
}

// --- conversions ---

// --- unary operators ---

// --- binary operators ---

// elemsToArrayPtr converts the slice of cells s to a pointer to an array of
// n elements, as (*[n]T)(s) does: nil for a nil slice, Go's panic for a
// short one.
func elemsToArrayPtr(s []value, n int) value {
	if len(s) < n {
		panic(sliceToArrayError(len(s), n))
	}
	if s == nil {
		return value{}
	}
	return value{r: &value{r: s[:n:n]}}
}

// sliceToArrayError is Go's panic for converting a slice of length have to
// an array (or a pointer to one) of length n > have.
func sliceToArrayError(have, n int) runtimeError {
	return runtimeError(fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d", have, n))
}
