package mathmodel

import (
	"math/bits"

	"github.com/vtcheck/vt/interp/model"
)

// Models of package math/bits: host calls of pure leaves over integers,
// identical to the compiled program's results. Multi-precision arithmetic
// (math/big, crypto) calls Add, Sub and Mul once or more per word:
// interpreted, each is a call (a frame, a return) and a handful of steps;
// on the host, one native call. Div and Rem panic as Go's do (divide by
// zero, overflow): those cases run their interpreted body, so the panic is
// the program's own.

var bitsFuncs = map[string]model.Func{
	"math/bits.LeadingZeros":   host(bitsInt(func(x uint64) int { return bits.LeadingZeros(uint(x)) })),
	"math/bits.LeadingZeros8":  host(bitsInt(func(x uint64) int { return bits.LeadingZeros8(uint8(x)) })),
	"math/bits.LeadingZeros16": host(bitsInt(func(x uint64) int { return bits.LeadingZeros16(uint16(x)) })),
	"math/bits.LeadingZeros32": host(bitsInt(func(x uint64) int { return bits.LeadingZeros32(uint32(x)) })),
	"math/bits.LeadingZeros64": host(bitsInt(bits.LeadingZeros64)),

	"math/bits.TrailingZeros":   host(bitsInt(func(x uint64) int { return bits.TrailingZeros(uint(x)) })),
	"math/bits.TrailingZeros8":  host(bitsInt(func(x uint64) int { return bits.TrailingZeros8(uint8(x)) })),
	"math/bits.TrailingZeros16": host(bitsInt(func(x uint64) int { return bits.TrailingZeros16(uint16(x)) })),
	"math/bits.TrailingZeros32": host(bitsInt(func(x uint64) int { return bits.TrailingZeros32(uint32(x)) })),
	"math/bits.TrailingZeros64": host(bitsInt(bits.TrailingZeros64)),

	"math/bits.OnesCount":   host(bitsInt(func(x uint64) int { return bits.OnesCount(uint(x)) })),
	"math/bits.OnesCount8":  host(bitsInt(func(x uint64) int { return bits.OnesCount8(uint8(x)) })),
	"math/bits.OnesCount16": host(bitsInt(func(x uint64) int { return bits.OnesCount16(uint16(x)) })),
	"math/bits.OnesCount32": host(bitsInt(func(x uint64) int { return bits.OnesCount32(uint32(x)) })),
	"math/bits.OnesCount64": host(bitsInt(bits.OnesCount64)),

	"math/bits.Len":   host(bitsInt(func(x uint64) int { return bits.Len(uint(x)) })),
	"math/bits.Len8":  host(bitsInt(func(x uint64) int { return bits.Len8(uint8(x)) })),
	"math/bits.Len16": host(bitsInt(func(x uint64) int { return bits.Len16(uint16(x)) })),
	"math/bits.Len32": host(bitsInt(func(x uint64) int { return bits.Len32(uint32(x)) })),
	"math/bits.Len64": host(bitsInt(bits.Len64)),

	"math/bits.RotateLeft":   host(bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft(uint(x), k)) })),
	"math/bits.RotateLeft8":  host(bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft8(uint8(x), k)) })),
	"math/bits.RotateLeft16": host(bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft16(uint16(x), k)) })),
	"math/bits.RotateLeft32": host(bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft32(uint32(x), k)) })),
	"math/bits.RotateLeft64": host(bitsRotate(bits.RotateLeft64)),

	"math/bits.Reverse":        host(bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse(uint(x))) })),
	"math/bits.Reverse8":       host(bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse8(uint8(x))) })),
	"math/bits.Reverse16":      host(bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse16(uint16(x))) })),
	"math/bits.Reverse32":      host(bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse32(uint32(x))) })),
	"math/bits.Reverse64":      host(bitsUint(bits.Reverse64)),
	"math/bits.ReverseBytes":   host(bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes(uint(x))) })),
	"math/bits.ReverseBytes16": host(bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes16(uint16(x))) })),
	"math/bits.ReverseBytes32": host(bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes32(uint32(x))) })),
	"math/bits.ReverseBytes64": host(bitsUint(bits.ReverseBytes64)),

	"math/bits.Add": bits3(func(x, y, c uint64) (uint64, uint64) {
		s, co := bits.Add(uint(x), uint(y), uint(c))
		return uint64(s), uint64(co)
	}),
	"math/bits.Add32": bits3(func(x, y, c uint64) (uint64, uint64) {
		s, co := bits.Add32(uint32(x), uint32(y), uint32(c))
		return uint64(s), uint64(co)
	}),
	"math/bits.Add64": bits3(bits.Add64),
	"math/bits.Sub": bits3(func(x, y, b uint64) (uint64, uint64) {
		d, bo := bits.Sub(uint(x), uint(y), uint(b))
		return uint64(d), uint64(bo)
	}),
	"math/bits.Sub32": bits3(func(x, y, b uint64) (uint64, uint64) {
		d, bo := bits.Sub32(uint32(x), uint32(y), uint32(b))
		return uint64(d), uint64(bo)
	}),
	"math/bits.Sub64": bits3(bits.Sub64),
	"math/bits.Mul": bits2(func(x, y uint64) (uint64, uint64) {
		hi, lo := bits.Mul(uint(x), uint(y))
		return uint64(hi), uint64(lo)
	}),
	"math/bits.Mul32": bits2(func(x, y uint64) (uint64, uint64) {
		hi, lo := bits.Mul32(uint32(x), uint32(y))
		return uint64(hi), uint64(lo)
	}),
	"math/bits.Mul64": bits2(bits.Mul64),

	// Div's quotient must fit (y > hi) and y must not be 0; Rem's y must
	// not be 0. Otherwise the interpreted body panics.
	"math/bits.Div": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		hi, lo, y := uint(a[0].Uint()), uint(a[1].Uint()), uint(a[2].Uint())
		if y == 0 || y <= hi {
			return model.Value{}, false
		}
		q, r := bits.Div(hi, lo, y)
		return m.MakeTuple(model.MakeUint(uint64(q)), model.MakeUint(uint64(r))), true
	}),
	"math/bits.Div32": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		hi, lo, y := uint32(a[0].Uint()), uint32(a[1].Uint()), uint32(a[2].Uint())
		if y == 0 || y <= hi {
			return model.Value{}, false
		}
		q, r := bits.Div32(hi, lo, y)
		return m.MakeTuple(model.MakeUint(uint64(q)), model.MakeUint(uint64(r))), true
	}),
	"math/bits.Div64": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		hi, lo, y := a[0].Uint(), a[1].Uint(), a[2].Uint()
		if y == 0 || y <= hi {
			return model.Value{}, false
		}
		q, r := bits.Div64(hi, lo, y)
		return m.MakeTuple(model.MakeUint(q), model.MakeUint(r)), true
	}),
	"math/bits.Rem": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		if uint(a[2].Uint()) == 0 {
			return model.Value{}, false
		}
		return model.MakeUint(uint64(bits.Rem(uint(a[0].Uint()), uint(a[1].Uint()), uint(a[2].Uint())))), true
	}),
	"math/bits.Rem32": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		if uint32(a[2].Uint()) == 0 {
			return model.Value{}, false
		}
		return model.MakeUint(uint64(bits.Rem32(uint32(a[0].Uint()), uint32(a[1].Uint()), uint32(a[2].Uint())))), true
	}),
	"math/bits.Rem64": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		if a[2].Uint() == 0 {
			return model.Value{}, false
		}
		return model.MakeUint(bits.Rem64(a[0].Uint(), a[1].Uint(), a[2].Uint())), true
	}),
}

