package strmodel

import (
	"math"
	"strconv"
	"strings"

	"github.com/vtcheck/vt/interp/model"
)

// Host calls for pure functions of strings and strconv whose arguments are
// immutable (strings, integers, floats), for speed. Functions that report
// errors run on the host for the common case and fall back to their
// interpreted body for the error, so the error values are the program's
// own.

var stringsFuncs = map[string]model.Func{
	"strings.Index": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.Index(m.String(a[0]), m.String(a[1]))))
	}),
	"strings.Contains": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeBool(strings.Contains(m.String(a[0]), m.String(a[1])))
	}),
	"strings.IndexByte": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.IndexByte(m.String(a[0]), byte(a[1].Uint()))))
	}),
	"strings.HasPrefix": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeBool(strings.HasPrefix(m.String(a[0]), m.String(a[1])))
	}),
	"strings.HasSuffix": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeBool(strings.HasSuffix(m.String(a[0]), m.String(a[1])))
	}),
	"strings.ToUpper":    withAllocs(host(s1(strings.ToUpper)), changedString),
	"strings.ToLower":    withAllocs(host(s1(strings.ToLower)), changedString),
	"strings.TrimSpace":  host(s1(strings.TrimSpace)),
	"strings.Trim":       host(s2(strings.Trim)),
	"strings.TrimLeft":   host(s2(strings.TrimLeft)),
	"strings.TrimRight":  host(s2(strings.TrimRight)),
	"strings.TrimPrefix": host(s2(strings.TrimPrefix)),
	"strings.TrimSuffix": host(s2(strings.TrimSuffix)),
	"strings.ReplaceAll": withAllocs(host(func(m model.Machine, a []model.Value) model.Value {
		return m.MakeString(strings.ReplaceAll(m.String(a[0]), m.String(a[1]), m.String(a[2])))
	}), changedString),
	"strings.Replace": withAllocs(host(func(m model.Machine, a []model.Value) model.Value {
		return m.MakeString(strings.Replace(m.String(a[0]), m.String(a[1]), m.String(a[2]), int(a[3].Int())))
	}), changedString),
	"strings.Split": withAllocs(host(func(m model.Machine, a []model.Value) model.Value {
		return strs(m, strings.Split(m.String(a[0]), m.String(a[1])))
	}), splitAlloc),
	"strings.SplitN": withAllocs(host(func(m model.Machine, a []model.Value) model.Value {
		return strs(m, strings.SplitN(m.String(a[0]), m.String(a[1]), int(a[2].Int())))
	}), splitAlloc),
	"strings.Fields": withAllocs(host(func(m model.Machine, a []model.Value) model.Value { return strs(m, strings.Fields(m.String(a[0]))) }), splitAlloc),
	"strings.Count": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.Count(m.String(a[0]), m.String(a[1]))))
	}),
	"strings.LastIndex": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.LastIndex(m.String(a[0]), m.String(a[1]))))
	}),
	"strings.IndexRune": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.IndexRune(m.String(a[0]), rune(a[1].Int()))))
	}),
	"strings.IndexAny": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.IndexAny(m.String(a[0]), m.String(a[1]))))
	}),
	"strings.ContainsRune": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeBool(strings.ContainsRune(m.String(a[0]), rune(a[1].Int())))
	}),
	"strings.ContainsAny": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeBool(strings.ContainsAny(m.String(a[0]), m.String(a[1])))
	}),
	"strings.EqualFold": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeBool(strings.EqualFold(m.String(a[0]), m.String(a[1])))
	}),
	"strings.Compare": host(func(m model.Machine, a []model.Value) model.Value {
		return model.MakeInt(int64(strings.Compare(m.String(a[0]), m.String(a[1]))))
	}),
	// Repeat panics on a negative count: the body raises that panic.
	"strings.Repeat": withAllocs(model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		n := a[1].Int()
		if n < 0 || n > 0 && int64(len(m.String(a[0]))) > (1<<30)/n {
			return model.Value{}, false
		}
		return m.MakeString(strings.Repeat(m.String(a[0]), int(n))), true
	}), repeatAlloc),
	"(*strings.Builder).String": {
		Why: "its source converts with unsafe.String, which the interpreter cannot share",
		Mem: model.Mem{Own: true},
		Native: func(m model.Machine, a []model.Value) model.Value {
			if a[0].IsNil() {
				return model.Value{}
			}
			buf := m.Field(a[0], 1) // the field buf (its bytes are not read: they are shared)
			m.Read(buf)
			return m.MakeString(string(m.Bytes(m.Load(buf))))
		},
	},
}

