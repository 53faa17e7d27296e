package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// runtimeError is a Go run-time panic raised by an op, with the message
// Go prints after "runtime error: ".
type runtimeError string

const nilDeref = runtimeError("invalid memory address or nil pointer dereference")

// isPlainError reports whether Go raises the run-time error msg as a
// runtime.plainError, whose message has no "runtime error: " prefix.
func isPlainError(msg string) bool {
	for _, p := range []string{"interface conversion:", "assignment to entry in nil map", "close of closed channel",
		"close of nil channel", "makechan: size out of range", "send on closed channel", "value method "} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// runtimeErrorValue returns the interpreted value of a run-time panic: a
// runtime.Error as in Go.
func (m *machine) runtimeErrorValue(e runtimeError) value {
	t := m.prog.runtimeType("errorString")
	if isPlainError(string(e)) {
		t = m.prog.runtimeType("plainError")
	}
	if t == nil {
		return value{r: &iface{t: m.prog.typeOf(types.Typ[types.String]), v: strVal("runtime error: " + string(e))}}
	}
	return value{r: &iface{t: t, v: strVal(string(e))}}
}

func (m *machine) panicNilError() value {
	t := m.prog.runtimeType("PanicNilError")
	if t == nil {
		return value{r: &iface{t: m.prog.typeOf(types.Typ[types.String]), v: strVal("panic called with nil argument")}}
	}
	c := zero(t.elem)
	return value{r: &iface{t: t, v: value{r: &c}}}
}

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
		if !i.Heap {
			// A local that does not escape: its cell lives in the frame and
			// is zeroed in place each time the Alloc runs.
			k := c.fn.nlocals
			c.fn.nlocals++
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
				fr.regs[dst] = value{r: cell}
				fr.pc++
				return fr
			}
		}
		if t.aggregate {
			return func(fr *frame) *frame {
				z := zero(t)
				fr.regs[dst] = value{r: &z}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: new(value)}
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
		return func(fr *frame) *frame {
			s := fr.regs[x].elems()
			if len(s) < n {
				panic(runtimeError(fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d", len(s), n)))
			}
			if s == nil {
				fr.regs[dst] = value{}
			} else {
				fr.regs[dst] = value{r: &value{r: s[:n:n]}}
			}
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
		return func(fr *frame) *frame {
			env := make([]value, len(bs))
			for j, b := range bs {
				env[j] = fr.regs[b]
			}
			fr.regs[dst] = value{r: &closure{fn: f, env: env}}
			fr.pc++
			return fr
		}
	case *ssa.MakeMap:
		t := c.typ(i.Type())
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: newMap(fr.g.m, t)}
			fr.pc++
			return fr
		}
	case *ssa.MakeChan:
		t := c.typ(i.Type())
		size := c.reg(i.Size)
		signed := isSigned(i.Size.Type())
		return func(fr *frame) *frame {
			n := fr.regs[size].n
			if (signed && int64(n) < 0) || n > 1<<40 {
				panic(runtimeError("makechan: size out of range"))
			}
			fr.regs[dst] = value{r: fr.g.m.newChan(t, int(n))}
			fr.pc++
			return fr
		}
	case *ssa.MakeSlice:
		t := c.typ(i.Type())
		l, cp := c.reg(i.Len), c.reg(i.Cap)
		ls, cs := isSigned(i.Len.Type()), isSigned(i.Cap.Type())
		return func(fr *frame) *frame {
			n, k := fr.regs[l].n, fr.regs[cp].n
			if (ls && int64(n) < 0) || n > 1<<40 {
				panic(runtimeError("makeslice: len out of range"))
			}
			if (cs && int64(k) < 0) || k > 1<<40 || k < n {
				panic(runtimeError("makeslice: cap out of range"))
			}
			fr.regs[dst] = value{r: makeElems(t.elem, int(n), int(k))}
			fr.pc++
			return fr
		}
	case *ssa.Slice:
		return c.slice(i, dst)
	case *ssa.FieldAddr:
		x := c.reg(i.X)
		f := i.Field
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: fieldCell(fr, x, f)}
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
		return func(fr *frame) *frame {
			fr.regs[dst] = value{r: indexCell(fr, o)}
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
			fr.regs[dst] = fr.regs[t].r.([]value)[idx]
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

// fieldCell returns the address of field f of the struct regs[x] points
// to, panicking like Go on a nil pointer.
func fieldCell(fr *frame, x, f int) *value {
	p := fr.regs[x].ptr()
	if p == nil {
		panic(nilDeref)
	}
	return &p.elems()[f]
}

// indexCell returns the address of the element an IndexAddr designates,
// with Go's nil and bounds checks.
func indexCell(fr *frame, o indexOperand) *value {
	var es []value
	if o.isPtr {
		p := fr.regs[o.x].ptr()
		if p == nil {
			panic(nilDeref)
		}
		es = p.elems()
	} else {
		es = fr.regs[o.x].elems()
	}
	return &es[checkIndex(fr.regs[o.idx].n, o.signed, len(es))]
}

// indexOperand is the compiled operands of an IndexAddr: the registers of
// the slice (or pointer to array) and of the index.
type indexOperand struct {
	x, idx        int
	isPtr, signed bool
}

func (c *compiler) indexOperand(ia *ssa.IndexAddr) indexOperand {
	return indexOperand{x: c.reg(ia.X), idx: c.reg(ia.Index),
		isPtr: c.typ(ia.X.Type()).kind == kPointer, signed: isSigned(ia.Index.Type())}
}

// checkIndex converts index n to int, panicking like Go when it is out of
// range for length l.
func checkIndex(n uint64, signed bool, l int) int {
	if signed && int64(n) < 0 {
		panic(runtimeError(fmt.Sprintf("index out of range [%d]", int64(n))))
	}
	if n >= uint64(l) {
		panic(runtimeError(fmt.Sprintf("index out of range [%d] with length %d", n, l)))
	}
	return int(n)
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
	bound := func(fr *frame, r int, signed bool, def int) int {
		if r < 0 {
			return def
		}
		n := fr.regs[r].n
		if signed && int64(n) < 0 {
			return -1 << 62
		}
		if n > 1<<62 {
			return 1 << 62
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
	return func(fr *frame) *frame {
		var es []value
		capWord := "capacity"
		if isPtr {
			p := fr.regs[x].ptr()
			if p == nil {
				panic(nilDeref)
			}
			es = p.elems()
			capWord = "length"
		} else {
			es = fr.regs[x].elems()
		}
		cp := cap(es)
		l := bound(fr, lo, loS, 0)
		h := bound(fr, hi, hiS, len(es))
		mx := bound(fr, max, maxS, cp)
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
			fr.regs[dst] = sliceVal(es[l:h:mx])
		} else {
			if h < 0 || h > cp {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d] with %s %d", h, capWord, cp)))
			}
			if l < 0 || l > h {
				panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d]", l, h)))
			}
			if es == nil {
				fr.regs[dst] = value{}
			} else {
				fr.regs[dst] = value{r: es[l:h]}
			}
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
			fr.regs[dst] = value{r: []value{res, boolVal(ok)}}
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
	return func(fr *frame) *frame {
		m, _ := fr.regs[x].r.(*mapObj)
		fr.regs[dst] = value{r: m.iter(fr.g.m)}
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
	return func(fr *frame) *frame {
		mi := fr.regs[it].r.(*mapIter)
		k, v, ok := mi.next()
		fr.regs[dst] = value{r: []value{boolVal(ok), k, v}}
		fr.pc++
		return fr
	}
}

// --- conversions ---

func (c *compiler) convert(i *ssa.Convert, dst int) op {
	x := c.reg(i.X)
	from, to := c.typ(i.X.Type()), c.typ(i.Type())
	conv := converter(from, to)
	if conv == nil {
		return c.unsupported(i, fmt.Sprintf("conversion from %s to %s", from, to))
	}
	return func(fr *frame) *frame {
		fr.regs[dst] = conv(fr.regs[x])
		fr.pc++
		return fr
	}
}

func isInt(k kind) bool   { return k >= kInt && k <= kUintptr }
func isUint(k kind) bool  { return k >= kUint && k <= kUintptr }
func isFloat(k kind) bool { return k == kFloat32 || k == kFloat64 }
func isCplx(k kind) bool  { return k == kComplex64 || k == kComplex128 }

// wrap truncates an integer result to the width of kind k (sign- or
// zero-extending it back to 64 bits).
func wrap(k kind, x uint64) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(x)))
	case kInt16:
		return uint64(int64(int16(x)))
	case kInt32:
		return uint64(int64(int32(x)))
	case kUint8:
		return uint64(uint8(x))
	case kUint16:
		return uint64(uint16(x))
	case kUint32:
		return uint64(uint32(x))
	}
	return x
}

