package reflectmodel

import (
	"go/types"
	"reflect"
	"strconv"

	"github.com/vtcheck/vt/interp/model"
)

// The methods of reflect.Value over sequences and maps: lengths,
// indexing and slicing, a map's keys and entries; and the functions that
// make slices and maps.

// seqMethods are the models of Value's methods over sequences and maps.
var seqMethods = map[string]valueMethod{
	"Len": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		switch x.kind() {
		case reflect.Slice, reflect.String, reflect.Map, reflect.Chan:
			read(m, x)
		}
		switch x.kind() {
		case reflect.Slice, reflect.Array, reflect.String, reflect.Chan:
			return model.MakeInt(int64(m.Len(get(m, x), x.t)))
		case reflect.Map:
			v := get(m, x)
			m.AccessMap(v, false)
			return model.MakeInt(int64(m.Len(v, x.t)))
		case reflect.Pointer:
			if x.t.Elem().Kind() == reflect.Array {
				return model.MakeInt(int64(x.t.Elem().Len()))
			}
		}
		valueError(m, pk, "reflect.Value.Len", x.kind())
		return model.Value{}
	},
	"Cap": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		switch x.kind() {
		case reflect.Slice, reflect.Chan:
			read(m, x)
			fallthrough
		case reflect.Array:
			return model.MakeInt(int64(m.Cap(get(m, x), x.t)))
		case reflect.Pointer:
			if x.t.Elem().Kind() == reflect.Array {
				return model.MakeInt(int64(x.t.Elem().Len()))
			}
		}
		valueError(m, pk, "reflect.Value.Cap", x.kind())
		return model.Value{}
	},
	"Index": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		i := int(a[0].Int())
		switch x.kind() {
		case reflect.Slice:
			read(m, x)
			s := get(m, x)
			if i < 0 || i >= m.Len(s, x.t) {
				m.Panic("reflect: slice index out of range")
			}
			et := x.t.Elem()
			return rval{t: et, p: m.Index(s, x.t, i), f: uint64(et.Kind()) | flagAddr | x.f&flagRO}.encode(m)
		case reflect.Array:
			if i < 0 || i >= x.t.Len() {
				m.Panic("reflect: array index out of range")
			}
			et := x.t.Elem()
			p := m.Index(get(m, x), x.t, i)
			if x.f&flagAddr == 0 && isByte(et.Kind()) {
				// A copy: the array is not the program's memory, and a
				// byte of it is no variable of its own.
				return newRval(m, et, m.Deref(p, et), x.f&flagRO).encode(m)
			}
			return rval{t: et, p: p, f: uint64(et.Kind()) | x.f&(flagAddr|flagRO)}.encode(m)
		case reflect.String:
			read(m, x)
			s := m.String(get(m, x))
			if i < 0 || i >= len(s) {
				m.Panic("reflect: string index out of range")
			}
			return newRval(m, m.TypeOf(types.Typ[types.Uint8]), model.MakeUint(uint64(s[i])), x.f&flagRO).encode(m)
		}
		valueError(m, pk, "reflect.Value.Index", x.kind())
		return model.Value{}
	},
	"Slice": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return slice(m, pk, x, int(a[0].Int()), int(a[1].Int()), -1).encode(m)
	},
	"Slice3": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return slice(m, pk, x, int(a[0].Int()), int(a[1].Int()), int(a[2].Int())).encode(m)
	},
	"Bytes": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		switch x.kind() {
		case reflect.Slice:
			if x.t.Elem().Kind() != reflect.Uint8 {
				m.Panic("reflect.Value.Bytes of non-byte slice")
			}
			read(m, x)
			return get(m, x)
		case reflect.Array:
			if x.t.Elem().Kind() != reflect.Uint8 {
				m.Panic("reflect.Value.Bytes of non-byte array")
			}
			if x.f&flagAddr == 0 {
				m.Panic("reflect.Value.Bytes of unaddressable byte array")
			}
			return m.Slice(get(m, x), x.t, 0, x.t.Len(), -1)
		}
		valueError(m, pk, "reflect.Value.Bytes", x.kind())
		return model.Value{}
	},
	"Convert": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return convert(m, x, typeArg(m, pk, a[0])).encode(m)
	},
	"CanConvert": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		t := typeArg(m, pk, a[0])
		if x.t == nil || !types.ConvertibleTo(x.t.Go(), t.Go()) {
			return model.MakeBool(false)
		}
		if x.kind() == reflect.Slice && t.Kind() == reflect.Array && m.Len(get(m, x), x.t) < t.Len() {
			read(m, x)
			return model.MakeBool(false)
		}
		return model.MakeBool(true)
	},
	"MapKeys": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Map, "MapKeys")
		read(m, x)
		mv := get(m, x)
		m.AccessMap(mv, false)
		kt := x.t.Key()
		keys := []model.Value{}
		m.MapRange(mv, x.t, func(k, _ model.Value) bool {
			keys = append(keys, newRval(m, kt, m.Copy(k, kt), x.f&flagRO).encode(m))
			return true
		})
		return m.MakeSlice(keys)
	},
	"MapIndex": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Map, "MapIndex")
		k := convertTo(m, decode(m, a[0]), x.t.Key(), "reflect.Value.MapIndex")
		read(m, x)
		mv := get(m, x)
		m.AccessMap(mv, false)
		e, ok := m.MapIndex(mv, x.t, k)
		if !ok {
			return rval{}.encode(m)
		}
		et := x.t.Elem()
		return newRval(m, et, m.Copy(e, et), x.f&flagRO).encode(m)
	},
	"SetMapIndex": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Map, "SetMapIndex")
		mustBeExported(m, x, "SetMapIndex")
		kx := decode(m, a[0])
		mustBeExported(m, kx, "SetMapIndex")
		k := assignTo(m, kx, x.t.Key(), "reflect.Value.SetMapIndex")
		read(m, x)
		mv := get(m, x)
		m.AccessMap(mv, true)
		e := decode(m, a[1])
		if e.t == nil {
			m.DeleteMapIndex(mv, x.t, k)
			return model.Value{}
		}
		mustBeExported(m, e, "SetMapIndex")
		m.SetMapIndex(mv, x.t, k, assignTo(m, e, x.t.Elem(), "reflect.Value.SetMapIndex"))
		return model.Value{}
	},
}

