package interp

import (
	"go/token"
	"go/types"
	"strconv"
)

// Method values and calls through reflect: Value.Method and MethodByName
// bind the receiver into a function value, Value.Call and CallSlice call a
// function Value with the arguments converted as reflect converts them and
// return its results as Values.

// methodValue returns the Value of x's method i (as reflect numbers them,
// see methodsOf), its receiver bound: a func Value without receiver.
func (m *machine) methodValue(x rval, i int) value {
	if x.t == nil {
		m.valueError(pkgReflect, "reflect.Value.Method", kInvalid)
	}
	if x.f&flagRO != 0 {
		m.rpanic("reflect: reflect.Value.Method using value obtained using unexported field")
	}
	ms := methodsOf(x.t)
	if i < 0 || i >= len(ms) {
		m.rpanic("reflect: Method index out of range")
	}
	mi := ms[i]
	m.rread(x)
	recv := copyVal(x.get(), x.t)
	fn := mi.fn
	if x.t.kind == kInterface {
		// The method of the dynamic value the interface holds.
		it := recv.iface()
		if it == nil {
			m.rpanic("reflect: Method on nil interface value")
		}
		id := mi.name
		if mi.pkgPath != "" {
			id = mi.pkgPath + "." + mi.name
		}
		fn, recv = it.t.method(id), it.v
	}
	if fn == nil {
		m.rpanic("reflect: Method " + mi.name + " has no implementation")
	}
	sig := mi.sig
	ft := m.prog.typeOf(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()))
	n := sig.Params().Len()
	bound := m.prog.envCtlFunc("reflect.methodValueCall/"+strconv.Itoa(n), n, 2, callBound)
	cl := &closure{fn: bound, env: []value{recv, {r: fn}}}
	return newRval(ft, value{r: cl}, x.f&flagRO).encode()
}

// callBound is the code of a method value made by methodValue: its
// parameters, then the receiver and the method.
func callBound(fr *frame, args []value, dst int32) *frame {
	n := len(args) - 2
	fn := args[n+1].r.(*function)
	callArgs := make([]value, n+1)
	callArgs[0] = args[n]
	copy(callArgs[1:], args[:n])
	fr.pc++
	nf := fr.g.m.newFrame(fn)
	copy(nf.regs, callArgs)
	nf.g, nf.caller, nf.retDst = fr.g, fr, dst
	return nf
}

// envCtlFunc is envFunc for a control native: a function of nparams
// parameters and nenv captured variables.
func (p *Program) envCtlFunc(name string, nparams, nenv int, ctl controlFn) *function {
	ri := p.reflectInfo()
	ri.mu.Lock()
	defer ri.mu.Unlock()
	if f := ri.funcs[name]; f != nil {
		return f
	}
	f := p.newFunction(name)
	c := &compiler{prog: p, fn: f}
	regs := make([]int, nparams+nenv)
	for i := range regs {
		regs[i] = c.newReg()
	}
	f.nparams = nparams
	res := c.newReg()
	tmp := &function{prog: p, name: name, control: ctl, recoverPC: -1}
	c.code = append(c.code, c.nativeCall(tmp, regs, res, token.NoPos), func(fr *frame) *frame {
		return fr.ret(fr.regs[res])
	})
	c.pos = make([]token.Pos, 2)
	f.code, f.pos, f.template = c.code, c.pos, c.tmpl
	f.ready.Store(true)
	ri.funcs[name] = f
	return f
}

// reflectCall is Value.Call (slice false) and Value.CallSlice.
func reflectCall(fr *frame, args []value, dst int32, slice bool) *frame {
	m := fr.g.m
	name := "Call"
	if slice {
		name = "CallSlice"
	}
	x := decodeValue(args[0])
	if x.kind() != kFunc {
		m.valueError(pkgReflect, "reflect.Value."+name, x.kind())
	}
	m.mustBeExported(x, name)
	m.rread(x)
	cl, _ := x.get().r.(*closure)
	if cl == nil {
		m.rpanic("reflect.Value." + name + ": call of nil function")
	}
	sig := x.t.t.Underlying().(*types.Signature)
	in := args[1].elems()
	np := sig.Params().Len()
	fixed := np
	if slice {
		if !sig.Variadic() {
			m.rpanic("reflect: CallSlice of non-variadic function")
		}
		if len(in) < np {
			m.rpanic("reflect: CallSlice with too few input arguments")
		}
		if len(in) > np {
			m.rpanic("reflect: CallSlice with too many input arguments")
		}
	} else {
		if sig.Variadic() {
			fixed = np - 1
		}
		if len(in) < fixed {
			m.rpanic("reflect: Call with too few input arguments")
		}
		if !sig.Variadic() && len(in) > np {
			m.rpanic("reflect: Call with too many input arguments")
		}
	}
	for _, a := range in {
		if decodeValue(a).t == nil {
			m.rpanic("reflect: " + name + " using zero Value argument")
		}
	}
	callArgs := make([]value, 0, np+len(cl.env))
	for i := range fixed {
		pt := m.prog.typeOf(sig.Params().At(i).Type())
		callArgs = append(callArgs, m.callArg(decodeValue(in[i]), pt, name))
	}
	if sig.Variadic() && !slice {
		st := m.prog.typeOf(sig.Params().At(np - 1).Type())
		es := make([]value, len(in)-fixed)
		for j := range es {
			// reflect makes the slice with Index(j).Set(x).
			x := decodeValue(in[fixed+j])
			if x.t != st.elem && !types.AssignableTo(x.t.t, st.elem.t) {
				m.rpanic("reflect: cannot use " + x.t.str + " as type " + st.elem.str + " in " + name)
			}
			es[j] = m.assignTo(x, st.elem, "reflect.Set")
		}
		if st.bytes {
			b := make([]byte, len(es))
			for j, e := range es {
				b[j] = byte(e.n)
			}
			callArgs = append(callArgs, value{r: b})
		} else {
			callArgs = append(callArgs, value{r: es})
		}
	}
	callArgs = append(callArgs, cl.env...)
	results := sig.Results()
	fr.pc++
	cont := &frame{g: fr.g, caller: fr, retDst: -1}
	cont.native = func(_ *frame, res value) *frame {
		out := make([]value, results.Len())
		switch results.Len() {
		case 0:
		case 1:
			t := m.prog.typeOf(results.At(0).Type())
			out[0] = newRval(t, res, 0).encode()
		default:
			for i, r := range res.elems() {
				t := m.prog.typeOf(results.At(i).Type())
				out[i] = newRval(t, r, 0).encode()
			}
		}
		if dst >= 0 {
			fr.regs[dst] = value{r: out}
		}
		return fr
	}
	nf := m.newFrame(cl.fn)
	copy(nf.regs, callArgs)
	nf.g, nf.caller, nf.retDst = fr.g, cont, 0
	return nf
}

// callArg converts x for the parameter of type t of a call through
// reflect, panicking as reflect does when it cannot be assigned.
func (m *machine) callArg(x rval, t *rtype, method string) value {
	if x.t != t && !types.AssignableTo(x.t.t, t.t) {
		m.rpanic("reflect: " + method + " using " + x.t.str + " as type " + t.str)
	}
	m.mustBeExported(x, method)
	return m.assignTo(x, t, "reflect."+method)
}
