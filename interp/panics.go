package interp

// Panics: run-time errors as Go raises them, unwinding through deferred
// calls, recover, Goexit, and the report of an uncaught panic.

import (
	"fmt"
	"go/types"
	"io"
	"strings"
)

type panicState struct {
	val       value // the panic value (an interface value)
	recovered bool
	link      *panicState
	goexit    bool
	origin    *frame // frame that panicked (for the traceback)
	at        *frame // the frame whose deferred call it runs (nil: none yet)
}

// exitError is panicked by natives to end the program (os.Exit).
type exitError struct{ code int }

// stackStrings describes the interpreted frames from fr outwards.
func (m *machine) stackStrings(fr *frame) []string {
	var out []string
	for f := fr; f != nil; f = f.caller {
		if f.fn != nil && f.fn.ssa != nil {
			pos := f.pos()
			if f != fr {
				pos = f.callPos()
			}
			out = append(out, fmt.Sprintf("%s (%s)", f.fn.name, m.prog.position(pos)))
		}
	}
	return out
}

// panicValue carries an interpreted panic value through the host stack
// (raised by natives).
type panicValue struct{ v value }

// startPanic begins panicking in fr with val (an interface value).
func (g *Goroutine) startPanic(fr *frame, val value) *frame {
	g.panic = &panicState{val: val, link: g.panic, origin: fr}
	return g.unwind(fr)
}

// unwind runs the deferred calls of the panicking goroutine, innermost
// frame first, and pops frames whose deferred calls are done.
func (g *Goroutine) unwind(fr *frame) *frame {
	for fr != nil {
		if fr.barrier && g.panic.goexit {
			g.panic = g.panic.link
			if fr.native != nil {
				return fr.native(fr, value{})
			}
			return fr
		}
		if n := len(fr.defers); n > 0 {
			d := fr.defers[n-1]
			fr.defers = fr.defers[:n-1]
			fr.unwinding = true
			g.panic.at = fr
			return g.m.callDeferred(fr, d)
		}
		fr = fr.caller
	}
	g.top = nil
	if g.panic.goexit {
		g.m.exitGoroutine(g)
		return nil
	}
	g.m.fatalPanic(g)
	return nil
}

// goexit ends fr's goroutine as runtime.Goexit does: its deferred calls
// run first, and a barrier frame (a test's driver) stops the unwinding.
func (fr *frame) goexit() *frame {
	g := fr.g
	g.panic = &panicState{goexit: true, link: g.panic}
	fr.pc++
	return g.unwind(fr)
}

// deferredCall returns the frame that recover called in fr checks: fr, or
// the deferred call that reached fr only through synthetic wrappers (a
// method value's bound wrapper, a method expression's thunk, the pointer
// wrapper of a value method called through an interface), which Go's
// recover sees through as it skips wrapper frames.
func (fr *frame) deferredCall() *frame {
	d := fr
	for !d.isDefer && d.caller != nil && d.caller.fn != nil && d.caller.fn.ssa != nil && isWrapper(d.caller.fn.ssa) {
		d = d.caller
	}
	return d
}

// deferReturned continues after a deferred call made while unwinding has
// returned to fr.
func (g *Goroutine) deferReturned(fr *frame) *frame {
	p := g.panic
	if p.recovered {
		g.panic = p.link
		// Older panics whose deferred calls ran in fr or below it were
		// aborted by this one: fr returns normally, they are over.
		for q := g.panic; q != nil && !q.goexit && !strictCaller(fr, q.at); q = q.link {
			g.panic = q.link
		}
		fr.unwinding = false
		fr.pc = fr.fn.recoverPC
		return fr
	}
	return g.unwind(fr)
}

// strictCaller reports whether x is one of fr's callers (not fr itself).
func strictCaller(fr, x *frame) bool {
	for c := fr.caller; c != nil; c = c.caller {
		if c == x {
			return true
		}
	}
	return false
}

// fatalPanic prints the uncaught panic as Go does and ends the program with
// exit code 2.
func (m *machine) fatalPanic(g *Goroutine) {
	m.stdout.Flush()
	var chain []*panicState
	for p := g.panic; p != nil; p = p.link {
		chain = append([]*panicState{p}, chain...)
	}
	var sb strings.Builder
	for i, p := range chain {
		if i > 0 {
			sb.WriteString("\t")
		}
		sb.WriteString("panic: ")
		sb.WriteString(m.panicString(p.val))
		if p.recovered {
			sb.WriteString(" [recovered]")
		}
		sb.WriteString("\n")
	}
	if e := g.panic.val.iface(); e != nil && e.t == m.prog.runtimeType("errorString") && strings.Contains(e.v.str(), "nil pointer dereference") {
		sb.WriteString("[signal SIGSEGV: segmentation violation]\n")
	}
	sb.WriteString("\n")
	g.setStatus(gRunnable)
	m.cur = g
	g.top = g.panic.origin
	// The dump starts where the last panic was raised; older panics'
	// deferred calls, running when it was, are below it.
	t := m.traceWith(g, g.top, g.panic.link)
	t.write(&sb)
	io.WriteString(m.stderr, sb.String())
	m.outcome = Outcome{Kind: Panicked, ExitCode: 2, Message: m.panicString(g.panic.val), Goroutines: []GoroutineInfo{g.info(OpRunning)}}
	m.exit(2)
}

