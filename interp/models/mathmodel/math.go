package mathmodel

import (
	"math"

	"github.com/vtcheck/vt/interp/model"
)

// Models of package math: host calls, identical to the compiled program's
// results. The exported functions, their arch variants (assembly on some
// platforms) and their unexported implementations run on the host.

// whyFloat32 is the reason of the models of the float32 conversions.
const whyFloat32 = "interpreter floats are float64 bits: the conversion is not a reinterpretation"

var mathFuncs = map[string]model.Func{
	"math.Abs":           host(f1(math.Abs)),
	"math.Acos":          host(f1(math.Acos)),
	"math.archAcos":      host(f1(math.Acos)),
	"math.acos":          host(f1(math.Acos)),
	"math.Acosh":         host(f1(math.Acosh)),
	"math.archAcosh":     host(f1(math.Acosh)),
	"math.acosh":         host(f1(math.Acosh)),
	"math.Asin":          host(f1(math.Asin)),
	"math.archAsin":      host(f1(math.Asin)),
	"math.asin":          host(f1(math.Asin)),
	"math.Asinh":         host(f1(math.Asinh)),
	"math.archAsinh":     host(f1(math.Asinh)),
	"math.asinh":         host(f1(math.Asinh)),
	"math.Atan":          host(f1(math.Atan)),
	"math.archAtan":      host(f1(math.Atan)),
	"math.atan":          host(f1(math.Atan)),
	"math.Atanh":         host(f1(math.Atanh)),
	"math.archAtanh":     host(f1(math.Atanh)),
	"math.atanh":         host(f1(math.Atanh)),
	"math.Cbrt":          host(f1(math.Cbrt)),
	"math.archCbrt":      host(f1(math.Cbrt)),
	"math.cbrt":          host(f1(math.Cbrt)),
	"math.Ceil":          host(f1(math.Ceil)),
	"math.archCeil":      noBody(f1(math.Ceil)),
	"math.ceil":          host(f1(math.Ceil)),
	"math.Cos":           host(f1(math.Cos)),
	"math.archCos":       host(f1(math.Cos)),
	"math.cos":           host(f1(math.Cos)),
	"math.Cosh":          host(f1(math.Cosh)),
	"math.archCosh":      host(f1(math.Cosh)),
	"math.cosh":          host(f1(math.Cosh)),
	"math.Erf":           host(f1(math.Erf)),
	"math.archErf":       host(f1(math.Erf)),
	"math.erf":           host(f1(math.Erf)),
	"math.Erfc":          host(f1(math.Erfc)),
	"math.archErfc":      host(f1(math.Erfc)),
	"math.erfc":          host(f1(math.Erfc)),
	"math.Erfinv":        host(f1(math.Erfinv)),
	"math.Erfcinv":       host(f1(math.Erfcinv)),
	"math.Exp":           host(f1(math.Exp)),
	"math.archExp":       noBody(f1(math.Exp)),
	"math.exp":           host(f1(math.Exp)),
	"math.Exp2":          host(f1(math.Exp2)),
	"math.archExp2":      host(f1(math.Exp2)),
	"math.exp2":          host(f1(math.Exp2)),
	"math.Expm1":         host(f1(math.Expm1)),
	"math.archExpm1":     host(f1(math.Expm1)),
	"math.expm1":         host(f1(math.Expm1)),
	"math.Floor":         host(f1(math.Floor)),
	"math.archFloor":     noBody(f1(math.Floor)),
	"math.floor":         host(f1(math.Floor)),
	"math.Gamma":         host(f1(math.Gamma)),
	"math.J0":            host(f1(math.J0)),
	"math.J1":            host(f1(math.J1)),
	"math.Log":           host(f1(math.Log)),
	"math.archLog":       noBody(f1(math.Log)),
	"math.log":           host(f1(math.Log)),
	"math.Log10":         host(f1(math.Log10)),
	"math.archLog10":     host(f1(math.Log10)),
	"math.log10":         host(f1(math.Log10)),
	"math.Log1p":         host(f1(math.Log1p)),
	"math.archLog1p":     host(f1(math.Log1p)),
	"math.log1p":         host(f1(math.Log1p)),
	"math.Log2":          host(f1(math.Log2)),
	"math.archLog2":      host(f1(math.Log2)),
	"math.log2":          host(f1(math.Log2)),
	"math.Logb":          host(f1(math.Logb)),
	"math.Round":         host(f1(math.Round)),
	"math.RoundToEven":   host(f1(math.RoundToEven)),
	"math.Sin":           host(f1(math.Sin)),
	"math.archSin":       host(f1(math.Sin)),
	"math.sin":           host(f1(math.Sin)),
	"math.Sinh":          host(f1(math.Sinh)),
	"math.archSinh":      host(f1(math.Sinh)),
	"math.sinh":          host(f1(math.Sinh)),
	"math.Sqrt":          host(f1(math.Sqrt)),
	"math.sqrt":          host(f1(math.Sqrt)),
	"math.Tan":           host(f1(math.Tan)),
	"math.archTan":       host(f1(math.Tan)),
	"math.tan":           host(f1(math.Tan)),
	"math.Tanh":          host(f1(math.Tanh)),
	"math.archTanh":      host(f1(math.Tanh)),
	"math.tanh":          host(f1(math.Tanh)),
	"math.Trunc":         host(f1(math.Trunc)),
	"math.archTrunc":     noBody(f1(math.Trunc)),
	"math.trunc":         host(f1(math.Trunc)),
	"math.Y0":            host(f1(math.Y0)),
	"math.Y1":            host(f1(math.Y1)),
	"math.Atan2":         host(f2(math.Atan2)),
	"math.archAtan2":     host(f2(math.Atan2)),
	"math.atan2":         host(f2(math.Atan2)),
	"math.Copysign":      host(f2(math.Copysign)),
	"math.Dim":           host(f2(math.Dim)),
	"math.Hypot":         host(f2(math.Hypot)),
	"math.archHypot":     noBody(f2(math.Hypot)),
	"math.hypot":         host(f2(math.Hypot)),
	"math.Max":           host(f2(math.Max)),
	"math.archMax":       noBody(f2(math.Max)),
	"math.max":           host(f2(math.Max)),
	"math.Min":           host(f2(math.Min)),
	"math.archMin":       noBody(f2(math.Min)),
	"math.min":           host(f2(math.Min)),
	"math.Mod":           host(f2(math.Mod)),
	"math.archMod":       host(f2(math.Mod)),
	"math.mod":           host(f2(math.Mod)),
	"math.Nextafter":     host(f2(math.Nextafter)),
	"math.Pow":           host(f2(math.Pow)),
	"math.archPow":       host(f2(math.Pow)),
	"math.pow":           host(f2(math.Pow)),
	"math.Remainder":     host(f2(math.Remainder)),
	"math.archRemainder": host(f2(math.Remainder)),
	"math.remainder":     host(f2(math.Remainder)),
	"math.Float64bits":   host(func(_ model.Machine, a []model.Value) model.Value { return model.MakeUint(a[0].Uint()) }),
	"math.Float64frombits": host(func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeFloat(math.Float64frombits(a[0].Uint()))
	}),
	"math.Float32bits": {Why: whyFloat32, Native: func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeUint(uint64(math.Float32bits(float32(a[0].Float()))))
	}},
	"math.Float32frombits": {Why: whyFloat32, Native: func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeFloat(float64(math.Float32frombits(uint32(a[0].Uint()))))
	}},
	"math.FMA": host(func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeFloat(math.FMA(a[0].Float(), a[1].Float(), a[2].Float()))
	}),
	"math.Inf":   host(func(_ model.Machine, a []model.Value) model.Value { return model.MakeFloat(math.Inf(int(a[0].Int()))) }),
	"math.NaN":   host(func(model.Machine, []model.Value) model.Value { return model.MakeFloat(math.NaN()) }),
	"math.IsNaN": host(func(_ model.Machine, a []model.Value) model.Value { return model.MakeBool(math.IsNaN(a[0].Float())) }),
	"math.IsInf": host(func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeBool(math.IsInf(a[0].Float(), int(a[1].Int())))
	}),
	"math.Signbit": host(func(_ model.Machine, a []model.Value) model.Value { return model.MakeBool(math.Signbit(a[0].Float())) }),
	"math.Ldexp": host(func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeFloat(math.Ldexp(a[0].Float(), int(a[1].Int())))
	}),
	"math.Frexp": host(func(m model.Machine, a []model.Value) model.Value {
		f, e := math.Frexp(a[0].Float())
		return m.MakeTuple(model.MakeFloat(f), model.MakeInt(int64(e)))
	}),
	"math.Modf": host(func(m model.Machine, a []model.Value) model.Value {
		i, f := math.Modf(a[0].Float())
		return m.MakeTuple(model.MakeFloat(i), model.MakeFloat(f))
	}),
}

// host and noBody make the entries of host calls of functions with a Go
// body and without one.
func host(f model.NativeFunc) model.Func   { return model.Func{Why: model.Host, Native: f} }
func noBody(f model.NativeFunc) model.Func { return model.Func{Why: model.NoBody, Native: f} }

// f1 and f2 make host calls of math functions of one and two float64
// arguments.
func f1(f func(float64) float64) model.NativeFunc {
	return func(_ model.Machine, a []model.Value) model.Value { return model.MakeFloat(f(a[0].Float())) }
}

func f2(f func(float64, float64) float64) model.NativeFunc {
	return func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeFloat(f(a[0].Float(), a[1].Float()))
	}
}
