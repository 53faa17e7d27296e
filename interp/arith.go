package interp

// Compiled unary and binary operators.

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

func isInt(k kind) bool { return k >= kInt && k <= kUintptr }

func isUint(k kind) bool { return k >= kUint && k <= kUintptr }

func isFloat(k kind) bool { return k == kFloat32 || k == kFloat64 }

func isCplx(k kind) bool { return k == kComplex64 || k == kComplex128 }

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
			leaves, inner := concatLeaves(i)
			if inner {
				// Part of a longer concatenation, which counts.
				return bin(x, y, dst, func(a, b value) value { return strVal(a.str() + b.str()) })
			}
			regs := c.regList(leaves)
			site := c.newAllocSite(i.Pos(), escConcat, "", 0)
			return func(fr *frame) *frame {
				fr.regs[dst] = strVal(fr.regs[x].str() + fr.regs[y].str())
				if m := fr.g.m; m.allocs.counting {
					parts := make([]value, len(regs))
					for j, r := range regs {
						parts[j] = fr.regs[r]
					}
					m.countConcat(fr, site, parts)
				}
				fr.pc++
				return fr
			}
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
		return c.load(i, dst)
	case token.ARROW:
		return c.recv(i, dst)
	}
	return c.unsupported(i, "unary operator "+i.Op.String())
}
