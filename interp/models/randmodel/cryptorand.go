package randmodel

import "github.com/vtcheck/vt/interp/model"

// Models of package crypto/rand and of the system's random source under
// it: their bytes are draws. The rest of crypto runs from its pure-Go
// source.

const (
	whyBytes = "its bytes are draws of the program's random input"
	whyFatal = "the runtime's fatal error: ends the program as Go's throw does"
)

var cryptoRand = model.Package{Path: "crypto/rand", Funcs: map[string]model.Func{
	"crypto/rand.init": {Why: "the default Reader is crypto/internal/rand's, whose Read is modeled", Native: cryptoRandInit},
	"crypto/rand.Read": {Why: whyBytes, Mem: model.Mem{Writes: []int{0}}, Native: func(m model.Machine, args []model.Value) model.Value {
		run(m).noteCrypto(fillRandom(m, args[0]))
		return m.MakeTuple(model.MakeInt(int64(len(m.Bytes(args[0])))), model.Value{})
	}},
	"crypto/rand.Text":  {Why: whyBytes, Native: cryptoText},
	"crypto/rand.fatal": {Why: whyFatal, Control: fatal},
}}

var cryptoInternalRand = model.Package{Path: "crypto/internal/rand", Funcs: map[string]model.Func{
	"(crypto/internal/rand.reader).Read": {Why: whyBytes, Mem: model.Mem{Writes: []int{1}}, Native: func(m model.Machine, args []model.Value) model.Value {
		run(m).noteCrypto(fillRandom(m, args[1]))
		return m.MakeTuple(model.MakeInt(int64(len(m.Bytes(args[1])))), model.Value{})
	}},
}}

var cryptoSysrand = model.Package{Path: "crypto/internal/sysrand", Funcs: map[string]model.Func{
	// The system's random source (getrandom): its bytes are draws, as
	// crypto/rand.Read's are; so are those of
	// crypto/internal/fips140/drbg outside FIPS 140 mode, which reads
	// them.
	"crypto/internal/sysrand.Read": {Why: whyBytes, Mem: model.Mem{Writes: []int{0}}, Native: func(m model.Machine, args []model.Value) model.Value {
		run(m).noteCrypto(fillRandom(m, args[0]))
		return model.Value{}
	}},
	"crypto/internal/sysrand.fatal": {Why: whyFatal, Control: fatal},
}}

// fatal ends the program with the fatal error args[0].
func fatal(m model.Machine, args []model.Value) model.Next {
	return model.Next{Fatal: m.String(args[0])}
}

// cryptoRandInit sets crypto/rand.Reader to crypto/internal/rand's
// reader, as the package's initialization does.
func cryptoRandInit(m model.Machine, _ []model.Value) model.Value {
	p, t := m.Global("crypto/rand", "Reader")
	rt := m.LookupType("crypto/internal/rand", "reader")
	if p.IsNil() || rt == nil {
		return model.Value{}
	}
	m.Store(p, m.MakeInterface(rt, m.Zero(rt)), t)
	return model.Value{}
}

// cryptoText returns 26 characters of the base32 alphabet, as Text does.
func cryptoText(m model.Machine, _ []model.Value) model.Value {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	var b [26]byte
	for i := range b {
		b[i] = alphabet[m.Draw(32)]
	}
	return m.MakeString(string(b[:]))
}
