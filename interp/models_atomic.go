package interp

// Models of package sync/atomic: every operation is a scheduling point and
// one atomic access of the addressed cell (EvAtomicLoad, EvAtomicStore or
// EvAtomicRMW). The typed atomics (atomic.Int32 and the others) run from
// source over these functions.

const whyAtomicValue = "a scheduling point and one atomic event; its source disables preemption (runtime_procPin)"

var atomicModels = modelTable{
	"sync/atomic.LoadInt32":             syncControl(noBody, atomicCtl(OpAtomicLoadInt32, kInt32, atomicLoad)),
	"sync/atomic.LoadInt64":             syncControl(noBody, atomicCtl(OpAtomicLoadInt64, kInt64, atomicLoad)),
	"sync/atomic.LoadUint32":            syncControl(noBody, atomicCtl(OpAtomicLoadUint32, kUint32, atomicLoad)),
	"sync/atomic.LoadUint64":            syncControl(noBody, atomicCtl(OpAtomicLoadUint64, kUint64, atomicLoad)),
	"sync/atomic.LoadUintptr":           syncControl(noBody, atomicCtl(OpAtomicLoadUintptr, kUintptr, atomicLoad)),
	"sync/atomic.LoadPointer":           syncControl(noBody, atomicCtl(OpAtomicLoadPointer, kUnsafePointer, atomicLoad)),
	"sync/atomic.StoreInt32":            syncControl(noBody, atomicCtl(OpAtomicStoreInt32, kInt32, atomicStore)),
	"sync/atomic.StoreInt64":            syncControl(noBody, atomicCtl(OpAtomicStoreInt64, kInt64, atomicStore)),
	"sync/atomic.StoreUint32":           syncControl(noBody, atomicCtl(OpAtomicStoreUint32, kUint32, atomicStore)),
	"sync/atomic.StoreUint64":           syncControl(noBody, atomicCtl(OpAtomicStoreUint64, kUint64, atomicStore)),
	"sync/atomic.StoreUintptr":          syncControl(noBody, atomicCtl(OpAtomicStoreUintptr, kUintptr, atomicStore)),
	"sync/atomic.StorePointer":          syncControl(noBody, atomicCtl(OpAtomicStorePointer, kUnsafePointer, atomicStore)),
	"sync/atomic.SwapInt32":             syncControl(noBody, atomicCtl(OpAtomicSwapInt32, kInt32, atomicSwap)),
	"sync/atomic.SwapInt64":             syncControl(noBody, atomicCtl(OpAtomicSwapInt64, kInt64, atomicSwap)),
	"sync/atomic.SwapUint32":            syncControl(noBody, atomicCtl(OpAtomicSwapUint32, kUint32, atomicSwap)),
	"sync/atomic.SwapUint64":            syncControl(noBody, atomicCtl(OpAtomicSwapUint64, kUint64, atomicSwap)),
	"sync/atomic.SwapUintptr":           syncControl(noBody, atomicCtl(OpAtomicSwapUintptr, kUintptr, atomicSwap)),
	"sync/atomic.SwapPointer":           syncControl(noBody, atomicCtl(OpAtomicSwapPointer, kUnsafePointer, atomicSwap)),
	"sync/atomic.CompareAndSwapInt32":   syncControl(noBody, atomicCtl(OpAtomicCompareAndSwapInt32, kInt32, atomicCAS)),
	"sync/atomic.CompareAndSwapInt64":   syncControl(noBody, atomicCtl(OpAtomicCompareAndSwapInt64, kInt64, atomicCAS)),
	"sync/atomic.CompareAndSwapUint32":  syncControl(noBody, atomicCtl(OpAtomicCompareAndSwapUint32, kUint32, atomicCAS)),
	"sync/atomic.CompareAndSwapUint64":  syncControl(noBody, atomicCtl(OpAtomicCompareAndSwapUint64, kUint64, atomicCAS)),
	"sync/atomic.CompareAndSwapUintptr": syncControl(noBody, atomicCtl(OpAtomicCompareAndSwapUintptr, kUintptr, atomicCAS)),
	"sync/atomic.CompareAndSwapPointer": syncControl(noBody, atomicCtl(OpAtomicCompareAndSwapPointer, kUnsafePointer, atomicCAS)),
	"sync/atomic.AddInt32":              syncControl(noBody, atomicCtl(OpAtomicAddInt32, kInt32, atomicAdd)),
	"sync/atomic.AddInt64":              syncControl(noBody, atomicCtl(OpAtomicAddInt64, kInt64, atomicAdd)),
	"sync/atomic.AddUint32":             syncControl(noBody, atomicCtl(OpAtomicAddUint32, kUint32, atomicAdd)),
	"sync/atomic.AddUint64":             syncControl(noBody, atomicCtl(OpAtomicAddUint64, kUint64, atomicAdd)),
	"sync/atomic.AddUintptr":            syncControl(noBody, atomicCtl(OpAtomicAddUintptr, kUintptr, atomicAdd)),
	"sync/atomic.AndInt32":              syncControl(noBody, atomicCtl(OpAtomicAndInt32, kInt32, atomicAnd)),
	"sync/atomic.AndInt64":              syncControl(noBody, atomicCtl(OpAtomicAndInt64, kInt64, atomicAnd)),
	"sync/atomic.AndUint32":             syncControl(noBody, atomicCtl(OpAtomicAndUint32, kUint32, atomicAnd)),
	"sync/atomic.AndUint64":             syncControl(noBody, atomicCtl(OpAtomicAndUint64, kUint64, atomicAnd)),
	"sync/atomic.AndUintptr":            syncControl(noBody, atomicCtl(OpAtomicAndUintptr, kUintptr, atomicAnd)),
	"sync/atomic.OrInt32":               syncControl(noBody, atomicCtl(OpAtomicOrInt32, kInt32, atomicOr)),
	"sync/atomic.OrInt64":               syncControl(noBody, atomicCtl(OpAtomicOrInt64, kInt64, atomicOr)),
	"sync/atomic.OrUint32":              syncControl(noBody, atomicCtl(OpAtomicOrUint32, kUint32, atomicOr)),
	"sync/atomic.OrUint64":              syncControl(noBody, atomicCtl(OpAtomicOrUint64, kUint64, atomicOr)),
	"sync/atomic.OrUintptr":             syncControl(noBody, atomicCtl(OpAtomicOrUintptr, kUintptr, atomicOr)),

	// atomic.Value keeps its interface value in its single field.
	"(*sync/atomic.Value).Load":           syncControl(whyAtomicValue, atomicValueCtl(OpAtomicValueLoad, atomicValueLoad)),
	"(*sync/atomic.Value).Store":          syncControl(whyAtomicValue, atomicValueCtl(OpAtomicValueStore, atomicValueStore)),
	"(*sync/atomic.Value).Swap":           syncControl(whyAtomicValue, atomicValueCtl(OpAtomicValueSwap, atomicValueSwap)),
	"(*sync/atomic.Value).CompareAndSwap": syncControl(whyAtomicValue, atomicValueCtl(OpAtomicValueCompareAndSwap, atomicValueCAS)),
}

