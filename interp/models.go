package interp

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Models are the interpreter's own implementations of functions of the
// standard library (tier 2: sync, time, reflect, ...) and host calls for
// pure leaf functions (tier 3: math, parts of strings). Every modeled
// package has one table, in the file models_<package>.go; stdlib.go lists
// the tables and the rest of the standard-library policy.

// model is the interpreter's implementation of one function.
type model struct {
	native  nativeFn  // computes the result from the arguments, or
	control controlFn // may block, stop at a scheduling point or call back
	// why says why the function is modeled rather than interpreted from
	// its Go body (noBody for a function without one).
	why string
}

// modelTable holds the models of one package, by the function's full name
// as go/ssa writes it: "(*sync.Mutex).Lock", "time.Sleep"; a generic
// function's entry serves all its instantiations.
type modelTable map[string]model

// noBody is the reason of a model of a function without a Go body
// (assembly, or implemented by the runtime through linkname).
const noBody = "no Go body"

// native and control make table entries.
func native(why string, f nativeFn) model   { return model{native: f, why: why} }
func control(why string, f controlFn) model { return model{control: f, why: why} }

// lookupNative returns the model of fn, if any: a hook or an annotation
// the tool declared, a table's entry, or the fallback of fn's package.
func lookupNative(p *Program, fn *ssa.Function) (nativeFn, controlFn) {
	if fn == nil {
		return nil, nil
	}
	name := fn.String()
	if p.isHookable(name) {
		return nil, hookCtl(p, name, p.bodyOf(fn))
	}
	if a := p.annotation(name); a != nil {
		return nil, annotationCtl(a, p.bodyOf(fn))
	}
	if md, ok := models[name]; ok {
		return md.native, md.control
	}
	if o := fn.Origin(); o != nil {
		if md, ok := models[o.String()]; ok {
			return md.native, md.control
		}
	}
	if fb := modelFallbacks[fnPackage(fn)]; fb != nil {
		return fb(fn), nil
	}
	return nil, nil
}

// tuple returns a multi-result value.
func tuple(vs ...value) value { return value{r: vs} }

// fieldIndex returns the index of the named field of struct type t.
func fieldIndex(t types.Type, name string) int {
	st := t.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	panic("interp: no field " + name + " in " + t.String())
}

// --- helpers for control natives ---

// done completes a control native with result res.
func (fr *frame) done(dst int32, res value) *frame {
	if dst >= 0 {
		fr.regs[dst] = res
	}
	fr.pc++
	return fr
}

// callValue calls the function value fn with args from a control native;
// its result goes to dst when it returns.
func (fr *frame) callValue(fn value, args []value, dst int32) *frame {
	cl, _ := fn.r.(*closure)
	if cl == nil {
		panic(nilDeref)
	}
	m := fr.g.m
	fr.pc++
	nf := m.newFrame(cl.fn)
	copy(nf.regs, args)
	copy(nf.regs[len(args):], cl.env)
	nf.g, nf.caller, nf.retDst = fr.g, fr, dst
	return nf
}

// callBody calls body (a function's own code, see bodyOf) with args from
// a control native; its result goes to dst when it returns.
func (fr *frame) callBody(body *function, args []value, dst int32) *frame {
	fr.pc++
	nf := fr.g.m.newFrame(body)
	copy(nf.regs, args)
	nf.g, nf.caller, nf.retDst = fr.g, fr, dst
	return nf
}

// bodyOf returns a function for fn's own body, bypassing models and hooks.
func (p *Program) bodyOf(fn *ssa.Function) *function {
	p.funcsMu.Lock()
	defer p.funcsMu.Unlock()
	if f, ok := p.bodies[fn]; ok {
		return f
	}
	f := &function{prog: p, ssa: fn, id: len(p.funcList), name: fn.String(), rawBody: true}
	if p.bodies == nil {
		p.bodies = map[*ssa.Function]*function{}
	}
	p.bodies[fn] = f
	p.funcList = append(p.funcList, f)
	return f
}

// bodyByName returns the own body of the package-level function with the
// full name pkgpath.Name, or nil.
func (p *Program) bodyByName(name string) *function {
	dot := strings.LastIndexByte(name, '.')
	pkg := p.SSA.ImportedPackage(name[:dot])
	if pkg == nil {
		return nil
	}
	fn := pkg.Func(name[dot+1:])
	if fn == nil {
		return nil
	}
	return p.bodyOf(fn)
}

// bodyByMethod returns the own body of the method with the full name
// "(*pkgpath.T).M" or "(pkgpath.T).M", or nil.
func (p *Program) bodyByMethod(name string) *function {
	recv, meth, ok := strings.Cut(strings.TrimPrefix(name, "("), ").")
	if !ok {
		return nil
	}
	ptr := strings.HasPrefix(recv, "*")
	recv = strings.TrimPrefix(recv, "*")
	dot := strings.LastIndexByte(recv, '.')
	pkg := p.SSA.ImportedPackage(recv[:dot])
	if pkg == nil {
		return nil
	}
	obj := pkg.Pkg.Scope().Lookup(recv[dot+1:])
	if obj == nil {
		return nil
	}
	t := obj.Type()
	if ptr {
		t = types.NewPointer(t)
	}
	sel := p.SSA.MethodSets.MethodSet(t).Lookup(pkg.Pkg, meth)
	if sel == nil {
		return nil
	}
	return p.bodyOf(p.SSA.MethodValue(sel))
}
