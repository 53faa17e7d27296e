package interp

// Models of package math/rand (random.go): the top-level functions draw
// from the Scheduler (the runtime's source); so does a generator seeded from
// the clock or crypto/rand. Bounded draws (Intn, Int31n, Int63n, and so
// Perm and Shuffle) are one draw each, which a tool may enumerate; the
// others are sampled. A generator seeded with a constant runs from source.

const (
	whyDraw  = "a draw of the program's random input when the source is unseeded (else runs its Go body)"
	whySeed  = "notes whether the seed came from outside (the clock or crypto/rand), then runs its Go body"
	mathRand = "math/rand"
)

var mathRandModels = modelTable{
	"math/rand.runtime_rand":        native(noBody, runtimeDraw),
	"(*math/rand.rngSource).Seed":   control(whySeed, rngSourceSeed).ownAccesses(),
	"(*math/rand.rngSource).Int63":  control(whyDraw, sourceDraw("(*math/rand.rngSource).Int63", 1<<63)).ownAccesses(),
	"(*math/rand.rngSource).Uint64": control(whyDraw, sourceDraw("(*math/rand.rngSource).Uint64", 0)).ownAccesses(),
	"(*math/rand.Rand).Int63n":      control(whyDraw, randN("(*math/rand.Rand).Int63n", mathRand, true)).ownAccesses(),
	"(*math/rand.Rand).Int31n":      control(whyDraw, randN("(*math/rand.Rand).Int31n", mathRand, true)).ownAccesses(),
	"(*math/rand.Rand).int31n":      control(whyDraw, randN("(*math/rand.Rand).int31n", mathRand, true)).ownAccesses(),
}

// runtimeDraw is the runtime's random number behind the top-level
// functions: a draw.
func runtimeDraw(m *machine, _ []value) value {
	if m.quiet > 0 {
		return uintVal(m.nextRand())
	}
	return uintVal(m.draw64())
}

// rngSourceSeed seeds a math/rand source: from outside, its numbers become
// draws.
func rngSourceSeed(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	m.markInput(args[0].ptr(), m.inputSeed(args[1].n))
	return fr.callBody(m.ownBody("(*math/rand.rngSource).Seed"), args, dst)
}

// sourceDraw models the method name of a generator's state (receiver
// args[0]): a draw in [0, n) (n = 0: 64 bits) if the generator is seeded
// from outside, after its body ran for its memory accesses.
func sourceDraw(name string, n uint64) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		if !m.inputSrcs[args[0].ptr()] {
			return fr.callBody(m.ownBody(name), args, dst)
		}
		return fr.drawInstead(name, args, dst, func(res value) value {
			if m.quiet > 0 {
				return res
			}
			if n == 0 {
				return uintVal(m.draw64())
			}
			return uintVal(m.draw(n))
		})
	}
}

// randN models a bounded draw method of a generator (receiver args[0], a
// *Rand whose first field is its source; bound args[1], signed or not): a
// draw in [0, n) if the source is the runtime's (of package pkg) or seeded
// from outside. An invalid bound runs the body, which panics as in Go.
func randN(name, pkg string, signed bool) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		r := args[0].ptr()
		n := args[1].n
		if r == nil || n == 0 || signed && int64(n) < 0 || !m.isInputSrc(r.elems()[0], pkg) {
			return fr.callBody(m.ownBody(name), args, dst)
		}
		if isRuntimeSource(r.elems()[0].iface().t, pkg) {
			// The runtime's source has no state to access.
			return fr.done(dst, uintVal(m.draw(n)))
		}
		return fr.drawInstead(name, args, dst, func(value) value { return uintVal(m.draw(n)) })
	}
}
