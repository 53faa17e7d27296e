package interp

import "fmt"

// Models of package time over the virtual clock (clock.go): time passes
// when every goroutine is blocked, or where the Scheduler lets a timer fire
// (ChooseTimer); Sleep and the runtime timers behind Timer, Ticker and
// AfterFunc are timers of the run.

const whyClock = "reads or sets the virtual clock"

var timeModels = modelTable{
	"time.now":        native(noBody, timeNow),
	"time.runtimeNow": native(noBody, timeNow),
	"time.runtimeNano": native(noBody, func(m *machine, _ []value) value {
		m.refuseBubbleTime("reading the monotonic clock")
		return intVal(m.monotonic())
	}),
	"time.runtimeIsBubbled": native(noBody, func(*machine, []value) value { return boolVal(false) }),
	// syncTimer tells the runtime a Timer's or Ticker's channel unless
	// GODEBUG=asynctimerchan=1 (the runtime's pointer is only tested for nil).
	"time.syncTimer": native("GODEBUG=asynctimerchan=1 keeps the channel from the runtime (the pointer is only tested for nil)", func(m *machine, a []value) value {
		if m.godebug("asynctimerchan") == "1" {
			return value{}
		}
		return a[0]
	}),
	"time.Sleep":      control(noBody, timeSleep),
	"time.newTimer":   control(noBody, newTimer),
	"time.stopTimer":  control(noBody, stopTimer),
	"time.resetTimer": control(noBody, resetTimer),
	"time.initLocal":  control("without $TZ, the local time zone is UTC, named Local, without reading the system's zone files; with $TZ set, time's own code reads it", initLocal),
}

func timeNow(m *machine, _ []value) value {
	m.refuseBubbleTime("time.Now")
	return tuple(intVal(m.clock/1e9), intVal(m.clock%1e9), intVal(m.monotonic()))
}

// timeSleep is a scheduling point, then blocks until the clock passes the
// deadline.
func timeSleep(fr *frame, args []value, dst int32) *frame {
	fr.g.m.refuseBubbleTime("time.Sleep")
	if fr.point(OpSleep, fr.pos()) {
		return nil
	}
	d := args[0].int()
	if d <= 0 {
		return fr.done(dst, value{})
	}
	m := fr.g.m
	g := fr.g
	m.addTimer(&timer{when: satAdd(m.clock, d), pos: fr.userPos(fr.pos()), wake: func() {
		fr.pc++
		g.wake()
	}})
	return fr.block(OpSleep, fr.pos())
}

// newTimer makes the runtime timer of a time.Timer, Ticker or AfterFunc:
// when it fires, its function runs on the timer's context (clock.go).
func newTimer(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	m.refuseBubbleTime("a timer")
	when, period, f, arg := args[0].int(), args[1].int(), args[2], args[3]
	tt := m.prog.timeType("Timer")
	cell := zero(tt)
	cell.elems()[1] = boolVal(true) // initTimer
	p := &cell
	t := &timer{when: m.vclock(when), period: period, f: f, arg: arg, cell: p, owner: m.cur, pos: fr.userPos(fr.pos()),
		internal: fr.setByLibrary()}
	if cl, _ := f.r.(*closure); cl != nil && cl.fn.name == "time.sendTime" {
		if i := arg.iface(); i != nil {
			t.ch, _ = i.v.r.(*chanObj)
			if t.ch != nil {
				t.ch.hasTimer = true
				if m.chanTimers != nil {
					m.chanTimers[t.ch] = t
				}
			}
		}
		t.syncChan = t.ch != nil && args[4].r != nil
		if t.syncChan {
			t.ch.syncTimer = true
		}
	}
	if m.timerObjs == nil {
		m.timerObjs = map[*value]*timer{}
	}
	m.timerObjs[p] = t
	m.emit(fr, Event{Kind: EvTimerSet, Addr: addrOf(p), Pos: fr.pos()})
	m.addTimer(t)
	return fr.done(dst, value{r: p})
}

// setByLibrary reports whether the timer that fr (in package time) sets
// is the standard library's own: the first caller outside packages time
// and context is in the Go distribution (net's dial timeout, net/http's
// idle timeouts), not the program's code.
func (fr *frame) setByLibrary() bool {
	for f := fr; f != nil; f = f.caller {
		if f.fn == nil || f.fn.ssa == nil || isWrapper(f.fn.ssa) {
			continue
		}
		switch fnPackage(f.fn.ssa) {
		case "time", "context":
			continue
		}
		return f.fn.inGoroot()
	}
	return false
}

