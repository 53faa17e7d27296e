package interp

import (
	"go/types"
	"strings"
)

// Models of package sync. Their state lives in side tables of the run,
// keyed by the address of the sync object; every operation is a scheduling
// point; blocked goroutines are woken to retry, so every order in which
// waiters may win is possible.

type mutexState struct {
	locked   bool
	readers  int
	wwait    map[*Goroutine]bool // goroutines waiting in (RW)Mutex.Lock
	sleepers []*Goroutine
}

func (m *machine) syncState(p *value, mk func() any) any {
	if m.syncObjs == nil {
		m.syncObjs = map[*value]any{}
	}
	s, ok := m.syncObjs[p]
	if !ok {
		s = mk()
		m.syncObjs[p] = s
	}
	return s
}

func (m *machine) mutex(p *value) *mutexState {
	if p == nil {
		panic(nilDeref)
	}
	return m.syncState(p, func() any { return &mutexState{} }).(*mutexState)
}

func wakeAll(gs []*Goroutine) {
	for _, g := range gs {
		g.wake()
	}
}

func (st *mutexState) sleep(fr *frame, op Op) *frame {
	st.sleepers = append(st.sleepers, fr.g)
	return fr.block(op, fr.pos())
}

func (st *mutexState) wakeSleepers() {
	s := st.sleepers
	st.sleepers = nil
	wakeAll(s)
}

// fatal ends the program with an unrecoverable error, as Go's throw does.
func (m *machine) fatal(fr *frame, msg string) *frame {
	m.stdout.Flush()
	var sb strings.Builder
	sb.WriteString("fatal error: " + msg + "\n\n")
	fr.g.top = fr
	m.writeTraceback(&sb, fr.g)
	m.stderr.Write([]byte(sb.String()))
	m.outcome = Outcome{Kind: Fatal, ExitCode: 2, Message: msg, Goroutines: []GoroutineInfo{fr.g.info(OpRunning)}}
	m.exit(2)
	return nil
}

func lockCtl(op Op, write bool) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		if fr.point(op, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		st := m.mutex(p)
		if write {
			if st.locked || st.readers > 0 {
				if st.wwait == nil {
					st.wwait = map[*Goroutine]bool{}
				}
				st.wwait[fr.g] = true
				return st.sleep(fr, op)
			}
			delete(st.wwait, fr.g)
			st.locked = true
			m.emit(fr, Event{Kind: EvLock, Addr: addrOf(p), Pos: fr.pos()})
		} else {
			if st.locked || len(st.wwait) > 0 {
				return st.sleep(fr, op)
			}
			st.readers++
			m.emit(fr, Event{Kind: EvRLock, Addr: addrOf(p), Pos: fr.pos()})
		}
		return fr.done(dst, value{})
	}
}

func tryLockNative(op Op, write bool) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		if fr.point(op, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		st := m.mutex(p)
		if write {
			if st.locked || st.readers > 0 {
				return fr.done(dst, boolVal(false))
			}
			st.locked = true
			m.emit(fr, Event{Kind: EvLock, Addr: addrOf(p), Pos: fr.pos()})
		} else {
			if st.locked || len(st.wwait) > 0 {
				return fr.done(dst, boolVal(false))
			}
			st.readers++
			m.emit(fr, Event{Kind: EvRLock, Addr: addrOf(p), Pos: fr.pos()})
		}
		return fr.done(dst, boolVal(true))
	}
}

func unlockCtl(op Op, write bool) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		if fr.point(op, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		st := m.mutex(p)
		if write {
			if !st.locked {
				if op == OpRWMutexUnlock {
					return m.fatal(fr, "sync: Unlock of unlocked RWMutex")
				}
				return m.fatal(fr, "sync: unlock of unlocked mutex")
			}
			st.locked = false
			m.emit(fr, Event{Kind: EvUnlock, Addr: addrOf(p), Pos: fr.pos()})
		} else {
			if st.readers == 0 {
				return m.fatal(fr, "sync: RUnlock of unlocked RWMutex")
			}
			st.readers--
			m.emit(fr, Event{Kind: EvRUnlock, Addr: addrOf(p), Pos: fr.pos()})
		}
		st.wakeSleepers()
		return fr.done(dst, value{})
	}
}

type waitGroupState struct {
	count    int64
	sleepers []*Goroutine
}

func (m *machine) waitGroup(p *value) *waitGroupState {
	if p == nil {
		panic(nilDeref)
	}
	return m.syncState(p, func() any { return &waitGroupState{} }).(*waitGroupState)
}

func wgAdd(fr *frame, p *value, delta int64, dst int32) *frame {
	m := fr.g.m
	st := m.waitGroup(p)
	m.emit(fr, Event{Kind: EvWGAdd, Addr: addrOf(p), Seq: delta, Pos: fr.pos()})
	st.count += delta
	if st.count < 0 {
		panic(&panicValue{m.stringPanic("sync: negative WaitGroup counter")})
	}
	if st.count == 0 {
		s := st.sleepers
		st.sleepers = nil
		wakeAll(s)
	}
	return fr.done(dst, value{})
}

// stringPanic returns a panic value holding a string.
func (m *machine) stringPanic(s string) value {
	return value{r: &iface{t: m.prog.typeOf(types.Typ[types.String]), v: strVal(s)}}
}