// isByte reports whether k is a kind of one byte, whose arrays the
// machine lays out as bytes (Machine.Index returns a pointer to a byte of
// them, which is no variable of its own).
func isByte(k reflect.Kind) bool { return k == reflect.Bool || k == reflect.Int8 || k == reflect.Uint8 }

// convert is Value.Convert.
func convert(m model.Machine, x rval, t model.Type) rval {
	if x.t == nil {
		valueError(m, pkgReflect, "reflect.Value.Convert", reflect.Invalid)
	}
	if t == nil {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	if !types.ConvertibleTo(x.t.Go(), t.Go()) {
		m.Panic("reflect.Value.Convert: value of type " + x.t.String() + " cannot be converted to type " + t.String())
	}
	read(m, x)
	v := get(m, x)
	if x.kind() == reflect.Slice {
		switch n := m.Len(v, x.t); {
		case t.Kind() == reflect.Array && n < t.Len():
			m.Panic("reflect: cannot convert slice with length " + strconv.Itoa(n) + " to array with length " + strconv.Itoa(t.Len()))
		case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Array && n < t.Elem().Len():
			m.Panic("reflect: cannot convert slice with length " + strconv.Itoa(n) + " to pointer to array with length " + strconv.Itoa(t.Elem().Len()))
		}
	}
	switch {
	case t.Kind() != reflect.Interface:
		v = m.Convert(v, x.t, t)
	case x.t.Kind() != reflect.Interface:
		v = m.MakeInterface(x.t, m.Copy(v, x.t))
	}
	return newRval(m, t, v, x.f&flagRO)
}

// slice is Value.Slice (k < 0) and Value.Slice3.
func slice(m model.Machine, pk string, x rval, i, j, k int) rval {
	switch x.kind() {
	case reflect.Slice, reflect.Array:
		st := x.t
		if x.kind() == reflect.Array {
			if x.f&flagAddr == 0 {
				m.Panic("reflect.Value.Slice: slice of unaddressable array")
			}
			st = m.TypeOf(types.NewSlice(x.t.Elem().Go()))
		} else {
			read(m, x)
		}
		s := get(m, x)
		c := m.Cap(s, x.t)
		if k < 0 {
			if i < 0 || j < i || j > c {
				m.Panic("reflect.Value.Slice: slice index out of bounds")
			}
		} else if i < 0 || j < i || k < j || k > c {
			m.Panic("reflect.Value.Slice3: slice index out of bounds")
		}
		return newRval(m, st, m.Slice(s, x.t, i, j, k), x.f&flagRO)
	case reflect.String:
		if k >= 0 {
			break
		}
		read(m, x)
		s := m.String(get(m, x))
		if i < 0 || j < i || j > len(s) {
			m.Panic("reflect.Value.Slice: string slice index out of bounds")
		}
		return newRval(m, x.t, m.MakeString(s[i:j]), x.f&flagRO)
	}
	if k >= 0 {
		valueError(m, pk, "reflect.Value.Slice3", x.kind())
	}
	valueError(m, pk, "reflect.Value.Slice", x.kind())
	return rval{}
}

// seqFuncs are the models of reflect's functions that make slices and
// maps.
var seqFuncs = map[string]model.Func{
	"reflect.MakeSlice": typeFunc(func(m model.Machine, args []model.Value) model.Value {
		t := typeArg(m, pkgReflect, args[0])
		if t.Kind() != reflect.Slice {
			m.Panic("reflect.MakeSlice of non-slice type")
		}
		n, c := int(args[1].Int()), int(args[2].Int())
		if n < 0 {
			m.Panic("reflect.MakeSlice: negative len")
		}
		if c < 0 {
			m.Panic("reflect.MakeSlice: negative cap")
		}
		if n > c {
			m.Panic("reflect.MakeSlice: len > cap")
		}
		return newRval(m, t, m.NewSlice(t, n, c), 0).encode(m)
	}),
	"reflect.MakeMap":         typeFunc(makeMap),
	"reflect.MakeMapWithSize": typeFunc(makeMap),
}

// makeMap is reflect.MakeMap and MakeMapWithSize.
func makeMap(m model.Machine, args []model.Value) model.Value {
	t := typeArg(m, pkgReflect, args[0])
	if t.Kind() != reflect.Map {
		m.Panic("reflect.MakeMapWithSize of non-map type")
	}
	return newRval(m, t, m.NewMap(t), 0).encode(m)
}
