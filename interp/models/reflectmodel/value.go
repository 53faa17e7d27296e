package reflectmodel

import (
	"go/types"
	"reflect"

	"github.com/vtcheck/vt/interp/model"
)

// The encoding of reflect's values over the machine's.
//
// A reflect.Type is an interface value whose dynamic type is the real
// *reflect.rtype (internal/reflectlite.rtype, a struct of one field, for
// reflectlite) and whose value holds the machine's descriptor of the type
// (Machine.Descriptor), so that == on Types is type identity.
// Interpreted code never looks inside it: every method of the real rtype
// is a model.
//
// A reflect.Value is the real struct (typ_, ptr, flag) with this
// encoding: typ_ holds the descriptor (nil for the zero Value), ptr a
// pointer to the variable holding the value (the variable itself for an
// addressable Value, a private one otherwise) and flag holds bits laid
// out as reflect's (the kind in the low five bits, so that a valid
// Value's flag is never 0). The models of reflect still inside the
// interpreter (interp/models_reflect*.go) decode the same encoding.

const (
	pkgReflect = "reflect"
	pkgLite    = "internal/reflectlite"
)

const (
	flagStickyRO = 1 << 5
	flagEmbedRO  = 1 << 6
	flagAddr     = 1 << 8
	flagRO       = flagStickyRO | flagEmbedRO
)

// rval is a decoded reflect.Value: its type (nil for the zero Value), a
// pointer to the variable that holds its value, and its flags.
type rval struct {
	t model.Type
	p model.Value
	f uint64
}

// decode returns the reflect.Value v decoded.
func decode(m model.Machine, v model.Value) rval {
	e := m.Elems(v)
	if len(e) < 3 {
		return rval{}
	}
	t := m.Described(e[0])
	if t == nil {
		return rval{}
	}
	return rval{t: t, p: e[1], f: e[2].Uint()}
}

// encode returns x as a reflect.Value.
func (x rval) encode(m model.Machine) model.Value {
	if x.t == nil {
		return m.MakeStruct(model.Value{}, model.Value{}, model.Value{})
	}
	return m.MakeStruct(m.Descriptor(x.t), x.p, model.MakeUint(x.f))
}

// newRval returns a Value, not addressable, holding v (not copied) with
// the flags extra.
func newRval(m model.Machine, t model.Type, v model.Value, extra uint64) rval {
	return rval{t: t, p: m.New(t, v), f: uint64(t.Kind()) | extra}
}

// kind returns x's kind (Invalid for the zero Value).
func (x rval) kind() reflect.Kind {
	if x.t == nil {
		return reflect.Invalid
	}
	return x.t.Kind()
}

// get returns x's value.
func get(m model.Machine, x rval) model.Value { return m.Deref(x.p, x.t) }

// read reports the model's read of x's value when x is addressable: the
// program's memory (the variable of any other Value is a private one,
// which nothing else accesses).
func read(m model.Machine, x rval) {
	if x.f&flagAddr != 0 {
		m.Access(x.p, x.t, false)
	}
}

// write reports the model's write of x's value (x is addressable: only
// such Values can be set) and assigns it v.
func write(m model.Machine, x rval, v model.Value) {
	if x.f&flagAddr != 0 {
		m.Access(x.p, x.t, true)
	}
	m.Assign(x.p, v, x.t)
}

// typeVal returns t as a Type of package pk (the nil interface for nil).
func typeVal(m model.Machine, pk string, t model.Type) model.Value {
	if t == nil {
		return model.Value{}
	}
	if pk == pkgLite {
		return m.MakeInterface(m.LookupType(pkgLite, "rtype"), m.MakeStruct(m.Descriptor(t)))
	}
	return m.MakeInterface(m.PointerTo(m.LookupType(pkgReflect, "rtype")), m.Descriptor(t))
}