// panicString formats a panic value like the Go runtime's printpanicval.
func (m *machine) panicString(v value) string {
	i := v.iface()
	if i == nil {
		return "nil"
	}
	for _, meth := range []string{"Error", "String"} {
		if !hasStringMethod(i.t, meth) {
			continue
		}
		if fn := i.t.method(meth); fn != nil {
			if r, ok := m.callSync(fn, []value{i.v}); ok {
				return r.str()
			}
		}
	}
	switch i.t.kind {
	case kString:
		s := i.v.str()
		if i.t.t.String() != "string" {
			return fmt.Sprintf("%s(%q)", i.t.str, s)
		}
		return s
	case kBool, kInt, kInt8, kInt16, kInt32, kInt64, kUint, kUint8, kUint16, kUint32, kUint64, kUintptr, kFloat32, kFloat64, kComplex64, kComplex128:
		var sb strings.Builder
		printValue(&sb, i.v, i.t)           // as the runtime's print
		if i.t.str != kindNames[i.t.kind] { // a named type
			return fmt.Sprintf("%s(%s)", i.t.str, sb.String())
		}
		return sb.String()
	}
	return fmt.Sprintf("(%s) %p", i.t.str, i.v.r)
}

// hasStringMethod reports whether t has a method name() string.
func hasStringMethod(t *rtype, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t.t, false, nil, name)
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := f.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// callSync runs fn(args...) to completion on a fresh goroutine, outside the
// schedule and unobserved: for formatting values in reports only. It
// reports false if the call blocked or failed.
func (m *machine) callSync(fn *function, args []value) (value, bool) {
	return m.runOn(&Goroutine{id: -1, m: m}, &closure{fn: fn}, args, false)
}

// runOn runs cl(args...) to completion on g, outside the schedule: its
// scheduling points do not stop it (the runtime's own work, such as a
// timer's function, and formatting for reports). Its events are reported
// if observe. It reports false if the call blocked or failed.
func (m *machine) runOn(g *Goroutine, cl *closure, args []value, observe bool) (value, bool) {
	saveCur, saveTop, saveStatus, saveMF := m.cur, g.top, g.status, m.microFrame
	m.microFrame = nil // the closure that called runOn is not this run's
	defer func() { m.cur, g.top, m.microFrame = saveCur, saveTop, saveMF; g.setStatus(saveStatus) }()
	g.setStatus(gRunnable)
	var result value
	done := false
	base := &frame{g: g, retDst: 0}
	base.native = func(_ *frame, r value) *frame {
		result, done = r, true
		return nil
	}
	f := m.newFrame(cl.fn)
	f.g, f.caller, f.retDst = g, base, 0
	copy(f.regs, args)
	copy(f.regs[len(args):], cl.env)
	if !observe {
		obs := m.obs
		m.obs = nil
		defer func() { m.obs = obs }()
	}
	g.top = f
	m.cur = g
	fr := f
	for fr != nil && !done && !m.exited {
		fr = m.execSlice(fr)
		if g.status != gRunnable || g.panic != nil {
			return value{}, false
		}
		if fr == nil && !done && g.top != nil && g.status == gRunnable {
			// Stopped at a scheduling point: continue.
			g.resumed = true
			fr = g.top
		}
	}
	return result, done
}

// runtimeError is a Go run-time panic raised by an op, with the message
// Go prints after "runtime error: ".
type runtimeError string

const nilDeref = runtimeError("invalid memory address or nil pointer dereference")

// isPlainError reports whether Go raises the run-time error msg as a
// runtime.plainError, whose message has no "runtime error: " prefix.
func isPlainError(msg string) bool {
	for _, p := range []string{"interface conversion:", "assignment to entry in nil map", "close of closed channel",
		"close of nil channel", "makechan: size out of range", "send on closed channel", "value method "} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// runtimeErrorValue returns the interpreted value of a run-time panic: a
// runtime.Error as in Go.
func (m *machine) runtimeErrorValue(e runtimeError) value {
	t := m.prog.runtimeType("errorString")
	if isPlainError(string(e)) {
		t = m.prog.runtimeType("plainError")
	}
	if t == nil {
		return value{r: &iface{t: m.prog.typeOf(types.Typ[types.String]), v: strVal("runtime error: " + string(e))}}
	}
	return value{r: &iface{t: t, v: strVal(string(e))}}
}

func (m *machine) panicNilError() value {
	if rp := m.prog.SSA.ImportedPackage("runtime"); rp != nil {
		// The program's own runtime.PanicNilError, so that it can
		// recognize the value (errors.As, a type switch).
		if obj, _ := rp.Pkg.Scope().Lookup("PanicNilError").(*types.TypeName); obj != nil {
			t := m.prog.typeOf(types.NewPointer(obj.Type()))
			c := zero(t.elem)
			return value{r: &iface{t: t, v: value{r: &c}}}
		}
	}
	t := m.prog.runtimeType("PanicNilError")
	if t == nil {
		return value{r: &iface{t: m.prog.typeOf(types.Typ[types.String]), v: strVal("panic called with nil argument")}}
	}
	c := zero(t.elem)
	return value{r: &iface{t: t, v: value{r: &c}}}
}
