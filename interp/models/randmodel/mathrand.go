package randmodel

import "github.com/vtcheck/vt/interp/model"

// Models of package math/rand: the top-level functions draw from the
// scheduler (the runtime's source); so does a generator seeded from the
// clock or crypto/rand.

const (
	whyDraw = "a draw of the program's random input when the source is unseeded (else runs its Go body)"
	whySeed = "notes whether the seed came from outside (the clock or crypto/rand), then runs its Go body"
)

// own is the memory declaration of the models that run their
// generator's Go body, whose loads and stores are the accesses.
var own = model.Mem{Own: true}

var mathRand = model.Package{Path: "math/rand", Funcs: map[string]model.Func{
	"math/rand.runtime_rand":        {Why: model.NoBody, Native: runtimeDraw},
	"(*math/rand.rngSource).Seed":   {Why: whySeed, Mem: own, Control: rngSourceSeed},
	"(*math/rand.rngSource).Int63":  {Why: whyDraw, Mem: own, Control: sourceDraw(1 << 63)},
	"(*math/rand.rngSource).Uint64": {Why: whyDraw, Mem: own, Control: sourceDraw(0)},
	"(*math/rand.Rand).Int63n":      {Why: whyDraw, Mem: own, Control: randN("math/rand", true)},
	"(*math/rand.Rand).Int31n":      {Why: whyDraw, Mem: own, Control: randN("math/rand", true)},
	"(*math/rand.Rand).int31n":      {Why: whyDraw, Mem: own, Control: randN("math/rand", true)},
}}

// runtimeDraw is the runtime's random number behind the top-level
// functions: a draw.
func runtimeDraw(m model.Machine, _ []model.Value) model.Value {
	if run(m).quiet > 0 {
		return model.MakeUint(m.Rand())
	}
	return model.MakeUint(m.Draw(0))
}

// rngSourceSeed seeds a math/rand source: from outside, its numbers
// become draws.
func rngSourceSeed(m model.Machine, args []model.Value) model.Next {
	s := run(m)
	s.markInput(args[0], s.inputSeed(m, args[1].Uint()))
	return body
}

// sourceDraw models a method of a generator's state (receiver args[0]):
// a draw in [0, n) (n = 0: 64 bits) if the generator is seeded from
// outside, after its body ran for its memory accesses.
func sourceDraw(n uint64) model.ControlFunc {
	return func(m model.Machine, args []model.Value) model.Next {
		if !run(m).inputs[args[0].Cell()] {
			return body
		}
		return drawInstead(m, func(m model.Machine, s *state, res model.Value) model.Value {
			if s.quiet > 0 {
				return res
			}
			return model.MakeUint(m.Draw(n))
		})
	}
}

// randN models a bounded draw method of a generator (receiver args[0], a
// *Rand whose first field is its source; bound args[1], signed or not):
// a draw in [0, n) if the source is the runtime's (of package pkg) or
// seeded from outside. An invalid bound runs the body, which panics as
// in Go.
func randN(pkg string, signed bool) model.ControlFunc {
	return func(m model.Machine, args []model.Value) model.Next {
		n := args[1].Uint()
		if args[0].IsNil() || n == 0 || signed && int64(n) < 0 {
			return body
		}
		src := m.Load(m.Field(args[0], 0))
		if !run(m).isInputSrc(m, src, pkg) {
			return body
		}
		if t, _ := m.Dynamic(src); isRuntimeSource(t, pkg) {
			// The runtime's source has no state to access.
			return model.Next{Result: model.MakeUint(m.Draw(n))}
		}
		return drawInstead(m, func(m model.Machine, _ *state, _ model.Value) model.Value {
			return model.MakeUint(m.Draw(n))
		})
	}
}
