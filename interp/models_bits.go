package interp

import "math/bits"

// Models of package math/bits: host calls (tier 3) of pure leaves over
// integers, identical to the compiled program's results. Multi-precision
// arithmetic (math/big, crypto) calls Add, Sub and Mul once or more per
// word: interpreted, each is a call (a frame, a return) and a handful of
// steps; on the host, one native call. Div and Rem panic as Go's do
// (divide by zero, overflow): those cases run their interpreted body, so
// the panic is the program's own.

var bitsModels = modelTable{
	"math/bits.LeadingZeros":   native(whyHost, bitsInt(func(x uint64) int { return bits.LeadingZeros(uint(x)) })),
	"math/bits.LeadingZeros8":  native(whyHost, bitsInt(func(x uint64) int { return bits.LeadingZeros8(uint8(x)) })),
	"math/bits.LeadingZeros16": native(whyHost, bitsInt(func(x uint64) int { return bits.LeadingZeros16(uint16(x)) })),
	"math/bits.LeadingZeros32": native(whyHost, bitsInt(func(x uint64) int { return bits.LeadingZeros32(uint32(x)) })),
	"math/bits.LeadingZeros64": native(whyHost, bitsInt(bits.LeadingZeros64)),

	"math/bits.TrailingZeros":   native(whyHost, bitsInt(func(x uint64) int { return bits.TrailingZeros(uint(x)) })),
	"math/bits.TrailingZeros8":  native(whyHost, bitsInt(func(x uint64) int { return bits.TrailingZeros8(uint8(x)) })),
	"math/bits.TrailingZeros16": native(whyHost, bitsInt(func(x uint64) int { return bits.TrailingZeros16(uint16(x)) })),
	"math/bits.TrailingZeros32": native(whyHost, bitsInt(func(x uint64) int { return bits.TrailingZeros32(uint32(x)) })),
	"math/bits.TrailingZeros64": native(whyHost, bitsInt(bits.TrailingZeros64)),

	"math/bits.OnesCount":   native(whyHost, bitsInt(func(x uint64) int { return bits.OnesCount(uint(x)) })),
	"math/bits.OnesCount8":  native(whyHost, bitsInt(func(x uint64) int { return bits.OnesCount8(uint8(x)) })),
	"math/bits.OnesCount16": native(whyHost, bitsInt(func(x uint64) int { return bits.OnesCount16(uint16(x)) })),
	"math/bits.OnesCount32": native(whyHost, bitsInt(func(x uint64) int { return bits.OnesCount32(uint32(x)) })),
	"math/bits.OnesCount64": native(whyHost, bitsInt(bits.OnesCount64)),

	"math/bits.Len":   native(whyHost, bitsInt(func(x uint64) int { return bits.Len(uint(x)) })),
	"math/bits.Len8":  native(whyHost, bitsInt(func(x uint64) int { return bits.Len8(uint8(x)) })),
	"math/bits.Len16": native(whyHost, bitsInt(func(x uint64) int { return bits.Len16(uint16(x)) })),
	"math/bits.Len32": native(whyHost, bitsInt(func(x uint64) int { return bits.Len32(uint32(x)) })),
	"math/bits.Len64": native(whyHost, bitsInt(bits.Len64)),

	"math/bits.RotateLeft":   native(whyHost, bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft(uint(x), k)) })),
	"math/bits.RotateLeft8":  native(whyHost, bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft8(uint8(x), k)) })),
	"math/bits.RotateLeft16": native(whyHost, bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft16(uint16(x), k)) })),
	"math/bits.RotateLeft32": native(whyHost, bitsRotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft32(uint32(x), k)) })),
	"math/bits.RotateLeft64": native(whyHost, bitsRotate(bits.RotateLeft64)),

	"math/bits.Reverse":        native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse(uint(x))) })),
	"math/bits.Reverse8":       native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse8(uint8(x))) })),
	"math/bits.Reverse16":      native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse16(uint16(x))) })),
	"math/bits.Reverse32":      native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.Reverse32(uint32(x))) })),
	"math/bits.Reverse64":      native(whyHost, bitsUint(bits.Reverse64)),
	"math/bits.ReverseBytes":   native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes(uint(x))) })),
	"math/bits.ReverseBytes16": native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes16(uint16(x))) })),
	"math/bits.ReverseBytes32": native(whyHost, bitsUint(func(x uint64) uint64 { return uint64(bits.ReverseBytes32(uint32(x))) })),
	"math/bits.ReverseBytes64": native(whyHost, bitsUint(bits.ReverseBytes64)),

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
	"math/bits.Div": control(whyHost, orBody("math/bits.Div", func(a []value) (value, bool) {
		hi, lo, y := uint(a[0].n), uint(a[1].n), uint(a[2].n)
		if y == 0 || y <= hi {
			return value{}, false
		}
		q, r := bits.Div(hi, lo, y)
		return tuple(uintVal(uint64(q)), uintVal(uint64(r))), true
	})),
	"math/bits.Div32": control(whyHost, orBody("math/bits.Div32", func(a []value) (value, bool) {
		hi, lo, y := uint32(a[0].n), uint32(a[1].n), uint32(a[2].n)
		if y == 0 || y <= hi {
			return value{}, false
		}
		q, r := bits.Div32(hi, lo, y)
		return tuple(uintVal(uint64(q)), uintVal(uint64(r))), true
	})),
	"math/bits.Div64": control(whyHost, orBody("math/bits.Div64", func(a []value) (value, bool) {
		hi, lo, y := a[0].n, a[1].n, a[2].n
		if y == 0 || y <= hi {
			return value{}, false
		}
		q, r := bits.Div64(hi, lo, y)
		return tuple(uintVal(q), uintVal(r)), true
	})),
	"math/bits.Rem": control(whyHost, orBody("math/bits.Rem", func(a []value) (value, bool) {
		if uint(a[2].n) == 0 {
			return value{}, false
		}
		return uintVal(uint64(bits.Rem(uint(a[0].n), uint(a[1].n), uint(a[2].n)))), true
	})),
	"math/bits.Rem32": control(whyHost, orBody("math/bits.Rem32", func(a []value) (value, bool) {
		if uint32(a[2].n) == 0 {
			return value{}, false
		}
		return uintVal(uint64(bits.Rem32(uint32(a[0].n), uint32(a[1].n), uint32(a[2].n)))), true
	})),
	"math/bits.Rem64": control(whyHost, orBody("math/bits.Rem64", func(a []value) (value, bool) {
		if a[2].n == 0 {
			return value{}, false
		}
		return uintVal(bits.Rem64(a[0].n, a[1].n, a[2].n)), true
	})),
}

// bitsInt, bitsUint, bitsRotate, bits2 and bits3 make host calls of
// math/bits functions of their (zero-extended) unsigned arguments; bits2
// and bits3 (two results) are tuple models (model.tuple).
func bitsInt(f func(uint64) int) nativeFn {
	return func(_ *machine, a []value) value { return intVal(int64(f(a[0].n))) }
}

func bitsUint(f func(uint64) uint64) nativeFn {
	return func(_ *machine, a []value) value { return uintVal(f(a[0].n)) }
}

func bitsRotate(f func(uint64, int) uint64) nativeFn {
	return func(_ *machine, a []value) value { return uintVal(f(a[0].n, int(a[1].int()))) }
}

func bits2(f func(x, y uint64) (uint64, uint64)) model {
	return hostTuple(2, func(a, res []value) {
		r0, r1 := f(a[0].n, a[1].n)
		res[0], res[1] = uintVal(r0), uintVal(r1)
	})
}

func bits3(f func(x, y, z uint64) (uint64, uint64)) model {
	return hostTuple(2, func(a, res []value) {
		r0, r1 := f(a[0].n, a[1].n, a[2].n)
		res[0], res[1] = uintVal(r0), uintVal(r1)
	})
}
