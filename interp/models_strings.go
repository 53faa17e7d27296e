package interp

import (
	"math"
	"strconv"
	"strings"
)

// Host calls (tier 3) for pure functions of strings and strconv whose
// arguments are immutable (strings, integers, floats), for speed.
// Functions that report errors run on the host for the common case and
// fall back to their interpreted body for the error, so the error values
// are the program's own.

var stringsModels = modelTable{
	"strings.Index":      native(whyHost, func(_ *machine, a []value) value { return intVal(int64(strings.Index(a[0].str(), a[1].str()))) }),
	"strings.Contains":   native(whyHost, func(_ *machine, a []value) value { return boolVal(strings.Contains(a[0].str(), a[1].str())) }),
	"strings.IndexByte":  native(whyHost, func(_ *machine, a []value) value { return intVal(int64(strings.IndexByte(a[0].str(), byte(a[1].n)))) }),
	"strings.HasPrefix":  native(whyHost, func(_ *machine, a []value) value { return boolVal(strings.HasPrefix(a[0].str(), a[1].str())) }),
	"strings.HasSuffix":  native(whyHost, func(_ *machine, a []value) value { return boolVal(strings.HasSuffix(a[0].str(), a[1].str())) }),
	"strings.ToUpper":    native(whyHost, hostS1(strings.ToUpper)),
	"strings.ToLower":    native(whyHost, hostS1(strings.ToLower)),
	"strings.TrimSpace":  native(whyHost, hostS1(strings.TrimSpace)),
	"strings.Trim":       native(whyHost, hostS2(strings.Trim)),
	"strings.TrimLeft":   native(whyHost, hostS2(strings.TrimLeft)),
	"strings.TrimRight":  native(whyHost, hostS2(strings.TrimRight)),
	"strings.TrimPrefix": native(whyHost, hostS2(strings.TrimPrefix)),
	"strings.TrimSuffix": native(whyHost, hostS2(strings.TrimSuffix)),
	"strings.ReplaceAll": native(whyHost, func(_ *machine, a []value) value {
		return strVal(strings.ReplaceAll(a[0].str(), a[1].str(), a[2].str()))
	}),
	"strings.Replace": native(whyHost, func(_ *machine, a []value) value {
		return strVal(strings.Replace(a[0].str(), a[1].str(), a[2].str(), int(a[3].int())))
	}),
	"strings.Split": native(whyHost, func(_ *machine, a []value) value { return strs(strings.Split(a[0].str(), a[1].str())) }),
	"strings.SplitN": native(whyHost, func(_ *machine, a []value) value {
		return strs(strings.SplitN(a[0].str(), a[1].str(), int(a[2].int())))
	}),
	"strings.Fields":    native(whyHost, func(_ *machine, a []value) value { return strs(strings.Fields(a[0].str())) }),
	"strings.Count":     native(whyHost, func(_ *machine, a []value) value { return intVal(int64(strings.Count(a[0].str(), a[1].str()))) }),
	"strings.LastIndex": native(whyHost, func(_ *machine, a []value) value { return intVal(int64(strings.LastIndex(a[0].str(), a[1].str()))) }),
	"strings.IndexRune": native(whyHost, func(_ *machine, a []value) value {
		return intVal(int64(strings.IndexRune(a[0].str(), rune(a[1].int()))))
	}),
	"strings.IndexAny":     native(whyHost, func(_ *machine, a []value) value { return intVal(int64(strings.IndexAny(a[0].str(), a[1].str()))) }),
	"strings.ContainsRune": native(whyHost, func(_ *machine, a []value) value { return boolVal(strings.ContainsRune(a[0].str(), rune(a[1].int()))) }),
	"strings.ContainsAny":  native(whyHost, func(_ *machine, a []value) value { return boolVal(strings.ContainsAny(a[0].str(), a[1].str())) }),
	"strings.EqualFold":    native(whyHost, func(_ *machine, a []value) value { return boolVal(strings.EqualFold(a[0].str(), a[1].str())) }),
	"strings.Compare":      native(whyHost, func(_ *machine, a []value) value { return intVal(int64(strings.Compare(a[0].str(), a[1].str()))) }),
	// Repeat panics on a negative count: the body raises that panic.
	"strings.Repeat": control(whyHost, orBody("strings.Repeat", func(a []value) (value, bool) {
		n := a[1].int()
		if n < 0 || n > 0 && int64(len(a[0].str())) > (1<<30)/n {
			return value{}, false
		}
		return strVal(strings.Repeat(a[0].str(), int(n))), true
	})),
	"(*strings.Builder).String": native("its source converts with unsafe.String, which the interpreter cannot share", func(m *machine, a []value) value {
		p := a[0].ptr()
		if p == nil {
			return strVal("")
		}
		buf := p.elems()[1:2] // the field buf (the bytes are not read: they are shared)
		m.modelAccessElems(EvRead, buf, nil)
		return strVal(string(goBytes(buf[0])))
	}).ownAccesses(),
}

