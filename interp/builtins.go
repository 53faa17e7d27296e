package interp

// Compiled calls of builtin functions.

import (
	"encoding/binary"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

func (c *compiler) builtin(name string, args []ssa.Value, dst int, pos token.Pos) op {
	ts := make([]types.Type, len(args))
	for i, a := range args {
		ts[i] = a.Type()
	}
	if name == "ssa:deferstack" {
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: fr}
			fr.pc++
			return fr
		}
	}
	if name == "Offsetof" {
		if off, ok := c.offsetof(args[0], pos); ok {
			return func(fr *frame) *frame {
				fr.regs[dst] = uintVal(uint64(off))
				fr.pc++
				return fr
			}
		}
	}
	if name == "Slice" || name == "String" {
		if view := c.scalarBytesView(name, args, dst, pos); view != nil {
			return view
		}
		return c.unsafeSlice(name, args, dst)
	}
	return c.builtinRegs(name, ts, c.regList(args), dst, pos, name == "append" && isVarargs(args[1]))
}

// offsetof returns what unsafe.Offsetof(s.f) gives where it is no
// constant (in generic code), arg being its SSA argument: the value of
// s.f, a chain of Field (or a load of a chain of FieldAddr) whose last
// selections are s.f's, the implicit ones (embedded fields, counted at
// load: Program.offsetofs) and the written one. The offsets are gc's on
// amd64 for the instance's concrete types. ok is false if arg is not
// such a chain.
func (c *compiler) offsetof(arg ssa.Value, pos token.Pos) (off int64, ok bool) {
	implicit, ok := c.prog.offsetofs[pos]
	if !ok {
		return 0, false
	}
	v := arg
	if u, isLoad := v.(*ssa.UnOp); isLoad && u.Op == token.MUL {
		v = u.X
	}
	for range implicit + 1 {
		var st *types.Struct
		var field int
		switch f := v.(type) {
		case *ssa.Field:
			st, _ = f.X.Type().Underlying().(*types.Struct)
			field, v = f.Field, f.X
		case *ssa.FieldAddr:
			if p, isPtr := f.X.Type().Underlying().(*types.Pointer); isPtr {
				st, _ = p.Elem().Underlying().(*types.Struct)
			}
			field, v = f.Field, f.X
		}
		if st == nil {
			return 0, false
		}
		fields := make([]*types.Var, st.NumFields())
		for i := range fields {
			fields[i] = st.Field(i)
		}
		off += gcSizes.Offsetsof(fields)[field]
	}
	return off, true
}

