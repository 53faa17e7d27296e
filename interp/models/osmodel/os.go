package osmodel

// Models of package os. Files, pipes, directories and the environment
// are the virtual OS's: os runs from source over its system calls. The
// standard files keep a fast path (no scheduling point, no event), as
// before the virtual OS: writing to os.Stdout or os.Stderr writes to the
// run's output; os.Stdin is empty. Starting processes is refused.

import (
	"strconv"

	"github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

const (
	whyStd   = "the standard files are the run's output and an empty input (no scheduling point); other files run from source"
	whyNoPro = "starting, finding and signaling processes is refused: the virtual OS has one process"
)

var osFuncs = map[string]model.Func{
	"os.runtime_args": native(model.NoBody, func(m M, _ []V) V {
		args := m.Args()
		if len(args) == 0 {
			args = []string{"main"}
		}
		return strSlice(m, args)
	}),
	"os.runtime_rand":       native(model.NoBody, runtimeRand),
	"os.runtime_beforeExit": native(model.NoBody, func(M, []V) V { return nothing }),
	"os.sigpipe":            native(model.NoBody, func(M, []V) V { return nothing }),
	"os.Exit": native("ends the run with the code", func(m M, a []V) V {
		m.Exit(int(a[0].Int()))
		return nothing
	}),
	// Getenv and LookupEnv skip internal/testlog's hook (an atomic load,
	// which would be a scheduling point).
	"os.Getenv": native(whyEnv, func(m M, a []V) V {
		v, _ := m.OS().Getenv(m.String(a[0]))
		return m.MakeString(v)
	}),
	"os.LookupEnv": native(whyEnv, func(m M, a []V) V {
		v, ok := m.OS().Getenv(m.String(a[0]))
		return m.MakeTuple(m.MakeString(v), mkBool(ok))
	}),
	"(*os.File).Write": reads(control(whyStd, stdOrBody(func(m M, a []V) V { // reads as syscall.Write does for -race
		return fileWrite(m, a[0], m.Bytes(a[1]))
	})), 1),
	"(*os.File).WriteString": own(control(whyStd, stdOrBody(func(m M, a []V) V {
		return fileWrite(m, a[0], []byte(m.String(a[1])))
	}))),
	"(*os.File).Read": own(control(whyStd, stdOrBody(func(m M, _ []V) V {
		eof, _ := global(m, "io", "EOF")
		return m.MakeTuple(mkInt(0), eof)
	}))),
	"(*os.File).Close": own(control(whyStd, stdOrBody(func(M, []V) V { return nothing }))),
	"(*os.File).Sync":  own(control(whyStd, stdOrBody(func(M, []V) V { return nothing }))),
	"(*os.File).Fd": own(control(whyStd, stdOrBody(func(m M, a []V) V {
		fd, _ := fileFd(m, a[0])
		return mkUint(fd)
	}))),
	"os.StartProcess": none(control(whyNoPro, refuseProcess("os.StartProcess")), whyRefused),
}

// execFuncs model the one query of package os/exec that needs no
// process: exec.LookPath finds no executable, so that code checking for a
// tool first (internal/testenv.MustHaveGoBuild, "skip unless git is
// installed") skips as on a platform without processes. Every other
// function of os/exec is refused (the interpreter's notRun).
var execFuncs = map[string]model.Func{
	"os/exec.LookPath": native(whyNoPro, func(m M, a []V) V {
		return m.MakeTuple(m.MakeString(""), errorsNew(m, LookPathRefusal(m.String(a[0]))))
	}),
}

// LookPathRefusal is the error of exec.LookPath(file) under vt.
func LookPathRefusal(file string) string {
	return "exec: " + strconv.Quote(file) + ": not found: starting processes is not supported under vt (the virtual OS runs one process)"
}

// stdOrBody models a method of *os.File: std on the standard files, the
// method's own body on every other file.
func stdOrBody(std func(m M, a []V) V) model.ControlFunc {
	return func(m M, a []V) model.Next {
		if fd, ok := fileFd(m, a[0]); ok {
			if d, e := m.OS().Describe(int(fd)); e == 0 && d.Kind == vos.KindStd {
				return done(std(m, a))
			}
		}
		return model.Next{Body: true}
	}
}

// refuseProcess refuses a call that would start or reach a process.
func refuseProcess(name string) model.ControlFunc {
	return func(m M, _ []V) model.Next {
		m.Refuse(name, "starting processes is refused under vt (the virtual OS has one process)")
		return stop
	}
}

// fileWrite writes data to the run's standard output or error (the file
// f); other files are refused.
func fileWrite(m M, f V, data []byte) V {
	fd, ok := fileFd(m, f)
	if !ok || fd != 1 && fd != 2 {
		m.Refuse("", "write to a file other than os.Stdout or os.Stderr")
	}
	m.Output(int(fd), data, true)
	return m.MakeTuple(mkInt(int64(len(data))), noErr)
}

// fileFd returns the descriptor of an *os.File value f: its
// file.pfd.Sysfd.
func fileFd(m M, f V) (uint64, bool) {
	if f.IsNil() {
		return 0, false
	}
	inner := m.Load(m.Field(f, 0))
	if inner.IsNil() {
		return 0, false
	}
	fileT := namedType(m, "os", "File")
	innerT := fileT.Field(0).Elem()
	pfd := fieldIndex(innerT.Go(), "pfd")
	pfdT := innerT.Field(pfd)
	return m.Load(m.Field(m.Field(inner, pfd), fieldIndex(pfdT.Go(), "Sysfd"))).Uint(), true
}
