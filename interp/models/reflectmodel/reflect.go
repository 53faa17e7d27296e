package reflectmodel

import (
	"go/types"
	"maps"
	"reflect"

	"github.com/vtcheck/vt/interp/model"
)

// whyReflect is why reflect's functions are modeled: its real code reads
// the runtime's type descriptors and memory layout, which the machine
// does not have.
const whyReflect = "reflect is modeled over interpreter values"

// whyTypes is the memory declaration of the models of reflect's type
// descriptors: they are immutable.
const whyTypes = "type descriptors are immutable"

// ownAccesses is the memory declaration of the models of Value's
// methods: they report the accesses to the program's memory they make
// (an addressable Value's variable).
var ownAccesses = model.Mem{Own: true}

// liteOnly are the methods of reflectlite's Value and rtype, a subset of
// reflect's.
var liteOnly = map[string]bool{
	"Value.CanSet": true, "Value.Elem": true, "Value.IsNil": true, "Value.IsValid": true,
	"Value.Kind": true, "Value.Len": true, "Value.Set": true, "Value.Type": true,
	"rtype.Align": true, "rtype.AssignableTo": true, "rtype.ChanDir": true, "rtype.Comparable": true,
	"rtype.Elem": true, "rtype.FieldAlign": true, "rtype.Implements": true, "rtype.In": true,
	"rtype.Key": true, "rtype.Kind": true, "rtype.Len": true, "rtype.Name": true,
	"rtype.NumField": true, "rtype.NumIn": true, "rtype.NumMethod": true, "rtype.NumOut": true,
	"rtype.Out": true, "rtype.PkgPath": true, "rtype.Size": true, "rtype.String": true,
}

// LiteOnly reports whether the method name ("Value.Len", "rtype.Kind")
// of reflect's Value or rtype is one of reflectlite's too: the models
// still in the interpreter register for reflectlite those it lists.
func LiteOnly(name string) bool { return liteOnly[name] }

// table returns the models of reflect or internal/reflectlite (pk): the
// methods of Value and rtype (those of liteOnly, for reflectlite), TypeOf
// and ValueOf, and those of the maps fs.
func table(pk string, fs ...map[string]model.Func) model.Package {
	funcs := map[string]model.Func{}
	for _, f := range fs {
		maps.Copy(funcs, f)
	}
	for _, methods := range []map[string]valueMethod{valueMethods, seqMethods, compareMethods} {
		for name, f := range methods {
			if pk == pkgLite && !liteOnly["Value."+name] {
				continue
			}
			funcs["("+pk+".Value)."+name] = model.Func{Why: whyReflect, Mem: ownAccesses,
				Native: func(m model.Machine, args []model.Value) model.Value {
					return f(m, pk, decode(m, args[0]), args[1:])
				}}
		}
	}
	recv := "(*" + pk + ".rtype)."
	if pk == pkgLite {
		recv = "(" + pk + ".rtype)."
	}
	for name, f := range typeMethods {
		if pk == pkgLite && !liteOnly["rtype."+name] {
			continue
		}
		funcs[recv+name] = model.Func{Why: whyReflect, Mem: model.Mem{None: whyTypes},
			Native: func(m model.Machine, args []model.Value) model.Value {
				return f(m, pk, recvType(m, pk, args[0]), args[1:])
			}}
	}
	funcs[pk+".TypeOf"] = model.Func{Why: whyReflect, Mem: model.Mem{None: whyTypes},
		Native: func(m model.Machine, args []model.Value) model.Value {
			t, _ := m.Dynamic(args[0])
			return typeVal(m, pk, t)
		}}
	funcs[pk+".ValueOf"] = model.Func{Why: whyReflect,
		Mem: model.Mem{None: "boxes its argument, an interface (which holds a copy of its value)"},
		Native: func(m model.Machine, args []model.Value) model.Value {
			t, v := m.Dynamic(args[0])
			if t == nil {
				return rval{}.encode(m)
			}
			return newRval(m, t, v, 0).encode(m)
		}}
	return model.Package{Path: pk, Funcs: funcs}
}

// typeFunc is a model of reflect's functions of a Type that do not touch
// the program's memory.
func typeFunc(f model.NativeFunc) model.Func {
	return model.Func{Why: whyReflect, Mem: model.Mem{None: whyTypes}, Native: f}
}

// reflectFuncs are the models of package reflect's functions (and of
// Kind's method).
var reflectFuncs = map[string]model.Func{
	"(reflect.Kind).String": {Why: whyReflect, Mem: model.Mem{None: "its argument is a value"},
		Native: func(m model.Machine, args []model.Value) model.Value {
			return m.MakeString(reflect.Kind(args[0].Uint()).String())
		}},
	"reflect.Zero": typeFunc(func(m model.Machine, args []model.Value) model.Value {
		t := typeArg(m, pkgReflect, args[0])
		if t == nil {
			m.Panic("reflect: Zero(nil)")
		}
		return newRval(m, t, m.Zero(t), 0).encode(m)
	}),
	"reflect.New": typeFunc(func(m model.Machine, args []model.Value) model.Value {
		t := typeArg(m, pkgReflect, args[0])
		if t == nil {
			m.Panic("reflect: New(nil)")
		}
		pt := m.PointerTo(t)
		return newRval(m, pt, m.New(t, m.Zero(t)), 0).encode(m)
	}),
	"reflect.PointerTo": typeFunc(pointerTo),
	"reflect.PtrTo":     typeFunc(pointerTo),
	"reflect.SliceOf": typeFunc(func(m model.Machine, args []model.Value) model.Value {
		t := typeArg(m, pkgReflect, args[0])
		return typeVal(m, pkgReflect, m.TypeOf(types.NewSlice(t.Go())))
	}),
	"reflect.MapOf": typeFunc(func(m model.Machine, args []model.Value) model.Value {
		k, e := typeArg(m, pkgReflect, args[0]), typeArg(m, pkgReflect, args[1])
		if !k.Comparable() {
			m.Panic("reflect.MapOf: invalid key type " + k.String())
		}
		return typeVal(m, pkgReflect, m.TypeOf(types.NewMap(k.Go(), e.Go())))
	}),
	"reflect.TypeFor": {Why: whyReflect, Mem: model.Mem{None: whyTypes},
		Instantiate: func(targs []model.Type) model.Func {
			t := targs[0]
			return typeFunc(func(m model.Machine, _ []model.Value) model.Value {
				return typeVal(m, pkgReflect, t)
			})
		}},
	"reflect.TypeAssert": {Why: whyReflect, Mem: ownAccesses,
		Instantiate: func(targs []model.Type) model.Func {
			t := targs[0]
			return model.Func{Why: whyReflect, Mem: ownAccesses,
				Native: func(m model.Machine, args []model.Value) model.Value {
					return typeAssert(m, decode(m, args[0]), t)
				}}
		}},
}

// pointerTo is reflect.PointerTo.
func pointerTo(m model.Machine, args []model.Value) model.Value {
	return typeVal(m, pkgReflect, m.PointerTo(typeArg(m, pkgReflect, args[0])))
}
