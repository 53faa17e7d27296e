package interp

import (
	"go/token"
	"go/types"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// chanObj is a channel: a ring buffer and queues of blocked goroutines.
// Unbuffered sends and receives hand values over directly, as in Go.
type chanObj struct {
	m        *machine
	epoch    int
	elem     *rtype
	capacity int
	buf      []value
	head     int
	count    int
	closed   bool
	recvq    []*waiter
	sendq    []*waiter
	sends    int64
	recvs    int64
	// polled: a select with a default case found nothing to receive here
	// (a timer's firing is then observable: clock.go).
	polled bool
	// hasTimer: the channel of a time.Timer or Ticker (machine.chanTimers).
	hasTimer bool
	// syncTimer: the channel of a synchronous timer (Go 1.23's, unless
	// GODEBUG asynctimerchan=1): len and cap report 0, as Go's
	// unbuffered-looking timer channels do, whatever the tick waiting in
	// its buffer of one.
	syncTimer bool
}

// waiter is a goroutine blocked in a send, receive or select.
type waiter struct {
	g       *Goroutine
	fr      *frame
	sel     *selWait // nil for a plain send or receive
	caseIdx int
	val     value // value to send
	dst     int32 // receive: destination register (-1: none)
	commaOk bool
	ch      *chanObj
	// reflectElem is the element type of a receive by reflect's
	// Value.Recv: the result is the pair (Value, ok).
	reflectElem *rtype
}

// selWait is the shared state of the waiters of one blocked select.
type selWait struct {
	done     bool
	dst      int32
	nrecv    int
	recvSlot []int // per case: index of its value in the result tuple (-1 for sends)
}

func (m *machine) newChan(t *rtype, size int) *chanObj {
	return &chanObj{m: m, epoch: m.epoch, elem: t.elem, capacity: size, buf: make([]value, size)}
}

func (ch *chanObj) addr() Addr { return Addr{p: unsafe.Pointer(ch)} }

// stale reports whether w no longer waits (its select completed elsewhere).
func (w *waiter) stale() bool { return w.sel != nil && w.sel.done }

func popWaiter(q *[]*waiter) *waiter {
	for len(*q) > 0 {
		w := (*q)[0]
		*q = (*q)[1:]
		if !w.stale() {
			return w
		}
	}
	return nil
}

func hasWaiter(q []*waiter) bool {
	for _, w := range q {
		if !w.stale() {
			return true
		}
	}
	return false
}

// canSend reports whether a send would not block (or would panic).
func (ch *chanObj) canSend() bool {
	return ch.closed || hasWaiter(ch.recvq) || ch.count < ch.capacity
}

// canRecv reports whether a receive would not block.
func (ch *chanObj) canRecv() bool {
	return ch.closed || ch.count > 0 || hasWaiter(ch.sendq)
}

// event reports a channel event of kind k with index seq; fr is the frame
// of the goroutine it belongs to, at pos.
func (ch *chanObj) event(fr *frame, k EventKind, seq int64, pos token.Pos) {
	ch.m.emit(fr, Event{Kind: k, Addr: ch.addr(), Cap: int64(ch.capacity), Seq: seq, Pos: pos})
}

// send delivers v from fr's goroutine; the caller checked canSend and
// !closed.
func (ch *chanObj) send(fr *frame, v value, pos token.Pos) {
	ch.m.touchChan(ch)
	ch.event(fr, EvChanSend, ch.sends, pos)
	ch.sends++
	if w := popWaiter(&ch.recvq); w != nil {
		ch.event(w.fr, EvChanRecv, ch.recvs, w.fr.pos())
		ch.recvs++
		w.completeRecv(v, true)
		return
	}
	ch.buf[(ch.head+ch.count)%ch.capacity] = v
	ch.count++
}

// recv receives for fr's goroutine; the caller checked canRecv.
func (ch *chanObj) recv(fr *frame, pos token.Pos) (value, bool) {
	ch.m.touchChan(ch)
	if ch.count > 0 {
		v := ch.buf[ch.head]
		ch.buf[ch.head] = value{}
		ch.head = (ch.head + 1) % ch.capacity
		ch.count--
		ch.event(fr, EvChanRecv, ch.recvs, pos)
		ch.recvs++
		// A blocked sender can now put its value into the buffer.
		if w := popWaiter(&ch.sendq); w != nil {
			ch.event(w.fr, EvChanSend, ch.sends, w.fr.pos())
			ch.sends++
			ch.buf[(ch.head+ch.count)%ch.capacity] = w.val
			ch.count++
			w.completeSend()
		}
		return v, true
	}
	if w := popWaiter(&ch.sendq); w != nil {
		ch.event(w.fr, EvChanSend, ch.sends, w.fr.pos())
		ch.event(fr, EvChanRecv, ch.recvs, pos)
		ch.sends++
		ch.recvs++
		w.completeSend()
		return w.val, true
	}
	// Closed and drained.
	fr.g.idle = true
	ch.event(fr, EvChanRecvClosed, 0, pos)
	return zero(ch.elem), false
}

func (w *waiter) completeRecv(v value, ok bool) {
	fr := w.fr
	if s := w.sel; s != nil {
		s.done = true
		fr.regs[s.dst] = selectResult(s, w.caseIdx, v, ok)
	} else if w.reflectElem != nil {
		fr.regs[w.dst] = reflectRecvResult(w.reflectElem, v, ok, true)
	} else if w.dst >= 0 {
		fr.regs[w.dst] = okResult(v, ok, w.commaOk)
	}
	fr.pc++
	w.g.wake()
}

func (w *waiter) completeSend() {
	fr := w.fr
	if s := w.sel; s != nil {
		s.done = true
		fr.regs[s.dst] = selectResult(s, w.caseIdx, value{}, false)
	}
	fr.pc++
	w.g.wake()
}

func selectResult(s *selWait, idx int, v value, ok bool) value {
	t := make([]value, 2+s.nrecv)
	t[0] = intVal(int64(idx))
	t[1] = boolVal(ok)
	if slot := s.recvSlot[idx]; slot >= 0 {
		t[2+slot] = v
	}
	return value{r: t}
}

// close closes ch: receivers get the zero value, blocked senders retry and
// panic.
func (ch *chanObj) close(fr *frame, pos token.Pos) {
	ch.m.touchChan(ch)
	ch.event(fr, EvChanClose, 0, pos)
	ch.closed = true
	for _, q := range [][]*waiter{ch.recvq, ch.sendq} {
		for _, w := range q {
			if w.stale() {
				continue
			}
			if w.sel != nil {
				w.sel.done = true
			}
			// Retry the operation: it now completes or panics.
			w.g.wake()
		}
	}
	ch.recvq, ch.sendq = nil, nil
}

// accessChan reports an access of kind k by op to the channel ch as a
// memory location: Go's race detector checks a send as a read of the
// channel and close as a write, so that a send unordered with a close is a
// race.
func (m *machine) accessChan(fr *frame, k EventKind, op Op, ch *chanObj, pos token.Pos) {
	m.emit(fr, Event{Kind: k, Op: op, Addr: ch.addr(), N: 1, Pos: pos})
}

func (c *compiler) send(i *ssa.Send) op {
	chr, x := c.reg(i.Chan), c.reg(i.X)
	pos := i.Pos()
	return func(fr *frame) *frame {
		if fr.point(OpChanSend, pos) {
			return nil
		}
		g := fr.g
		ch, _ := fr.regs[chr].r.(*chanObj)
		if ch == nil {
			return fr.block(OpChanSendNil, pos)
		}
		if m := g.m; m.watchMem {
			m.accessChan(fr, EvRead, OpChanSendRead, ch, pos)
		}
		if ch.closed {
			panic(runtimeError("send on closed channel"))
		}
		if ch.canSend() {
			ch.send(fr, fr.regs[x], pos)
			fr.pc++
			return fr
		}
		ch.m.touchChan(ch)
		ch.sendq = append(ch.sendq, &waiter{g: g, fr: fr, val: fr.regs[x], dst: -1, ch: ch})
		return fr.blockOn(OpChanSend, pos, ch.addr())
	}
}

func (c *compiler) recv(i *ssa.UnOp, dst int) op {
	chr := c.reg(i.X)
	pos := i.Pos()
	commaOk := i.CommaOk
	return func(fr *frame) *frame {
		if fr.point(OpChanRecv, pos) {
			return nil
		}
		ch, _ := fr.regs[chr].r.(*chanObj)
		if ch == nil {
			return fr.block(OpChanRecvNil, pos)
		}
		if ch.canRecv() {
			v, ok := ch.recv(fr, pos)
			fr.regs[dst] = okResult(v, ok, commaOk)
			fr.pc++
			return fr
		}
		ch.m.touchChan(ch)
		ch.recvq = append(ch.recvq, &waiter{g: fr.g, fr: fr, dst: int32(dst), commaOk: commaOk, ch: ch})
		return fr.blockOn(OpChanRecv, pos, ch.addr())
	}
}

// pollTimerChans marks the timers' channels among the receive cases of
// a select with a default case as polled (chanObj.polled).
func pollTimerChans(fr *frame, cases []selCase) {
	for _, sc := range cases {
		if ch, _ := fr.regs[sc.ch].r.(*chanObj); ch != nil && !sc.send && ch.hasTimer && !ch.polled {
			ch.m.touchChan(ch)
			ch.polled = true
		}
	}
}

type selCase struct {
	send bool
	ch   int
	val  int
}

func (c *compiler) selectOp(i *ssa.Select, dst int) op {
	cases := make([]selCase, len(i.States))
	slots := make([]int, len(i.States))
	nrecv := 0
	for j, st := range i.States {
		cases[j] = selCase{send: st.Dir == types.SendOnly, ch: c.reg(st.Chan), val: -1}
		if cases[j].send {
			cases[j].val = c.reg(st.Send)
			slots[j] = -1
		} else {
			slots[j] = nrecv
			nrecv++
		}
	}
	blocking := i.Blocking
	pos := i.Pos()
	return func(fr *frame) *frame {
		if !blocking && !fr.g.resumed {
			// A select with a default case about to poll a timer's
			// channel: the timer's firing before it looks is observable
			// (timer.observable), as after a poll that found nothing.
			pollTimerChans(fr, cases)
		}
		if fr.point(OpSelect, pos) {
			return nil
		}
		g := fr.g
		m := g.m
		var waits []Addr // the channels of the cases, for observers
		if m.obs != nil {
			for _, sc := range cases {
				if ch, _ := fr.regs[sc.ch].r.(*chanObj); ch != nil {
					waits = append(waits, ch.addr())
				}
			}
			m.emit(fr, Event{Kind: EvLook, Op: OpSelect, Pos: pos, Waits: waits})
		}
		var ready []int
		for j, sc := range cases {
			ch, _ := fr.regs[sc.ch].r.(*chanObj)
			if ch == nil {
				continue
			}
			if (sc.send && ch.canSend()) || (!sc.send && ch.canRecv()) {
				ready = append(ready, j)
			}
		}
		sw := &selWait{dst: int32(dst), nrecv: nrecv, recvSlot: slots}
		if len(ready) > 0 {
			pick := 0
			if len(ready) > 1 {
				pick = m.sched.Choose(g, ChooseSelect, len(ready))
			}
			j := ready[pick]
			sc := cases[j]
			ch := fr.regs[sc.ch].r.(*chanObj)
			if sc.send {
				if m.watchMem {
					m.accessChan(fr, EvRead, OpChanSendRead, ch, pos)
				}
				if ch.closed {
					panic(runtimeError("send on closed channel"))
				}
				ch.send(fr, fr.regs[sc.val], pos)
				fr.regs[dst] = selectResult(sw, j, value{}, false)
			} else {
				v, ok := ch.recv(fr, pos)
				fr.regs[dst] = selectResult(sw, j, v, ok)
			}
			fr.pc++
			return fr
		}
		if !blocking {
			g.idle = true // the default case: nothing happened
			for _, sc := range cases {
				if ch, _ := fr.regs[sc.ch].r.(*chanObj); ch != nil && !sc.send && !ch.polled {
					m.touchChan(ch)
					ch.polled = true
				}
			}
			t := make([]value, 2+nrecv)
			t[0] = intVal(-1)
			fr.regs[dst] = value{r: t}
			fr.pc++
			return fr
		}
		if len(cases) == 0 {
			return fr.block(OpSelectNoCases, pos)
		}
		for j, sc := range cases {
			ch, _ := fr.regs[sc.ch].r.(*chanObj)
			if ch == nil {
				continue
			}
			m.touchChan(ch)
			w := &waiter{g: g, fr: fr, sel: sw, caseIdx: j, ch: ch, dst: -1}
			if sc.send {
				w.val = fr.regs[sc.val]
				ch.sendq = append(ch.sendq, w)
			} else {
				ch.recvq = append(ch.recvq, w)
			}
		}
		return fr.blockInSelect(pos, waits)
	}
}