// bitsInt, bitsUint and bitsRotate make host calls of math/bits
// functions of their (zero-extended) unsigned arguments; bits2 and bits3
// make those of two results, which write them to the machine's buffer
// (model.ResultsFunc).
func bitsInt(f func(uint64) int) model.NativeFunc {
	return func(_ model.Machine, a []model.Value) model.Value { return model.MakeInt(int64(f(a[0].Uint()))) }
}

func bitsUint(f func(uint64) uint64) model.NativeFunc {
	return func(_ model.Machine, a []model.Value) model.Value { return model.MakeUint(f(a[0].Uint())) }
}

func bitsRotate(f func(uint64, int) uint64) model.NativeFunc {
	return func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeUint(f(a[0].Uint(), int(a[1].Int())))
	}
}

func bits2(f func(x, y uint64) (uint64, uint64)) model.Func {
	return model.Func{Why: model.Host, NumResults: 2, Results: func(a, res []model.Value) {
		r0, r1 := f(a[0].Uint(), a[1].Uint())
		res[0], res[1] = model.MakeUint(r0), model.MakeUint(r1)
	}}
}

func bits3(f func(x, y, z uint64) (uint64, uint64)) model.Func {
	return model.Func{Why: model.Host, NumResults: 2, Results: func(a, res []model.Value) {
		r0, r1 := f(a[0].Uint(), a[1].Uint(), a[2].Uint())
		res[0], res[1] = model.MakeUint(r0), model.MakeUint(r1)
	}}
}