// scalarBytesView compiles unsafe.Slice((*byte)(unsafe.Pointer(&x)), n) (or
// unsafe.String) where x is a local variable of a fixed-size integer, float
// or boolean type that nothing uses after the view is made: the idiom that
// reads a scalar's bytes in memory order (encoding/binary's NativeEndian
// test). The interpreter's cell of x holds a value, not bytes, so the result
// is a fresh copy of x's bytes in the host's byte order; that copy is exact
// because no later load or store of x could tell it from a view (x is not
// captured, its address has no other use, and every load and store of it
// comes before the view in the same block). Anything else returns nil.
func (c *compiler) scalarBytesView(name string, args []ssa.Value, dst int, pos token.Pos) op {
	outer, ok := args[0].(*ssa.Convert)
	if !ok || !isUnsafePointer(outer.X.Type()) {
		return nil
	}
	tp, ok := outer.Type().Underlying().(*types.Pointer)
	if !ok || !isByteType(tp.Elem()) {
		return nil
	}
	inner, ok := outer.X.(*ssa.Convert)
	if !ok {
		return nil
	}
	alloc, ok := inner.X.(*ssa.Alloc)
	if !ok || alloc.Block() != inner.Block() {
		return nil
	}
	basic, ok := alloc.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Basic)
	if !ok || basic.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean) == 0 {
		return nil
	}
	if len(*inner.Referrers()) != 1 {
		return nil
	}
	instrs := inner.Block().Instrs
	at := slices.Index(instrs, ssa.Instruction(inner))
	for _, r := range *alloc.Referrers() {
		if r == ssa.Instruction(inner) {
			continue
		}
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc || r.Val == alloc {
				return nil
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
			continue
		default:
			return nil
		}
		if r.Block() != inner.Block() || slices.Index(instrs, r) > at {
			return nil
		}
	}
	size := int(gcSizes.Sizeof(basic))
	isFloat32 := basic.Kind() == types.Float32
	p, n := c.reg(inner.X), c.reg(args[1])
	isString := name == "String"
	return func(fr *frame) *frame {
		l := int(fr.regs[n].int())
		if l < 0 || l > size {
			panic(&UnsupportedError{Pos: c.prog.position(pos), What: fmt.Sprintf(
				"unsafe.%s of %d bytes over a %d-byte %s: the interpreter's memory is made of values, not bytes", name, l, size, basic)})
		}
		bits := fr.regs[p].ptr().n
		if isFloat32 {
			bits = uint64(math.Float32bits(float32(math.Float64frombits(bits))))
		}
		var b [8]byte
		binary.NativeEndian.PutUint64(b[:], bits)
		if binary.NativeEndian.Uint16([]byte{0, 1}) == 1 { // big-endian host: the low bytes are last
			copy(b[:], b[8-size:])
		}
		if isString {
			fr.regs[dst] = strVal(string(b[:l]))
		} else {
			fr.regs[dst] = value{r: append([]byte(nil), b[:l]...)}
		}
		fr.pc++
		return fr
	}
}

func isByteType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int8)
}

