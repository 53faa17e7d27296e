package interp

import (
	"go/token"
	"go/types"
	"strconv"
)

// Method values through reflect: Value.Method and MethodByName bind the
// receiver into a function value (package reflectmodel models Value.Call
// and CallSlice).

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
