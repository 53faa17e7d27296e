package interp

import (
	"fmt"
	"strings"
)

// Models of sync/atomic, runtime, time and os.

func atomicKind(name string) kind {
	switch {
	case strings.HasSuffix(name, "Int32"):
		return kInt32
	case strings.HasSuffix(name, "Uint32"):
		return kUint32
	case strings.HasSuffix(name, "Int64"):
		return kInt64
	case strings.HasSuffix(name, "Uint64"):
		return kUint64
	case strings.HasSuffix(name, "Uintptr"):
		return kUintptr
	}
	return kUnsafePointer
}

// atomicCtl models one sync/atomic function: a scheduling point, then the
// operation on the addressed cell, reported as EvAtomic.
func atomicCtl(op Op) controlFn {
	name := op.String()
	fn := name[len("atomic."):]
	k := atomicKind(fn)
	isPtr := k == kUnsafePointer
	return func(fr *frame, args []value, dst int32) *frame {
		if fr.point(op, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		if p == nil {
			panic(nilDeref)
		}
		m.emit(fr, Event{Kind: EvAtomic, Addr: addrOf(p), N: 1, Pos: fr.pos()})
		old := *p
		var res value
		switch {
		case strings.HasPrefix(fn, "Load"):
			res = old
		case strings.HasPrefix(fn, "Store"):
			m.set(p, args[1])
		case strings.HasPrefix(fn, "Swap"):
			m.set(p, args[1])
			res = old
		case strings.HasPrefix(fn, "CompareAndSwap"):
			var eq bool
			if isPtr {
				eq = old.r == args[1].r
			} else {
				eq = old.n == args[1].n
			}
			if eq {
				m.set(p, args[2])
			}
			res = boolVal(eq)
		case strings.HasPrefix(fn, "Add"):
			m.set(p, value{n: wrap(k, old.n+args[1].n)})
			res = *p
		case strings.HasPrefix(fn, "And"):
			m.set(p, value{n: old.n & args[1].n})
			res = old
		case strings.HasPrefix(fn, "Or"):
			m.set(p, value{n: old.n | args[1].n})
			res = old
		default:
			panic(&UnsupportedError{What: name})
		}
		return fr.done(dst, res)
	}
}

// atomicOps maps "AddInt32", "Value.Load", ... to their operations (temporary).
var atomicOps = func() map[string]Op {
	out := map[string]Op{}
	for op := OpAtomicLoadInt32; op <= OpAtomicValueCompareAndSwap; op++ {
		out[op.String()[len("atomic."):]] = op
	}
	return out
}()

func init() {
	for _, op := range []string{"Load", "Store", "Swap", "CompareAndSwap", "Add", "And", "Or"} {
		for _, t := range []string{"Int32", "Uint32", "Int64", "Uint64", "Uintptr", "Pointer"} {
			if t == "Pointer" && (op == "Add" || op == "And" || op == "Or") {
				continue
			}
			name := "sync/atomic." + op + t
			registerControl(name, atomicCtl(atomicOps[op+t]))
		}
	}
	// atomic.Value keeps its interface value in its single field.
	valueOp := func(op string) controlFn {
		return func(fr *frame, args []value, dst int32) *frame {
			if fr.point(atomicOps["Value."+op], fr.pos()) {
				return nil
			}
			m := fr.g.m
			p := args[0].ptr()
			if p == nil {
				panic(nilDeref)
			}
			cell := &p.elems()[0]
			m.emit(fr, Event{Kind: EvAtomic, Addr: addrOf(cell), N: 1, Pos: fr.pos()})
			old := *cell
			check := func(v value) {
				if v.r == nil {
					panic(&panicValue{m.stringPanic("sync/atomic: store of nil value into Value")})
				}
				if o := old.iface(); o != nil && o.t != v.iface().t {
					panic(&panicValue{m.stringPanic("sync/atomic: store of inconsistently typed value into Value")})
				}
			}
			switch op {
			case "Load":
				return fr.done(dst, old)
			case "Store":
				check(args[1])
				m.set(cell, args[1])
				return fr.done(dst, value{})
			case "Swap":
				check(args[1])
				m.set(cell, args[1])
				return fr.done(dst, old)
			}
			// CompareAndSwap
			check(args[2])
			if ifaceEqual(old, args[1]) {
				m.set(cell, args[2])
				return fr.done(dst, boolVal(true))
			}
			return fr.done(dst, boolVal(false))
		}
	}
	for _, op := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		registerControl("(*sync/atomic.Value)."+op, valueOp(op))
	}

	// runtime
	registerControl("runtime.Gosched", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpGosched, fr.pos()) {
			return nil
		}
		return fr.done(dst, value{})
	})
	registerControl("runtime.Goexit", func(fr *frame, args []value, dst int32) *frame {
		g := fr.g
		g.panic = &panicState{goexit: true, link: g.panic}
		fr.pc++
		return g.unwind(fr)
	})
	registerNative("runtime.NumGoroutine", func(m *machine, _ []value) value { return intVal(int64(len(m.gs))) })
	registerNative("runtime.GOMAXPROCS", func(*machine, []value) value { return intVal(2) })
	registerNative("runtime.NumCPU", func(*machine, []value) value { return intVal(2) })
	registerNative("runtime.GC", func(*machine, []value) value { return value{} })
	registerNative("runtime.KeepAlive", func(*machine, []value) value { return value{} })
	registerNative("runtime.SetFinalizer", func(*machine, []value) value { return value{} })
	registerNative("runtime.LockOSThread", func(*machine, []value) value { return value{} })
	registerNative("runtime.UnlockOSThread", func(*machine, []value) value { return value{} })
	registerNative("runtime.GOROOT", func(*machine, []value) value { return strVal(GOROOT()) })
	registerNative("runtime.Version", func(*machine, []value) value { return strVal("go1.26-vt") })

	// time: a virtual clock that advances only when every goroutine is
	// blocked.
	registerNative("time.now", func(m *machine, _ []value) value {
		return tuple(intVal(m.clock/1e9), intVal(m.clock%1e9), intVal(m.monotonic()))
	})
	registerNative("time.runtimeNow", func(m *machine, _ []value) value {
		return tuple(intVal(m.clock/1e9), intVal(m.clock%1e9), intVal(m.monotonic()))
	})
	registerNative("time.runtimeNano", func(m *machine, _ []value) value { return intVal(m.monotonic()) })
	registerNative("time.runtimeIsBubbled", func(*machine, []value) value { return boolVal(false) })
	registerNative("time.syncTimer", func(*machine, []value) value { return value{} })
	registerControl("time.Sleep", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpSleep, fr.pos()) {
			return nil
		}
		d := args[0].int()
		if d <= 0 {
			return fr.done(dst, value{})
		}
		m := fr.g.m
		g := fr.g
		m.addTimer(&timer{when: m.clock + d, fire: func(m *machine, t *timer) {
			fr.pc++
			g.wake()
		}})
		return fr.block(OpSleep, fr.pos())
	})
	registerNative("time.newTimer", func(m *machine, args []value) value {
		when, period, f, arg := args[0].int(), args[1].int(), args[2], args[3]
		tt := m.prog.timeType("Timer")
		cell := zero(tt)
		cell.elems()[1] = boolVal(true) // initTimer
		p := &cell
		t := &timer{when: m.vclock(when), period: period, id: arg, owner: m.cur}
		t.fire = func(m *machine, t *timer) {
			// The timer's function runs in a goroutine of its own, created,
			// for the memory model, by whoever last set the timer.
			m.spawn(t.owner, f, []value{arg, {}, intVal(0)})
		}
		if m.timerObjs == nil {
			m.timerObjs = map[*value]*timer{}
		}
		m.timerObjs[p] = t
		m.addTimer(t)
		return value{r: p}
	})
	registerNative("time.stopTimer", func(m *machine, args []value) value {
		t := m.timerObjs[args[0].ptr()]
		if t == nil {
			return boolVal(false)
		}
		active := m.delTimer(t)
		drainTimerChan(t)
		return boolVal(active)
	})
	registerNative("time.resetTimer", func(m *machine, args []value) value {
		t := m.timerObjs[args[0].ptr()]
		if t == nil {
			return boolVal(false)
		}
		active := m.delTimer(t)
		drainTimerChan(t)
		t.when, t.period = m.vclock(args[1].int()), args[2].int()
		t.owner = m.cur
		m.addTimer(t)
		return boolVal(active)
	})

	// os
	registerNative("os.runtime_args", func(m *machine, _ []value) value {
		args := m.opts.Args
		if len(args) == 0 {
			args = []string{"main"}
		}
		es := make([]value, len(args))
		for i, a := range args {
			es[i] = strVal(a)
		}
		return value{r: es}
	})
	registerNative("os.Exit", func(m *machine, args []value) value {
		panic(exitError{code: int(args[0].int())})
	})
	registerNative("os.Getenv", func(m *machine, args []value) value {
		v, _ := m.lookupEnv(args[0].str())
		return strVal(v)
	})
	registerNative("os.LookupEnv", func(m *machine, args []value) value {
		v, ok := m.lookupEnv(args[0].str())
		return tuple(strVal(v), boolVal(ok))
	})
}

