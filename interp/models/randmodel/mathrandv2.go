package randmodel

import "github.com/vtcheck/vt/interp/model"

// Models of package math/rand/v2: as math/rand's. The bounded draws of
// every method (IntN, Int64N, Uint32N, N, Perm, Shuffle, ...) go through
// uint64n and uint32n; PCG and ChaCha8 seeded from the clock or
// crypto/rand draw their numbers.

var mathRandV2 = model.Package{Path: "math/rand/v2", Funcs: map[string]model.Func{
	"math/rand/v2.runtime_rand":      {Why: model.NoBody, Native: runtimeDraw},
	"(*math/rand/v2.Rand).uint64n":   {Why: whyDraw, Mem: own, Control: randN("math/rand/v2", false)},
	"(*math/rand/v2.Rand).uint32n":   {Why: whyDraw, Mem: own, Control: randN("math/rand/v2", false)},
	"math/rand/v2.NewPCG":            {Why: whySeed, Mem: own, Control: newPCG},
	"(*math/rand/v2.PCG).Seed":       {Why: whySeed, Mem: own, Control: pcgSeed},
	"(*math/rand/v2.PCG).Uint64":     {Why: whyDraw, Mem: own, Control: sourceDraw(0)},
	"math/rand/v2.NewChaCha8":        {Why: whySeed, Mem: own, Control: newChaCha8},
	"(*math/rand/v2.ChaCha8).Seed":   {Why: whySeed, Mem: own, Control: chaCha8Seed},
	"(*math/rand/v2.ChaCha8).Uint64": {Why: whyDraw, Mem: own, Control: sourceDraw(0)},
	"(*math/rand/v2.ChaCha8).Read":   {Why: whyDraw, Mem: own, Control: chaCha8Read},
}}

// markResult returns the continuation of a constructor's body that marks
// the generator it returns as seeded from outside, or not.
func markResult(input bool) func(model.Machine, model.Value) model.Value {
	return func(m model.Machine, res model.Value) model.Value {
		run(m).markInput(res, input)
		return res
	}
}

func newPCG(m model.Machine, args []model.Value) model.Next {
	s := run(m)
	input := s.inputSeed(m, args[0].Uint()) || s.inputSeed(m, args[1].Uint())
	return model.Next{Body: true, Then: markResult(input)}
}

func pcgSeed(m model.Machine, args []model.Value) model.Next {
	s := run(m)
	s.markInput(args[0], s.inputSeed(m, args[1].Uint()) || s.inputSeed(m, args[2].Uint()))
	return body
}

// chaCha8Input reports whether a ChaCha8 seed (a [32]byte) came from
// outside: its first 8 bytes are crypto/rand's.
func (s *state) chaCha8Input(m model.Machine, seed model.Value) bool {
	b := m.Bytes(seed)
	if len(b) < 8 {
		return false
	}
	var w uint64
	for i := 7; i >= 0; i-- {
		w = w<<8 | uint64(b[i])
	}
	return s.crypto[w&^(1<<63)]
}

func newChaCha8(m model.Machine, args []model.Value) model.Next {
	return model.Next{Body: true, Then: markResult(run(m).chaCha8Input(m, args[0]))}
}

func chaCha8Seed(m model.Machine, args []model.Value) model.Next {
	s := run(m)
	s.markInput(args[0], s.chaCha8Input(m, args[1]))
	return body
}

// chaCha8Read fills the slice with draws if the generator is seeded from
// outside (after its body ran for its memory accesses).
func chaCha8Read(m model.Machine, args []model.Value) model.Next {
	if !run(m).inputs[args[0].Cell()] {
		return body
	}
	b := args[1]
	return drawInstead(m, func(m model.Machine, _ *state, res model.Value) model.Value {
		fillRandom(m, b)
		return res
	})
}

// internalChaCha8 is the table of the generator under ChaCha8 (and the
// runtime's), whose block function is assembly on most machines.
var internalChaCha8 = model.Package{Path: "internal/chacha8rand", Funcs: map[string]model.Func{
	"internal/chacha8rand.block": {Why: "assembly: runs block_generic, its portable Go version", Mem: own,
		Control: func(m model.Machine, args []model.Value) model.Next {
			return model.Next{Call: m.Func("internal/chacha8rand.block_generic"), Args: args}
		}},
}}