// recvType returns the Type of the receiver v of a method of
// (*reflect.rtype) or (internal/reflectlite.rtype).
func recvType(m model.Machine, pk string, v model.Value) model.Type {
	d := v
	if pk == pkgLite {
		if es := m.Elems(v); len(es) > 0 {
			d = es[0]
		}
	}
	t := m.Described(d)
	if t == nil {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	return t
}

// typeArg returns the Type of a Type argument of package pk, or nil for
// a nil Type.
func typeArg(m model.Machine, pk string, v model.Value) model.Type {
	t, dv := m.Dynamic(v)
	if t == nil {
		return nil
	}
	return recvType(m, pk, dv)
}

// structOf returns a struct of type t whose fields named in fs (by name)
// hold their values, the others their zero values.
func structOf(m model.Machine, t model.Type, fs map[string]model.Value) model.Value {
	st := t.Go().Underlying().(*types.Struct)
	es := make([]model.Value, st.NumFields())
	for i := range es {
		if v, ok := fs[st.Field(i).Name()]; ok {
			es[i] = v
		} else {
			es[i] = m.Zero(t.Field(i))
		}
	}
	return m.MakeStruct(es...)
}

// valueError panics with a *ValueError of package pk.
func valueError(m model.Machine, pk, method string, k reflect.Kind) {
	vt := m.LookupType(pk, "ValueError")
	e := structOf(m, vt, map[string]model.Value{"Method": m.MakeString(method), "Kind": model.MakeUint(uint64(k))})
	m.PanicValue(m.MakeInterface(m.PointerTo(vt), m.New(vt, e)))
}

// mustBe panics with a ValueError of method unless x is of kind k.
func mustBe(m model.Machine, pk string, x rval, k reflect.Kind, method string) {
	if x.kind() != k {
		valueError(m, pk, "reflect.Value."+method, x.kind())
	}
}

// mustBeExported panics as reflect does when x is the zero Value or was
// obtained through an unexported field.
func mustBeExported(m model.Machine, x rval, method string) {
	if x.t == nil {
		valueError(m, pkgReflect, "reflect.Value."+method, reflect.Invalid)
	}
	if x.f&flagRO != 0 {
		m.Panic("reflect: reflect.Value." + method + " using value obtained using unexported field")
	}
}

// mustBeAssignable panics as reflect does unless x can be set.
func mustBeAssignable(m model.Machine, x rval, method string) {
	mustBeExported(m, x, method)
	if x.f&flagAddr == 0 {
		m.Panic("reflect: reflect.Value." + method + " using unaddressable value")
	}
}

// assignTo returns x's value converted for storage in a variable of type
// t, panicking as reflect does when x is not assignable to t or was
// obtained through an unexported field.
func assignTo(m model.Machine, x rval, t model.Type, context string) model.Value {
	mustBeExported(m, x, "Set")
	return convertTo(m, x, t, context)
}

// convertTo is assignTo for a value that is only read, not stored where
// the program can reach it (MapIndex's key): one obtained through an
// unexported field is fine, as in reflect.
func convertTo(m model.Machine, x rval, t model.Type, context string) model.Value {
	if x.t == nil {
		valueError(m, pkgReflect, "reflect.Value.Set", reflect.Invalid)
	}
	read(m, x)
	if x.t != t && !types.AssignableTo(x.t.Go(), t.Go()) {
		m.Panic(context + ": value of type " + x.t.String() + " is not assignable to type " + t.String())
	}
	v := get(m, x)
	if t.Kind() == reflect.Interface && x.t.Kind() != reflect.Interface {
		return m.MakeInterface(x.t, m.Copy(v, x.t))
	}
	return m.Copy(v, t)
}

// isInt, isUint, isFloat and isComplex report whether k is a kind of
// signed integers, of unsigned ones, of floats, of complex numbers.
func isInt(k reflect.Kind) bool     { return k >= reflect.Int && k <= reflect.Int64 }
func isUint(k reflect.Kind) bool    { return k >= reflect.Uint && k <= reflect.Uintptr }
func isFloat(k reflect.Kind) bool   { return k == reflect.Float32 || k == reflect.Float64 }
func isComplex(k reflect.Kind) bool { return k == reflect.Complex64 || k == reflect.Complex128 }

// wrap truncates the integer x to the width of kind k, sign- or
// zero-extending it back to 64 bits (a Value's word).
func wrap(k reflect.Kind, x uint64) uint64 {
	switch k {
	case reflect.Int8:
		return uint64(int64(int8(x)))
	case reflect.Int16:
		return uint64(int64(int16(x)))
	case reflect.Int32:
		return uint64(int64(int32(x)))
	case reflect.Uint8:
		return uint64(uint8(x))
	case reflect.Uint16:
		return uint64(uint16(x))
	case reflect.Uint32:
		return uint64(uint32(x))
	}
	return x
}

// errorsNew returns what errors.New(msg) returns: a new
// *errors.errorString in an error interface.
func errorsNew(m model.Machine, msg string) model.Value {
	t := m.LookupType("errors", "errorString") // reflect imports errors
	return m.MakeInterface(m.PointerTo(t), m.New(t, m.MakeStruct(m.MakeString(msg))))
}