var strconvModels = modelTable{
	"strconv.Itoa": native(whyHost, func(_ *machine, a []value) value { return strVal(strconv.Itoa(int(a[0].int()))) }),
	// An illegal base panics: the body raises that panic, in the program.
	"strconv.FormatInt": control(whyHost, orBody("strconv.FormatInt", func(a []value) (value, bool) {
		if b := a[1].int(); b < 2 || b > 36 {
			return value{}, false
		}
		return strVal(strconv.FormatInt(a[0].int(), int(a[1].int()))), true
	})),
	"strconv.FormatUint": control(whyHost, orBody("strconv.FormatUint", func(a []value) (value, bool) {
		if b := a[1].int(); b < 2 || b > 36 {
			return value{}, false
		}
		return strVal(strconv.FormatUint(a[0].n, int(a[1].int()))), true
	})),
	"strconv.FormatBool":   native(whyHost, func(_ *machine, a []value) value { return strVal(strconv.FormatBool(a[0].bool())) }),
	"strconv.Quote":        native(whyHost, func(_ *machine, a []value) value { return strVal(strconv.Quote(a[0].str())) }),
	"strconv.QuoteToASCII": native(whyHost, func(_ *machine, a []value) value { return strVal(strconv.QuoteToASCII(a[0].str())) }),
	"strconv.QuoteRune": native(whyHost, func(_ *machine, a []value) value {
		return strVal(strconv.QuoteRune(rune(a[0].int())))
	}),
	// Parsers: the host for well-formed input, the interpreted body for
	// errors (their *strconv.NumError values belong to the program).
	"strconv.Atoi": control(whyHost, orBody("strconv.Atoi", func(a []value) (value, bool) {
		v, err := strconv.Atoi(a[0].str())
		return tuple(intVal(int64(v)), value{}), err == nil
	})),
	"strconv.ParseInt": control(whyHost, orBody("strconv.ParseInt", func(a []value) (value, bool) {
		v, err := strconv.ParseInt(a[0].str(), int(a[1].int()), int(a[2].int()))
		return tuple(intVal(v), value{}), err == nil
	})),
	"strconv.ParseUint": control(whyHost, orBody("strconv.ParseUint", func(a []value) (value, bool) {
		v, err := strconv.ParseUint(a[0].str(), int(a[1].int()), int(a[2].int()))
		return tuple(uintVal(v), value{}), err == nil
	})),
	"strconv.ParseBool": control(whyHost, orBody("strconv.ParseBool", func(a []value) (value, bool) {
		v, err := strconv.ParseBool(a[0].str())
		return tuple(boolVal(v), value{}), err == nil
	})),
}

// Type punning through unsafe.Pointer between float32 and uint32:
// interpreter floats are kept as float64 bits.
const whyFloatBits = "type punning through unsafe.Pointer: interpreter floats are float64 bits"

var internalStrconvModels = modelTable{
	"internal/strconv.float32bits": native(whyFloatBits, func(_ *machine, a []value) value {
		return uintVal(uint64(math.Float32bits(float32(a[0].float()))))
	}),
	"internal/strconv.float32frombits": native(whyFloatBits, func(_ *machine, a []value) value {
		return floatVal(float64(math.Float32frombits(uint32(a[0].n))))
	}),
}

func strs(ss []string) value {
	if ss == nil {
		return value{}
	}
	es := make([]value, len(ss))
	for i, s := range ss {
		es[i] = strVal(s)
	}
	return sliceVal(es)
}

func hostS1(f func(string) string) nativeFn {
	return func(_ *machine, a []value) value { return strVal(f(a[0].str())) }
}

func hostS2(f func(string, string) string) nativeFn {
	return func(_ *machine, a []value) value { return strVal(f(a[0].str(), a[1].str())) }
}

// goBytes returns the bytes of a []byte value: interpreter memory, for a
// model that only reads them.
func goBytes(v value) []byte { return v.bytes() }

// orBody returns a control native that computes the result on the host
// when host reports ok, and otherwise calls the function name's own
// (interpreted) body.
func orBody(name string, host func(args []value) (value, bool)) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		if res, ok := host(args); ok {
			return fr.done(dst, res)
		}
		body := fr.g.m.bodyByName(name)
		if body == nil {
			panic(&UnsupportedError{What: "no body for " + name})
		}
		return fr.callBody(body, args, dst)
	}
}
