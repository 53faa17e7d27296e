package interp

import (
	"bytes"
	"math"
	"strings"
)

// Models of internal packages and leaf functions that run on the host
// (tier 3): their arguments are immutable scalars or strings, or byte
// slices that are read only.

func identity(_ *machine, args []value) value { return args[0] }

// goBytes copies a []byte value out of interpreter memory.
func goBytes(v value) []byte {
	es := v.elems()
	b := make([]byte, len(es))
	for i, e := range es {
		b[i] = byte(e.n)
	}
	return b
}

func f1(f func(float64) float64) nativeFn {
	return func(_ *machine, a []value) value { return floatVal(f(a[0].float())) }
}

func f2(f func(float64, float64) float64) nativeFn {
	return func(_ *machine, a []value) value { return floatVal(f(a[0].float(), a[1].float())) }
}

func init() {
	registerNative("internal/abi.NoEscape", identity)
	nativePrefixes["internal/abi.Escape"] = identity

	// internal/bytealg (assembly in the real library).
	registerNative("internal/bytealg.IndexByteString", func(_ *machine, a []value) value {
		return intVal(int64(strings.IndexByte(a[0].str(), byte(a[1].n))))
	})
	registerNative("internal/bytealg.IndexByte", func(_ *machine, a []value) value {
		for i, e := range a[0].elems() {
			if byte(e.n) == byte(a[1].n) {
				return intVal(int64(i))
			}
		}
		return intVal(-1)
	})
	registerNative("internal/bytealg.IndexString", func(_ *machine, a []value) value {
		return intVal(int64(strings.Index(a[0].str(), a[1].str())))
	})
	registerNative("internal/bytealg.Index", func(_ *machine, a []value) value {
		return intVal(int64(bytes.Index(goBytes(a[0]), goBytes(a[1]))))
	})
	registerNative("internal/bytealg.CountString", func(_ *machine, a []value) value {
		return intVal(int64(strings.Count(a[0].str(), string(rune(byte(a[1].n))))))
	})
	registerNative("internal/bytealg.Count", func(_ *machine, a []value) value {
		n := 0
		for _, e := range a[0].elems() {
			if byte(e.n) == byte(a[1].n) {
				n++
			}
		}
		return intVal(int64(n))
	})
	registerNative("internal/bytealg.Compare", func(_ *machine, a []value) value {
		return intVal(int64(bytes.Compare(goBytes(a[0]), goBytes(a[1]))))
	})
	registerNative("internal/bytealg.MakeNoZero", func(_ *machine, a []value) value {
		n := int(a[0].int())
		return value{r: make([]value, n)}
	})
	registerNative("(*strings.Builder).String", func(_ *machine, a []value) value {
		p := a[0].ptr()
		if p == nil {
			return strVal("")
		}
		return strVal(string(goBytes(p.elems()[1])))
	})
	// Hot, pure string functions run on the host.
	registerNative("strings.Index", func(_ *machine, a []value) value {
		return intVal(int64(strings.Index(a[0].str(), a[1].str())))
	})
	registerNative("strings.Contains", func(_ *machine, a []value) value {
		return boolVal(strings.Contains(a[0].str(), a[1].str()))
	})
	registerNative("strings.IndexByte", func(_ *machine, a []value) value {
		return intVal(int64(strings.IndexByte(a[0].str(), byte(a[1].n))))
	})
	registerNative("strings.HasPrefix", func(_ *machine, a []value) value {
		return boolVal(strings.HasPrefix(a[0].str(), a[1].str()))
	})
	registerNative("strings.HasSuffix", func(_ *machine, a []value) value {
		return boolVal(strings.HasSuffix(a[0].str(), a[1].str()))
	})

	// math: host implementations, identical to the compiled program's.
	for name, f := range map[string]func(float64) float64{
		"Abs": math.Abs, "Acos": math.Acos, "Acosh": math.Acosh, "Asin": math.Asin, "Asinh": math.Asinh,
		"Atan": math.Atan, "Atanh": math.Atanh, "Cbrt": math.Cbrt, "Ceil": math.Ceil, "Cos": math.Cos,
		"Cosh": math.Cosh, "Erf": math.Erf, "Erfc": math.Erfc, "Erfinv": math.Erfinv, "Erfcinv": math.Erfcinv,
		"Exp": math.Exp, "Exp2": math.Exp2, "Expm1": math.Expm1, "Floor": math.Floor, "Gamma": math.Gamma,
		"J0": math.J0, "J1": math.J1, "Log": math.Log, "Log10": math.Log10, "Log1p": math.Log1p,
		"Log2": math.Log2, "Logb": math.Logb, "Round": math.Round, "RoundToEven": math.RoundToEven,
		"Sin": math.Sin, "Sinh": math.Sinh, "Sqrt": math.Sqrt, "Tan": math.Tan, "Tanh": math.Tanh,
		"Trunc": math.Trunc, "Y0": math.Y0, "Y1": math.Y1,
	} {
		registerNative("math."+name, f1(f))
		registerNative("math.arch"+name, f1(f))
		registerNative("math."+strings.ToLower(name[:1])+name[1:], f1(f))
	}
	for name, f := range map[string]func(float64, float64) float64{
		"Atan2": math.Atan2, "Copysign": math.Copysign, "Dim": math.Dim, "Hypot": math.Hypot,
		"Max": math.Max, "Min": math.Min, "Mod": math.Mod, "Nextafter": math.Nextafter, "Pow": math.Pow,
		"Remainder": math.Remainder,
	} {
		registerNative("math."+name, f2(f))
		registerNative("math.arch"+name, f2(f))
		registerNative("math."+strings.ToLower(name[:1])+name[1:], f2(f))
	}
	registerNative("math.Float64bits", func(_ *machine, a []value) value { return uintVal(a[0].n) })
	registerNative("math.Float64frombits", func(_ *machine, a []value) value { return value{n: a[0].n} })
	registerNative("math.Float32bits", func(_ *machine, a []value) value {
		return uintVal(uint64(math.Float32bits(float32(a[0].float()))))
	})
	registerNative("math.Float32frombits", func(_ *machine, a []value) value {
		return floatVal(float64(math.Float32frombits(uint32(a[0].n))))
	})
	// Type punning through unsafe.Pointer between float32 and uint32:
	// interpreter floats are kept as float64 bits.
	registerNative("internal/strconv.float32bits", func(_ *machine, a []value) value {
		return uintVal(uint64(math.Float32bits(float32(a[0].float()))))
	})
	registerNative("internal/strconv.float32frombits", func(_ *machine, a []value) value {
		return floatVal(float64(math.Float32frombits(uint32(a[0].n))))
	})
	registerNative("math.FMA", func(_ *machine, a []value) value {
		return floatVal(math.FMA(a[0].float(), a[1].float(), a[2].float()))
	})
	registerNative("math.Inf", func(_ *machine, a []value) value { return floatVal(math.Inf(int(a[0].int()))) })
	registerNative("math.NaN", func(_ *machine, a []value) value { return floatVal(math.NaN()) })
	registerNative("math.IsNaN", func(_ *machine, a []value) value { return boolVal(math.IsNaN(a[0].float())) })
	registerNative("math.IsInf", func(_ *machine, a []value) value {
		return boolVal(math.IsInf(a[0].float(), int(a[1].int())))
	})
	registerNative("math.Signbit", func(_ *machine, a []value) value { return boolVal(math.Signbit(a[0].float())) })
	registerNative("math.Ldexp", func(_ *machine, a []value) value {
		return floatVal(math.Ldexp(a[0].float(), int(a[1].int())))
	})
	registerNative("math.Frexp", func(_ *machine, a []value) value {
		f, e := math.Frexp(a[0].float())
		return tuple(floatVal(f), intVal(int64(e)))
	})
	registerNative("math.Modf", func(_ *machine, a []value) value {
		i, f := math.Modf(a[0].float())
		return tuple(floatVal(i), floatVal(f))
	})
}
