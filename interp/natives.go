package interp

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The native registry maps a function's full SSA name, e.g.
// "(*sync.Mutex).Lock" or "time.Sleep", to its model.
var (
	natives  = map[string]nativeFn{}
	controls = map[string]controlFn{}
	// nativePrefixes hold models for every function whose name has the
	// prefix, e.g. all instantiations of a generic function.
	nativePrefixes = map[string]nativeFn{}
	// nativeFallbacks are consulted last: they may refuse whole packages
	// whose real code cannot run over interpreter values (reflect).
	nativeFallbacks []func(fn *ssa.Function) nativeFn
)

func registerNative(name string, f nativeFn)   { natives[name] = f }
func registerControl(name string, f controlFn) { controls[name] = f }

// lookupNative returns the model of fn, if any.
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
	if f, ok := controls[name]; ok {
		return nil, f
	}
	if f, ok := natives[name]; ok {
		return f, nil
	}
	// Generic instantiations: "pkg.F[T]" → "pkg.F".
	if i := strings.IndexByte(name, '['); i > 0 && fn.Origin() != nil {
		if f, ok := nativePrefixes[fn.Origin().String()]; ok {
			return f, nil
		}
	}
	for _, fb := range nativeFallbacks {
		if f := fb(fn); f != nil {
			return f, nil
		}
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

// spawn starts a new goroutine running fn(args...) (used by timers).
func (m *machine) spawn(parent *Goroutine, fn value, args []value) {
	cl := fn.r.(*closure)
	ng := m.newGoroutine(parent, 0)
	nf := m.newFrame(cl.fn)
	copy(nf.regs, args)
	copy(nf.regs[len(args):], cl.env)
	nf.g, nf.retDst = ng, -1
	ng.top = nf
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
