package interp

import (
	"fmt"
	"strings"
)

// The model of package testing: the state of a *testing.T lives in a side
// table keyed by the address of its embedded testing.common; logging,
// failing, skipping, helpers, cleanups and subtests are modeled; the
// formatting methods (Errorf, Fatal, Logf, ...) run from source on top.

const whyTesting = "the testing package is modeled: a T's state lives in the run's side table"

var testingModels = modelTable{
	"(*testing.common).checkFuzzFn": native(whyTesting, func(*machine, []value) value { return value{} }),
	"(*testing.common).log": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		st := m.testState(args[0])
		s := strings.TrimSuffix(args[1].str(), "\n")
		indent := "    "
		s = strings.ReplaceAll(s, "\n", "\n"+indent+"    ")
		// fr is the public method (Errorf, Log, ...); the site is its caller.
		site := m.callSite(fr.caller, st)
		fmt.Fprintf(st.out, "%s%s%s\n", indent, site, s)
		return fr.done(dst, value{})
	}),
	"(*testing.common).Fail": native(whyTesting, func(m *machine, args []value) value {
		m.testState(args[0]).failed = true
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
		st.cleanups = append(st.cleanups, args[1])
		return value{}
	}),
	"(*testing.common).FailNow": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		fr.g.m.testState(args[0]).failed = true
		return fr.goexit()
	}),
	"(*testing.common).SkipNow": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		fr.g.m.testState(args[0]).skipped = true
		return fr.goexit()
	}),
	"(*testing.T).Parallel": native(whyTesting, func(*machine, []value) value { return value{} }),
	"testing.Short":         native(whyTesting, func(*machine, []value) value { return boolVal(false) }),
	"testing.Verbose":       native(whyTesting, func(*machine, []value) value { return boolVal(true) }),
	"testing.Testing":       native(whyTesting, func(*machine, []value) value { return boolVal(true) }),
	"(*testing.T).Run": control(whyTesting, func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		tp := args[0].ptr()
		if tp == nil {
			panic(nilDeref)
		}
		parent := m.testState(value{r: &tp.elems()[0]})
		name := strings.ReplaceAll(args[1].str(), " ", "_")
		if parent.filter != nil && parent.filter[0] != name {
			return fr.done(dst, boolVal(true))
		}
		st := &testState{name: parent.name + "/" + name, depth: parent.depth + 1, out: parent.out, parent: parent}
		if len(parent.filter) > 1 {
			st.filter = parent.filter[1:]
		}
		tv := m.newTestingT(st)
		g := fr.g
		child := m.newGoroutine(fr, nil, fr.pos())
		d := m.testDriver(st, args[2], tv)
		d.g = child
		child.top = d
		child.onExit = func() {
			fr.regs[dst] = boolVal(!st.failed)
			fr.pc++
			g.wake()
		}
		return fr.block(OpTestRun, fr.pos())
	}),
}