func (m *machine) lookupEnv(k string) (string, bool) {
	for _, kv := range m.opts.Env {
		if key, v, ok := strings.Cut(kv, "="); ok && key == k {
			return v, true
		}
	}
	return "", false
}

// monotonic is the runtime's nanotime on the virtual clock.
func (m *machine) monotonic() int64 { return m.clock - virtualEpoch + 1000 }

// vclock converts a runtime "when" (monotonic) to the virtual clock.
func (m *machine) vclock(when int64) int64 { return when - 1000 + virtualEpoch }

func drainTimerChan(t *timer) {
	if i := t.id.(value).iface(); i != nil {
		if ch, ok := i.v.r.(*chanObj); ok {
			ch.m.touchChan(ch)
			for ch.count > 0 {
				ch.buf[ch.head] = value{}
				ch.head = (ch.head + 1) % ch.capacity
				ch.count--
			}
		}
	}
}

// timeType returns the rtype of the named type in package time.
func (p *Program) timeType(name string) *rtype {
	tp := p.SSA.ImportedPackage("time")
	if tp == nil {
		panic(fmt.Sprintf("interp: package time not loaded (need time.%s)", name))
	}
	return p.typeOf(tp.Pkg.Scope().Lookup(name).Type())
}

// nextRand returns the run's next pseudo-random number (splitmix64 over
// the seed): the runtime's rand, behind math/rand's automatic seeding.
func (m *machine) nextRand() uint64 {
	m.seed += 0x9e3779b97f4a7c15
	z := m.seed
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func init() {
	for _, pkg := range []string{"math/rand", "math/rand/v2", "hash/maphash", "internal/sync"} {
		registerNative(pkg+".runtime_rand", func(m *machine, _ []value) value { return uintVal(m.nextRand()) })
	}
	registerNative("(*internal/godebug.Setting).Value", func(*machine, []value) value { return strVal("") })
	registerNative("(*internal/godebug.Setting).IncNonDefault", func(*machine, []value) value { return value{} })
	registerNative("time.initLocal", func(m *machine, _ []value) value {
		tp := m.prog.SSA.ImportedPackage("time")
		loc := m.global(m.prog.globalIndex(tp.Var("localLoc")))
		m.set(&loc.elems()[fieldIndex(tp.Pkg.Scope().Lookup("Location").Type(), "name")], strVal("Local"))
		return value{}
	})
}
