package interp

import (
	"go/token"
	"go/types"
)

// Run-time errors are values of synthetic types of a package "runtime":
// errorString ("runtime error: " + message), plainError (the message as
// is) and *PanicNilError. Each has the methods Error and RuntimeError, so
// they satisfy error and runtime.Error, with native implementations; they
// do not depend on the runtime package being loaded.

func (p *Program) runtimeType(name string) *rtype {
	p.synthOnce.Do(p.makeSynthetic)
	return p.synth[name]
}

func (p *Program) makeSynthetic() {
	pkg := types.NewPackage("runtime", "runtime")
	str := types.Typ[types.String]
	p.synth = map[string]*rtype{}
	mk := func(name string, under types.Type, ptrRecv bool, errorFn func(v value) string) {
		tn := types.NewTypeName(token.NoPos, pkg, name, nil)
		named := types.NewNamed(tn, under, nil)
		var recvT types.Type = named
		if ptrRecv {
			recvT = types.NewPointer(named)
		}
		recv := types.NewVar(token.NoPos, pkg, "e", recvT)
		errSig := types.NewSignatureType(recv, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, pkg, "", str)), false)
		rtSig := types.NewSignatureType(recv, nil, nil, nil, nil, false)
		named.AddMethod(types.NewFunc(token.NoPos, pkg, "Error", errSig))
		named.AddMethod(types.NewFunc(token.NoPos, pkg, "RuntimeError", rtSig))
		rt := p.typeOf(recvT)
		errF := p.newFunction("(runtime." + name + ").Error")
		errF.native = func(_ *machine, args []value) value { return strVal(errorFn(args[0])) }
		rtF := p.newFunction("(runtime." + name + ").RuntimeError")
		rtF.native = func(*machine, []value) value { return value{} }
		for _, f := range []*function{errF, rtF} {
			synthThunk(f, 1)
		}
		rt.once.Do(func() {})
		rt.methods = map[string]*function{"Error": errF, "RuntimeError": rtF}
		p.synth[name] = rt
	}
	mk("errorString", str, false, func(v value) string { return "runtime error: " + v.str() })
	mk("plainError", str, false, func(v value) string { return v.str() })
	mk("PanicNilError", types.NewStruct(nil, nil), true, func(value) string { return "panic called with nil argument" })
}

// synthThunk compiles a native function with nparams parameters as a thunk.
func synthThunk(f *function, nparams int) {
	c := &compiler{prog: f.prog, fn: f}
	c.thunk(nparams, token.NoPos)
	f.ready.Store(true)
}
