package race

import (
	"unsafe"

	"github.com/vtcheck/vt/interp"
)

// TimerLoop drives a detector through rounds of the time.After pattern:
// goroutine 1 writes a new variable and sets a new timer, whose context
// goroutine fires it and sends on a new channel that goroutine 1 receives
// from. It returns the bytes of h's distinct nodes at the end.
func TimerLoop(rounds int) int {
	mem := make([][3]uint64, 3*rounds)
	d := New(Options{})
	d.event(&event{Kind: interp.EvGoStart, G: 1})
	at := func(i int) interp.Addr { return addrOf(unsafe.Pointer(&mem[i])) }
	for i := range rounds {
		x, tm, ch := at(3*i), at(3*i+1), at(3*i+2)
		ctx := 2 + i
		d.event(&event{Kind: interp.EvWrite, G: 1, Addr: x})
		d.event(&event{Kind: interp.EvTimerSet, G: 1, Addr: tm})
		d.event(&event{Kind: interp.EvGoStart, G: ctx})
		d.event(&event{Kind: interp.EvTimerFire, G: ctx, Addr: tm})
		d.event(&event{Kind: interp.EvChanSend, G: ctx, Addr: ch, Cap: 1})
		d.event(&event{Kind: interp.EvChanRecv, G: 1, Addr: ch, Cap: 1})
		d.event(&event{Kind: interp.EvRead, G: 1, Addr: x})
	}
	return d.hBytes()
}

// GoroutineFan drives a detector through n goroutines started by
// goroutine 1, each of which writes its own variable and then a shared
// one under a mutex, and ends. It returns the bytes of h's distinct
// nodes at the end.
func GoroutineFan(n int) int {
	mem := make([][3]uint64, n+2)
	d := New(Options{})
	d.event(&event{Kind: interp.EvGoStart, G: 1})
	at := func(i int) interp.Addr { return addrOf(unsafe.Pointer(&mem[i])) }
	mu, total := at(n), at(n+1)
	for i := range n {
		g := 2 + i
		d.event(&event{Kind: interp.EvWrite, G: 1, Addr: at(i)})
		d.event(&event{Kind: interp.EvGoStart, G: g, Other: 1})
		d.event(&event{Kind: interp.EvWrite, G: g, Addr: at(i)})
		d.event(&event{Kind: interp.EvLock, G: g, Addr: mu})
		d.event(&event{Kind: interp.EvWrite, G: g, Addr: total})
		d.event(&event{Kind: interp.EvUnlock, G: g, Addr: mu})
		d.event(&event{Kind: interp.EvGoExit, G: g})
	}
	if d.Race() != nil {
		panic("race in GoroutineFan")
	}
	return d.hBytes()
}