func converter(from, to *rtype) func(value) value {
	fk, tk := from.kind, to.kind
	switch {
	case isInt(fk) && isInt(tk):
		return func(v value) value { return value{n: wrap(tk, v.n)} }
	case isInt(fk) && isFloat(tk):
		signed := !isUint(fk)
		return func(v value) value {
			var f float64
			if signed {
				f = float64(int64(v.n))
			} else {
				f = float64(v.n)
			}
			if tk == kFloat32 {
				if signed {
					f = float64(float32(int64(v.n)))
				} else {
					f = float64(float32(v.n))
				}
			}
			return floatVal(f)
		}
	case isFloat(fk) && isInt(tk):
		return func(v value) value { return value{n: floatToInt(v.float(), tk)} }
	case isFloat(fk) && isFloat(tk):
		if tk == kFloat32 {
			return func(v value) value { return floatVal(float64(float32(v.float()))) }
		}
		return func(v value) value { return v }
	case isCplx(fk) && isCplx(tk):
		if tk == kComplex64 {
			return func(v value) value {
				c := v.complex()
				return value{r: complex(float64(float32(real(c))), float64(float32(imag(c))))}
			}
		}
		return func(v value) value { return v }
	case isInt(fk) && tk == kString:
		signed := !isUint(fk)
		return func(v value) value {
			n := v.n
			if signed && int64(n) < 0 || n > utf8.MaxRune {
				return strVal(string(utf8.RuneError))
			}
			return strVal(string(rune(n)))
		}
	case fk == kString && tk == kString:
		return func(v value) value { return v }
	case fk == kSlice && tk == kString:
		if from.elem.kind == kUint8 {
			return func(v value) value {
				es := v.elems()
				b := make([]byte, len(es))
				for j, e := range es {
					b[j] = byte(e.n)
				}
				return strVal(string(b))
			}
		}
		return func(v value) value {
			es := v.elems()
			rs := make([]rune, len(es))
			for j, e := range es {
				rs[j] = rune(int32(e.n))
			}
			return strVal(string(rs))
		}
	case fk == kString && tk == kSlice:
		if to.elem.kind == kUint8 {
			return func(v value) value { return bytesVal(v.str()) }
		}
		return func(v value) value {
			s := v.str()
			es := make([]value, 0, utf8.RuneCountInString(s))
			for _, r := range s {
				es = append(es, intVal(int64(r)))
			}
			return value{r: es}
		}
	case fk == kUnsafePointer && tk == kPointer, fk == kPointer && tk == kUnsafePointer, fk == kUnsafePointer && tk == kUnsafePointer:
		return func(v value) value { return v }
	case fk == kSlice && tk == kArray:
		n := to.len
		et := to.elem
		return func(v value) value {
			es := v.elems()
			if len(es) < n {
				panic(runtimeError(fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d", len(es), n)))
			}
			return copyVal(value{r: es[:n:n]}, &rtype{kind: kArray, aggregate: true, elem: et})
		}
	case fk == kUnsafePointer && tk == kUintptr:
		return func(v value) value {
			if v.r == nil {
				return value{}
			}
			return value{n: uint64(dataWord(v.r))}
		}
	}
	return nil
}

// bytesVal converts a string to a []byte value.
func bytesVal(s string) value {
	es := make([]value, len(s))
	for j := 0; j < len(s); j++ {
		es[j].n = uint64(s[j])
	}
	return value{r: es}
}

// floatToInt converts like the compiled program does on amd64.
func floatToInt(f float64, k kind) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(f)))
	case kInt16:
		return uint64(int64(int16(f)))
	case kInt32:
		return uint64(int64(int32(f)))
	case kInt, kInt64:
		return uint64(int64(f))
	case kUint8:
		return uint64(uint8(f))
	case kUint16:
		return uint64(uint16(f))
	case kUint32:
		return uint64(uint32(f))
	}
	return uint64(f)
}

