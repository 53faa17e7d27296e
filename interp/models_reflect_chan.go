package interp

// Channel operations through reflect: Value.Send, Recv, TrySend, TryRecv
// and Close are the channel operations of the language, with their
// scheduling points, blocking, events and panics (text/template ranges
// over a channel with Recv).

import (
	"go/types"
)

// reflectChan returns the channel of the Value x of a reflect method
// (panicking as reflect does when x is not an exported channel) and its
// type's direction.
func reflectChan(m *machine, x rval, method string) (*chanObj, types.ChanDir) {
	m.mustBe(pkgReflect, x, kChan, method)
	m.mustBeExported(x, method)
	m.rread(x)
	ch, _ := x.get().r.(*chanObj)
	return ch, x.t.t.Underlying().(*types.Chan).Dir()
}

// reflectRecvResult is the result of reflect's recv: the value received
// as a Value of the element type with ok, or the zero Value and false when
// a non-blocking receive did not receive.
func reflectRecvResult(elem *rtype, v value, ok, selected bool) value {
	if !selected {
		return tuple(rval{}.encode(), boolVal(false))
	}
	return tuple(newRval(elem, v, 0).encode(), boolVal(ok))
}

// reflectRecv is Value.Recv (block) and Value.TryRecv (!block).
func reflectRecv(block bool) controlFn {
	method := "TryRecv"
	if block {
		method = "Recv"
	}
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		pos := fr.pos()
		x := decodeValue(args[0])
		if fr.point(OpChanRecv, pos) {
			return nil
		}
		ch, dir := reflectChan(m, x, method)
		if dir == types.SendOnly {
			m.rpanic("reflect: recv on send-only channel")
		}
		elem := x.t.elem
		if ch == nil {
			if !block {
				return fr.done(dst, reflectRecvResult(elem, value{}, false, false))
			}
			return fr.block(OpChanRecvNil, pos)
		}
		if ch.canRecv() {
			v, ok := ch.recv(fr, pos)
			return fr.done(dst, reflectRecvResult(elem, v, ok, true))
		}
		if !block {
			return fr.done(dst, reflectRecvResult(elem, value{}, false, false))
		}
		m.touchChan(ch)
		ch.recvq = append(ch.recvq, &waiter{g: fr.g, fr: fr, dst: dst, ch: ch, reflectElem: elem})
		return fr.blockOn(OpChanRecv, pos, ch.addr())
	}
}

// reflectSend is Value.Send (block) and Value.TrySend (!block, the result
// says whether the value was sent).
func reflectSend(block bool) controlFn {
	method := "TrySend"
	if block {
		method = "Send"
	}
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		pos := fr.pos()
		x := decodeValue(args[0])
		if fr.point(OpChanSend, pos) {
			return nil
		}
		ch, dir := reflectChan(m, x, method)
		if dir == types.RecvOnly {
			m.rpanic("reflect: send on recv-only channel")
		}
		m.mustBeExported(decodeValue(args[1]), "Send")
		v := m.assignTo(decodeValue(args[1]), x.t.elem, "reflect.Value.Send")
		result := func(sent bool) value {
			if block {
				return value{}
			}
			return boolVal(sent)
		}
		if ch == nil {
			if !block {
				return fr.done(dst, result(false))
			}
			return fr.block(OpChanSendNil, pos)
		}
		if m.watchMem {
			m.accessChan(fr, EvRead, OpChanSendRead, ch, pos)
		}
		if ch.closed {
			panic(runtimeError("send on closed channel"))
		}
		if ch.canSend() {
			ch.send(fr, v, pos)
			return fr.done(dst, result(true))
		}
		if !block {
			return fr.done(dst, result(false))
		}
		m.touchChan(ch)
		ch.sendq = append(ch.sendq, &waiter{g: fr.g, fr: fr, val: v, dst: -1, ch: ch})
		return fr.blockOn(OpChanSend, pos, ch.addr())
	}
}

// reflectClose is Value.Close.
func reflectClose(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	pos := fr.pos()
	x := decodeValue(args[0])
	if fr.point(OpChanClose, pos) {
		return nil
	}
	ch, dir := reflectChan(m, x, "Close")
	if dir == types.RecvOnly {
		m.rpanic("reflect: close of receive-only channel")
	}
	if ch == nil {
		panic(runtimeError("close of nil channel"))
	}
	if ch.closed {
		panic(runtimeError("close of closed channel"))
	}
	if m.watchMem {
		m.accessChan(fr, EvWrite, OpChanCloseWrite, ch, pos)
	}
	ch.close(fr, pos)
	return fr.done(dst, value{})
}
