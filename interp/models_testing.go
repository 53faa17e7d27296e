package interp

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
)

// The model of package testing: the state of a *testing.T (or *testing.B)
// lives in a side table keyed by the address of its embedded
// testing.common; logging, failing, skipping, helpers, cleanups, contexts,
// subtests and parallel subtests are modeled (the driver is testroot.go),
// with Go's rules and Go's panics; the formatting methods (Errorf, Fatal,
// Logf, ...) run from source on top.

const whyTesting = "the testing package is modeled: a T's state lives in the run's side table"

var testingModels = modelTable{
	"(*testing.common).checkFuzzFn": native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.common).log": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.testState(args[0])
		s := strings.TrimSuffix(args[1].str(), "\n")
		indent := "    "
		s = strings.ReplaceAll(s, "\n", "\n"+indent+"    ")
		// As in Go: a test that is done logs into its closest parent that
		// is not; when there is none, the call panics.
		dest := st
		for dest != nil && dest.done {
			dest = dest.parent
		}
		if dest == nil {
			m.testPanic("Log in goroutine after " + st.name + " has completed: " + s + "\n")
		}
		// fr is the public method (Errorf, Log, ...); the site is its caller.
		site := m.callSite(fr.caller, st)
		fmt.Fprintf(dest.out, "%s%s%s\n", indent, site, s)
		return fr.done(dst, value{})
	}),
	"(*testing.common).Fail": native(whyTesting, func(m *machine, args []value) value {
		m.testFail(m.testState(args[0]))
		return value{}
	}),
	"(*testing.common).Failed": native(whyTesting, func(m *machine, args []value) value {
		return boolVal(m.testState(args[0]).failed)
	}),
	"(*testing.common).Skipped": native(whyTesting, func(m *machine, args []value) value {
		return boolVal(m.testState(args[0]).skipped)
	}),
	"(*testing.common).Name": native(whyTesting, func(m *machine, args []value) value {
		return strVal(m.testState(args[0]).name)
	}),
	"(*testing.common).Helper": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		st := fr.g.m.testState(args[0])
		if st.helpers == nil {
			st.helpers = map[*function]bool{}
		}
		// The helper is the first real function: Helper may be called
		// through a promotion wrapper.
		for f := fr; f != nil; f = f.caller {
			if f.fn != nil && f.fn.ssa != nil && f.fn.ssa.Synthetic == "" {
				st.helpers[f.fn] = true
				break
			}
		}
		return fr.done(dst, value{})
	}),
	"(*testing.common).Cleanup": native(whyTesting, func(m *machine, args []value) value {
		st := m.testState(args[0])
		st.cleanups = append(st.cleanups, cleanup{fn: args[1]})
		return value{}
	}),
	"(*testing.common).FailNow": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.testState(args[0])
		m.testFail(st)
		m.stopTest(fr, st, "FailNow")
		return fr.goexit()
	}),
	"(*testing.common).SkipNow": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.testState(args[0])
		st.skipped = true
		m.stopTest(fr, st, "SkipNow")
		return fr.goexit()
	}),
	"(*testing.common).Context": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.testState(args[0])
		if st.ctx.r != nil {
			return fr.done(dst, st.ctx)
		}
		// context.WithCancel(context.Background()), canceled by the driver
		// just before the cleanups run.
		cp := m.prog.SSA.ImportedPackage("context")
		if cp == nil {
			panic(&UnsupportedError{What: "testing.T.Context without package context loaded"})
		}
		bg, wc := m.prog.funcOf(cp.Func("Background")), m.prog.funcOf(cp.Func("WithCancel"))
		return m.callThen(fr, bg, nil, func(b value) *frame {
			return m.callThen(fr, wc, []value{b}, func(res value) *frame {
				t := res.r.([]value)
				st.ctx, st.cancel = t[0], t[1]
				return fr.done(dst, st.ctx)
			})
		})
	}),
	"(*testing.T).Deadline": native("vt runs tests as go test -timeout 0 does: no deadline", func(m *machine, args []value) value {
		if m.testStateOf(args[0]).synctest {
			m.testPanic("testing: t.Deadline called inside synctest bubble")
		}
		tp := m.prog.SSA.ImportedPackage("time")
		if tp == nil {
			panic(&UnsupportedError{What: "testing.T.Deadline without package time loaded"})
		}
		return tuple(zero(m.prog.typeOf(tp.Pkg.Scope().Lookup("Time").Type())), boolVal(false))
	}),
	"(*testing.T).Setenv": native(whyTesting, func(m *machine, args []value) value {
		st := m.testStateOf(args[0])
		for s := st; s != nil; s = s.parent {
			if s.parallel {
				m.testPanic("testing: test using t.Setenv or t.Chdir can not use t.Parallel")
			}
		}
		st.denyParallel = true
		m.testSetenv(st, args[1].str(), args[2].str())
		return value{}
	}),
	"(*testing.common).Setenv": native(whyTesting, func(m *machine, args []value) value {
		m.testSetenv(m.testState(args[0]), args[1].str(), args[2].str())
		return value{}
	}),
	"(*testing.T).Parallel": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.testStateOf(args[0])
		if st.parallel {
			m.testPanic("testing: t.Parallel called multiple times")
		}
		if st.synctest {
			m.testPanic("testing: t.Parallel called inside synctest bubble")
		}
		if st.denyParallel {
			m.testPanic("testing: test using t.Setenv or t.Chdir can not use t.Parallel")
		}
		st.parallel = true
		p := st.parent
		if p == nil {
			// A top-level test: vt runs one at a time.
			return fr.done(dst, value{})
		}
		p.subs = append(p.subs, st)
		p.running++
		fmt.Fprintf(st.out, "=== PAUSE %s\n", st.name)
		m.signal(fr, st) // T.Run returns
		if p.barrierOpen {
			m.emit(fr, Event{Kind: EvChanRecvClosed, Addr: addrOf(&p.barrier), Pos: fr.pos()})
			fmt.Fprintf(st.out, "=== CONT  %s\n", st.name)
			return fr.done(dst, value{})
		}
		// Wait for the parent's function to return (testroot.go).
		st.pausedAt = fr
		p.paused = append(p.paused, st)
		return fr.block(OpTestParallel, fr.pos())
	}),
	"testing.Short":    native(whyTesting, func(m *machine, _ []value) value { return boolVal(m.opts.Short) }),
	"testing.Verbose":  native(whyTesting, func(*machine, []value) value { return boolVal(true) }),
	"testing.Testing":  native(whyTesting, func(*machine, []value) value { return boolVal(true) }),
	"(*testing.T).Run": control(whyTesting, runCtl("T")),
	"(*testing.B).Run": control(whyTesting, runCtl("B")),

	// Benchmarks run once: N is 1 and B.Loop iterates once; timers and
	// measurements mean nothing on a virtual clock.
	"(*testing.B).Loop": native(whyTesting, func(m *machine, args []value) value {
		st := m.testStateOf(args[0])
		st.loops++
		return boolVal(st.loops == 1)
	}),
	"(*testing.B).ResetTimer":   native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.B).StartTimer":   native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.B).StopTimer":    native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.B).ReportAllocs": native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.B).SetBytes":     native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.B).ReportMetric": native(whyTesting, func(*machine, []value) value { return value{} }),
}

