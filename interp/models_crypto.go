package interp

// Models of the few functions of the crypto packages that have no Go
// body: the rest of crypto runs from source. The packages are loaded with
// the build tag purego (load.go), under which every one of them takes its
// portable Go code instead of assembly (sha1, sha256, sha512, md5, aes,
// the elliptic curves, bigmod); internal/cpu is not initialized, so no
// CPU feature is seen either. What remains are the markers of BoringCrypto
// builds, the runtime's per-goroutine FIPS 140 state, the data-independent
// timing switch of arm64, and the system's random source, whose bytes are
// draws of the program's random input as crypto/rand's are (its model
// is in interp/models/randmodel).

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

const (
	whyBoringSig = "an assembly marker of the crypto implementation in use (none of BoringCrypto): does nothing"
	whyFIPSState = "the runtime's per-goroutine FIPS 140 state: vt runs without FIPS 140 mode, so nothing is approved, bypassed or recorded"
	whyDIT       = "data-independent timing is a CPU mode the interpreter has no use for: never enabled"
	whyFatal     = "the runtime's fatal error: ends the program as Go's throw does"
)

var cryptoBoringSigModels = modelTable{
	"crypto/internal/boring/sig.BoringCrypto":   native(whyBoringSig, noop),
	"crypto/internal/boring/sig.FIPSOnly":       native(whyBoringSig, noop),
	"crypto/internal/boring/sig.StandardCrypto": native(whyBoringSig, noop),
}

var cryptoFIPSModels = modelTable{
	"crypto/internal/fips140.getIndicator": native(whyFIPSState, func(*machine, []value) value { return uintVal(0) }),
	"crypto/internal/fips140.setIndicator": native(whyFIPSState, noop),
	"crypto/internal/fips140.fatal":        control(whyFatal, cryptoFatal),
}

var cryptoFIPS140Models = modelTable{
	"crypto/fips140.setBypass":   native(whyFIPSState, noop),
	"crypto/fips140.unsetBypass": native(whyFIPSState, noop),
	"crypto/fips140.isBypassed":  native(whyFIPSState, func(*machine, []value) value { return boolVal(false) }),
}

var cryptoSubtleModels = modelTable{
	"crypto/subtle.setDITEnabled":  native(whyDIT, func(*machine, []value) value { return boolVal(false) }),
	"crypto/subtle.setDITDisabled": native(whyDIT, noop),
}

var cryptoConstanttimeModels = modelTable{
	// A compiler intrinsic: its Go body panics.
	"crypto/internal/constanttime.boolToUint8": native("a compiler intrinsic (its Go body panics): 1 for true, 0 for false", func(_ *machine, a []value) value {
		if a[0].bool() {
			return uintVal(1)
		}
		return uintVal(0)
	}),
}

var cryptoFIPSSubtleModels = modelTable{
	// Its purego body views the bytes as machine words (unsafe.Slice of a
	// *uintptr over a byte array), which the interpreter's byte arrays
	// are not: the model XORs the bytes, with the same result.
	"crypto/internal/fips140/subtle.xorBytes": control("XORs bytes as its word loop does", xorBytes).ownAccesses(),
}

var cryptoSHA3Models = modelTable{
	// Its body views the [200]byte state as [25]uint64 through
	// unsafe.Pointer (on little-endian machines), which the interpreter's
	// byte arrays are not: the model permutes the bytes the same way.
	"crypto/internal/fips140/sha3.keccakF1600Generic": control("the Keccak-f[1600] permutation over the state's bytes, as its word loop does", keccakModel).ownAccesses(),
}

var cryptoNistecModels = modelTable{
	// The only explicit initialization of nistec (p256.go's; p256_asm.go's
	// is left out by purego) views the precomputed P-256 table, a byte
	// array, as [43]p256AffineTable, arrays of uint64 limbs, through
	// unsafe.Pointer: the model makes the same table from the bytes,
	// little-endian as on amd64 and arm64.
	"crypto/internal/fips140/nistec.init#1": native("makes the precomputed P-256 table from its bytes, as the conversion does on little-endian machines", nistecInit),
}

