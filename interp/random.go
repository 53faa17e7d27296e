package interp

// Randomness the program cannot control is an input: the models of the
// random generators (package interp/models/randmodel) draw their numbers
// from the Scheduler (ChooseRandom), which may enumerate them or sample
// them, and a tool records them. Here: the draw, and the way a control
// model runs its function's own body.

import "math"

// draw returns a random number drawn by the running goroutine: in [0, n)
// for n > 0.
func (m *machine) draw(n uint64) uint64 {
	switch {
	case n == 1:
		return 0
	case n > 1 && n <= math.MaxInt64:
		return uint64(m.sched.Choose(m.cur, ChooseRandom, int(n)))
	}
	v := m.draw64()
	if n > 0 {
		v %= n
	}
	return v
}

// draw64 returns 64 random bits drawn by the running goroutine.
func (m *machine) draw64() uint64 {
	return SplitMix64(uint64(m.sched.Choose(m.cur, ChooseRandom, 0)))
}

// callBodyThen calls body(args...) from a control model; then's result of
// its result goes to dst.
func (fr *frame) callBodyThen(body *function, args []value, dst int32, then func(res value) value) *frame {
	g := fr.g
	fr.pc++
	cont := &frame{g: g, caller: fr, retDst: -1}
	cont.native = func(_ *frame, res value) *frame {
		res = then(res)
		if dst >= 0 {
			fr.regs[dst] = res
		}
		return fr
	}
	nf := g.m.newFrame(body)
	copy(nf.regs, args)
	nf.g, nf.caller, nf.retDst = g, cont, 0
	return nf
}

// ownBody returns the Go body of the function named name as go/ssa writes
// it ("pkg.F", "(*pkg.T).M", "(pkg.T).M") in the binary the machine runs,
// for a model that runs it.
func (m *machine) ownBody(name string) *function {
	f := m.bodyByName(name)
	if f == nil {
		panic("interp: no function " + name + " for its model")
	}
	return f
}