// --- unary operators ---

func (c *compiler) unOp(i *ssa.UnOp, dst int) op {
	x := c.reg(i.X)
	t := c.typ(i.X.Type())
	switch i.Op {
	case token.NOT:
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: fr.regs[x].n ^ 1}
			fr.pc++
			return fr
		}
	case token.SUB:
		k := t.kind
		switch {
		case isInt(k):
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: wrap(k, -fr.regs[x].n)}
				fr.pc++
				return fr
			}
		case isFloat(k):
			return func(fr *frame) *frame {
				fr.regs[dst] = floatVal(-fr.regs[x].float())
				fr.pc++
				return fr
			}
		case isCplx(k):
			return func(fr *frame) *frame {
				fr.regs[dst] = value{r: -fr.regs[x].complex()}
				fr.pc++
				return fr
			}
		}
	case token.XOR:
		k := t.kind
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: wrap(k, ^fr.regs[x].n)}
			fr.pc++
			return fr
		}
	case token.MUL:
		et := t.elem
		pos := i.Pos()
		if v := c.fwd[i.X]; v != nil {
			// A load from a forwarded local: the stored value, or its field.
			src := c.reg(v)
			if fa, ok := i.X.(*ssa.FieldAddr); ok {
				f := fa.Field
				return func(fr *frame) *frame {
					fr.regs[dst] = fr.regs[src].elems()[f]
					fr.pc++
					return fr
				}
			}
			return func(fr *frame) *frame {
				fr.regs[dst] = fr.regs[src]
				fr.pc++
				return fr
			}
		}
		if c.fused[i.X] {
			if fa, ok := i.X.(*ssa.FieldAddr); ok && !et.aggregate {
				x, f := c.reg(fa.X), fa.Field
				return func(fr *frame) *frame {
					p := fieldCell(fr, x, f)
					if m := fr.g.m; m.watchMem {
						m.emit(fr, Event{Kind: EvRead, Addr: addrOf(p), N: 1, Pos: pos})
					}
					fr.regs[dst] = *p
					fr.pc++
					return fr
				}
			}
			if ia, ok := i.X.(*ssa.IndexAddr); ok && !et.aggregate {
				o := c.indexOperand(ia)
				return func(fr *frame) *frame {
					p := indexCell(fr, o)
					if m := fr.g.m; m.watchMem {
						m.emit(fr, Event{Kind: EvRead, Addr: addrOf(p), N: 1, Pos: pos})
					}
					fr.regs[dst] = *p
					fr.pc++
					return fr
				}
			}
			addr := c.addrOf(i.X)
			return func(fr *frame) *frame {
				p := addr(fr)
				if m := fr.g.m; m.watchMem {
					m.accessCells(fr, EvRead, p, et, pos)
				}
				fr.regs[dst] = copyVal(*p, et)
				fr.pc++
				return fr
			}
		}
		if et.aggregate {
			return func(fr *frame) *frame {
				p := fr.regs[x].ptr()
				if p == nil {
					panic(nilDeref)
				}
				if m := fr.g.m; m.watchMem {
					m.accessCells(fr, EvRead, p, et, pos)
				}
				fr.regs[dst] = copyVal(*p, et)
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			p := fr.regs[x].ptr()
			if p == nil {
				panic(nilDeref)
			}
			if m := fr.g.m; m.watchMem {
				m.emit(fr, Event{Kind: EvRead, Addr: addrOf(p), N: 1, Pos: pos})
			}
			fr.regs[dst] = *p
			fr.pc++
			return fr
		}
	case token.ARROW:
		return c.recv(i, dst)
	}
	return c.unsupported(i, "unary operator "+i.Op.String())
}