// stopTimer stops the runtime timer of a time.Timer value and reports
// whether it was active. It is a scheduling point: what it reports depends
// on whether the timer fired and whether another goroutine took its tick,
// so a goroutine started just before (go f(); t.Stop()) may run first.
func stopTimer(fr *frame, args []value, dst int32) *frame {
	if fr.point(OpTimerStop, fr.pos()) {
		return nil
	}
	_, active := fr.g.m.stopTimerOf(fr, args[0])
	return fr.done(dst, boolVal(active))
}

// resetTimer stops the runtime timer of a time.Timer value and sets it
// again; it reports whether the timer was active. A scheduling point, as
// Stop.
func resetTimer(fr *frame, args []value, dst int32) *frame {
	fr.g.m.refuseBubbleTime("a timer")
	if fr.point(OpTimerReset, fr.pos()) {
		return nil
	}
	m := fr.g.m
	t, active := m.stopTimerOf(fr, args[0])
	if t != nil {
		t.when, t.period = m.vclock(args[1].int()), args[2].int()
		t.owner, t.pos, t.internal = m.cur, fr.userPos(fr.pos()), fr.setByLibrary()
		m.emit(fr, Event{Kind: EvTimerSet, Addr: addrOf(t.cell), Pos: fr.pos()})
		m.addTimer(t)
	}
	return fr.done(dst, boolVal(active))
}

// stopTimerOf stops the runtime timer tv points to: it returns the timer
// (nil if there is none) and whether it was active. A synchronous timer
// channel (Go 1.23's, unless GODEBUG asynctimerchan is set) is drained of
// the value a firing left in it, and then the timer counts as active, as
// the runtime's Stop and Reset say: a false result means no value will be
// received. An asynchronous one keeps its value (Go 1.22's semantics).
//
// For observers it is an EvTimerStop of the timer (a change of it and of
// its channel: Stop's result depends on the timer's firing and on a
// goroutine's receive of the tick).
func (m *machine) stopTimerOf(fr *frame, tv value) (*timer, bool) {
	t := m.timerObjs[tv.ptr()]
	if t == nil {
		return nil, false
	}
	if m.obs != nil {
		var waits []Addr
		if t.ch != nil {
			waits = []Addr{t.ch.addr()}
		}
		m.emit(fr, Event{Kind: EvTimerStop, Pos: fr.pos(), Addr: addrOf(t.cell), Waits: waits})
	}
	active := m.delTimer(t)
	if t.syncChan {
		if a := m.godebug("asynctimerchan"); a == "" || a == "0" {
			if drainTimerChan(t) {
				active = true
			}
		}
	}
	return t, active
}

// initLocal sets time.Local: without $TZ in the virtual environment, UTC
// named "Local" (a host's /etc/localtime would make runs depend on the
// machine); with $TZ set (even empty), time's own initLocal, which reads
// the zone it names ("" and ":" are UTC) from the zone files.
func initLocal(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	if _, ok := m.vos().Getenv("TZ"); ok {
		if body := m.bodyByName("time.initLocal"); body != nil {
			return fr.callBody(body, args, dst)
		}
	}
	tp := m.pkg("time")
	loc := m.global(m.prog.globalIndex(tp.Var("localLoc")))
	m.set(&loc.elems()[fieldIndex(tp.Pkg.Scope().Lookup("Location").Type(), "name")], strVal("Local"))
	return fr.done(dst, value{})
}

// drainTimerChan empties the channel of timer t, reporting whether it held
// a value.
func drainTimerChan(t *timer) bool {
	ch := t.ch
	if ch == nil || ch.count == 0 {
		return false
	}
	ch.m.touchChan(ch)
	for ch.count > 0 {
		ch.buf[ch.head] = value{}
		ch.head = (ch.head + 1) % ch.capacity
		ch.count--
	}
	return true
}

// timeType returns the rtype of the named type in package time.
func (p *Program) timeType(name string) *rtype {
	tp := p.SSA.ImportedPackage("time")
	if tp == nil {
		panic(fmt.Sprintf("interp: package time not loaded (need time.%s)", name))
	}
	return p.typeOf(tp.Pkg.Scope().Lookup(name).Type())
}