type notifyListState struct {
	wait, notify uint32
	sleepers     []*Goroutine
}

func (m *machine) notifyList(p *value) *notifyListState {
	return m.syncState(p, func() any { return &notifyListState{} }).(*notifyListState)
}

func init() {
	registerControl("(*sync.Mutex).Lock", lockCtl(OpMutexLock, true))
	registerControl("(*sync.Mutex).Unlock", unlockCtl(OpMutexUnlock, true))
	registerControl("(*sync.Mutex).TryLock", tryLockNative(OpMutexTryLock, true))
	registerControl("(*sync.RWMutex).Lock", lockCtl(OpRWMutexLock, true))
	registerControl("(*sync.RWMutex).Unlock", unlockCtl(OpRWMutexUnlock, true))
	registerControl("(*sync.RWMutex).TryLock", tryLockNative(OpRWMutexTryLock, true))
	registerControl("(*sync.RWMutex).RLock", lockCtl(OpRWMutexRLock, false))
	registerControl("(*sync.RWMutex).RUnlock", unlockCtl(OpRWMutexRUnlock, false))
	registerControl("(*sync.RWMutex).TryRLock", tryLockNative(OpRWMutexTryRLock, false))

	registerControl("(*sync.WaitGroup).Add", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpWaitGroupAdd, fr.pos()) {
			return nil
		}
		return wgAdd(fr, args[0].ptr(), args[1].int(), dst)
	})
	registerControl("(*sync.WaitGroup).Done", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpWaitGroupDone, fr.pos()) {
			return nil
		}
		return wgAdd(fr, args[0].ptr(), -1, dst)
	})
	registerControl("(*sync.WaitGroup).Wait", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpWaitGroupWait, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		st := m.waitGroup(p)
		if st.count > 0 {
			st.sleepers = append(st.sleepers, fr.g)
			return fr.block(OpWaitGroupWait, fr.pos())
		}
		m.emit(fr, Event{Kind: EvWGWait, Addr: addrOf(p), Pos: fr.pos()})
		return fr.done(dst, value{})
	})

	// sync.Cond runs from source on these models of the runtime's
	// notification lists.
	registerNative("sync.runtime_notifyListAdd", func(m *machine, args []value) value {
		st := m.notifyList(args[0].ptr())
		t := st.wait
		st.wait++
		return uintVal(uint64(t))
	})
	registerControl("sync.runtime_notifyListWait", func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		p := args[0].ptr()
		st := m.notifyList(p)
		t := uint32(args[1].n)
		if t >= st.notify {
			st.sleepers = append(st.sleepers, fr.g)
			return fr.block(OpCondWait, fr.pos())
		}
		m.emit(fr, Event{Kind: EvCondWait, Addr: addrOf(p), Pos: fr.pos()})
		return fr.done(dst, value{})
	})
	registerControl("sync.runtime_notifyListNotifyOne", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpCondSignal, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		st := m.notifyList(p)
		m.emit(fr, Event{Kind: EvCondSignal, Addr: addrOf(p), Pos: fr.pos()})
		if st.notify != st.wait {
			st.notify++
			s := st.sleepers
			st.sleepers = nil
			wakeAll(s)
		}
		return fr.done(dst, value{})
	})
	registerControl("sync.runtime_notifyListNotifyAll", func(fr *frame, args []value, dst int32) *frame {
		if fr.point(OpCondBroadcast, fr.pos()) {
			return nil
		}
		m := fr.g.m
		p := args[0].ptr()
		st := m.notifyList(p)
		m.emit(fr, Event{Kind: EvCondSignal, Addr: addrOf(p), Pos: fr.pos()})
		st.notify = st.wait
		s := st.sleepers
		st.sleepers = nil
		wakeAll(s)
		return fr.done(dst, value{})
	})
	registerNative("sync.runtime_notifyListCheck", func(*machine, []value) value { return value{} })

	// sync.Pool: Get always calls New (a valid behaviour of a pool that
	// dropped everything), which keeps runs deterministic.
	registerControl("(*sync.Pool).Get", func(fr *frame, args []value, dst int32) *frame {
		p := args[0].ptr()
		if p == nil {
			panic(nilDeref)
		}
		newFn := p.elems()[poolNewField(fr.g.m.prog)]
		if newFn.r == nil {
			return fr.done(dst, value{})
		}
		return fr.callValue(newFn, nil, dst)
	})
	registerNative("(*sync.Pool).Put", func(*machine, []value) value { return value{} })
}

func poolNewField(p *Program) int {
	sp := p.SSA.ImportedPackage("sync")
	return fieldIndex(sp.Pkg.Scope().Lookup("Pool").Type(), "New")
}

func (st *mutexState) clone() any {
	c := *st
	c.wwait = map[*Goroutine]bool{}
	for g := range st.wwait {
		c.wwait[g] = true
	}
	c.sleepers = append([]*Goroutine(nil), st.sleepers...)
	return &c
}

func (st *waitGroupState) clone() any {
	c := *st
	c.sleepers = append([]*Goroutine(nil), st.sleepers...)
	return &c
}

func (st *notifyListState) clone() any {
	c := *st
	c.sleepers = append([]*Goroutine(nil), st.sleepers...)
	return &c
}
