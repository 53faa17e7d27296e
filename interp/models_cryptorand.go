package interp

// Models of package crypto/rand (random.go): its bytes are draws. The rest
// of crypto runs from its pure-Go source (see models_crypto.go).

var cryptoRandModels = modelTable{
	"crypto/rand.init": native("the default Reader is crypto/internal/rand's, whose Read is modeled", cryptoRandInit),
	"crypto/rand.Read": native("its bytes are draws of the program's random input", func(m *machine, args []value) value {
		m.noteCrypto(m.fillRandom(args[0]))
		return tuple(intVal(int64(len(args[0].bytes()))), value{})
	}).writes(0),
	"crypto/rand.Text":  native("its bytes are draws of the program's random input", cryptoText),
	"crypto/rand.fatal": control(whyFatal, cryptoFatal),
}

var cryptoInternalRandModels = modelTable{
	"(crypto/internal/rand.reader).Read": native("its bytes are draws of the program's random input", func(m *machine, args []value) value {
		m.noteCrypto(m.fillRandom(args[1]))
		return tuple(intVal(int64(len(args[1].bytes()))), value{})
	}).writes(1),
}

// cryptoRandInit sets crypto/rand.Reader to crypto/internal/rand's reader,
// as the package's initialization does.
func cryptoRandInit(m *machine, _ []value) value {
	p := m.pkg("crypto/rand")
	ip := m.pkg("crypto/internal/rand")
	if p == nil || ip == nil {
		return value{}
	}
	rt := m.prog.typeOf(ip.Type("reader").Type())
	cell := m.global(m.prog.globalIndex(p.Var("Reader")))
	m.set(cell, value{r: &iface{t: rt, v: zero(rt)}})
	return value{}
}

// cryptoText returns 26 characters of the base32 alphabet, as Text does.
func cryptoText(m *machine, _ []value) value {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	var b [26]byte
	for i := range b {
		b[i] = alphabet[m.draw(32)]
	}
	return strVal(string(b[:]))
}
