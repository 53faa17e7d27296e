// Package cryptomodel models the few functions of the crypto packages
// that have no Go body, or whose portable body views bytes as machine
// words: the rest of crypto runs from source.
//
// The packages are loaded with the build tag purego, under which every
// one of them takes its portable Go code instead of assembly (sha1,
// sha256, sha512, md5, aes, the elliptic curves, bigmod); internal/cpu is
// not initialized, so no CPU feature is seen either. What remains are the
// markers of BoringCrypto builds, the runtime's per-goroutine FIPS 140
// state, the data-independent timing switch of arm64, the runtime's fatal
// error, and three functions whose bodies reinterpret byte arrays as
// words through unsafe.Pointer (the interpreter's byte arrays are bytes):
// the models compute the same bytes. The system's random source is
// crypto/rand's, modeled in interp/models/randmodel.
package cryptomodel

import (
	"encoding/binary"
	"reflect"

	"github.com/vtcheck/vt/interp/model"
)

// Packages are the tables of models of the crypto packages.
var Packages = []model.Package{
	{Path: "crypto/internal/boring/sig", Funcs: boringSig},
	{Path: "crypto/internal/fips140", Funcs: fips140},
	{Path: "crypto/fips140", Funcs: fips140Bypass},
	{Path: "crypto/subtle", Funcs: subtleDIT},
	{Path: "crypto/internal/constanttime", Funcs: constanttime},
	{Path: "crypto/internal/fips140/subtle", Funcs: fipsSubtle},
	{Path: "crypto/internal/fips140/sha3", Funcs: sha3},
	{Path: "crypto/internal/fips140/nistec", Funcs: nistec},
}

const (
	whyBoringSig = "an assembly marker of the crypto implementation in use (none of BoringCrypto): does nothing"
	whyFIPSState = "the runtime's per-goroutine FIPS 140 state: vt runs without FIPS 140 mode, so nothing is approved, bypassed or recorded"
	whyDIT       = "data-independent timing is a CPU mode the interpreter has no use for: never enabled"
	whyFatal     = "the runtime's fatal error: ends the program as Go's throw does"
)

// own declares a model that reports its accesses itself.
var own = model.Mem{Own: true}

// noop is the model of a function that does nothing and returns nothing.
func noop(model.Machine, []model.Value) model.Value { return model.Value{} }

// constant returns the model of a function that returns v.
func constant(v model.Value) model.NativeFunc {
	return func(model.Machine, []model.Value) model.Value { return v }
}

var boringSig = map[string]model.Func{
	"crypto/internal/boring/sig.BoringCrypto":   {Why: whyBoringSig, Native: noop},
	"crypto/internal/boring/sig.FIPSOnly":       {Why: whyBoringSig, Native: noop},
	"crypto/internal/boring/sig.StandardCrypto": {Why: whyBoringSig, Native: noop},
}

var fips140 = map[string]model.Func{
	"crypto/internal/fips140.getIndicator": {Why: whyFIPSState, Native: constant(model.MakeUint(0))},
	"crypto/internal/fips140.setIndicator": {Why: whyFIPSState, Native: noop},
	"crypto/internal/fips140.fatal":        {Why: whyFatal, Control: fatal},
}

var fips140Bypass = map[string]model.Func{
	"crypto/fips140.setBypass":   {Why: whyFIPSState, Native: noop},
	"crypto/fips140.unsetBypass": {Why: whyFIPSState, Native: noop},
	"crypto/fips140.isBypassed":  {Why: whyFIPSState, Native: constant(model.MakeBool(false))},
}

var subtleDIT = map[string]model.Func{
	"crypto/subtle.setDITEnabled":  {Why: whyDIT, Native: constant(model.MakeBool(false))},
	"crypto/subtle.setDITDisabled": {Why: whyDIT, Native: noop},
}

var constanttime = map[string]model.Func{
	// A compiler intrinsic: its Go body panics.
	"crypto/internal/constanttime.boolToUint8": {Why: "a compiler intrinsic (its Go body panics): 1 for true, 0 for false", Native: func(_ model.Machine, a []model.Value) model.Value {
		if a[0].Bool() {
			return model.MakeUint(1)
		}
		return model.MakeUint(0)
	}},
}

var fipsSubtle = map[string]model.Func{
	// Its purego body views the bytes as machine words (unsafe.Slice of a
	// *uintptr over a byte array), which the interpreter's byte arrays
	// are not: the model XORs the bytes, with the same result.
	"crypto/internal/fips140/subtle.xorBytes": {Why: "XORs bytes as its word loop does", Mem: own, Control: xorBytes},
}