// normWord returns the word v read as a value of kind k: an integer
// stored through a pointer of the other signedness (see wordview.go) is
// sign- or zero-extended as k is.
func normWord(v value, k kind) value {
	if v.r != nil {
		return v
	}
	return value{n: wrap(k, v.n)}
}

// atomicFunc performs an atomic operation on the cell p holding a value of
// kind k, with the function's other arguments, and returns its result and
// how it accessed the cell (EvAtomicLoad, EvAtomicStore or EvAtomicRMW).
type atomicFunc func(m *machine, p *value, k kind, args []value) (value, EventKind)

// atomicCtl models one sync/atomic function: a scheduling point (op), then
// f on the addressed cell, reported as an atomic access of the cell.
func atomicCtl(op Op, k kind, f atomicFunc) controlFn {
	word := syncOp(op, func(fr *frame, p *value, args []value, dst int32) *frame {
		m := fr.g.m
		res, ev := f(m, p, k, args[1:])
		m.emit(fr, Event{Kind: ev, Op: op, Addr: addrOf(p), N: 1, Pos: fr.pos()})
		return fr.done(dst, res)
	})
	return func(fr *frame, args []value, dst int32) *frame {
		if v, ok := args[0].r.(*memView); ok {
			return atomicOnView(fr, op, k, f, v, args, dst) // part of a word (memview.go)
		}
		return word(fr, args, dst)
	}
}

