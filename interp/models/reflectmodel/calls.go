package reflectmodel

import (
	"go/types"
	"reflect"

	"github.com/vtcheck/vt/interp/model"
)

// Calls through reflect: Value.Call and CallSlice call a function Value
// (Next.Call) with the arguments converted as reflect converts them, and
// return its results as Values.

// callFuncs are the models of Value.Call and CallSlice.
var callFuncs = map[string]model.Func{
	"(reflect.Value).Call":      {Why: whyReflect, Mem: ownAccesses, Control: call(false)},
	"(reflect.Value).CallSlice": {Why: whyReflect, Mem: ownAccesses, Control: call(true)},
}

// call is Value.Call (slice false) and Value.CallSlice.
func call(slice bool) model.ControlFunc {
	name := "Call"
	if slice {
		name = "CallSlice"
	}
	return func(m model.Machine, args []model.Value) model.Next {
		x := decode(m, args[0])
		if x.kind() != reflect.Func {
			valueError(m, pkgReflect, "reflect.Value."+name, x.kind())
		}
		mustBeExported(m, x, name)
		read(m, x)
		fn := get(m, x)
		if fn.IsNil() {
			m.Panic("reflect.Value." + name + ": call of nil function")
		}
		sig := x.t.Go().Underlying().(*types.Signature)
		in := m.Elems(args[1])
		np := sig.Params().Len()
		fixed := np
		if slice {
			if !sig.Variadic() {
				m.Panic("reflect: CallSlice of non-variadic function")
			}
			if len(in) < np {
				m.Panic("reflect: CallSlice with too few input arguments")
			}
			if len(in) > np {
				m.Panic("reflect: CallSlice with too many input arguments")
			}
		} else {
			if sig.Variadic() {
				fixed = np - 1
			}
			if len(in) < fixed {
				m.Panic("reflect: Call with too few input arguments")
			}
			if !sig.Variadic() && len(in) > np {
				m.Panic("reflect: Call with too many input arguments")
			}
		}
		for _, a := range in {
			if decode(m, a).t == nil {
				m.Panic("reflect: " + name + " using zero Value argument")
			}
		}
		callArgs := make([]model.Value, 0, np)
		for i := range fixed {
			callArgs = append(callArgs, callArg(m, decode(m, in[i]), m.TypeOf(sig.Params().At(i).Type()), name))
		}
		if sig.Variadic() && !slice {
			// reflect makes the slice with Index(j).Set(x).
			st := m.TypeOf(sig.Params().At(np - 1).Type())
			et := st.Elem()
			n := len(in) - fixed
			s := m.NewSlice(st, n, n)
			for j := range n {
				x := decode(m, in[fixed+j])
				if x.t != et && !types.AssignableTo(x.t.Go(), et.Go()) {
					m.Panic("reflect: cannot use " + x.t.String() + " as type " + et.String() + " in " + name)
				}
				m.Assign(m.Index(s, st, j), assignTo(m, x, et, "reflect.Set"), et)
			}
			callArgs = append(callArgs, s)
		}
		results := sig.Results()
		return model.Next{Call: fn, Args: callArgs, Then: func(m model.Machine, res model.Value) model.Value {
			out := make([]model.Value, results.Len())
			switch results.Len() {
			case 0:
			case 1:
				out[0] = newRval(m, m.TypeOf(results.At(0).Type()), res, 0).encode(m)
			default:
				for i, r := range m.Elems(res) {
					out[i] = newRval(m, m.TypeOf(results.At(i).Type()), r, 0).encode(m)
				}
			}
			return m.MakeSlice(out)
		}}
	}
}

// callArg converts x for the parameter of type t of a call through
// reflect, panicking as reflect does when it cannot be assigned.
func callArg(m model.Machine, x rval, t model.Type, method string) model.Value {
	if x.t != t && !types.AssignableTo(x.t.Go(), t.Go()) {
		m.Panic("reflect: " + method + " using " + x.t.String() + " as type " + t.String())
	}
	mustBeExported(m, x, method)
	return assignTo(m, x, t, "reflect."+method)
}
