package interp

import (
	"bytes"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Models of the functions that the Go runtime implements for other
// packages of the standard library (through linkname, or in assembly):
// byte and string searches, escape analysis hints, GODEBUG settings, the
// runtime's random numbers, map cloning and iter's coroutines.

var bytealgModels = modelTable{
	"internal/bytealg.IndexByteString": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(strings.IndexByte(a[0].str(), byte(a[1].n))))
	}),
	"internal/bytealg.IndexByte": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(bytes.IndexByte(a[0].bytes(), byte(a[1].n))))
	}).reads(0),
	"internal/bytealg.IndexString": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(strings.Index(a[0].str(), a[1].str())))
	}),
	"internal/bytealg.Index": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(bytes.Index(goBytes(a[0]), goBytes(a[1]))))
	}).reads(0, 1),
	"internal/bytealg.CountString": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(strings.Count(a[0].str(), string(rune(byte(a[1].n))))))
	}),
	"internal/bytealg.Count": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(bytes.Count(a[0].bytes(), []byte{byte(a[1].n)})))
	}).reads(0),
	"internal/bytealg.Compare": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(bytes.Compare(goBytes(a[0]), goBytes(a[1]))))
	}).reads(0, 1),
	"internal/bytealg.MakeNoZero": native(noBody, func(m *machine, a []value) value {
		n := a[0].int()
		if n < 0 || n > maxAlloc {
			// As the runtime's mallocgc for a length it cannot allocate.
			panic(runtimeError("makeslice: len out of range"))
		}
		if n >= bigAlloc {
			m.checkAlloc(uint64(n) / uint64(unsafe.Sizeof(value{})))
		}
		// The runtime's capacity: the allocator's size class (a
		// strings.Builder grown to 18 bytes takes 19 without growing).
		b := make([]byte, int(n), int(roundupsize(n, true)))
		m.noteFresh(b)
		return value{r: b}
	}),
	"internal/bytealg.abigen_runtime_cmpstring": native(noBody, func(_ *machine, a []value) value {
		return intVal(int64(strings.Compare(a[0].str(), a[1].str())))
	}),
}

const whyNoEscape = "hides a pointer from escape analysis through uintptr arithmetic; the identity here"

// whyIntrinsic is the reason of a model of a compiler intrinsic, whose Go
// body only panics.
const whyIntrinsic = "a compiler intrinsic (its Go body panics): it only steers escape analysis, nothing to do here"

var abiModels = modelTable{
	"internal/abi.NoEscape": native(whyNoEscape, identity),
	"internal/abi.Escape":   native(whyNoEscape, identity),
	// hash/maphash.Comparable (and so every generic hash map built on
	// it) calls it on the value it hashes.
	"internal/abi.EscapeNonString": native(whyIntrinsic, func(*machine, []value) value { return value{} }),
}

// abiFallback refuses the methods of internal/abi.Type that read what the
// interpreter's type descriptors do not hold (names, methods, GC data;
// see memview_abi.go); the others run from their Go bodies.
func abiFallback(fn *ssa.Function) nativeFn {
	name := fn.String()
	method, ok := strings.CutPrefix(name, "(*internal/abi.Type).")
	if !ok || abiFieldMethods[method] {
		return nil
	}
	return func(*machine, []value) value {
		panic(&UnsupportedError{What: "call of " + name + ": the interpreter's run-time type descriptors (internal/abi) hold sizes, kinds, element and key types, equality and hash functions, not names, methods or GC data"})
	}
}

// GODEBUG settings are read from the virtual environment's GODEBUG at each
// use (t.Setenv("GODEBUG", ...) takes effect, as in Go); the defaults a
// module's go version or //go:debug lines select are not modeled: an unset
// setting has its current default ("").
var godebugModels = modelTable{
	"(*internal/godebug.Setting).Value": native(whyGodebug, func(m *machine, a []value) value {
		s := a[0].ptr()
		if s == nil {
			panic(nilDeref)
		}
		name := strings.TrimPrefix(s.elems()[0].str(), "#")
		return strVal(m.godebug(name))
	}),
	"(*internal/godebug.Setting).IncNonDefault": native("no metrics of non-default GODEBUG settings", func(*machine, []value) value { return value{} }),
}

const whyGodebug = "the settings come from the virtual environment's GODEBUG, read at each use"

// godebug returns the value of the GODEBUG setting name in the virtual
// environment ("" if unset): the last name=value of the comma-separated
// list, as internal/godebug parses it.
func (m *machine) godebug(name string) string {
	env, _ := m.vos().Getenv("GODEBUG")
	val := ""
	for kv := range strings.SplitSeq(env, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			val = v
		}
	}
	return val
}