// --- binary operators ---

func (c *compiler) binOp(i *ssa.BinOp, dst int) op {
	x, y := c.reg(i.X), c.reg(i.Y)
	t := c.typ(i.X.Type())
	k := t.kind
	tok := i.Op
	switch tok {
	case token.EQL, token.NEQ:
		neq := tok == token.NEQ
		switch {
		case isInt(k) || k == kBool:
			if neq {
				return func(fr *frame) *frame {
					fr.regs[dst] = value{n: b2u(fr.regs[x].n != fr.regs[y].n)}
					fr.pc++
					return fr
				}
			}
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: b2u(fr.regs[x].n == fr.regs[y].n)}
				fr.pc++
				return fr
			}
		case k == kString:
			if neq {
				return bin(x, y, dst, func(a, b value) value { return boolVal(a.str() != b.str()) })
			}
			return bin(x, y, dst, func(a, b value) value { return boolVal(a.str() == b.str()) })
		}
		// Comparison with nil of a slice, map or func has a typed-nil
		// operand of the same type.
		return bin(x, y, dst, func(a, b value) value { return boolVal(equal(a, b, t) != neq) })
	case token.SHL, token.SHR:
		ySigned := isSigned(i.Y.Type())
		signed := !isUint(k)
		shl := tok == token.SHL
		return bin(x, y, dst, func(a, b value) value {
			s := b.n
			if ySigned && int64(s) < 0 {
				panic(runtimeError("negative shift amount"))
			}
			if shl {
				if s >= 64 {
					return value{}
				}
				return value{n: wrap(k, a.n<<s)}
			}
			if s >= 64 {
				s = 63
				if !signed {
					return value{}
				}
			}
			if signed {
				return value{n: uint64(int64(a.n) >> s)}
			}
			return value{n: a.n >> s}
		})
	}
	switch {
	case isInt(k):
		return c.intBinOp(tok, k, x, y, dst)
	case isFloat(k):
		return c.floatBinOp(tok, k, x, y, dst)
	case isCplx(k):
		return c.complexBinOp(tok, k, x, y, dst)
	case k == kString:
		switch tok {
		case token.ADD:
			return bin(x, y, dst, func(a, b value) value { return strVal(a.str() + b.str()) })
		case token.LSS:
			return bin(x, y, dst, func(a, b value) value { return boolVal(a.str() < b.str()) })
		case token.LEQ:
			return bin(x, y, dst, func(a, b value) value { return boolVal(a.str() <= b.str()) })
		case token.GTR:
			return bin(x, y, dst, func(a, b value) value { return boolVal(a.str() > b.str()) })
		case token.GEQ:
			return bin(x, y, dst, func(a, b value) value { return boolVal(a.str() >= b.str()) })
		}
	}
	return c.unsupported(i, fmt.Sprintf("binary operator %s on %s", tok, t))
}

