package interp

import (
	"go/types"
	"io"
	"strconv"

	"github.com/vtcheck/vt/interp/vos"
)

// Models of package os. Files, pipes, directories and the environment
// are the virtual OS's (package vos): os runs from source over its system
// calls. The standard files keep a fast path (no scheduling point, no
// event), as before the virtual OS: writing to os.Stdout or os.Stderr
// writes to the run's output; os.Stdin is empty. Starting processes is
// refused.

const (
	whyOS    = "the operating system is modeled: the run's own arguments, environment and standard files"
	whyStd   = "the standard files are the run's output and an empty input (no scheduling point); other files run from source"
	whyNoPro = "starting, finding and signaling processes is refused: the virtual OS has one process"
)

var osModels = modelTable{
	"os.runtime_args": native(noBody, func(m *machine, _ []value) value {
		args := m.opts.Args
		if len(args) == 0 {
			args = []string{"main"}
		}
		es := make([]value, len(args))
		for i, a := range args {
			es[i] = strVal(a)
		}
		return value{r: es}
	}),
	"os.runtime_rand":       native(noBody, runtimeRand),
	"os.runtime_beforeExit": native(noBody, func(*machine, []value) value { return value{} }),
	"os.sigpipe":            native(noBody, func(*machine, []value) value { return value{} }),
	"os.Exit": native("ends the run with the code", func(m *machine, args []value) value {
		panic(exitError{code: int(args[0].int())})
	}),
	// Getenv and LookupEnv skip internal/testlog's hook (an atomic load,
	// which would be a scheduling point).
	"os.Getenv": native(whyEnv, func(m *machine, args []value) value {
		v, _ := m.vos().Getenv(args[0].str())
		return strVal(v)
	}),
	"os.LookupEnv": native(whyEnv, func(m *machine, args []value) value {
		v, ok := m.vos().Getenv(args[0].str())
		return tuple(strVal(v), boolVal(ok))
	}),
	"(*os.File).Write":       control(whyStd, stdOrBody("(*os.File).Write", fileWrite)).reads(1), // as syscall.Write does for -race
	"(*os.File).WriteString": control(whyStd, stdOrBody("(*os.File).WriteString", fileWrite)).ownAccesses(),
	"(*os.File).Read": control(whyStd, stdOrBody("(*os.File).Read", func(m *machine, args []value) value {
		return tuple(intVal(0), m.ioEOF())
	})).ownAccesses(),
	"(*os.File).Close": control(whyStd, stdOrBody("(*os.File).Close", func(m *machine, args []value) value { return value{} })).ownAccesses(),
	"(*os.File).Sync":  control(whyStd, stdOrBody("(*os.File).Sync", func(m *machine, args []value) value { return value{} })).ownAccesses(),
	"(*os.File).Fd": control(whyStd, stdOrBody("(*os.File).Fd", func(m *machine, args []value) value {
		fd, _ := m.fileFd(args[0])
		return uintVal(fd)
	})).ownAccesses(),
	"os.StartProcess": control(whyNoPro, refuseProcess("os.StartProcess")).noMemory(whyRefused),
}

// execModels model the one query of package os/exec that needs no
// process: exec.LookPath finds no executable, so that code checking for a
// tool first (internal/testenv.MustHaveGoBuild, "skip unless git is
// installed") skips as on a platform without processes. Every other
// function of os/exec is refused (notRun).
var execModels = modelTable{
	"os/exec.LookPath": native(whyNoPro, func(m *machine, a []value) value {
		return tuple(strVal(""), m.errorsNew(lookPathRefusal(a[0].str())))
	}),
}

// lookPathRefusal is the error of exec.LookPath(file) under vt.
func lookPathRefusal(file string) string {
	return "exec: " + strconv.Quote(file) + ": not found: starting processes is not supported under vt (the virtual OS runs one process)"
}

// stdOrBody models a method of *os.File: std on the standard files, the
// method's own body on every other file.
func stdOrBody(name string, std nativeFn) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		if fd, ok := m.fileFd(args[0]); ok {
			if d, e := m.vos().Describe(int(fd)); e == 0 && d.Kind == vos.KindStd {
				return fr.done(dst, std(m, args))
			}
		}
		body := m.bodyByName(name)
		return fr.callBody(body, args, dst)
	}
}

// refuseProcess refuses a call that would start or reach a process.
func refuseProcess(name string) controlFn {
	return func(fr *frame, _ []value, _ int32) *frame {
		fr.g.m.refuse(fr, name, "starting processes is refused under vt (the virtual OS has one process)")
		return nil
	}
}

// fileWrite writes to the run's standard output or error; other files are
// refused.
func fileWrite(m *machine, args []value) value {
	fd, ok := m.fileFd(args[0])
	var data []byte
	switch d := args[1].unflat().(type) {
	case string:
		data = []byte(d)
	case []byte:
		data = d
	}
	var w io.Writer
	switch {
	case ok && fd == 1:
		w = m.stdout
	case ok && fd == 2:
		m.stdout.Flush()
		w = m.stderr
	default:
		panic(&UnsupportedError{What: "write to a file other than os.Stdout or os.Stderr"})
	}
	w.Write(data)
	m.emit(nil, Event{Kind: EvOutput, G: m.cur, Seq: int64(fd)})
	return tuple(intVal(int64(len(data))), value{})
}

// osFileField returns the index of the field name of os.file, the struct
// an *os.File points to.
func (m *machine) osFileField(name string) int {
	fileT := m.pkg("os").Pkg.Scope().Lookup("File").Type().Underlying().(*types.Struct)
	inner := fileT.Field(0).Type().(*types.Pointer).Elem()
	return fieldIndex(inner, name)
}

// fileFd returns the descriptor of an *os.File value.
func (m *machine) fileFd(f value) (uint64, bool) {
	p := f.ptr()
	if p == nil {
		return 0, false
	}
	inner := p.elems()[0].ptr()
	if inner == nil {
		return 0, false
	}
	innerT := m.prog.typeOf(m.pkg("os").Pkg.Scope().Lookup("File").Type()).fields[0].typ.elem
	pfdIdx := m.osFileField("pfd")
	pfd := inner.elems()[pfdIdx]
	return pfd.elems()[fieldIndex(innerT.fields[pfdIdx].typ.t, "Sysfd")].n, true
}

// ioEOF returns io.EOF of this run.
func (m *machine) ioEOF() value {
	ioPkg := m.pkg("io")
	if ioPkg == nil {
		return value{}
	}
	return *m.global(m.prog.globalIndex(ioPkg.Var("EOF")))
}
