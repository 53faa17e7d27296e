package randmodel

import (
	"cmp"
	"encoding/binary"
	"go/types"
	"maps"
	"reflect"
	"slices"

	"github.com/vtcheck/vt/interp/model"
)

// Packages are the tables of models of the random generators.
var Packages = []model.Package{mathRand, mathRandV2, internalChaCha8, cryptoRand, cryptoInternalRand, cryptoSysrand}

// stateKey names the run's state of the generators.
var stateKey = &model.StateKey{Name: "randmodel", New: func() model.State { return &state{} }}

// state is the run's state of the generators.
type state struct {
	// inputs are the generators (math/rand's rngSource, v2's PCG and
	// ChaCha8, by the variable of their state) seeded from outside,
	// whose numbers are draws.
	inputs map[model.Cell]bool
	// crypto are the 64-bit words crypto/rand produced, their top bit
	// cleared (both byte orders).
	crypto map[uint64]bool
	// quiet > 0: a model runs its generator's own body for its effects
	// and replaces its result with a draw (drawInstead); the draws of the
	// body's own calls of the runtime's generator come from the seed.
	quiet int
}

func (s *state) Clone() model.State {
	return &state{inputs: maps.Clone(s.inputs), crypto: maps.Clone(s.crypto), quiet: s.quiet}
}

// Hash writes the reachable generators seeded from outside, the words of
// crypto/rand and quiet.
func (s *state) Hash(h model.Hasher) {
	h.WriteUint(uint64(s.quiet))
	var ids []uint64
	for c := range s.inputs {
		if id, ok := h.Cell(c); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	h.WriteUint(uint64(len(ids)))
	for _, id := range ids {
		h.WriteUint(id)
	}
	words := slices.SortedFunc(maps.Keys(s.crypto), cmp.Compare)
	h.WriteUint(uint64(len(words)))
	for _, w := range words {
		h.WriteUint(w)
	}
}

// run returns the run's state of the generators.
func run(m model.Machine) *state { return m.State(stateKey).(*state) }

// inputSeed reports whether seed looks like a number the program got
// from outside: the virtual clock's time in nanoseconds, microseconds,
// milliseconds or seconds since 1970, or 64 bits crypto/rand produced.
func (s *state) inputSeed(m model.Machine, seed uint64) bool {
	start, now := m.Clock()
	v := int64(seed)
	for _, unit := range []int64{1, 1e3, 1e6, 1e9} {
		if v >= start/unit && v <= now/unit {
			return true
		}
	}
	return s.crypto[seed] || s.crypto[seed|1<<63]
}

// markInput records whether the generator state p points to draws from
// the scheduler (seeded from outside) or computes its sequence.
func (s *state) markInput(p model.Value, input bool) {
	if p.IsNil() {
		return
	}
	c := p.Cell()
	if s.inputs[c] == input {
		return
	}
	if input {
		if s.inputs == nil {
			s.inputs = map[model.Cell]bool{}
		}
		s.inputs[c] = true
	} else {
		delete(s.inputs, c)
	}
}

// noteCrypto records the 64-bit words of bytes crypto/rand produced, so
// that a generator seeded with them is recognized as seeded from outside.
func (s *state) noteCrypto(b []byte) {
	if s.crypto == nil {
		s.crypto = map[uint64]bool{}
	}
	for i := 0; i+8 <= len(b); i++ {
		le, be := binary.LittleEndian.Uint64(b[i:]), binary.BigEndian.Uint64(b[i:])
		s.crypto[le&^(1<<63)] = true
		s.crypto[be&^(1<<63)] = true
	}
}

// isInputSrc reports whether the interface value src (a generator's
// source) holds a source that draws: the runtime's (of type
// runtimeSource in package pkg, or a pointer to it) or a generator
// marked by markInput.
func (s *state) isInputSrc(m model.Machine, src model.Value, pkg string) bool {
	t, v := m.Dynamic(src)
	if t == nil {
		return false
	}
	if isRuntimeSource(t, pkg) {
		return true
	}
	return t.Kind() == reflect.Pointer && s.inputs[v.Cell()]
}

// isRuntimeSource reports whether t is pkg's runtimeSource or a pointer
// to it.
func isRuntimeSource(t model.Type, pkg string) bool {
	tt := t.Go()
	if p, ok := tt.(*types.Pointer); ok {
		tt = p.Elem()
	}
	n, ok := tt.(*types.Named)
	return ok && n.Obj().Name() == "runtimeSource" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg
}

// fillRandom fills the byte slice b with drawn bytes and returns them.
func fillRandom(m model.Machine, b model.Value) []byte {
	out := make([]byte, len(m.Bytes(b)))
	var w uint64
	for i := range out {
		if i%8 == 0 {
			w = m.Draw(0)
		}
		out[i] = byte(w)
		w >>= 8
	}
	m.SetBytes(b, out)
	return out
}

// drawInstead runs the model's own Go body (so that its memory accesses
// and its other effects happen as in Go) without drawing, and returns
// instead what replace makes of its result.
func drawInstead(m model.Machine, replace func(m model.Machine, s *state, res model.Value) model.Value) model.Next {
	s := run(m)
	s.quiet++
	return model.Next{Body: true, Then: func(m model.Machine, res model.Value) model.Value {
		s := run(m)
		s.quiet--
		return replace(m, s, res)
	}}
}

// body runs the function's own Go body.
var body = model.Next{Body: true}