// The runtime's random numbers that the program does not see as such
// (hash seeds) come from the run's seed (nextRand); those behind math/rand
// are draws (interp/models/randmodel).
var (
	internalSyncModels = modelTable{"internal/sync.runtime_rand": native(noBody, runtimeRand)}
	maphashModels      = modelTable{"hash/maphash.runtime_rand": native(noBody, runtimeRand)}
)

func runtimeRand(m *machine, _ []value) value { return uintVal(m.nextRand()) }

// nextRand returns the run's next pseudo-random number (splitmix64 over
// the seed): the runtime's rand, behind math/rand's automatic seeding.
func (m *machine) nextRand() uint64 {
	m.seed += 0x9e3779b97f4a7c15
	z := m.seed
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

var mapsModels = modelTable{
	"maps.clone": native(noBody, func(m *machine, a []value) value {
		i := a[0].iface()
		if i == nil {
			return value{}
		}
		mo, _ := i.v.r.(*mapObj)
		if mo == nil {
			return a[0]
		}
		m.modelAccessMap(EvRead, mo)
		c := mo.cloneMap()
		c.m = m
		c.epoch = m.epoch
		return value{r: &iface{t: i.t, v: value{r: c}}}
	}).ownAccesses(),
}

func (m *mapObj) cloneMap() *mapObj {
	c := &mapObj{m: m.m, t: m.t, index: newMapIndex(m.t.key, m.live), entries: make([]mapEntry, 0, m.live)}
	for _, e := range m.entries {
		if !e.dead {
			c.index.set(e.hk, len(c.entries))
			c.entries = append(c.entries, mapEntry{hk: e.hk, k: e.k, v: copyVal(e.v, m.t.elem)})
		}
	}
	c.live = len(c.entries)
	return c
}

// iter.Pull's coroutines: a coroutine is a goroutine that runs only while
// another one waits for it.
var iterModels = modelTable{
	"iter.newcoro":    control(noBody, iterNewcoro),
	"iter.coroswitch": control(noBody, iterCoroswitch),
}

// coroState is a coroutine of iter.Pull.
type coroState struct {
	g      *Goroutine // the coroutine's goroutine
	waiter *Goroutine // the goroutine blocked until the coroutine switches back
	done   bool
}

// iterNewcoro creates the coroutine's goroutine, blocked until the first
// switch to it; its creator is the caller of iter.Pull (the go statement
// Go's tracebacks show is newcoro's call in iter.Pull).
func iterNewcoro(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	ct := m.prog.iterCoroType()
	cell := zero(ct)
	p := &cell
	cs := &coroState{}
	if m.coros == nil {
		m.coros = map[*value]*coroState{}
	}
	m.coros[p] = cs
	cl := a[0].r.(*closure)
	g := m.newGoroutine(fr, nil, fr.pos())
	nf := m.newFrame(cl.fn)
	nf.regs[0] = value{r: p}
	copy(nf.regs[1:], cl.env)
	nf.g, nf.retDst = g, -1
	g.top = nf
	g.setStatus(gBlocked)
	g.pending = OpCoroutine
	cs.g = g
	g.onExit = func() {
		cs.done = true
		if w := cs.waiter; w != nil {
			cs.waiter = nil
			// The coroutine returned: it switches back for the last time.
			m.emit(nil, Event{Kind: EvCoroSwitch, G: g, Other: w})
			w.pendingDone()
		}
	}
	return fr.done(dst, value{r: p})
}

func iterCoroswitch(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	cs := m.coros[a[0].ptr()]
	if cs == nil {
		panic(&UnsupportedError{What: "iter.coroswitch on a coroutine the interpreter did not create"})
	}
	g := fr.g
	// Switch to the other side: the coroutine if g is its caller,
	// else the goroutine waiting for the coroutine.
	var other *Goroutine
	if g == cs.g {
		other, cs.waiter = cs.waiter, nil
		if other == nil {
			panic(&UnsupportedError{What: "coroutine switched back with no caller"})
		}
	} else {
		if cs.done {
			return fr.done(dst, value{})
		}
		other = cs.g
		cs.waiter = g
	}
	fr.pc++
	m.emit(fr, Event{Kind: EvCoroSwitch, Other: other, Pos: fr.pos()})
	other.pendingDone()
	g.top = fr
	g.setStatus(gBlocked)
	g.pending = OpCoroutine
	if g == cs.g {
		cs.waiter = nil
	}
	return nil
}

// pendingDone makes a goroutine blocked in a coroutine switch runnable.
func (g *Goroutine) pendingDone() { g.wake() }

// iterCoroType returns the rtype of iter's coro type.
func (p *Program) iterCoroType() *rtype {
	ip := p.SSA.ImportedPackage("iter")
	return p.typeOf(ip.Pkg.Scope().Lookup("coro").Type())
}

func identity(_ *machine, args []value) value { return args[0] }
