package interp

// Models of package math/rand/v2 (random.go): as math/rand's. The bounded
// draws of every method (IntN, Int64N, Uint32N, N, Perm, Shuffle, ...)
// go through uint64n and uint32n; PCG and ChaCha8 seeded from the clock
// or crypto/rand draw their numbers.

const mathRandV2 = "math/rand/v2"

var mathRandV2Models = modelTable{
	"math/rand/v2.runtime_rand":      native(noBody, runtimeDraw),
	"(*math/rand/v2.Rand).uint64n":   control(whyDraw, randN("(*math/rand/v2.Rand).uint64n", mathRandV2, false)).ownAccesses(),
	"(*math/rand/v2.Rand).uint32n":   control(whyDraw, randN("(*math/rand/v2.Rand).uint32n", mathRandV2, false)).ownAccesses(),
	"math/rand/v2.NewPCG":            control(whySeed, newPCG).ownAccesses(),
	"(*math/rand/v2.PCG).Seed":       control(whySeed, pcgSeed).ownAccesses(),
	"(*math/rand/v2.PCG).Uint64":     control(whyDraw, sourceDraw("(*math/rand/v2.PCG).Uint64", 0)).ownAccesses(),
	"math/rand/v2.NewChaCha8":        control(whySeed, newChaCha8).ownAccesses(),
	"(*math/rand/v2.ChaCha8).Seed":   control(whySeed, chaCha8Seed).ownAccesses(),
	"(*math/rand/v2.ChaCha8).Uint64": control(whyDraw, sourceDraw("(*math/rand/v2.ChaCha8).Uint64", 0)).ownAccesses(),
	"(*math/rand/v2.ChaCha8).Read":   control(whyDraw, chaCha8Read).ownAccesses(),
}

func newPCG(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	input := m.inputSeed(args[0].n) || m.inputSeed(args[1].n)
	return fr.callBodyThen(m.ownBody("math/rand/v2.NewPCG"), args, dst, func(res value) value {
		m.markInput(res.ptr(), input)
		return res
	})
}

func pcgSeed(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	m.markInput(args[0].ptr(), m.inputSeed(args[1].n) || m.inputSeed(args[2].n))
	return fr.callBody(m.ownBody("(*math/rand/v2.PCG).Seed"), args, dst)
}

// chaCha8Input reports whether a ChaCha8 seed (a [32]byte) came from
// outside: its first 8 bytes are crypto/rand's.
func (m *machine) chaCha8Input(seed value) bool {
	b := seed.bytes()
	if len(b) < 8 {
		return false
	}
	var w uint64
	for i := 7; i >= 0; i-- {
		w = w<<8 | uint64(b[i])
	}
	return m.cryptoWords[w&^(1<<63)]
}

func newChaCha8(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	input := m.chaCha8Input(args[0])
	return fr.callBodyThen(m.ownBody("math/rand/v2.NewChaCha8"), args, dst, func(res value) value {
		m.markInput(res.ptr(), input)
		return res
	})
}

func chaCha8Seed(fr *frame, args []value, dst int32) *frame {
	m := fr.g.m
	m.markInput(args[0].ptr(), m.chaCha8Input(args[1]))
	return fr.callBody(m.ownBody("(*math/rand/v2.ChaCha8).Seed"), args, dst)
}

// chaCha8Read fills the slice with draws if the generator is seeded from
// outside (after its body ran for its memory accesses).
func chaCha8Read(fr *frame, args []value, dst int32) *frame {
	const name = "(*math/rand/v2.ChaCha8).Read"
	m := fr.g.m
	if !m.inputSrcs[args[0].ptr()] {
		return fr.callBody(m.ownBody(name), args, dst)
	}
	return fr.drawInstead(name, args, dst, func(res value) value {
		m.fillRandom(args[1])
		return res
	})
}
