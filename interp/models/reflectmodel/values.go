package reflectmodel

import (
	"go/types"
	"reflect"

	"github.com/vtcheck/vt/interp/model"
)

// The methods of reflect.Value (and reflectlite's) modeled here: a
// Value's kind and type, reading and setting its scalars, its fields and
// what it points to, and boxing it. The rest (indexing, lengths, maps,
// channels, calls, iteration, conversion) are still the interpreter's
// (interp/models_reflect*.go).

// A valueMethod is the model of a method of the Value x of package pk,
// with the arguments a after the receiver.
type valueMethod func(m model.Machine, pk string, x rval, a []model.Value) model.Value

// valueMethods are the models of reflect.Value's methods (and
// reflectlite.Value's) that this package has, by name.
var valueMethods = map[string]valueMethod{
	"Kind": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeUint(uint64(x.kind()))
	},
	"IsValid": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(x.t != nil)
	},
	"Type": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.t == nil {
			valueError(m, pk, "reflect.Value.Type", reflect.Invalid)
		}
		return typeVal(m, pk, x.t)
	},
	"IsNil": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		switch x.kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Interface:
			read(m, x)
			return model.MakeBool(get(m, x).IsNil())
		}
		valueError(m, pk, "reflect.Value.IsNil", x.kind())
		return model.Value{}
	},
	"Bool": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Bool, "Bool")
		read(m, x)
		return get(m, x)
	},
	"Int": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isInt(x.kind()) {
			valueError(m, pk, "reflect.Value.Int", x.kind())
		}
		read(m, x)
		return get(m, x)
	},
	"Uint": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isUint(x.kind()) {
			valueError(m, pk, "reflect.Value.Uint", x.kind())
		}
		read(m, x)
		return get(m, x)
	},
	"Float": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isFloat(x.kind()) {
			valueError(m, pk, "reflect.Value.Float", x.kind())
		}
		read(m, x)
		return get(m, x)
	},
	"String": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		switch x.kind() {
		case reflect.String:
			read(m, x)
			return get(m, x)
		case reflect.Invalid:
			return m.MakeString("<invalid Value>")
		}
		return m.MakeString("<" + x.t.String() + " Value>")
	},
	"CanInt": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(isInt(x.kind()))
	},
	"CanUint": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(isUint(x.kind()))
	},
	"CanFloat": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(isFloat(x.kind()))
	},
	"CanComplex": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(isComplex(x.kind()))
	},
	"NumField": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Struct, "NumField")
		return model.MakeInt(int64(x.t.NumField()))
	},
	"Field": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Struct, "Field")
		return field(m, x, int(a[0].Int())).encode(m)
	},
	"FieldByIndex": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return fieldByIndex(m, pk, x, m.Elems(a[0])).encode(m)
	},
	"FieldByIndexErr": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		idx := m.Elems(a[0])
		if len(idx) <= 1 {
			return m.MakeTuple(fieldByIndex(m, pk, x, idx).encode(m), model.Value{})
		}
		// As FieldByIndex, but a nil pointer to an embedded struct on
		// the way is an error, not a panic.
		mustBe(m, pk, x, reflect.Struct, "FieldByIndex")
		for j, iv := range idx {
			if j > 0 && x.kind() == reflect.Pointer && x.t.Elem().Kind() == reflect.Struct {
				if get(m, x).IsNil() {
					err := errorsNew(m, "reflect: indirection through nil pointer to embedded struct field "+typeName(x.t.Elem()))
					return m.MakeTuple(rval{}.encode(m), err)
				}
				x = elem(m, pk, x)
			}
			mustBe(m, pk, x, reflect.Struct, "FieldByIndex")
			x = field(m, x, int(iv.Int()))
		}
		return m.MakeTuple(x.encode(m), model.Value{})
	},
	"FieldByName": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBe(m, pk, x, reflect.Struct, "FieldByName")
		path := fieldPath(x.t, m.String(a[0]))
		if path == nil {
			return rval{}.encode(m)
		}
		idx := make([]model.Value, len(path))
		for j, i := range path {
			idx[j] = model.MakeInt(int64(i))
		}
		return fieldByIndex(m, pk, x, idx).encode(m)
	},
	"Elem": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return elem(m, pk, x).encode(m)
	},
	"Interface": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.t != nil && x.f&flagRO == 0 {
			read(m, x)
		}
		return valueInterface(m, pk, x)
	},
	"CanInterface": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.t == nil {
			valueError(m, pk, "reflect.Value.CanInterface", reflect.Invalid)
		}
		return model.MakeBool(x.f&flagRO == 0)
	},
	"CanAddr": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(x.f&flagAddr != 0)
	},
	"CanSet": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		return model.MakeBool(x.f&(flagAddr|flagRO) == flagAddr)
	},
	"Addr": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.f&flagAddr == 0 {
			m.Panic("reflect.Value.Addr of unaddressable value")
		}
		pt := m.PointerTo(x.t)
		return rval{t: pt, p: m.New(pt, x.p), f: uint64(reflect.Pointer) | x.f&flagRO}.encode(m)
	},
	"Set": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "Set")
		v := assignTo(m, decode(m, a[0]), x.t, "reflect.Set")
		write(m, x, v)
		return model.Value{}
	},
	"SetInt": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetInt")
		if !isInt(x.kind()) {
			valueError(m, pk, "reflect.Value.SetInt", x.kind())
		}
		write(m, x, model.MakeUint(wrap(x.kind(), a[0].Uint())))
		return model.Value{}
	},
	"SetUint": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetUint")
		if !isUint(x.kind()) {
			valueError(m, pk, "reflect.Value.SetUint", x.kind())
		}
		write(m, x, model.MakeUint(wrap(x.kind(), a[0].Uint())))
		return model.Value{}
	},
	"SetFloat": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetFloat")
		switch x.kind() {
		case reflect.Float32:
			write(m, x, model.MakeFloat(float64(float32(a[0].Float()))))
		case reflect.Float64:
			write(m, x, a[0])
		default:
			valueError(m, pk, "reflect.Value.SetFloat", x.kind())
		}
		return model.Value{}
	},
	"SetString": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetString")
		mustBe(m, pk, x, reflect.String, "SetString")
		write(m, x, a[0])
		return model.Value{}
	},
	"SetBool": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetBool")
		mustBe(m, pk, x, reflect.Bool, "SetBool")
		write(m, x, model.MakeBool(a[0].Bool()))
		return model.Value{}
	},
	"SetZero": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetZero")
		write(m, x, m.Zero(x.t))
		return model.Value{}
	},
	"NumMethod": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.t == nil {
			valueError(m, pk, "reflect.Value.NumMethod", reflect.Invalid)
		}
		return model.MakeInt(int64(len(methodsOf(x.t))))
	},
	"OverflowInt": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isInt(x.kind()) {
			valueError(m, pk, "reflect.Value.OverflowInt", x.kind())
		}
		return model.MakeBool(overflowInt(x.t, a[0].Int()))
	},
	"OverflowUint": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isUint(x.kind()) {
			valueError(m, pk, "reflect.Value.OverflowUint", x.kind())
		}
		return model.MakeBool(overflowUint(x.t, a[0].Uint()))
	},
	"OverflowFloat": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isFloat(x.kind()) {
			valueError(m, pk, "reflect.Value.OverflowFloat", x.kind())
		}
		return model.MakeBool(overflowFloat(x.t, a[0].Float()))
	},
}

