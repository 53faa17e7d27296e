package interp

import (
	"go/types"
	"strconv"
	"strings"
)

// Models of runtime.Caller, Callers, CallersFrames and FuncForPC over
// interpreter frames. A program counter encodes a function id and an op
// index: (id+1)<<24 | (pc+1).

func encodePC(fr *frame) uint64 {
	return uint64(fr.fn.id+1)<<24 | uint64(fr.pc+1)
}

func (m *machine) decodePC(pc uint64) (*function, int) {
	id := int(pc>>24) - 1
	m.prog.funcsMu.Lock()
	defer m.prog.funcsMu.Unlock()
	if id < 0 || id >= len(m.prog.funcList) {
		return nil, 0
	}
	return m.prog.funcList[id], int(pc&(1<<24-1)) - 1
}

// callerFrames returns the interpreted frames of the current goroutine,
// innermost first, skipping native continuation frames.
func (m *machine) callerFrames() []*frame {
	var out []*frame
	for fr := m.cur.top; fr != nil; fr = fr.caller {
		if fr.fn != nil && fr.fn.ssa != nil {
			out = append(out, fr)
		}
	}
	return out
}

// runtimeFuncName formats a function's name as the Go runtime does:
// "pkg/path.(*T).M", "pkg/path.F.func1".
func runtimeFuncName(f *function) string {
	sf := f.ssa
	if sf == nil {
		return f.name
	}
	if parent := sf.Parent(); parent != nil {
		idx := 0
		for i, a := range parent.AnonFuncs {
			if a == sf {
				idx = i + 1
			}
		}
		pf := &function{ssa: parent, name: parent.String()}
		sep := ".func"
		if parent.Parent() != nil {
			sep = "."
		}
		return runtimeFuncName(pf) + sep + strconv.Itoa(idx)
	}
	pkg := ""
	if sf.Pkg != nil {
		pkg = sf.Pkg.Pkg.Path()
	}
	if recv := sf.Signature.Recv(); recv != nil {
		t := recv.Type()
		ptr := ""
		if p, ok := t.(*types.Pointer); ok {
			t, ptr = p.Elem(), "*"
		}
		name := t.String()
		if n, ok := t.(*types.Named); ok {
			name = n.Obj().Name()
			if n.Obj().Pkg() != nil {
				pkg = n.Obj().Pkg().Path()
			}
		}
		if ptr != "" {
			return pkg + ".(*" + name + ")." + sf.Name()
		}
		return pkg + "." + name + "." + sf.Name()
	}
	return pkg + "." + sf.Name()
}

func (m *machine) pcPosition(pc uint64) (file string, line int, fn *function) {
	f, i := m.decodePC(pc)
	if f == nil {
		return "", 0, nil
	}
	fr := &frame{fn: f, pc: i}
	pos := m.prog.position(fr.pos())
	return pos.Filename, pos.Line, f
}

func init() {
	registerNative("runtime.Caller", func(m *machine, args []value) value {
		skip := int(args[0].int())
		frs := m.callerFrames()
		if skip < 0 || skip >= len(frs) {
			return tuple(value{}, strVal(""), intVal(0), boolVal(false))
		}
		fr := frs[skip]
		pos := m.prog.position(fr.pos())
		return tuple(uintVal(encodePC(fr)), strVal(pos.Filename), intVal(int64(pos.Line)), boolVal(true))
	})
	registerNative("runtime.Callers", func(m *machine, args []value) value {
		skip := int(args[0].int()) - 1 // skip 0 is Callers itself
		pcs := args[1].elems()
		frs := m.callerFrames()
		n := 0
		for i := max(skip, 0); i < len(frs) && n < len(pcs); i++ {
			pcs[n] = uintVal(encodePC(frs[i]))
			n++
		}
		return intVal(int64(n))
	})
	registerNative("runtime.CallersFrames", func(m *machine, args []value) value {
		ft := m.prog.runtimeNamed("Frames")
		cell := zero(ft)
		src := args[0].elems()
		cp := make([]value, len(src))
		copy(cp, src)
		cell.elems()[fieldIndex(ft.t, "callers")] = value{r: cp}
		return value{r: &cell}
	})
	registerNative("(*runtime.Frames).Next", func(m *machine, args []value) value {
		ft := m.prog.runtimeNamed("Frames")
		p := args[0].ptr()
		callersCell := &p.elems()[fieldIndex(ft.t, "callers")]
		callers := callersCell.elems()
		frT := m.prog.runtimeNamed("Frame")
		frame := zero(frT)
		if len(callers) == 0 {
			return tuple(frame, boolVal(false))
		}
		pc := callers[0].n
		*callersCell = value{r: callers[1:]}
		file, line, fn := m.pcPosition(pc)
		es := frame.elems()
		es[fieldIndex(frT.t, "PC")] = uintVal(pc)
		es[fieldIndex(frT.t, "File")] = strVal(file)
		es[fieldIndex(frT.t, "Line")] = intVal(int64(line))
		if fn != nil {
			es[fieldIndex(frT.t, "Function")] = strVal(runtimeFuncName(fn))
			es[fieldIndex(frT.t, "Entry")] = uintVal(uint64(fn.id+1) << 24)
			es[fieldIndex(frT.t, "Func")] = m.funcForPC(pc)
		}
		return tuple(frame, boolVal(len(callers) > 1))
	})
	registerNative("runtime.FuncForPC", func(m *machine, args []value) value {
		return m.funcForPC(args[0].n)
	})
	registerNative("(*runtime.Func).Name", func(m *machine, args []value) value {
		if f := m.funcObj(args[0]); f != nil {
			return strVal(runtimeFuncName(f))
		}
		return strVal("")
	})
	registerNative("(*runtime.Func).Entry", func(m *machine, args []value) value {
		if f := m.funcObj(args[0]); f != nil {
			return uintVal(uint64(f.id+1) << 24)
		}
		return value{}
	})
	registerNative("(*runtime.Func).FileLine", func(m *machine, args []value) value {
		file, line, _ := m.pcPosition(args[1].n)
		return tuple(strVal(file), intVal(int64(line)))
	})
	registerNative("runtime/debug.Stack", func(m *machine, args []value) value {
		var sb strings.Builder
		m.writeTraceback(&sb, m.cur)
		return bytesVal(sb.String())
	})
}

// funcForPC returns a *runtime.Func for pc (nil if pc is not ours).
func (m *machine) funcForPC(pc uint64) value {
	f, _ := m.decodePC(pc)
	if f == nil {
		return value{}
	}
	if m.funcObjs == nil {
		m.funcObjs = map[*value]*function{}
	}
	cell := zero(m.prog.runtimeNamed("Func"))
	m.funcObjs[&cell] = f
	return value{r: &cell}
}

func (m *machine) funcObj(v value) *function {
	p := v.ptr()
	if p == nil {
		return nil
	}
	return m.funcObjs[p]
}

// runtimeNamed returns the rtype of a type declared in the real runtime
// package (loaded as a dependency).
func (p *Program) runtimeNamed(name string) *rtype {
	rp := p.SSA.ImportedPackage("runtime")
	if rp == nil {
		panic(&UnsupportedError{What: "runtime." + name + " (package runtime not loaded)"})
	}
	return p.typeOf(rp.Pkg.Scope().Lookup(name).Type())
}