func bin(x, y, dst int, f func(a, b value) value) op {
	return func(fr *frame) *frame {
		fr.regs[dst] = f(fr.regs[x], fr.regs[y])
		fr.pc++
		return fr
	}
}

func (c *compiler) intBinOp(tok token.Token, k kind, x, y, dst int) op {
	signed := !isUint(k)
	full := k == kInt || k == kInt64 || k == kUint || k == kUint64 || k == kUintptr
	switch tok {
	case token.ADD:
		if full {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: fr.regs[x].n + fr.regs[y].n}
				fr.pc++
				return fr
			}
		}
		return bin(x, y, dst, func(a, b value) value { return value{n: wrap(k, a.n+b.n)} })
	case token.SUB:
		if full {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: fr.regs[x].n - fr.regs[y].n}
				fr.pc++
				return fr
			}
		}
		return bin(x, y, dst, func(a, b value) value { return value{n: wrap(k, a.n-b.n)} })
	case token.MUL:
		if full {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: fr.regs[x].n * fr.regs[y].n}
				fr.pc++
				return fr
			}
		}
		return bin(x, y, dst, func(a, b value) value { return value{n: wrap(k, a.n*b.n)} })
	case token.QUO:
		if signed {
			return bin(x, y, dst, func(a, b value) value {
				if b.n == 0 {
					panic(runtimeError("integer divide by zero"))
				}
				return value{n: wrap(k, uint64(int64(a.n)/int64(b.n)))}
			})
		}
		return bin(x, y, dst, func(a, b value) value {
			if b.n == 0 {
				panic(runtimeError("integer divide by zero"))
			}
			return value{n: a.n / b.n}
		})
	case token.REM:
		if signed {
			return bin(x, y, dst, func(a, b value) value {
				if b.n == 0 {
					panic(runtimeError("integer divide by zero"))
				}
				return value{n: wrap(k, uint64(int64(a.n)%int64(b.n)))}
			})
		}
		return bin(x, y, dst, func(a, b value) value {
			if b.n == 0 {
				panic(runtimeError("integer divide by zero"))
			}
			return value{n: a.n % b.n}
		})
	case token.AND:
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: fr.regs[x].n & fr.regs[y].n}
			fr.pc++
			return fr
		}
	case token.OR:
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: fr.regs[x].n | fr.regs[y].n}
			fr.pc++
			return fr
		}
	case token.XOR:
		return bin(x, y, dst, func(a, b value) value { return value{n: wrap(k, a.n^b.n)} })
	case token.AND_NOT:
		return bin(x, y, dst, func(a, b value) value { return value{n: a.n &^ b.n} })
	case token.LSS:
		if signed {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: b2u(int64(fr.regs[x].n) < int64(fr.regs[y].n))}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: b2u(fr.regs[x].n < fr.regs[y].n)}
			fr.pc++
			return fr
		}
	case token.LEQ:
		if signed {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: b2u(int64(fr.regs[x].n) <= int64(fr.regs[y].n))}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: b2u(fr.regs[x].n <= fr.regs[y].n)}
			fr.pc++
			return fr
		}
	case token.GTR:
		if signed {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: b2u(int64(fr.regs[x].n) > int64(fr.regs[y].n))}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: b2u(fr.regs[x].n > fr.regs[y].n)}
			fr.pc++
			return fr
		}
	case token.GEQ:
		if signed {
			return func(fr *frame) *frame {
				fr.regs[dst] = value{n: b2u(int64(fr.regs[x].n) >= int64(fr.regs[y].n))}
				fr.pc++
				return fr
			}
		}
		return func(fr *frame) *frame {
			fr.regs[dst] = value{n: b2u(fr.regs[x].n >= fr.regs[y].n)}
			fr.pc++
			return fr
		}
	}
	panic(fmt.Sprintf("interp: integer operator %s", tok))
}