// field returns the field i of the struct Value x.
func field(m model.Machine, x rval, i int) rval {
	if i < 0 || i >= x.t.NumField() {
		m.Panic("reflect: Field index out of range")
	}
	ft := x.t.Field(i)
	fl := x.f&(flagStickyRO|flagAddr) | uint64(ft.Kind())
	if f := x.t.Go().Underlying().(*types.Struct).Field(i); !f.Exported() && f.Pkg() != nil {
		if f.Embedded() {
			fl |= flagEmbedRO
		} else {
			fl |= flagStickyRO
		}
	}
	return rval{t: ft, p: m.Field(x.p, i), f: fl}
}

// fieldByIndex is Value.FieldByIndex of the index path idx.
func fieldByIndex(m model.Machine, pk string, x rval, idx []model.Value) rval {
	mustBe(m, pk, x, reflect.Struct, "FieldByIndex")
	if len(idx) == 1 {
		return field(m, x, int(idx[0].Int()))
	}
	for j, iv := range idx {
		if j > 0 && x.kind() == reflect.Pointer && x.t.Elem().Kind() == reflect.Struct {
			if get(m, x).IsNil() {
				m.Panic("reflect: indirection through nil pointer to embedded struct")
			}
			x = elem(m, pk, x)
		}
		mustBe(m, pk, x, reflect.Struct, "FieldByIndex")
		x = field(m, x, int(iv.Int()))
	}
	return x
}

// elem is Value.Elem.
func elem(m model.Machine, pk string, x rval) rval {
	switch x.kind() {
	case reflect.Interface:
		read(m, x)
		t, v := m.Dynamic(get(m, x))
		if t == nil {
			return rval{}
		}
		return newRval(m, t, v, x.f&flagRO)
	case reflect.Pointer:
		read(m, x)
		p := get(m, x)
		if p.IsNil() {
			return rval{}
		}
		et := x.t.Elem()
		return rval{t: et, p: p, f: uint64(et.Kind()) | flagAddr | x.f&flagRO}
	}
	valueError(m, pk, "reflect.Value.Elem", x.kind())
	return rval{}
}

// valueInterface is Value.Interface, without the access.
func valueInterface(m model.Machine, pk string, x rval) model.Value {
	if x.t == nil {
		valueError(m, pk, "reflect.Value.Interface", reflect.Invalid)
	}
	if x.f&flagRO != 0 {
		m.Panic("reflect.Value.Interface: cannot return value obtained from unexported field or method")
	}
	v := get(m, x)
	if x.t.Kind() == reflect.Interface {
		return v
	}
	return m.MakeInterface(x.t, m.Copy(v, x.t))
}

// typeAssert is reflect.TypeAssert[T](x): x.Interface().(T), without
// reflect's allocations.
func typeAssert(m model.Machine, x rval, t model.Type) model.Value {
	if x.t == nil {
		valueError(m, pkgReflect, "reflect.TypeAssert", reflect.Invalid)
	}
	if x.f&flagRO != 0 {
		m.Panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	read(m, x)
	i := valueInterface(m, pkgReflect, x)
	switch dt, dv := m.Dynamic(i); {
	case dt == nil:
	case t.Kind() == reflect.Interface && dt.Implements(t):
		return m.MakeTuple(i, model.MakeBool(true))
	case dt == t:
		return m.MakeTuple(m.Copy(dv, t), model.MakeBool(true))
	}
	return m.MakeTuple(m.Zero(t), model.MakeBool(false))
}
