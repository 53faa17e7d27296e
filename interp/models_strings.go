package interp

import (
	"strconv"
	"strings"
)

// Host calls for pure functions of strconv and strings whose arguments are
// immutable (strings, integers, floats): tier 3 of the standard library,
// for speed. Functions that report errors run on the host for the common
// case and fall back to their interpreted body for the error, so the error
// values are the program's own.

func strs(ss []string) value {
	if ss == nil {
		return value{}
	}
	es := make([]value, len(ss))
	for i, s := range ss {
		es[i] = strVal(s)
	}
	return value{r: es}
}

// orBody returns a control native that computes the result on the host
// when ok, and otherwise calls fn's own (interpreted) body.
func orBody(host func(args []value) (value, bool)) func(name string) controlFn {
	return func(name string) controlFn {
		return func(fr *frame, args []value, dst int32) *frame {
			if res, ok := host(args); ok {
				return fr.done(dst, res)
			}
			body := fr.g.m.prog.bodyByName(name)
			if body == nil {
				panic(&UnsupportedError{What: "no body for " + name})
			}
			return fr.callBody(body, args, dst)
		}
	}
}

func init() {
	s1 := func(f func(string) string) nativeFn {
		return func(_ *machine, a []value) value { return strVal(f(a[0].str())) }
	}
	s2 := func(f func(string, string) string) nativeFn {
		return func(_ *machine, a []value) value { return strVal(f(a[0].str(), a[1].str())) }
	}
	for name, f := range map[string]func(string) string{
		"ToUpper": strings.ToUpper, "ToLower": strings.ToLower, "TrimSpace": strings.TrimSpace,
	} {
		registerNative("strings."+name, s1(f))
	}
	for name, f := range map[string]func(string, string) string{
		"Trim": strings.Trim, "TrimLeft": strings.TrimLeft, "TrimRight": strings.TrimRight,
		"TrimPrefix": strings.TrimPrefix, "TrimSuffix": strings.TrimSuffix,
	} {
		registerNative("strings."+name, s2(f))
	}
	registerNative("strings.ReplaceAll", func(_ *machine, a []value) value {
		return strVal(strings.ReplaceAll(a[0].str(), a[1].str(), a[2].str()))
	})
	registerNative("strings.Replace", func(_ *machine, a []value) value {
		return strVal(strings.Replace(a[0].str(), a[1].str(), a[2].str(), int(a[3].int())))
	})
	registerNative("strings.Split", func(_ *machine, a []value) value { return strs(strings.Split(a[0].str(), a[1].str())) })
	registerNative("strings.SplitN", func(_ *machine, a []value) value {
		return strs(strings.SplitN(a[0].str(), a[1].str(), int(a[2].int())))
	})
	registerNative("strings.Fields", func(_ *machine, a []value) value { return strs(strings.Fields(a[0].str())) })
	registerNative("strings.Count", func(_ *machine, a []value) value {
		return intVal(int64(strings.Count(a[0].str(), a[1].str())))
	})
	registerNative("strings.LastIndex", func(_ *machine, a []value) value {
		return intVal(int64(strings.LastIndex(a[0].str(), a[1].str())))
	})
	registerNative("strings.IndexRune", func(_ *machine, a []value) value {
		return intVal(int64(strings.IndexRune(a[0].str(), rune(a[1].int()))))
	})
	registerNative("strings.IndexAny", func(_ *machine, a []value) value {
		return intVal(int64(strings.IndexAny(a[0].str(), a[1].str())))
	})
	registerNative("strings.ContainsRune", func(_ *machine, a []value) value {
		return boolVal(strings.ContainsRune(a[0].str(), rune(a[1].int())))
	})
	registerNative("strings.ContainsAny", func(_ *machine, a []value) value {
		return boolVal(strings.ContainsAny(a[0].str(), a[1].str()))
	})
	registerNative("strings.EqualFold", func(_ *machine, a []value) value {
		return boolVal(strings.EqualFold(a[0].str(), a[1].str()))
	})
	registerNative("strings.Compare", func(_ *machine, a []value) value {
		return intVal(int64(strings.Compare(a[0].str(), a[1].str())))
	})

	registerNative("strconv.Itoa", func(_ *machine, a []value) value { return strVal(strconv.Itoa(int(a[0].int()))) })
	registerNative("strconv.FormatInt", func(_ *machine, a []value) value {
		return strVal(strconv.FormatInt(a[0].int(), int(a[1].int())))
	})
	registerNative("strconv.FormatUint", func(_ *machine, a []value) value {
		return strVal(strconv.FormatUint(a[0].n, int(a[1].int())))
	})
	registerNative("strconv.FormatBool", func(_ *machine, a []value) value { return strVal(strconv.FormatBool(a[0].bool())) })
	registerNative("strconv.Quote", func(_ *machine, a []value) value { return strVal(strconv.Quote(a[0].str())) })
	registerNative("strconv.QuoteToASCII", func(_ *machine, a []value) value { return strVal(strconv.QuoteToASCII(a[0].str())) })
	registerNative("strconv.QuoteRune", func(_ *machine, a []value) value {
		return strVal(strconv.QuoteRune(rune(a[0].int())))
	})

	// Parsers: the host for well-formed input, the interpreted body for
	// errors (their *strconv.NumError values belong to the program).
	hostOr := map[string]func(a []value) (value, bool){
		"strconv.Atoi": func(a []value) (value, bool) {
			v, err := strconv.Atoi(a[0].str())
			return tuple(intVal(int64(v)), value{}), err == nil
		},
		"strconv.ParseInt": func(a []value) (value, bool) {
			v, err := strconv.ParseInt(a[0].str(), int(a[1].int()), int(a[2].int()))
			return tuple(intVal(v), value{}), err == nil
		},
		"strconv.ParseUint": func(a []value) (value, bool) {
			v, err := strconv.ParseUint(a[0].str(), int(a[1].int()), int(a[2].int()))
			return tuple(uintVal(v), value{}), err == nil
		},
		"strconv.ParseBool": func(a []value) (value, bool) {
			v, err := strconv.ParseBool(a[0].str())
			return tuple(boolVal(v), value{}), err == nil
		},
	}
	for name, host := range hostOr {
		registerControl(name, orBody(host)(name))
	}
	// Repeat panics on a negative count: the body raises that panic.
	registerControl("strings.Repeat", orBody(func(a []value) (value, bool) {
		n := a[1].int()
		if n < 0 || int64(len(a[0].str()))*n > 1<<30 {
			return value{}, false
		}
		return strVal(strings.Repeat(a[0].str(), int(n))), true
	})("strings.Repeat"))
}