// nistecInit sets nistec.p256GeneratorTables to the table whose limbs
// are the words of p256PrecomputedEmbed.
func nistecInit(m *machine, _ []value) value {
	pkg := m.pkg("crypto/internal/fips140/nistec")
	embed, tables := pkg.Var("p256PrecomputedEmbed"), pkg.Var("p256GeneratorTables")
	if embed == nil || tables == nil {
		panic(&UnsupportedError{What: "crypto/internal/fips140/nistec's initialization: its P-256 table is not where the model expects it"})
	}
	b := m.global(m.prog.globalIndex(embed)).bytes()
	words := make([]uint64, len(b)/8)
	for i := range words {
		words[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	t := m.prog.typeOf(deref(tables.Type())).elem // [43]p256AffineTable
	cell := zero(t)
	if rest := fillWords(cell, t, words); len(rest) != 0 {
		panic(&UnsupportedError{What: "crypto/internal/fips140/nistec's initialization: its P-256 table and the bytes differ in size"})
	}
	m.set(m.global(m.prog.globalIndex(tables)), value{r: &cell})
	return value{}
}

// fillWords stores words, in order, into the scalar cells of v, an
// aggregate of type t made of 64-bit words (arrays and structs of them),
// and returns the words left. v is fresh: nothing reads it yet.
func fillWords(v value, t *rtype, words []uint64) []uint64 {
	es := v.elems()
	for i := range es {
		et := t.elem
		if t.kind == kStruct {
			et = t.fields[i].typ
		}
		if et.aggregate {
			words = fillWords(es[i], et, words)
			continue
		}
		if len(words) == 0 {
			return words
		}
		es[i] = uintVal(words[0])
		words = words[1:]
	}
	return words
}

// keccakModel is sha3.keccakF1600Generic(da *[200]byte).
func keccakModel(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	p := a[0].ptr()
	if p == nil {
		panic(nilDeref)
	}
	b, ok := p.unflat().([]byte)
	if !ok || len(b) != 200 {
		m.refuse(fr, "the Keccak permutation", "its state is not a byte array")
	}
	state := m.readUser(fr, value{r: b}, 200)
	var s [25]uint64
	for i := range s {
		s[i] = binary.LittleEndian.Uint64(state[8*i:])
	}
	keccakF1600(&s)
	for i := range s {
		binary.LittleEndian.PutUint64(state[8*i:], s[i])
	}
	m.writeUser(fr, value{r: b}, state)
	return fr.done(dst, value{})
}

// keccakRC are the round constants of Keccak-f[1600] (FIPS 202, 3.2.5).
var keccakRC = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakF1600 applies the 24 rounds of Keccak-f[1600] to the lanes s
// (s[x+5y] is lane (x, y)), step by step as FIPS 202 defines them.
func keccakF1600(s *[25]uint64) {
	for _, rc := range keccakRC {
		// θ: each lane XORs the parities of two neighbouring columns.
		var c [5]uint64
		for x := range 5 {
			c[x] = s[x] ^ s[x+5] ^ s[x+10] ^ s[x+15] ^ s[x+20]
		}
		for x := range 5 {
			d := c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
			for y := 0; y < 25; y += 5 {
				s[x+y] ^= d
			}
		}
		// ρ and π: rotate each lane by its offset, move it to (y, 2x+3y).
		var b [25]uint64
		x, y := 1, 0
		b[0] = s[0]
		for t := range 24 {
			nx, ny := y, (2*x+3*y)%5
			b[nx+5*ny] = bits.RotateLeft64(s[x+5*y], ((t+1)*(t+2)/2)%64)
			x, y = nx, ny
		}
		// χ: each bit XORs the AND of the complement of the next lane
		// of its row with the one after.
		for y := 0; y < 25; y += 5 {
			for x := range 5 {
				s[y+x] = b[y+x] ^ (^b[y+(x+1)%5] & b[y+(x+2)%5])
			}
		}
		// ι
		s[0] ^= rc
	}
}

// xorBytes is subtle.xorBytes(dst, x, y *byte, n int): dst[i] = x[i] ^
// y[i] for the n bytes from each pointer (into byte arrays); dst may be
// x or y exactly (XORBytes refuses other overlaps).
func xorBytes(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	n := int(a[3].int())
	if n <= 0 {
		return fr.done(dst, value{})
	}
	var bs [3][]byte
	for i := range bs {
		p, ok := a[i].r.(*byte)
		if !ok || p == nil {
			m.refuse(fr, "subtle.XORBytes", "its bytes are not in a byte slice or array")
		}
		bs[i] = unsafe.Slice(p, n)
	}
	x := m.readUser(fr, value{r: bs[1]}, n)
	y := m.readUser(fr, value{r: bs[2]}, n)
	for i := range x {
		x[i] ^= y[i]
	}
	m.writeUser(fr, value{r: bs[0]}, x)
	return fr.done(dst, value{})
}

// noop is the model of a function that does nothing and returns nothing.
func noop(*machine, []value) value { return value{} }

// cryptoFatal is a crypto package's fatal(msg), linked to the runtime's
// fatal: the program ends with "fatal error: msg".
func cryptoFatal(fr *frame, args []value, _ int32) *frame {
	return fr.g.m.fatal(fr, args[0].str())
}
