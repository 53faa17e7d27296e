package interp

// Compiled conversions between basic types, strings and slices.

import (
	"fmt"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

func (c *compiler) convert(i *ssa.Convert, dst int) op {
	x := c.reg(i.X)
	from, to := c.typ(i.X.Type()), c.typ(i.Type())
	conv := converter(from, to)
	if conv == nil {
		return c.unsupported(i, fmt.Sprintf("conversion from %s to %s", from, to))
	}
	if op := c.convertUnsafe(i, from, to, dst); op != nil {
		return op
	}
	if from.kind == kSlice && to.kind == kString {
		// string(b) and string(r) read the elements they convert. (A
		// conversion to an array is a load through a pointer to it in
		// SSA: a plain read.)
		op := OpBytesToString
		if from.elem.kind != kUint8 {
			op = OpRunesToString
		}
		et := from.elem
		pos := i.Pos()
		ck := convKindOf(i.X.Type(), i.Type())
		if ck == convBytesToString && tmpString(i) {
			ck = 0
		}
		site := c.newAllocSite(pos, escConv, "", 0)
		return func(fr *frame) *frame {
			v := fr.regs[x]
			if m := fr.g.m; m.watchMem {
				if from.bytes {
					m.accessBytes(fr, EvRead, op, v.bytes(), pos)
				} else {
					m.accessElems(fr, EvRead, op, v.elems(), et, pos)
				}
			}
			fr.regs[dst] = conv(v)
			if m := fr.g.m; m.allocs.counting && ck != 0 {
				m.countConv(fr, site, ck, v)
			}
			fr.pc++
			return fr
		}
	}
	if ck := convKindOf(i.X.Type(), i.Type()); ck != 0 {
		site := c.newAllocSite(i.Pos(), escConv, "", 0)
		return func(fr *frame) *frame {
			v := fr.regs[x]
			fr.regs[dst] = conv(v)
			if m := fr.g.m; m.allocs.counting {
				m.countConv(fr, site, ck, v)
			}
			fr.pc++
			return fr
		}
	}
	return func(fr *frame) *frame {
		fr.regs[dst] = conv(fr.regs[x])
		fr.pc++
		return fr
	}
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
		if from.bytes {
			return func(v value) value { return strVal(string(v.bytes())) }
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
		if to.bytes {
			return func(v value) value { return bytesVal(v.str()) }
		}
		return func(v value) value {
			s := v.str()
			es := make([]value, 0, utf8.RuneCountInString(s))
			for _, r := range s {
				es = append(es, intVal(int64(r)))
			}
			return sliceVal(es)
		}
	case fk == kUnsafePointer && tk == kPointer, fk == kPointer && tk == kUnsafePointer, fk == kUnsafePointer && tk == kUnsafePointer:
		return func(v value) value { return v }
	case fk == kSlice && tk == kArray:
		n := to.len
		et := to.elem
		if to.bytes {
			return func(v value) value {
				b := v.bytes()
				if len(b) < n {
					panic(sliceToArrayError(len(b), n))
				}
				return value{r: append(make([]byte, 0, n), b[:n]...)}
			}
		}
		return func(v value) value {
			es := v.elems()
			if len(es) < n {
				panic(sliceToArrayError(len(es), n))
			}
			return copyVal(value{r: es[:n:n]}, &rtype{kind: kArray, aggregate: true, elem: et})
		}
	case fk == kUnsafePointer && tk == kUintptr:
		return func(v value) value {
			switch r := v.r.(type) {
			case nil:
				return value{}
			case intPointer:
				return value{n: uint64(r)}
			case *memView:
				return value{n: uint64(r.address())}
			}
			return value{n: uint64(dataWord(v.r))}
		}
	case fk == kUintptr && tk == kUnsafePointer:
		return func(v value) value {
			if v.n == 0 {
				return value{}
			}
			return value{r: intPointer(v.n)}
		}
	}
	return nil
}

// bytesVal converts a string to a []byte value (never the nil slice).
func bytesVal(s string) value {
	b := make([]byte, len(s))
	copy(b, s)
	return bytesSlice(b)
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