func atomicLoad(_ *machine, p *value, k kind, _ []value) (value, EventKind) {
	return normWord(*p, k), EvAtomicLoad
}

func atomicStore(m *machine, p *value, _ kind, a []value) (value, EventKind) {
	m.set(p, a[0])
	return value{}, EvAtomicStore
}

func atomicSwap(m *machine, p *value, k kind, a []value) (value, EventKind) {
	old := normWord(*p, k)
	m.set(p, a[0])
	return old, EvAtomicRMW
}

// atomicCAS is a read-modify-write if it swaps, else a load (as Go's race
// detector has it: a failed CompareAndSwap releases nothing).
func atomicCAS(m *machine, p *value, k kind, a []value) (value, EventKind) {
	old := normWord(*p, k)
	eq := old.n == a[0].n
	if k == kUnsafePointer {
		eq = old.r == a[0].r || old.r != nil && a[0].r != nil && pointersEqual(old.r, a[0].r, nil)
	}
	if eq {
		m.set(p, a[1])
		return boolVal(true), EvAtomicRMW
	}
	m.cur.idle = true
	return boolVal(false), EvAtomicLoad
}

func atomicAdd(m *machine, p *value, k kind, a []value) (value, EventKind) {
	m.set(p, value{n: wrap(k, p.n+a[0].n)})
	return *p, EvAtomicRMW
}

func atomicAnd(m *machine, p *value, k kind, a []value) (value, EventKind) {
	old := normWord(*p, k)
	m.set(p, value{n: old.n & a[0].n})
	return old, EvAtomicRMW
}

func atomicOr(m *machine, p *value, k kind, a []value) (value, EventKind) {
	old := normWord(*p, k)
	m.set(p, value{n: old.n | a[0].n})
	return old, EvAtomicRMW
}

// atomicValueCtl models a method of atomic.Value: a scheduling point (op),
// then f on the Value's cell, reported as an atomic access of the cell.
func atomicValueCtl(op Op, f func(m *machine, cell *value, args []value) (value, EventKind)) controlFn {
	return syncOp(op, func(fr *frame, p *value, args []value, dst int32) *frame {
		m := fr.g.m
		cell := &p.elems()[0]
		res, ev := f(m, cell, args[1:])
		m.emit(fr, Event{Kind: ev, Op: op, Addr: addrOf(cell), N: 1, Pos: fr.pos()})
		return fr.done(dst, res)
	})
}

// checkAtomicValue panics as atomic.Value does when v cannot be stored in
// a Value holding old.
func (m *machine) checkAtomicValue(old, v value) {
	if v.r == nil {
		panic(&panicValue{m.anyString("sync/atomic: store of nil value into Value")})
	}
	if o := old.iface(); o != nil && o.t != v.iface().t {
		panic(&panicValue{m.anyString("sync/atomic: store of inconsistently typed value into Value")})
	}
}

func atomicValueLoad(_ *machine, cell *value, _ []value) (value, EventKind) {
	return *cell, EvAtomicLoad
}

func atomicValueStore(m *machine, cell *value, a []value) (value, EventKind) {
	m.checkAtomicValue(*cell, a[0])
	m.set(cell, a[0])
	return value{}, EvAtomicStore
}

func atomicValueSwap(m *machine, cell *value, a []value) (value, EventKind) {
	old := *cell
	m.checkAtomicValue(old, a[0])
	m.set(cell, a[0])
	return old, EvAtomicRMW
}

func atomicValueCAS(m *machine, cell *value, a []value) (value, EventKind) {
	cur, oldV, newV := *cell, a[0], a[1]
	fail := func(msg string) { panic(&panicValue{m.anyString("sync/atomic: " + msg)}) }
	if newV.r == nil {
		fail("compare and swap of nil value into Value")
	}
	if o := oldV.iface(); o != nil && o.t != newV.iface().t {
		fail("compare and swap of inconsistently typed values")
	}
	c := cur.iface()
	switch {
	case c == nil && oldV.r != nil:
		m.cur.idle = true
		return boolVal(false), EvAtomicLoad
	case c != nil && c.t != newV.iface().t:
		fail("compare and swap of inconsistently typed value into Value")
	case c != nil && !ifaceEqual(cur, oldV):
		m.cur.idle = true
		return boolVal(false), EvAtomicLoad
	}
	m.set(cell, newV)
	return boolVal(true), EvAtomicRMW
}