// runCtl models T.Run (typ "T") and B.Run ("B"): the subtest runs on a new
// goroutine through its own driver, and Run waits until it ends or calls
// Parallel.
func runCtl(typ string) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		parent := m.testStateOf(args[0])
		if parent.synctest {
			m.testPanic("testing: t.Run called inside synctest bubble")
		}
		if parent.cleanupStarted {
			m.testPanic("testing: t.Run called during t.Cleanup")
		}
		full := parent.subtestName(args[1].str())
		name := full[len(parent.name)+1:]
		if parent.filter != nil && parent.filter[0] != name {
			return fr.done(dst, boolVal(true))
		}
		st := &testState{name: full, depth: parent.depth + 1, out: parent.out, parent: parent}
		if len(parent.filter) > 1 {
			st.filter = parent.filter[1:]
		}
		tv := m.newTestingValue(st, typ)
		g := fr.g
		child := m.newGoroutine(fr, nil, fr.pos())
		child.test = full
		child.origin = originTestRun
		if typ == "B" {
			child.origin = originBenchRun
		}
		d := m.testDriver(st, args[2], tv)
		d.g = child
		child.top = d
		st.runWaiter = &waiter{g: g, fr: fr, dst: dst}
		return fr.block(OpTestRun, fr.pos())
	}
}

