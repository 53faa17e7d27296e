package interp

import "math"

// Models of package math: host calls (tier 3), identical to the compiled
// program's results. The exported functions, their arch variants (assembly
// on some platforms) and their unexported implementations run on the host.

const whyHost = "tier 3: a pure leaf over immutable arguments, faster on the host"

var mathModels = modelTable{
	"math.Abs":             native(whyHost, host1(math.Abs)),
	"math.Acos":            native(whyHost, host1(math.Acos)),
	"math.archAcos":        native(whyHost, host1(math.Acos)),
	"math.acos":            native(whyHost, host1(math.Acos)),
	"math.Acosh":           native(whyHost, host1(math.Acosh)),
	"math.archAcosh":       native(whyHost, host1(math.Acosh)),
	"math.acosh":           native(whyHost, host1(math.Acosh)),
	"math.Asin":            native(whyHost, host1(math.Asin)),
	"math.archAsin":        native(whyHost, host1(math.Asin)),
	"math.asin":            native(whyHost, host1(math.Asin)),
	"math.Asinh":           native(whyHost, host1(math.Asinh)),
	"math.archAsinh":       native(whyHost, host1(math.Asinh)),
	"math.asinh":           native(whyHost, host1(math.Asinh)),
	"math.Atan":            native(whyHost, host1(math.Atan)),
	"math.archAtan":        native(whyHost, host1(math.Atan)),
	"math.atan":            native(whyHost, host1(math.Atan)),
	"math.Atanh":           native(whyHost, host1(math.Atanh)),
	"math.archAtanh":       native(whyHost, host1(math.Atanh)),
	"math.atanh":           native(whyHost, host1(math.Atanh)),
	"math.Cbrt":            native(whyHost, host1(math.Cbrt)),
	"math.archCbrt":        native(whyHost, host1(math.Cbrt)),
	"math.cbrt":            native(whyHost, host1(math.Cbrt)),
	"math.Ceil":            native(whyHost, host1(math.Ceil)),
	"math.archCeil":        native(noBody, host1(math.Ceil)),
	"math.ceil":            native(whyHost, host1(math.Ceil)),
	"math.Cos":             native(whyHost, host1(math.Cos)),
	"math.archCos":         native(whyHost, host1(math.Cos)),
	"math.cos":             native(whyHost, host1(math.Cos)),
	"math.Cosh":            native(whyHost, host1(math.Cosh)),
	"math.archCosh":        native(whyHost, host1(math.Cosh)),
	"math.cosh":            native(whyHost, host1(math.Cosh)),
	"math.Erf":             native(whyHost, host1(math.Erf)),
	"math.archErf":         native(whyHost, host1(math.Erf)),
	"math.erf":             native(whyHost, host1(math.Erf)),
	"math.Erfc":            native(whyHost, host1(math.Erfc)),
	"math.archErfc":        native(whyHost, host1(math.Erfc)),
	"math.erfc":            native(whyHost, host1(math.Erfc)),
	"math.Erfinv":          native(whyHost, host1(math.Erfinv)),
	"math.Erfcinv":         native(whyHost, host1(math.Erfcinv)),
	"math.Exp":             native(whyHost, host1(math.Exp)),
	"math.archExp":         native(noBody, host1(math.Exp)),
	"math.exp":             native(whyHost, host1(math.Exp)),
	"math.Exp2":            native(whyHost, host1(math.Exp2)),
	"math.archExp2":        native(whyHost, host1(math.Exp2)),
	"math.exp2":            native(whyHost, host1(math.Exp2)),
	"math.Expm1":           native(whyHost, host1(math.Expm1)),
	"math.archExpm1":       native(whyHost, host1(math.Expm1)),
	"math.expm1":           native(whyHost, host1(math.Expm1)),
	"math.Floor":           native(whyHost, host1(math.Floor)),
	"math.archFloor":       native(noBody, host1(math.Floor)),
	"math.floor":           native(whyHost, host1(math.Floor)),
	"math.Gamma":           native(whyHost, host1(math.Gamma)),
	"math.J0":              native(whyHost, host1(math.J0)),
	"math.J1":              native(whyHost, host1(math.J1)),
	"math.Log":             native(whyHost, host1(math.Log)),
	"math.archLog":         native(noBody, host1(math.Log)),
	"math.log":             native(whyHost, host1(math.Log)),
	"math.Log10":           native(whyHost, host1(math.Log10)),
	"math.archLog10":       native(whyHost, host1(math.Log10)),
	"math.log10":           native(whyHost, host1(math.Log10)),
	"math.Log1p":           native(whyHost, host1(math.Log1p)),
	"math.archLog1p":       native(whyHost, host1(math.Log1p)),
	"math.log1p":           native(whyHost, host1(math.Log1p)),
	"math.Log2":            native(whyHost, host1(math.Log2)),
	"math.archLog2":        native(whyHost, host1(math.Log2)),
	"math.log2":            native(whyHost, host1(math.Log2)),
	"math.Logb":            native(whyHost, host1(math.Logb)),
	"math.Round":           native(whyHost, host1(math.Round)),
	"math.RoundToEven":     native(whyHost, host1(math.RoundToEven)),
	"math.Sin":             native(whyHost, host1(math.Sin)),
	"math.archSin":         native(whyHost, host1(math.Sin)),
	"math.sin":             native(whyHost, host1(math.Sin)),
	"math.Sinh":            native(whyHost, host1(math.Sinh)),
	"math.archSinh":        native(whyHost, host1(math.Sinh)),
	"math.sinh":            native(whyHost, host1(math.Sinh)),
	"math.Sqrt":            native(whyHost, host1(math.Sqrt)),
	"math.sqrt":            native(whyHost, host1(math.Sqrt)),
	"math.Tan":             native(whyHost, host1(math.Tan)),
	"math.archTan":         native(whyHost, host1(math.Tan)),
	"math.tan":             native(whyHost, host1(math.Tan)),
	"math.Tanh":            native(whyHost, host1(math.Tanh)),
	"math.archTanh":        native(whyHost, host1(math.Tanh)),
	"math.tanh":            native(whyHost, host1(math.Tanh)),
	"math.Trunc":           native(whyHost, host1(math.Trunc)),
	"math.archTrunc":       native(noBody, host1(math.Trunc)),
	"math.trunc":           native(whyHost, host1(math.Trunc)),
	"math.Y0":              native(whyHost, host1(math.Y0)),
	"math.Y1":              native(whyHost, host1(math.Y1)),
	"math.Atan2":           native(whyHost, host2(math.Atan2)),
	"math.archAtan2":       native(whyHost, host2(math.Atan2)),
	"math.atan2":           native(whyHost, host2(math.Atan2)),
	"math.Copysign":        native(whyHost, host2(math.Copysign)),
	"math.Dim":             native(whyHost, host2(math.Dim)),
	"math.Hypot":           native(whyHost, host2(math.Hypot)),
	"math.archHypot":       native(noBody, host2(math.Hypot)),
	"math.hypot":           native(whyHost, host2(math.Hypot)),
	"math.Max":             native(whyHost, host2(math.Max)),
	"math.archMax":         native(noBody, host2(math.Max)),
	"math.max":             native(whyHost, host2(math.Max)),
	"math.Min":             native(whyHost, host2(math.Min)),
	"math.archMin":         native(noBody, host2(math.Min)),
	"math.min":             native(whyHost, host2(math.Min)),
	"math.Mod":             native(whyHost, host2(math.Mod)),
	"math.archMod":         native(whyHost, host2(math.Mod)),
	"math.mod":             native(whyHost, host2(math.Mod)),
	"math.Nextafter":       native(whyHost, host2(math.Nextafter)),
	"math.Pow":             native(whyHost, host2(math.Pow)),
	"math.archPow":         native(whyHost, host2(math.Pow)),
	"math.pow":             native(whyHost, host2(math.Pow)),
	"math.Remainder":       native(whyHost, host2(math.Remainder)),
	"math.archRemainder":   native(whyHost, host2(math.Remainder)),
	"math.remainder":       native(whyHost, host2(math.Remainder)),
	"math.Float64bits":     native(whyHost, func(_ *machine, a []value) value { return uintVal(a[0].n) }),
	"math.Float64frombits": native(whyHost, func(_ *machine, a []value) value { return value{n: a[0].n} }),
	"math.Float32bits": native("interpreter floats are float64 bits: the conversion is not a reinterpretation", func(_ *machine, a []value) value {
		return uintVal(uint64(math.Float32bits(float32(a[0].float()))))
	}),
	"math.Float32frombits": native("interpreter floats are float64 bits: the conversion is not a reinterpretation", func(_ *machine, a []value) value {
		return floatVal(float64(math.Float32frombits(uint32(a[0].n))))
	}),
	"math.FMA": native(whyHost, func(_ *machine, a []value) value {
		return floatVal(math.FMA(a[0].float(), a[1].float(), a[2].float()))
	}),
	"math.Inf":     native(whyHost, func(_ *machine, a []value) value { return floatVal(math.Inf(int(a[0].int()))) }),
	"math.NaN":     native(whyHost, func(_ *machine, a []value) value { return floatVal(math.NaN()) }),
	"math.IsNaN":   native(whyHost, func(_ *machine, a []value) value { return boolVal(math.IsNaN(a[0].float())) }),
	"math.IsInf":   native(whyHost, func(_ *machine, a []value) value { return boolVal(math.IsInf(a[0].float(), int(a[1].int()))) }),
	"math.Signbit": native(whyHost, func(_ *machine, a []value) value { return boolVal(math.Signbit(a[0].float())) }),
	"math.Ldexp": native(whyHost, func(_ *machine, a []value) value {
		return floatVal(math.Ldexp(a[0].float(), int(a[1].int())))
	}),
	"math.Frexp": native(whyHost, func(_ *machine, a []value) value {
		f, e := math.Frexp(a[0].float())
		return tuple(floatVal(f), intVal(int64(e)))
	}),
	"math.Modf": native(whyHost, func(_ *machine, a []value) value {
		i, f := math.Modf(a[0].float())
		return tuple(floatVal(i), floatVal(f))
	}),
}

// host1 and host2 make host calls of math functions of one and two float64
// arguments.
func host1(f func(float64) float64) nativeFn {
	return func(_ *machine, a []value) value { return floatVal(f(a[0].float())) }
}

func host2(f func(float64, float64) float64) nativeFn {
	return func(_ *machine, a []value) value { return floatVal(f(a[0].float(), a[1].float())) }
}
