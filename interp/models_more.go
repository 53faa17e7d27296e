package interp

import (
	"go/types"
	"strings"
)

// Models of runtime-implemented helpers of the standard library:
// maps.clone, string comparison, iter's coroutines and sync.Map.

// anyType returns the rtype of interface{}.
func (p *Program) anyType() *rtype {
	return p.typeOf(types.NewInterfaceType(nil, nil).Complete())
}

func (m *mapObj) cloneMap() *mapObj {
	c := &mapObj{m: m.m, t: m.t, index: make(map[any]int, m.live), entries: make([]mapEntry, 0, m.live)}
	for _, e := range m.entries {
		if !e.dead {
			c.index[e.hk] = len(c.entries)
			c.entries = append(c.entries, mapEntry{hk: e.hk, k: e.k, v: copyVal(e.v, m.t.elem)})
		}
	}
	c.live = len(c.entries)
	return c
}

// coroState is a coroutine of iter.Pull: a goroutine that runs only while
// another one waits for it.
type coroState struct {
	g      *Goroutine // the coroutine's goroutine
	waiter *Goroutine // the goroutine blocked until the coroutine switches back
	done   bool
}

func init() {
	registerNative("maps.clone", func(m *machine, a []value) value {
		i := a[0].iface()
		if i == nil {
			return value{}
		}
		mo, _ := i.v.r.(*mapObj)
		if mo == nil {
			return a[0]
		}
		c := mo.cloneMap()
		c.m = m
		c.epoch = m.epoch
		return value{r: &iface{t: i.t, v: value{r: c}}}
	})
	registerNative("internal/bytealg.abigen_runtime_cmpstring", func(_ *machine, a []value) value {
		return intVal(int64(strings.Compare(a[0].str(), a[1].str())))
	})

	registerNative("iter.newcoro", func(m *machine, a []value) value {
		ct := m.prog.iterCoroType()
		cell := zero(ct)
		p := &cell
		cs := &coroState{}
		if m.coros == nil {
			m.coros = map[*value]*coroState{}
		}
		m.coros[p] = cs
		cl := a[0].r.(*closure)
		g := m.newGoroutine(m.cur, 0)
		nf := m.newFrame(cl.fn)
		nf.regs[0] = value{r: p}
		copy(nf.regs[1:], cl.env)
		nf.g, nf.retDst = g, -1
		g.top = nf
		g.status = gBlocked
		g.pending = OpCoroutine
		cs.g = g
		g.onExit = func() {
			cs.done = true
			if w := cs.waiter; w != nil {
				cs.waiter = nil
				w.pendingDone()
			}
		}
		return value{r: p}
	})
	registerControl("iter.coroswitch", func(fr *frame, a []value, dst int32) *frame {
		m := fr.g.m
		cs := m.coros[a[0].ptr()]
		if cs == nil {
			panic(&UnsupportedError{What: "iter.coroswitch on a coroutine the interpreter did not create"})
		}
		g := fr.g
		// Switch to the other side: the coroutine if g is its caller,
		// else the goroutine waiting for the coroutine.
		var other *Goroutine
		if g == cs.g {
			other, cs.waiter = cs.waiter, nil
			if other == nil {
				panic(&UnsupportedError{What: "coroutine switched back with no caller"})
			}
		} else {
			if cs.done {
				return fr.done(dst, value{})
			}
			other = cs.g
			cs.waiter = g
		}
		fr.pc++
		other.pendingDone()
		g.top = fr
		g.status = gBlocked
		g.pending = OpCoroutine
		if g == cs.g {
			cs.waiter = nil
		}
		return nil
	})

	// sync.Map: a map from any to any in the run's memory; every
	// operation is a scheduling point and a synchronizing access.
	syncMapOp := func(op Op, f func(fr *frame, mo *mapObj, a []value, dst int32) *frame) controlFn {
		return func(fr *frame, a []value, dst int32) *frame {
			if fr.point(op, fr.pos()) {
				return nil
			}
			m := fr.g.m
			p := a[0].ptr()
			if p == nil {
				panic(nilDeref)
			}
			mo := m.syncState(p, func() any {
				at := m.prog.anyType()
				return newMap(m, m.prog.typeOf(types.NewMap(at.t, at.t)))
			}).(*mapObj)
			m.emit(fr, Event{Kind: EvAtomic, Addr: addrOf(p), N: 1, Pos: fr.pos()})
			return f(fr, mo, a[1:], dst)
		}
	}
	registerControl("(*sync.Map).Load", syncMapOp(OpSyncMapLoad, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		return fr.done(dst, tuple(v, boolVal(ok)))
	}))
	registerControl("(*sync.Map).Store", syncMapOp(OpSyncMapStore, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		mo.set(a[0], a[1])
		return fr.done(dst, value{})
	}))
	registerControl("(*sync.Map).LoadOrStore", syncMapOp(OpSyncMapLoadOrStore, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		if v, ok := mo.get(a[0]); ok {
			return fr.done(dst, tuple(v, boolVal(true)))
		}
		mo.set(a[0], a[1])
		return fr.done(dst, tuple(a[1], boolVal(false)))
	}))
	registerControl("(*sync.Map).LoadAndDelete", syncMapOp(OpSyncMapLoadAndDelete, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		mo.delete(a[0])
		return fr.done(dst, tuple(v, boolVal(ok)))
	}))
	registerControl("(*sync.Map).Delete", syncMapOp(OpSyncMapDelete, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		mo.delete(a[0])
		return fr.done(dst, value{})
	}))
	registerControl("(*sync.Map).Swap", syncMapOp(OpSyncMapSwap, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		mo.set(a[0], a[1])
		return fr.done(dst, tuple(v, boolVal(ok)))
	}))
	registerControl("(*sync.Map).CompareAndSwap", syncMapOp(OpSyncMapCompareAndSwap, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			mo.set(a[0], a[2])
			return fr.done(dst, boolVal(true))
		}
		return fr.done(dst, boolVal(false))
	}))
	registerControl("(*sync.Map).CompareAndDelete", syncMapOp(OpSyncMapCompareAndDelete, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		v, ok := mo.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			mo.delete(a[0])
			return fr.done(dst, boolVal(true))
		}
		return fr.done(dst, boolVal(false))
	}))
	registerControl("(*sync.Map).Clear", syncMapOp(OpSyncMapClear, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		mo.clear()
		return fr.done(dst, value{})
	}))
	registerControl("(*sync.Map).Range", syncMapOp(OpSyncMapRange, func(fr *frame, mo *mapObj, a []value, dst int32) *frame {
		it := mo.iter(fr.g.m)
		f := a[0]
		fr.pc++
		var step func(c *frame, res value) *frame
		cont := &frame{g: fr.g, caller: fr, retDst: -1}
		step = func(c *frame, res value) *frame {
			if c != nil && !res.bool() {
				return fr
			}
			k, v, ok := it.next()
			if !ok {
				return fr
			}
			cl := f.r.(*closure)
			nf := fr.g.m.newFrame(cl.fn)
			nf.regs[0], nf.regs[1] = k, v
			copy(nf.regs[2:], cl.env)
			nf.g, nf.caller, nf.retDst = fr.g, cont, 0
			return nf
		}
		cont.native = step
		return step(nil, value{})
	}))
}

// pendingDone makes a goroutine blocked in a coroutine switch runnable.
func (g *Goroutine) pendingDone() { g.wake() }

// iterCoroType returns the rtype of iter's coro type.
func (p *Program) iterCoroType() *rtype {
	ip := p.SSA.ImportedPackage("iter")
	return p.typeOf(ip.Pkg.Scope().Lookup("coro").Type())
}

// go-spew (also vendored inside testify) reaches into reflect.Value's flag
// word with pointer arithmetic to read unexported fields. Its init only
// measures that word; unsafeReflectValue clears the read-only bits, which
// the reflect model keeps in reflect's own layout.
func init() {
	for _, pkg := range []string{"github.com/stretchr/testify/internal/spew", "github.com/davecgh/go-spew/spew"} {
		registerNative(pkg+".init#1", func(*machine, []value) value { return value{} })
		registerNative(pkg+".unsafeReflectValue", func(_ *machine, a []value) value {
			es := a[0].elems()
			if len(es) != 3 || es[0].r == nil {
				return a[0]
			}
			out := []value{es[0], es[1], {n: es[2].n&^(1<<5|1<<6) | 1<<8}}
			return value{r: out}
		})
	}
}