var strconvFuncs = map[string]model.Func{
	"strconv.Itoa": withAllocs(host(func(m model.Machine, a []model.Value) model.Value { return m.MakeString(strconv.Itoa(int(a[0].Int()))) }), itoaAlloc),
	// An illegal base panics: the body raises that panic, in the program.
	"strconv.FormatInt": withAllocs(model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		if b := a[1].Int(); b < 2 || b > 36 {
			return model.Value{}, false
		}
		return m.MakeString(strconv.FormatInt(a[0].Int(), int(a[1].Int()))), true
	}), formatIntAlloc),
	"strconv.FormatUint": withAllocs(model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		if b := a[1].Int(); b < 2 || b > 36 {
			return model.Value{}, false
		}
		return m.MakeString(strconv.FormatUint(a[0].Uint(), int(a[1].Int()))), true
	}), formatUintAlloc),
	"strconv.FormatBool": host(func(m model.Machine, a []model.Value) model.Value {
		return m.MakeString(strconv.FormatBool(a[0].Bool()))
	}),
	"strconv.Quote": host(func(m model.Machine, a []model.Value) model.Value { return m.MakeString(strconv.Quote(m.String(a[0]))) }),
	"strconv.QuoteToASCII": host(func(m model.Machine, a []model.Value) model.Value {
		return m.MakeString(strconv.QuoteToASCII(m.String(a[0])))
	}),
	"strconv.QuoteRune": host(func(m model.Machine, a []model.Value) model.Value {
		return m.MakeString(strconv.QuoteRune(rune(a[0].Int())))
	}),
	// Parsers: the host for well-formed input, the interpreted body for
	// errors (their *strconv.NumError values belong to the program).
	"strconv.Atoi": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		v, err := strconv.Atoi(m.String(a[0]))
		return m.MakeTuple(model.MakeInt(int64(v)), model.Value{}), err == nil
	}),
	"strconv.ParseInt": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		v, err := strconv.ParseInt(m.String(a[0]), int(a[1].Int()), int(a[2].Int()))
		return m.MakeTuple(model.MakeInt(v), model.Value{}), err == nil
	}),
	"strconv.ParseUint": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		v, err := strconv.ParseUint(m.String(a[0]), int(a[1].Int()), int(a[2].Int()))
		return m.MakeTuple(model.MakeUint(v), model.Value{}), err == nil
	}),
	"strconv.ParseBool": model.Fallback(model.Host, func(m model.Machine, a []model.Value) (model.Value, bool) {
		v, err := strconv.ParseBool(m.String(a[0]))
		return m.MakeTuple(model.MakeBool(v), model.Value{}), err == nil
	}),
}

// Type punning through unsafe.Pointer between float32 and uint32:
// interpreter floats are kept as float64 bits.
const whyFloatBits = "type punning through unsafe.Pointer: interpreter floats are float64 bits"

var internalStrconvFuncs = map[string]model.Func{
	"internal/strconv.float32bits": {Why: whyFloatBits, Native: func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeUint(uint64(math.Float32bits(float32(a[0].Float()))))
	}},
	"internal/strconv.float32frombits": {Why: whyFloatBits, Native: func(_ model.Machine, a []model.Value) model.Value {
		return model.MakeFloat(float64(math.Float32frombits(uint32(a[0].Uint()))))
	}},
}

// host makes the entry of a host call.
func host(f model.NativeFunc) model.Func { return model.Func{Why: model.Host, Native: f} }

// strs returns the []string value of ss.
func strs(m model.Machine, ss []string) model.Value {
	if ss == nil {
		return model.Value{}
	}
	es := make([]model.Value, len(ss))
	for i, s := range ss {
		es[i] = m.MakeString(s)
	}
	return m.MakeSlice(es)
}

// s1 and s2 make host calls of functions of strings to a string.
func s1(f func(string) string) model.NativeFunc {
	return func(m model.Machine, a []model.Value) model.Value { return m.MakeString(f(m.String(a[0]))) }
}

func s2(f func(string, string) string) model.NativeFunc {
	return func(m model.Machine, a []model.Value) model.Value {
		return m.MakeString(f(m.String(a[0]), m.String(a[1])))
	}
}