// subtestName returns the name Go's testing gives the subtest sub of
// parent: white space becomes underscores and unprintable runes are
// quoted; a name used before in the same top-level test gets a suffix #01,
// #02, ... (an empty one is #00).
func (parent *testState) subtestName(sub string) string {
	root := parent
	for root.parent != nil {
		root = root.parent
	}
	if root.subNames == nil {
		root.subNames = map[string]int{}
		root.usedNames = map[string]bool{}
	}
	var b strings.Builder
	for _, r := range sub {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	base := parent.name + "/" + b.String()
	for n := root.subNames[base]; ; n++ {
		name := base
		if n > 0 || sub == "" {
			name = fmt.Sprintf("%s#%02d", base, n)
		}
		if !root.usedNames[name] {
			root.subNames[base] = n + 1
			root.usedNames[name] = true
			return name
		}
	}
}

// testStateOf returns the state of a *testing.T or *testing.B.
func (m *machine) testStateOf(v value) *testState {
	tp := v.ptr()
	if tp == nil {
		panic(nilDeref)
	}
	return m.testState(value{r: &tp.elems()[0]})
}

// testFail is common.Fail: the parents fail too; failing a test that is
// done panics, as in Go.
func (m *machine) testFail(st *testState) {
	if st.parent != nil {
		m.testFail(st.parent)
	}
	if st.done {
		m.testPanic("Fail in goroutine after " + st.name + " has completed")
	}
	st.failed = true
}

// stopTest is the part of FailNow and SkipNow (what) before their
// runtime.Goexit. Go documents that they must be called from the goroutine
// running the test; elsewhere they stop only the calling goroutine and the
// test goes on. vt reports that as a failure of the test.
func (m *machine) stopTest(fr *frame, st *testState, what string) {
	if fr.g == st.g {
		st.finished = true
		return
	}
	method := what
	// Name the method the program called: Fatal, Fatalf, Skip, ...
	for f := fr; f != nil && f.fn != nil && f.fn.ssa != nil && f.fn.ssa.Pkg != nil && f.fn.ssa.Pkg.Pkg.Path() == "testing"; f = f.caller {
		if f.fn.ssa.Synthetic == "" {
			method = f.fn.ssa.Name()
		}
	}
	site := "???:1: "
	for f := fr; f != nil; f = f.caller {
		if f.fn != nil && f.fn.ssa != nil && f.fn.ssa.Synthetic == "" && !st.helpers[f.fn] &&
			(f.fn.ssa.Pkg == nil || f.fn.ssa.Pkg.Pkg.Path() != "testing") {
			pos := m.prog.position(f.callPos())
			site = fmt.Sprintf("%s:%d: ", filepath.Base(pos.Filename), pos.Line)
			break
		}
	}
	fmt.Fprintf(st.out, "    %st.%s called from goroutine %d, not from the test's goroutine %d: "+
		"FailNow, Fatal, Fatalf, SkipNow, Skip and Skipf must be called from the goroutine running the test; "+
		"elsewhere they stop only the calling goroutine and the test goes on\n", site, method, fr.g.id, st.g.ID())
	st.failed = true
}

// testSetenv is t.Setenv: it sets the run's environment variable key to v
// and registers a cleanup that restores it.
func (m *machine) testSetenv(st *testState, key, v string) {
	prev, had := m.vos().Getenv(key)
	m.vos().Setenv(key, v)
	st.cleanups = append(st.cleanups, cleanup{native: func(m *machine) {
		if had {
			m.vos().Setenv(key, prev)
		} else {
			m.vos().Unsetenv(key)
		}
	}})
}

// callThen calls fn(args...) on fr's goroutine, then k with its result;
// k returns the frame to continue with.
func (m *machine) callThen(fr *frame, fn *function, args []value, k func(res value) *frame) *frame {
	cont := &frame{g: fr.g, caller: fr, retDst: -1}
	cont.native = func(_ *frame, res value) *frame { return k(res) }
	nf := m.newFrame(fn)
	copy(nf.regs, args)
	nf.g, nf.caller, nf.retDst = fr.g, cont, 0
	return nf
}
