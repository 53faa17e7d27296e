package interp

// Randomness the program cannot control is an input: the top-level
// functions of math/rand and math/rand/v2, generators seeded from the clock
// or from crypto/rand, and crypto/rand itself draw their numbers from the
// Scheduler (ChooseRandom), which may enumerate them or sample them, and a
// tool records them. A generator seeded with a constant stays what it is in
// Go: a deterministic sequence. The models are in models_mathrand.go,
// models_mathrandv2.go and models_cryptorand.go.

import (
	"encoding/binary"
	"go/types"
	"math"
)

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

// inputSeed reports whether seed looks like a number the program got from
// outside: the virtual clock's time in nanoseconds, microseconds,
// milliseconds or seconds since 1970, or 64 bits crypto/rand produced.
func (m *machine) inputSeed(seed uint64) bool {
	s := int64(seed)
	for _, unit := range []int64{1, 1e3, 1e6, 1e9} {
		if s >= virtualEpoch/unit && s <= m.clock/unit {
			return true
		}
	}
	return m.cryptoWords[seed] || m.cryptoWords[seed|1<<63]
}

// markInput records whether the generator state at p draws from the
// Scheduler (seeded from outside) or computes its sequence.
func (m *machine) markInput(p *value, input bool) {
	if p == nil || m.inputSrcs[p] == input {
		return
	}
	if m.inputSrcs == nil {
		m.inputSrcs = map[*value]bool{}
	}
	if input {
		m.inputSrcs[p] = true
	} else {
		delete(m.inputSrcs, p)
	}
}

// noteCrypto records the 64-bit words of bytes crypto/rand produced, so
// that a generator seeded with them is recognized as seeded from outside.
func (m *machine) noteCrypto(b []byte) {
	if m.cryptoWords == nil {
		m.cryptoWords = map[uint64]bool{}
	}
	for i := 0; i+8 <= len(b); i++ {
		le, be := binary.LittleEndian.Uint64(b[i:]), binary.BigEndian.Uint64(b[i:])
		m.cryptoWords[le&^(1<<63)] = true
		m.cryptoWords[be&^(1<<63)] = true
	}
}

// isInputSrc reports whether the interface value src (a generator's
// source) holds a source that draws: the runtime's (of type runtimeSource
// in package pkg, or a pointer to it) or a generator marked by markInput.
func (m *machine) isInputSrc(src value, pkg string) bool {
	i := src.iface()
	if i == nil {
		return false
	}
	if isRuntimeSource(i.t, pkg) {
		return true
	}
	p := i.v.ptr()
	return p != nil && m.inputSrcs[p]
}

// isRuntimeSource reports whether t is pkg's runtimeSource or a pointer
// to it.
func isRuntimeSource(t *rtype, pkg string) bool {
	tt := t.t
	if p, ok := tt.(*types.Pointer); ok {
		tt = p.Elem()
	}
	n, ok := tt.(*types.Named)
	return ok && n.Obj().Name() == "runtimeSource" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg
}

// fillRandom fills the byte slice b with drawn bytes (writes logged for
// snapshots) and returns them.
func (m *machine) fillRandom(b value) []byte {
	dst := b.bytes()
	out := make([]byte, len(dst))
	var w uint64
	for i := range out {
		if i%8 == 0 {
			w = m.draw64()
		}
		out[i] = byte(w)
		w >>= 8
	}
	m.setBytes(dst, out)
	return out
}

// drawInstead runs the model's own Go body (so that its memory accesses
// and its other effects happen as in Go) without drawing, and returns
// instead what replace makes of its result.
func (fr *frame) drawInstead(name string, args []value, dst int32, replace func(res value) value) *frame {
	m := fr.g.m
	m.quiet++
	return fr.callBodyThen(m.ownBody(name), args, dst, func(res value) value {
		m.quiet--
		return replace(res)
	})
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
