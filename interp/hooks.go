package interp

import (
	"go/token"
	"slices"
	"sync"
)

// A Hook replaces the calls of one interpreted function during a run: tools
// built on the interpreter use hooks to see annotations, to take over
// assertion failures, or to make a call the root of their exploration. Hooks
// run on the interpreter's goroutine and must not block.
type Hook func(c *HookCall) HookAction

// HookCall is an intercepted call.
type HookCall struct {
	G    *Goroutine
	Name string    // the function's full name, e.g. "github.com/vtcheck/vt.root"
	Pos  token.Pos // the call site
	Args []Value   // the arguments (the receiver first for methods)
}

// HookAction says how an intercepted call continues.
type HookAction struct {
	// Results are returned to the caller (missing ones are zero).
	Results []Value
	// Call, if valid, is a function value to call instead of returning;
	// its result is the intercepted call's result.
	Call Value
	// Args are Call's arguments.
	Args []Value
	// OnReturn, with Call, runs when Call returns or its goroutine calls
	// runtime.Goexit inside it. If it reports true, the calling goroutine
	// ends there.
	OnReturn func() (exit bool)
	// Goexit ends the calling goroutine as runtime.Goexit does.
	Goexit bool
	// Root makes Call the root of the run: when it returns (or its
	// goroutine calls runtime.Goexit inside it), every goroutine that
	// existed when the hook was called ends, the calling one included, and
	// the run goes on until the goroutines Call created have finished or
	// are blocked, forever or waiting only for timers (an Outcome of kind
	// Leaked). Tools use it to
	// check one function of a test in isolation.
	Root bool
	// Snapshot, with Root, does not run Call: it takes a snapshot of the
	// run's state at this call, hands it to Snapshot, and ends the run.
	// Snapshot.Run then runs Call as the root, as often as needed, each
	// time from that state.
	Snapshot func(*Snapshot)
}

// Value is an interpreted value handed to a hook.
type Value struct{ v value }

// StringValue returns s as an interpreted string value, for a hook's
// Results.
func StringValue(s string) Value { return Value{strVal(s)} }

// IsValid reports whether v holds a value (the zero Value does not).
func (v Value) IsValid() bool { return v.v.r != nil || v.v.n != 0 }

// String returns a string value.
func (v Value) String() string { return v.v.str() }

// Int returns an integer value.
func (v Value) Int() int64 { return v.v.int() }

// Bool returns a boolean value.
func (v Value) Bool() bool { return v.v.bool() }

// IsNil reports whether a pointer, map, slice, channel, func or interface
// value is nil.
func (v Value) IsNil() bool { return v.v.r == nil }

// Elem returns the dynamic value of an interface value.
func (v Value) Elem() Value {
	if i := v.v.iface(); i != nil {
		return Value{i.v}
	}
	return Value{}
}

// Len returns the length of a slice value.
func (v Value) Len() int {
	if b, ok := v.v.unflat().([]byte); ok {
		return len(b)
	}
	return len(v.v.elems())
}

// Addr returns the identity of what a pointer, map, channel or slice value
// refers to (a slice: its first element); the zero Addr for nil.
func (v Value) Addr() Addr {
	switch r := v.v.unflat().(type) {
	case *value:
		return addrOf(r)
	case *mapObj:
		return r.addr()
	case *chanObj:
		return r.addr()
	case []value:
		if cap(r) > 0 {
			return addrOf(&r[:1][0])
		}
	case *byte:
		return addrOfByte(r)
	case []byte:
		if cap(r) > 0 {
			return addrOfByte(&r[:1][0])
		}
	}
	return Addr{}
}

var hookNamesMu sync.Mutex

// Hookable declares the functions that RunOptions.Hooks may replace. It must
// be called before the program first runs.
func (p *Program) Hookable(names ...string) {
	hookNamesMu.Lock()
	defer hookNamesMu.Unlock()
	if p.hookNames == nil {
		p.hookNames = map[string]bool{}
	}
	for _, n := range names {
		p.hookNames[n] = true
	}
}

func (p *Program) isHookable(name string) bool {
	hookNamesMu.Lock()
	defer hookNamesMu.Unlock()
	return p.hookNames[name]
}

// hookCtl compiles a hookable function: calls go to the run's hook, or to
// the function's own body if the run has none.
func hookCtl(p *Program, name string, body *function) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		h := m.opts.Hooks[name]
		if h == nil {
			if body == nil || body.ssa == nil || body.ssa.Blocks == nil {
				return fr.done(dst, value{})
			}
			return fr.callBody(body, args, dst)
		}
		hc := &HookCall{G: fr.g, Name: name, Pos: fr.pos(), Args: make([]Value, len(args))}
		for i, a := range args {
			hc.Args[i] = Value{a}
		}
		fr.g.top = fr // the hook may look at the goroutine's stack
		act := h(hc)
		if act.Goexit {
			return fr.goexit()
		}
		if _, ok := act.Call.v.r.(*closure); ok && act.Root && act.Snapshot != nil {
			args := make([]value, len(act.Args))
			for i, a := range act.Args {
				args[i] = a.v
			}
			snap := m.takeSnapshot(callRoot{act.Call.v, args}, fr.pos())
			snap.rootID = fr.g.id // the call runs on the caller's goroutine
			act.Snapshot(snap)
			fr.g.top = fr
			m.exited = true
			return nil
		}
		if cl, ok := act.Call.v.r.(*closure); ok {
			g := fr.g
			fr.pc++
			cont := &frame{g: g, caller: fr, retDst: -1, barrier: true}
			var ancestors []*Goroutine
			if act.Root {
				ancestors = append(ancestors, m.gs...)
			}
			cont.native = func(_ *frame, res value) *frame {
				if dst >= 0 {
					fr.regs[dst] = res
				}
				if act.Root {
					if act.OnReturn != nil {
						act.OnReturn()
					}
					m.endRoot(ancestors)
					return nil
				}
				if act.OnReturn != nil && act.OnReturn() {
					g.top = nil
					m.exitGoroutine(g)
					return nil
				}
				return fr
			}
			nf := m.newFrame(cl.fn)
			for i, a := range act.Args {
				nf.regs[i] = a.v
			}
			copy(nf.regs[len(act.Args):], cl.env)
			nf.g, nf.caller, nf.retDst = g, cont, 0
			return nf
		}
		var res value
		switch len(act.Results) {
		case 0:
		case 1:
			res = act.Results[0].v
		default:
			t := make([]value, len(act.Results))
			for i, r := range act.Results {
				t[i] = r.v
			}
			res = value{r: t}
		}
		return fr.done(dst, res)
	}
}

// endRoot ends the goroutines that existed when a root call began; the run
// continues with the rest (see HookAction.Root).
func (m *machine) endRoot(ancestors []*Goroutine) {
	for _, g := range ancestors {
		g.setStatus(gDone)
		g.top = nil
		m.emit(nil, Event{Kind: EvGoExit, G: g})
	}
	live := m.gs[:0]
	for _, g := range m.gs {
		if !slices.Contains(ancestors, g) {
			live = append(live, g)
		}
	}
	m.gs = live
	m.runnableOK = false
	m.mainDone, m.mainDoneAt = true, m.clock
	m.opts.WaitAll = true
	if len(m.gs) == 0 {
		m.exit(0)
	}
}