var sha3 = map[string]model.Func{
	// Its body views the [200]byte state as [25]uint64 through
	// unsafe.Pointer (on little-endian machines), which the interpreter's
	// byte arrays are not: the model permutes the bytes the same way.
	"crypto/internal/fips140/sha3.keccakF1600Generic": {Why: "the Keccak-f[1600] permutation over the state's bytes, as its word loop does", Mem: own, Control: keccakModel},
}

var nistec = map[string]model.Func{
	// The only explicit initialization of nistec (p256.go's; p256_asm.go's
	// is left out by purego) views the precomputed P-256 table, a byte
	// array, as [43]p256AffineTable, arrays of uint64 limbs, through
	// unsafe.Pointer: the model makes the same table from the bytes,
	// little-endian as on amd64 and arm64.
	"crypto/internal/fips140/nistec.init#1": {Why: "makes the precomputed P-256 table from its bytes, as the conversion does on little-endian machines", Control: nistecInit},
}

// fatal is a crypto package's fatal(msg), linked to the runtime's fatal:
// the program ends with "fatal error: msg".
func fatal(m model.Machine, a []model.Value) model.Next {
	return model.Next{Fatal: m.String(a[0])}
}

// nistecInit sets nistec.p256GeneratorTables to the table whose limbs
// are the words of p256PrecomputedEmbed.
func nistecInit(m model.Machine, _ []model.Value) model.Next {
	const pkg = "crypto/internal/fips140/nistec"
	embed, _ := m.Global(pkg, "p256PrecomputedEmbed")
	tables, pt := m.Global(pkg, "p256GeneratorTables")
	if pt == nil || embed.IsNil() {
		m.Refuse("crypto/internal/fips140/nistec's initialization", "its P-256 table is not where the model expects it")
	}
	b := m.Bytes(m.Load(embed))
	words := make([]uint64, len(b)/8)
	for i := range words {
		words[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	t := pt.Elem() // [43]p256AffineTable
	p := m.New(t, m.Zero(t))
	if rest := fillWords(m, p, t, words); len(rest) != 0 {
		m.Refuse("crypto/internal/fips140/nistec's initialization", "its P-256 table and the bytes differ in size")
	}
	m.Store(tables, p, pt)
	return model.Next{}
}

// fillWords stores words, in order, into the scalar cells of the
// variable p points to, of type t, made of 64-bit words (arrays and
// structs of them), and returns the words left.
func fillWords(m model.Machine, p model.Value, t model.Type, words []uint64) []uint64 {
	switch t.Kind() {
	case reflect.Array:
		arr := m.Load(p)
		for i := range t.Len() {
			words = fillWords(m, m.ElemPtr(arr, i), t.Elem(), words)
		}
	case reflect.Struct:
		for i := range t.NumField() {
			words = fillWords(m, m.Field(p, i), t.Field(i), words)
		}
	default:
		if len(words) == 0 {
			return words
		}
		m.Store(p, model.MakeUint(words[0]), t)
		words = words[1:]
	}
	return words
}

// keccakModel is sha3.keccakF1600Generic(da *[200]byte).
func keccakModel(m model.Machine, a []model.Value) model.Next {
	if a[0].IsNil() {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	b := m.Bytes(m.Load(a[0]))
	if len(b) != 200 {
		m.Refuse("the Keccak permutation", "its state is not a byte array")
	}
	m.AccessBytes(false, b)
	var s [25]uint64
	for i := range s {
		s[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	keccakF1600(&s)
	state := make([]byte, 200)
	for i := range s {
		binary.LittleEndian.PutUint64(state[8*i:], s[i])
	}
	m.AccessBytes(true, b)
	m.SetBytes(m.MakeBytes(b), state)
	return model.Next{}
}

// xorBytes is subtle.xorBytes(dst, x, y *byte, n int): dst[i] = x[i] ^
// y[i] for the n bytes from each pointer (into byte arrays); dst may be
// x or y exactly (XORBytes refuses other overlaps).
func xorBytes(m model.Machine, a []model.Value) model.Next {
	n := int(a[3].Int())
	if n <= 0 {
		return model.Next{}
	}
	var bs [3][]byte
	for i := range bs {
		if bs[i] = m.BytesAt(a[i], n); bs[i] == nil {
			m.Refuse("subtle.XORBytes", "its bytes are not in a byte slice or array")
		}
	}
	m.AccessBytes(false, bs[1])
	m.AccessBytes(false, bs[2])
	x := make([]byte, n)
	for i := range x {
		x[i] = bs[1][i] ^ bs[2][i]
	}
	m.AccessBytes(true, bs[0])
	m.SetBytes(m.MakeBytes(bs[0]), x)
	return model.Next{}
}
