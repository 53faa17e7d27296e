package interp

import (
	"go/types"
	"io"
	"strings"
)

// Models of package os: the standard files write to the run's stdout and
// stderr; stdin is empty. Everything that would reach the operating system
// beyond that is refused (no model).

const whyOS = "the operating system is modeled: the run's own arguments, environment and standard files"

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
	"os.Exit": native("ends the run with the code", func(m *machine, args []value) value {
		panic(exitError{code: int(args[0].int())})
	}),
	"os.Getenv": native(whyOS, func(m *machine, args []value) value {
		v, _ := m.lookupEnv(args[0].str())
		return strVal(v)
	}),
	"os.LookupEnv": native(whyOS, func(m *machine, args []value) value {
		v, ok := m.lookupEnv(args[0].str())
		return tuple(strVal(v), boolVal(ok))
	}),
	"os.NewFile": native(whyOS, func(m *machine, args []value) value {
		return m.newFile(args[0].n, args[1].str())
	}),
	"(*os.File).Write":       native(whyOS, fileWrite).reads(1), // as syscall.Write does for -race
	"(*os.File).WriteString": native(whyOS, fileWrite).noMemory(whyFileFields),
	"(*os.File).Read": native("standard input is empty", func(m *machine, args []value) value {
		return tuple(intVal(0), m.ioEOF())
	}).noMemory("standard input is empty: nothing is written"),
	"(*os.File).Close": native(whyOS, func(m *machine, args []value) value { return value{} }).noMemory(whyFileFields),
	"(*os.File).Sync":  native(whyOS, func(m *machine, args []value) value { return value{} }).noMemory(whyFileFields),
	"(*os.File).Fd": native(whyOS, func(m *machine, args []value) value {
		fd, _ := m.fileFd(args[0])
		return uintVal(fd)
	}).noMemory(whyFileFields),
	"(*os.File).Name": native(whyOS, func(m *machine, args []value) value {
		p := args[0].ptr()
		if p == nil {
			panic(nilDeref)
		}
		inner := p.elems()[0].ptr()
		return inner.elems()[m.prog.osFileField("name")]
	}).noMemory(whyFileFields),
}

// whyFileFields is the memory declaration of the models of *os.File's
// methods: they read the file's descriptor and name, set when it was
// created.
const whyFileFields = "reads the file's descriptor and name, which never change after it is created"

var syscallModels = modelTable{
	// syscall's init would set Stdin, Stdout and Stderr, which os's init
	// reads; the rest of it talks to the operating system.
	"syscall.init": native("sets the standard descriptors only", func(m *machine, _ []value) value {
		sp := m.prog.SSA.ImportedPackage("syscall")
		for fd, name := range []string{"Stdin", "Stdout", "Stderr"} {
			if g := sp.Var(name); g != nil {
				*m.global(m.prog.globalIndex(g)) = intVal(int64(fd))
			}
		}
		return value{}
	}),
	"syscall.runtime_envs": native(noBody, func(m *machine, _ []value) value {
		es := make([]value, len(m.opts.Env))
		for i, kv := range m.opts.Env {
			es[i] = strVal(kv)
		}
		return value{r: es}
	}),
}

// fileWrite writes to the run's standard output or error; other files are
// refused.
func fileWrite(m *machine, args []value) value {
	fd, ok := m.fileFd(args[0])
	var data []byte
	switch d := args[1].r.(type) {
	case string:
		data = []byte(d)
	case []value:
		data = make([]byte, len(d))
		for i, b := range d {
			data[i] = byte(b.n)
		}
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
	return tuple(intVal(int64(len(data))), value{})
}

// envVar is an environment variable as a run set it: a value, or unset.
type envVar struct {
	v   string
	set bool
}

// setEnv sets (or, with !set, unsets) the run's environment variable k.
func (m *machine) setEnv(k, v string, set bool) {
	if m.env == nil {
		m.env = map[string]envVar{}
	}
	m.env[k] = envVar{v, set}
}

func (m *machine) lookupEnv(k string) (string, bool) {
	if e, ok := m.env[k]; ok {
		return e.v, e.set
	}
	for _, kv := range m.opts.Env {
		if key, v, ok := strings.Cut(kv, "="); ok && key == k {
			return v, true
		}
	}
	return "", false
}

// newFile builds an *os.File for descriptor fd.
func (m *machine) newFile(fd uint64, name string) value {
	p := m.prog
	osPkg := p.SSA.ImportedPackage("os")
	fileT := p.typeOf(osPkg.Pkg.Scope().Lookup("File").Type())
	innerT := fileT.fields[0].typ.elem // *file
	inner := zero(innerT)
	inner.elems()[p.osFileField("name")] = strVal(name)
	pfd := inner.elems()[p.osFileField("pfd")]
	pfdT := innerT.fields[p.osFileField("pfd")].typ
	pfd.elems()[fieldIndex(pfdT.t, "Sysfd")] = intVal(int64(fd))
	outer := zero(fileT)
	outer.elems()[0] = value{r: &inner}
	return value{r: &outer}
}

func (p *Program) osFileField(name string) int {
	osPkg := p.SSA.ImportedPackage("os")
	fileT := osPkg.Pkg.Scope().Lookup("File").Type().Underlying().(*types.Struct)
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
	innerT := m.prog.typeOf(m.prog.SSA.ImportedPackage("os").Pkg.Scope().Lookup("File").Type()).fields[0].typ.elem
	pfdIdx := m.prog.osFileField("pfd")
	pfd := inner.elems()[pfdIdx]
	return pfd.elems()[fieldIndex(innerT.fields[pfdIdx].typ.t, "Sysfd")].n, true
}

// ioEOF returns io.EOF of this run.
func (m *machine) ioEOF() value {
	ioPkg := m.prog.SSA.ImportedPackage("io")
	if ioPkg == nil {
		return value{}
	}
	return *m.global(m.prog.globalIndex(ioPkg.Var("EOF")))
}
