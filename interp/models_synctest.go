package interp

// testing/synctest without time: synctest.Test runs its function in a
// bubble, a group of goroutines (the goroutine Run starts and, through go
// statements, every goroutine a member starts), and returns when every
// goroutine of the bubble has ended; the function runs with a *testing.T
// of its own, of the test's name, as testing's own bubble does. What a
// bubble adds is its fake clock, which advances only when every goroutine
// of the bubble is durably blocked, and synctest.Wait: neither is modeled,
// so reading the clock or setting a timer inside a bubble, and Wait, are
// refused. The isolation of a bubble's channels and timers from
// goroutines outside it (Go panics on a misuse) is not checked either.

// bubble is a synctest bubble of the run.
type bubble struct {
	live   int     // goroutines of the bubble not ended
	waiter *waiter // the goroutine in synctest.Run
	// cell is the bubble's synchronization object: each member's end
	// and Run's return are atomic read-modify-writes of it, so that the
	// end of every member happens before Run returns.
	cell value
}

const whySynctest = "a bubble is a group of goroutines that synctest.Run waits for; its fake clock and Wait are not modeled (refused)"

var internalSynctestModels = modelTable{
	"internal/synctest.Run": control(whySynctest, synctestRun),
	"internal/synctest.Wait": native(whySynctest, func(*machine, []value) value {
		panic(&UnsupportedError{What: "synctest.Wait (wait until every other goroutine of the bubble is durably blocked) is not modeled"})
	}),
	"internal/synctest.IsInBubble": native(whySynctest, func(m *machine, _ []value) value {
		return boolVal(m.cur != nil && m.cur.bubble != nil)
	}),
}

var testingSynctestModels = modelTable{
	"testing/synctest.testingSynctestTest": control(whyTesting, synctestTestCtl),
}

// synctestRun is internal/synctest.Run: it starts f in a new goroutine,
// the first of a new bubble, and blocks until the bubble's goroutines
// have all ended.
func synctestRun(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	if fr.g.bubble != nil {
		m.rpanic("synctest.Run called from within a synctest bubble")
	}
	cl, _ := args[0].r.(*closure)
	if cl == nil {
		panic(nilDeref)
	}
	b := &bubble{}
	ng := m.newGoroutine(fr, nil, fr.pos())
	ng.bubble = b
	b.live = 1
	nf := m.newFrame(cl.fn)
	copy(nf.regs, cl.env)
	nf.g, nf.retDst = ng, -1
	ng.top = nf
	b.waiter = &waiter{g: fr.g, fr: fr, dst: dst}
	return fr.blockOn(OpSynctestRun, fr.pos(), addrOf(&b.cell))
}

// bubbleExit counts the end of g, a member of a bubble; the last one
// releases the goroutine in synctest.Run.
func (m *machine) bubbleExit(g *Goroutine) {
	b := g.bubble
	m.emit(nil, Event{Kind: EvAtomicRMW, Op: OpSynctestRun, G: g, Addr: addrOf(&b.cell), N: 1})
	b.live--
	if b.live > 0 || b.waiter == nil {
		return
	}
	w := b.waiter
	b.waiter = nil
	m.emit(nil, Event{Kind: EvAtomicRMW, Op: OpSynctestRun, G: w.g, Addr: addrOf(&b.cell), N: 1})
	w.fr.pc++
	w.g.wake()
}

// refuseBubbleTime refuses a use of the clock inside a bubble, whose fake
// clock is not modeled.
func (m *machine) refuseBubbleTime(what string) {
	if m.cur != nil && m.cur.bubble != nil {
		panic(&UnsupportedError{What: what + " inside a testing/synctest bubble: the bubble's fake clock is not modeled"})
	}
}

// synctestTestCtl is testing's testingSynctestTest(t, f), called inside
// the bubble: f runs in a new goroutine with a new T of t's name, a child
// of t, and the call returns, when that T is done, whether it passed.
func synctestTestCtl(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	parent := m.testStateOf(args[0])
	if parent.cleanupStarted {
		m.testPanic("testing: synctest.Run called during t.Cleanup")
	}
	st := &testState{name: parent.name, depth: parent.depth + 1, out: parent.out, parent: parent, synctest: true}
	tv := m.newTestingValue(st, "T")
	child := m.newGoroutine(fr, nil, fr.pos())
	d := m.testDriver(st, args[1], tv)
	d.g = child
	child.top = d
	st.runWaiter = &waiter{g: fr.g, fr: fr, dst: dst}
	return fr.block(OpTestRun, fr.pos())
}
