package reflectmodel

import (
	"reflect"

	"github.com/vtcheck/vt/interp/model"
)

// Comparing Values, complex numbers, and setting a slice's length or
// bytes.

// compareMethods are the models of Value's methods that compare, read
// and set complex numbers, and set a slice's length or bytes.
var compareMethods = map[string]valueMethod{
	"IsZero": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.t == nil {
			valueError(m, pk, "reflect.Value.IsZero", reflect.Invalid)
		}
		read(m, x)
		return model.MakeBool(isZero(m, get(m, x), x.t))
	},
	"Comparable": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if x.t == nil {
			return model.MakeBool(false)
		}
		read(m, x)
		return model.MakeBool(comparable(m, get(m, x), x.t))
	},
	"Equal": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		u := decode(m, a[0])
		if x.kind() == reflect.Interface {
			x = elem(m, pk, x)
		}
		if u.kind() == reflect.Interface {
			u = elem(m, pk, u)
		}
		if x.t == nil || u.t == nil {
			return model.MakeBool((x.t == nil) == (u.t == nil))
		}
		if x.t != u.t {
			return model.MakeBool(false)
		}
		read(m, x)
		read(m, u)
		return model.MakeBool(equal(m, get(m, x), get(m, u), x.t))
	},
	"Complex": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		if !isComplex(x.kind()) {
			valueError(m, pk, "reflect.Value.Complex", x.kind())
		}
		read(m, x)
		return m.MakeComplex(m.Complex(get(m, x)))
	},
	"SetComplex": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetComplex")
		c := m.Complex(a[0])
		switch x.kind() {
		case reflect.Complex64:
			write(m, x, m.MakeComplex(complex(float64(float32(real(c))), float64(float32(imag(c))))))
		case reflect.Complex128:
			write(m, x, m.MakeComplex(c))
		default:
			valueError(m, pk, "reflect.Value.SetComplex", x.kind())
		}
		return model.Value{}
	},
	"SetBytes": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetBytes")
		mustBe(m, pk, x, reflect.Slice, "SetBytes")
		if x.t.Elem().Kind() != reflect.Uint8 {
			m.Panic("reflect.Value.SetBytes of non-byte slice")
		}
		write(m, x, a[0])
		return model.Value{}
	},
	"SetLen": func(m model.Machine, pk string, x rval, a []model.Value) model.Value {
		mustBeAssignable(m, x, "SetLen")
		mustBe(m, pk, x, reflect.Slice, "SetLen")
		read(m, x)
		s := get(m, x)
		n := int(a[0].Int())
		if n < 0 || n > m.Cap(s, x.t) {
			m.Panic("reflect: slice length out of range in SetLen")
		}
		write(m, x, m.Slice(s, x.t, 0, n, -1))
		return model.Value{}
	},
}

// equal is Value.Equal of a and b, values of type t: as reflect
// compares them, field by field and element by element (a blank field
// too), so that it panics naming the first part whose type is not
// comparable.
func equal(m model.Machine, a, b model.Value, t model.Type) bool {
	switch t.Kind() {
	case reflect.Interface:
		at, av := m.Dynamic(a)
		bt, bv := m.Dynamic(b)
		if at == nil || bt == nil {
			return (at == nil) == (bt == nil)
		}
		if at != bt {
			return false
		}
		return equal(m, av, bv, at)
	case reflect.Array:
		et := t.Elem()
		if t.Len() == 0 {
			if !et.Comparable() {
				break // [0]func() is not comparable either
			}
			return true
		}
		for i := range t.Len() {
			if !equal(m, m.Deref(m.Index(a, t, i), et), m.Deref(m.Index(b, t, i), et), et) {
				return false
			}
		}
		return true
	case reflect.Struct:
		ae, be := m.Elems(a), m.Elems(b)
		for i := range t.NumField() {
			if !equal(m, ae[i], be[i], t.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Func, reflect.Map, reflect.Slice:
	default:
		return m.Equal(a, b, t)
	}
	m.Panic("reflect.Value.Equal: values of type " + t.String() + " are not comparable")
	return false
}

// isZero reports whether v, a value of type t, is its type's zero value,
// as Value.IsZero does: == 0 for numbers (a negative zero is zero).
func isZero(m model.Machine, v model.Value, t model.Type) bool {
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Complex64, reflect.Complex128:
		return m.Complex(v) == 0
	case reflect.String:
		return m.String(v) == ""
	case reflect.Struct:
		es := m.Elems(v)
		for i := range t.NumField() {
			if !isZero(m, es[i], t.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Array:
		et := t.Elem()
		for i := range t.Len() {
			if !isZero(m, m.Deref(m.Index(v, t, i), et), et) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return v.Uint() == 0
}

// comparable is Value.Comparable of v, a value of type t: whether == on
// it does not panic.
func comparable(m model.Machine, v model.Value, t model.Type) bool {
	switch t.Kind() {
	case reflect.Func, reflect.Map, reflect.Slice:
		return false
	case reflect.Array:
		et := t.Elem()
		switch et.Kind() {
		case reflect.Array, reflect.Struct, reflect.Interface, reflect.Func, reflect.Map, reflect.Slice:
		default:
			return true // (byte arrays too, which have no Elems)
		}
		for i := range t.Len() {
			if !comparable(m, m.Deref(m.Index(v, t, i), et), et) {
				return false
			}
		}
		return true
	case reflect.Struct:
		es := m.Elems(v)
		for i := range t.NumField() {
			if !comparable(m, es[i], t.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Interface:
		dt, dv := m.Dynamic(v)
		return dt == nil || comparable(m, dv, dt)
	}
	return true
}