func (c *compiler) floatBinOp(tok token.Token, k kind, x, y, dst int) op {
	round := func(f float64) value { return floatVal(f) }
	if k == kFloat32 {
		round = func(f float64) value { return floatVal(float64(float32(f))) }
	}
	if k == kFloat64 {
		switch tok {
		case token.ADD:
			return func(fr *frame) *frame {
				fr.regs[dst] = floatVal(fr.regs[x].float() + fr.regs[y].float())
				fr.pc++
				return fr
			}
		case token.SUB:
			return func(fr *frame) *frame {
				fr.regs[dst] = floatVal(fr.regs[x].float() - fr.regs[y].float())
				fr.pc++
				return fr
			}
		case token.MUL:
			return func(fr *frame) *frame {
				fr.regs[dst] = floatVal(fr.regs[x].float() * fr.regs[y].float())
				fr.pc++
				return fr
			}
		case token.QUO:
			return func(fr *frame) *frame {
				fr.regs[dst] = floatVal(fr.regs[x].float() / fr.regs[y].float())
				fr.pc++
				return fr
			}
		}
	}
	switch tok {
	case token.ADD:
		return bin(x, y, dst, func(a, b value) value { return round(a.float() + b.float()) })
	case token.SUB:
		return bin(x, y, dst, func(a, b value) value { return round(a.float() - b.float()) })
	case token.MUL:
		return bin(x, y, dst, func(a, b value) value { return round(a.float() * b.float()) })
	case token.QUO:
		return bin(x, y, dst, func(a, b value) value { return round(a.float() / b.float()) })
	case token.LSS:
		return bin(x, y, dst, func(a, b value) value { return boolVal(a.float() < b.float()) })
	case token.LEQ:
		return bin(x, y, dst, func(a, b value) value { return boolVal(a.float() <= b.float()) })
	case token.GTR:
		return bin(x, y, dst, func(a, b value) value { return boolVal(a.float() > b.float()) })
	case token.GEQ:
		return bin(x, y, dst, func(a, b value) value { return boolVal(a.float() >= b.float()) })
	}
	panic(fmt.Sprintf("interp: float operator %s", tok))
}

func (c *compiler) complexBinOp(tok token.Token, k kind, x, y, dst int) op {
	round := func(z complex128) value { return value{r: z} }
	if k == kComplex64 {
		round = func(z complex128) value {
			return value{r: complex(float64(float32(real(z))), float64(float32(imag(z))))}
		}
	}
	switch tok {
	case token.ADD:
		return bin(x, y, dst, func(a, b value) value { return round(a.complex() + b.complex()) })
	case token.SUB:
		return bin(x, y, dst, func(a, b value) value { return round(a.complex() - b.complex()) })
	case token.MUL:
		if k == kComplex64 {
			return bin(x, y, dst, func(a, b value) value {
				p, q := a.complex(), b.complex()
				return round(complex128(complex64(p) * complex64(q)))
			})
		}
		return bin(x, y, dst, func(a, b value) value { return round(a.complex() * b.complex()) })
	case token.QUO:
		if k == kComplex64 {
			return bin(x, y, dst, func(a, b value) value {
				p, q := a.complex(), b.complex()
				return round(complex128(complex64(p) / complex64(q)))
			})
		}
		return bin(x, y, dst, func(a, b value) value { return round(a.complex() / b.complex()) })
	}
	panic(fmt.Sprintf("interp: complex operator %s", tok))
}