// unsafeAdd compiles unsafe.Add(ptr, len): a pointer len bytes on in the
// memory ptr points into (see addPointer).
func (c *compiler) unsafeAdd(call *ssa.Call, dst int) op {
	p, n := c.reg(call.Call.Args[0]), c.reg(call.Call.Args[1])
	return func(fr *frame) *frame {
		fr.regs[dst] = fr.g.m.addPointer(fr.regs[p], fr.regs[n].int())
		fr.pc++
		return fr
	}
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// isVarargs reports whether v is the slice of the arguments of a variadic
// call (append(s, a, b)): a fresh array only the call reads.
func isVarargs(v ssa.Value) bool {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	a, ok := sl.X.(*ssa.Alloc)
	return ok && a.Comment == "varargs"
}

// builtinRegs compiles a call of a builtin function on registers. varargs
// says that append's second operand is a fresh array of arguments.
func (c *compiler) builtinRegs(name string, ts []types.Type, args []int, dst int, pos token.Pos, varargs bool) op {
	simple := func(f func(fr *frame) value) op {
		return func(fr *frame) *frame {
			fr.regs[dst] = f(fr)
			fr.pc++
			return fr
		}
	}
	switch name {
	case "len", "cap":
		a := args[0]
		t := c.typ(ts[0])
		isCap := name == "cap"
		switch t.kind {
		case kString:
			return simple(func(fr *frame) value { return intVal(int64(len(fr.regs[a].str()))) })
		case kMap:
			return simple(func(fr *frame) value {
				mo, _ := fr.regs[a].r.(*mapObj)
				if m := fr.g.m; m.watchMem && mo != nil {
					m.accessMap(fr, EvRead, OpMapLen, mo, pos)
				}
				return intVal(int64(mo.len()))
			})
		case kChan:
			return simple(func(fr *frame) value {
				ch, _ := fr.regs[a].r.(*chanObj)
				if ch == nil {
					return value{}
				}
				if ch.syncTimer {
					// A synchronous timer channel: 0, as in Go.
					return intVal(0)
				}
				if isCap {
					return intVal(int64(ch.capacity))
				}
				fr.g.m.emit(fr, Event{Kind: EvLook, Pos: pos, Addr: ch.addr()})
				return intVal(int64(ch.count))
			})
		case kPointer:
			n := t.elem.len
			return simple(func(fr *frame) value { return intVal(int64(n)) })
		}
		if t.bytes {
			if isCap {
				return simple(func(fr *frame) value { return intVal(int64(cap(fr.regs[a].bytes()))) })
			}
			return simple(func(fr *frame) value { return intVal(int64(len(fr.regs[a].bytes()))) })
		}
		if t.zeroElems {
			return simple(func(fr *frame) value {
				l, c := zeroLenCap(fr.regs[a])
				if isCap {
					return intVal(int64(c))
				}
				return intVal(int64(l))
			})
		}
		if isCap {
			return simple(func(fr *frame) value { return intVal(int64(cap(fr.regs[a].elems()))) })
		}
		return simple(func(fr *frame) value { return intVal(int64(len(fr.regs[a].elems()))) })
	case "append":
		t := c.typ(ts[0])
		s, x := args[0], args[1]
		fromString := c.typ(ts[1]).kind == kString
		et := t.elem
		site := c.newAllocSite(pos, escAppend, "", gcSizes.Sizeof(et.t))
		c.sliceMoves()
		site.stack = c.stackAppends[pos]
		if t.bytes {
			return simple(func(fr *frame) value {
				var add []byte
				if fromString {
					add = unsafe.Slice(unsafe.StringData(fr.regs[x].str()), len(fr.regs[x].str()))
				} else {
					add = fr.regs[x].bytes()
				}
				old := fr.regs[s].bytes()
				out := fr.g.m.appendBytes(fr, old, add, et, !varargs && !fromString, OpAppend, pos)
				if m := fr.g.m; m.allocs.counting && cap(out) != cap(old) {
					m.countGrow(fr, site, len(out), cap(out))
				}
				return bytesSlice(out)
			})
		}
		if fromString {
			return simple(func(fr *frame) value {
				old := fr.regs[s].elems()
				out := fr.g.m.appendString(fr, old, fr.regs[x].str(), et, pos)
				if m := fr.g.m; m.allocs.counting && cap(out) != cap(old) {
					m.countGrow(fr, site, len(out), cap(out))
				}
				return sliceVal(out)
			})
		}
		if t.zeroElems {
			// Zero-size elements: growslice allocates nothing.
			return simple(func(fr *frame) value {
				sv, xv := fr.regs[s], fr.regs[x]
				_, sz := sv.r.(zeroSlice)
				_, xz := xv.r.(zeroSlice)
				if !sz && !xz {
					return sliceVal(fr.g.m.appendValues(fr, sv.elems(), xv.elems(), et, !varargs, OpAppend, pos))
				}
				return appendZero(sv, xv, et)
			})
		}
		return simple(func(fr *frame) value {
			old := fr.regs[s].elems()
			out := fr.g.m.appendValues(fr, old, fr.regs[x].elems(), et, !varargs, OpAppend, pos)
			if m := fr.g.m; m.allocs.counting && cap(out) != cap(old) {
				m.countGrow(fr, site, len(out), cap(out))
			}
			return sliceVal(out)
		})
	case "copy":
		d, s := args[0], args[1]
		fromString := c.typ(ts[1]).kind == kString
		et := c.typ(ts[0]).elem
		if c.typ(ts[0]).bytes {
			return simple(func(fr *frame) value {
				dst := fr.regs[d].bytes()
				var src []byte
				if fromString {
					src = unsafe.Slice(unsafe.StringData(fr.regs[s].str()), len(fr.regs[s].str()))
				} else {
					src = fr.regs[s].bytes()
				}
				m := fr.g.m
				n := min(len(dst), len(src))
				if m.watchMem {
					if !fromString {
						m.accessBytes(fr, EvRead, OpSliceCopy, src[:n], pos)
					}
					m.accessBytes(fr, EvWrite, OpSliceCopy, dst[:n], pos)
				}
				return intVal(int64(m.setBytes(dst, src)))
			})
		}
		if c.typ(ts[0]).zeroElems {
			return simple(func(fr *frame) value {
				_, dz := fr.regs[d].r.(zeroSlice)
				_, sz := fr.regs[s].r.(zeroSlice)
				if !dz && !sz {
					dst, src := fr.regs[d].elems(), fr.regs[s].elems()
					if m := fr.g.m; m.watchMem {
						n := min(len(dst), len(src))
						m.accessElems(fr, EvRead, OpSliceCopy, src[:n], et, pos)
						m.accessElems(fr, EvWrite, OpSliceCopy, dst[:n], et, pos)
					}
					return intVal(int64(fr.g.m.copyValues(dst, src, et)))
				}
				// Zero-size elements: nothing to copy.
				dl, _ := zeroLenCap(fr.regs[d])
				sl, _ := zeroLenCap(fr.regs[s])
				return intVal(int64(min(dl, sl)))
			})
		}
		return simple(func(fr *frame) value {
			dst := fr.regs[d].elems()
			m := fr.g.m
			if fromString {
				src := fr.regs[s].str()
				n := min(len(dst), len(src))
				if m.watchMem {
					m.accessElems(fr, EvWrite, OpSliceCopy, dst[:n], et, pos)
				}
				for i := range n {
					m.set(&dst[i], value{n: uint64(src[i])})
				}
				return intVal(int64(n))
			}
			src := fr.regs[s].elems()
			if m.watchMem {
				n := min(len(dst), len(src))
				m.accessElems(fr, EvRead, OpSliceCopy, src[:n], et, pos)
				m.accessElems(fr, EvWrite, OpSliceCopy, dst[:n], et, pos)
			}
			return intVal(int64(m.copyValues(dst, src, et)))
		})
	case "delete":
		mr, kr := args[0], args[1]
		return simple(func(fr *frame) value {
			if mo, _ := fr.regs[mr].r.(*mapObj); mo != nil {
				if m := fr.g.m; m.watchMem {
					m.accessMap(fr, EvWrite, OpMapDelete, mo, pos)
				}
				mo.delete(fr.regs[kr])
			}
			return value{}
		})
	case "clear":
		a := args[0]
		t := c.typ(ts[0])
		if t.kind == kMap {
			return simple(func(fr *frame) value {
				if mo, _ := fr.regs[a].r.(*mapObj); mo != nil {
					if m := fr.g.m; m.watchMem {
						m.accessMap(fr, EvWrite, OpMapClear, mo, pos)
					}
					mo.clear()
				}
				return value{}
			})
		}
		et := t.elem
		if t.bytes {
			return simple(func(fr *frame) value {
				b := fr.regs[a].bytes()
				m := fr.g.m
				if m.watchMem {
					m.accessBytes(fr, EvWrite, OpSliceClear, b, pos)
				}
				if m.logging {
					m.setBytes(b, make([]byte, len(b)))
				} else {
					clear(b)
				}
				return value{}
			})
		}
		zeroElems := t.zeroElems
		return simple(func(fr *frame) value {
			if _, ok := fr.regs[a].r.(zeroSlice); ok && zeroElems {
				return value{} // zero-size elements: already zero
			}
			es := fr.regs[a].elems()
			m := fr.g.m
			if m.watchMem {
				m.accessElems(fr, EvWrite, OpSliceClear, es, et, pos)
			}
			for i := range es {
				m.store(&es[i], zero(et), et)
			}
			return value{}
		})
	case "print", "println":
		ln := name == "println"
		rts := make([]*rtype, len(ts))
		for i, t := range ts {
			rts[i] = c.typ(t)
		}
		return simple(func(fr *frame) value {
			var sb strings.Builder
			for i, a := range args {
				if ln && i > 0 {
					sb.WriteByte(' ')
				}
				printValue(&sb, fr.regs[a], rts[i])
			}
			if ln {
				sb.WriteByte('\n')
			}
			m := fr.g.m
			m.stdout.Flush()
			m.stderr.Write([]byte(sb.String()))
			return value{}
		})
	case "recover":
		return simple(func(fr *frame) value {
			g := fr.g
			p := g.panic
			d := fr.deferredCall()
			if p == nil || p.recovered || p.goexit || !d.isDefer || d.caller == nil || !d.caller.unwinding {
				return value{}
			}
			p.recovered = true
			return p.val
		})
	case "real", "imag":
		a := args[0]
		t := c.typ(ts[0])
		isReal := name == "real"
		return simple(func(fr *frame) value {
			z := fr.regs[a].complex()
			f := imag(z)
			if isReal {
				f = real(z)
			}
			if t.kind == kComplex64 {
				f = float64(float32(f))
			}
			return floatVal(f)
		})
	case "complex":
		re, im := args[0], args[1]
		return simple(func(fr *frame) value {
			return value{r: complex(fr.regs[re].float(), fr.regs[im].float())}
		})
	case "min", "max":
		t := c.typ(ts[0])
		isMin := name == "min"
		return simple(func(fr *frame) value {
			best := fr.regs[args[0]]
			for _, a := range args[1:] {
				best = minMax(best, fr.regs[a], t, isMin)
			}
			return best
		})
	case "close":
		a := args[0]
		return func(fr *frame) *frame {
			if fr.point(OpChanClose, pos) {
				return nil
			}
			ch, _ := fr.regs[a].r.(*chanObj)
			if ch == nil {
				panic(runtimeError("close of nil channel"))
			}
			if ch.closed {
				panic(runtimeError("close of closed channel"))
			}
			if m := fr.g.m; m.watchMem {
				m.accessChan(fr, EvWrite, OpChanCloseWrite, ch, pos)
			}
			ch.close(fr, pos)
			fr.pc++
			return fr
		}
	case "SliceData": // unsafe.SliceData
		// Tagged with the capacity it reaches (memview.go).
		a := args[0]
		st := c.typ(ts[0])
		if st.bytes {
			return simple(func(fr *frame) value {
				b := fr.regs[a].bytes()
				if cap(b) == 0 {
					return value{}
				}
				return value{r: &b[:1][0], n: ptrTag(st.elem, int64(cap(b)))}
			})
		}
		esize := st.elem.gcSize()
		return simple(func(fr *frame) value {
			es := fr.regs[a].elems()
			if cap(es) == 0 {
				return value{}
			}
			return value{r: &es[:1][0], n: ptrTag(st.elem, int64(cap(es))*esize)}
		})
	case "StringData": // unsafe.StringData
		// The string's own bytes, as in Go: the same string gives the same
		// pointer (strings.Map returns its argument unchanged, and its
		// test compares the pointers), and a substring points into it.
		// Writing through the pointer is undefined in Go; a write to a
		// string in the host's read-only memory faults, which run turns
		// into a host panic (debug.SetPanicOnFault) reported as an error.
		a := args[0]
		return simple(func(fr *frame) value {
			s := fr.regs[a].str()
			if len(s) == 0 {
				return value{}
			}
			return value{r: unsafe.StringData(s), n: ptrTag(fr.g.m.byteType(), int64(len(s)))}
		})
	case "Sizeof", "Alignof": // in generic code: not constants in the source
		n := gcSizes.Sizeof(ts[0])
		if name == "Alignof" {
			n = gcSizes.Alignof(ts[0])
		}
		return simple(func(*frame) value { return uintVal(uint64(n)) })
	case "ssa:wrapnilchk":
		p, tn, mn := args[0], args[1], args[2]
		return simple(func(fr *frame) value {
			v := fr.regs[p]
			if v.r == nil {
				recv := fr.regs[tn].str()
				panic(runtimeError(fmt.Sprintf("value method %s.%s called using nil *%s pointer",
					recv, fr.regs[mn].str(), recv[strings.LastIndex(recv, ".")+1:])))
			}
			return v
		})
	}
	return func(fr *frame) *frame {
		panic(&UnsupportedError{Pos: c.prog.position(pos), What: "builtin " + name})
	}
}

func minMax(a, b value, t *rtype, isMin bool) value {
	switch {
	case t.kind == kString:
		if (b.str() < a.str()) == isMin && b.str() != a.str() {
			return b
		}
		return a
	case isFloat(t.kind):
		x, y := a.float(), b.float()
		if x != x {
			return a
		}
		if y != y {
			return b
		}
		if isMin {
			return floatVal(math.Min(x, y))
		}
		return floatVal(math.Max(x, y))
	case isUint(t.kind):
		if (b.n < a.n) == isMin && a.n != b.n {
			return b
		}
		return a
	}
	if (int64(b.n) < int64(a.n)) == isMin && a.n != b.n {
		return b
	}
	return a
}

// appendValues appends add to s (of element type et) with Go's growth,
// reporting the accesses Go's race detector checks (as op, at pos, in fr):
// reads of s's elements when it grows (runtime.growslice), reads of add's
// (unless readAdd is false: a fresh array of arguments), and writes of the
// new elements when they are in s's array (a grown slice is new memory).
func (m *machine) appendValues(fr *frame, s, add []value, et *rtype, readAdd bool, op Op, pos token.Pos) []value {
	n := len(s) + len(add)
	if m.watchMem && len(add) > 0 {
		if readAdd {
			m.accessElems(fr, EvRead, op, add, et, pos)
		}
		if n > cap(s) {
			m.accessElems(fr, EvRead, growOp(op), s, et, pos)
		} else {
			m.accessElems(fr, EvWrite, op, s[len(s):n], et, pos)
		}
	}
	if n <= cap(s) {
		out := s[:n]
		m.copyValues(out[len(s):], add, et)
		return out
	}
	if len(add) == 0 {
		return s
	}
	newCap := growCap(n, cap(s), et)
	out := make([]value, n, newCap)
	copy(out, s)
	m.work(newCap * int(unsafe.Sizeof(value{})))
	for i := range add {
		out[len(s)+i] = copyVal(add[i], et)
	}
	if et.aggregate {
		// Zero the spare capacity so later appends into it find cells.
		spare := out[n:newCap]
		for i := range spare {
			spare[i] = zero(et)
		}
	}
	return out
}

// appendZero is append for elements of the zero-size type et when s or
// add is a zeroSlice: Go's growslice gives a slice of zero-size elements
// a capacity of its new length, and nothing is copied.
func appendZero(s, add value, et *rtype) value {
	sl, sc := zeroLenCap(s)
	al, _ := zeroLenCap(add)
	if al == 0 {
		return s
	}
	n := sl + al
	if n < 0 {
		panic(runtimeError("growslice: len out of range"))
	}
	if z, ok := s.r.(zeroSlice); ok && n <= sc {
		return value{r: zeroSlice{n, z.cap}}
	}
	if n <= sc {
		// s has the cells: they hold the zero value already.
		return value{r: s.elems()[:n]}
	}
	if n >= zeroSliceMin {
		return value{r: zeroSlice{n, n}}
	}
	return value{r: makeElems(et, n, n)}
}

// appendBytes is appendValues for byte arrays: it appends add to s with
// Go's growth and the accesses appendValues reports.
func (m *machine) appendBytes(fr *frame, s, add []byte, et *rtype, readAdd bool, op Op, pos token.Pos) []byte {
	n := len(s) + len(add)
	if m.watchMem && len(add) > 0 {
		if readAdd {
			m.accessBytes(fr, EvRead, op, add, pos)
		}
		if n > cap(s) {
			m.accessBytes(fr, EvRead, growOp(op), s, pos)
		} else {
			m.accessBytes(fr, EvWrite, op, s[len(s):n], pos)
		}
	}
	if n <= cap(s) {
		out := s[:n]
		m.setBytes(out[len(s):], add)
		return out
	}
	if len(add) == 0 {
		return s
	}
	out := make([]byte, n, growCap(n, cap(s), et))
	m.work(cap(out))
	m.noteFresh(out)
	copy(out, s)
	copy(out[len(s):], add)
	return out
}

// growOp is the operation of the reads of a growing append's old elements:
// runtime.growslice for the builtin, op itself for a model (reflect.Append).
func growOp(op Op) Op {
	if op == OpAppend {
		return OpGrowSlice
	}
	return op
}

// appendString appends the bytes of str to s, a []byte, with Go's growth
// and the accesses of appendValues.
func (m *machine) appendString(fr *frame, s []value, str string, et *rtype, pos token.Pos) []value {
	if len(str) == 0 {
		return s
	}
	n := len(s) + len(str)
	if m.watchMem {
		if n > cap(s) {
			m.accessElems(fr, EvRead, OpGrowSlice, s, et, pos)
		} else {
			m.accessElems(fr, EvWrite, OpAppend, s[len(s):n], et, pos)
		}
	}
	var out []value
	if n <= cap(s) {
		out = s[:n]
		if m.logging {
			for i := range len(str) {
				m.set(&out[len(s)+i], value{n: uint64(str[i])})
			}
			return out
		}
	} else {
		out = make([]value, n, growCap(n, cap(s), et))
		copy(out, s)
	}
	add := out[len(s):]
	for i := range len(str) {
		add[i] = value{n: uint64(str[i])}
	}
	return out
}

// copyValues copies src into dst (which may overlap), elementwise by
// value, and returns the number of elements copied.
func (m *machine) copyValues(dst, src []value, et *rtype) int {
	n := min(len(dst), len(src))
	m.work(n * int(unsafe.Sizeof(value{})))
	if !et.aggregate && !m.logging {
		return copy(dst, src)
	}
	tmp := make([]value, n)
	for i := range n {
		tmp[i] = copyVal(src[i], et)
	}
	for i := range n {
		m.store(&dst[i], tmp[i], et)
	}
	return n
}

// sizeClasses are the Go allocator's small size classes.
var sizeClasses = [...]int64{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

// growCap computes the capacity Go's growslice gives when a slice of
// capacity oldCap must hold newLen elements of type et.
func growCap(newLen, oldCap int, et *rtype) int {
	newcap := oldCap
	double := newcap + newcap
	if newLen > double {
		newcap = newLen
	} else if oldCap < 256 {
		newcap = double
	} else {
		for newcap < newLen {
			newcap += (newcap + 3*256) >> 2
		}
	}
	size := et.sizeof()
	if size == 0 {
		return newLen
	}
	mem := roundupsize(int64(newcap)*size, !hasPointers(et.t))
	return int(mem / size)
}

func roundupsize(size int64, noscan bool) int64 {
	req := size
	if req <= 32768-8 {
		if !noscan && req > 512 {
			req += 8
		}
		for _, c := range sizeClasses {
			if c >= req {
				return c - (req - size)
			}
		}
	}
	const page = 8192
	return (req + page - 1) &^ (page - 1)
}

func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// printValue formats v as the print and println builtins do.
func printValue(sb *strings.Builder, v value, t *rtype) {
	switch t.kind {
	case kBool:
		sb.WriteString(strconv.FormatBool(v.bool()))
	case kInt, kInt8, kInt16, kInt32, kInt64:
		sb.WriteString(strconv.FormatInt(v.int(), 10))
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		sb.WriteString(strconv.FormatUint(v.n, 10))
	case kFloat32:
		sb.WriteString(strconv.FormatFloat(v.float(), 'g', -1, 32))
	case kFloat64:
		sb.WriteString(printFloat(v.float()))
	case kComplex64:
		sb.WriteString(strconv.FormatComplex(v.complex(), 'g', -1, 64))
	case kComplex128:
		sb.WriteString(strconv.FormatComplex(v.complex(), 'g', -1, 128))
	case kString:
		sb.WriteString(v.str())
	case kInterface:
		i := v.iface()
		if i == nil {
			sb.WriteString("(0x0,0x0)")
		} else {
			fmt.Fprintf(sb, "(%p,%p)", i.t, i.v.r)
		}
	default:
		if v.r == nil {
			sb.WriteString("0x0")
		} else {
			fmt.Fprintf(sb, "%#x", dataWord(v.r))
		}
	}
}

// printFloat formats like the runtime's printfloat64.
func printFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
