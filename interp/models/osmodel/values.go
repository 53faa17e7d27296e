package osmodel

// The program's values of the system calls: errors, structs filled as
// the kernel fills them, byte buffers, socket addresses.

import (
	"go/types"
	"reflect"
	"syscall"

	"github.com/vtcheck/vt/interp/model"
)

// M and V abbreviate the API's machine and values.
type (
	M = model.Machine
	V = model.Value
)

// native and control make models of the reason why.
func native(why string, f model.NativeFunc) model.Func {
	return model.Func{Why: why, Native: f}
}

func control(why string, f model.ControlFunc) model.Func {
	return model.Func{Why: why, Control: f}
}

// withMem returns f with the memory declaration u.
func withMem(f model.Func, u model.Mem) model.Func { f.Mem = u; return f }

// none declares that a model makes no access the race detector checks,
// and why; own that it reports its accesses itself; reads and writes the
// arguments whose elements it reads or writes.
func none(f model.Func, why string) model.Func { return withMem(f, model.Mem{None: why}) }
func own(f model.Func) model.Func              { return withMem(f, model.Mem{Own: true}) }
func reads(f model.Func, i ...int) model.Func  { return withMem(f, model.Mem{Reads: i}) }
func writes(f model.Func, i ...int) model.Func { return withMem(f, model.Mem{Writes: i}) }

// done is the Next of a call that returns res.
func done(res V) model.Next { return model.Next{Result: res} }

// stop is the Next of a call that stopped at a scheduling point.
var stop = model.Next{Stop: true}

// nothing is the zero Value: nil, 0, no error.
var nothing V

func mkInt(i int64) V   { return model.MakeInt(i) }
func mkUint(u uint64) V { return model.MakeUint(u) }
func mkBool(b bool) V   { return model.MakeBool(b) }

// errnoVal returns the error value of e (nil for 0).
func errnoVal(m M, e syscall.Errno) V {
	if e == 0 {
		return nothing
	}
	return m.MakeInterface(namedType(m, "syscall", "Errno"), mkUint(uint64(e)))
}

// namedType returns the named type name of package path of the program.
func namedType(m M, path, name string) model.Type {
	t := m.LookupType(path, name)
	if t == nil {
		panic("osmodel: package " + path + " not loaded (need " + path + "." + name + ")")
	}
	return t
}

// pointerTo returns the type *t.
func pointerTo(m M, t model.Type) model.Type { return m.TypeOf(types.NewPointer(t.Go())) }

// strSlice returns the []string of ss.
func strSlice(m M, ss []string) V {
	es := make([]V, len(ss))
	for i, s := range ss {
		es[i] = m.MakeString(s)
	}
	return m.MakeSlice(es)
}

// errorsNew returns the value errors.New(msg) returns: a fresh
// *errors.errorString in an error interface.
func errorsNew(m M, msg string) V {
	t := m.LookupType("errors", "errorString")
	if t == nil {
		m.Refuse("an error value of package errors", "the program does not load package errors")
	}
	return m.MakeInterface(pointerTo(m, t), m.New(t, m.MakeStruct(m.MakeString(msg))))
}

// global returns the value of the package-level variable pkg.name of the
// program (nil if it has none).
func global(m M, pkg, name string) (V, model.Type) {
	p, t := m.Global(pkg, name)
	if t == nil {
		return nothing, nil
	}
	return m.Load(p), t
}

// fieldIndex returns the index of the field name of the struct type t.
func fieldIndex(t types.Type, name string) int {
	st := t.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	panic("osmodel: no field " + name + " in " + t.String())
}

// isByteKind reports whether k is a kind of one-byte scalars, which the
// machine keeps in byte arrays.
func isByteKind(k reflect.Kind) bool {
	return k == reflect.Bool || k == reflect.Int8 || k == reflect.Uint8
}

// storeHost stores the host value hv (a struct of package syscall, whose
// layout the program's own syscall package has) into the variable p
// points to, of type t, as a system call fills the struct the caller
// passes.
func storeHost(m M, p V, t model.Type, hv reflect.Value) {
	if p.IsNil() {
		m.RuntimeError("invalid memory address or nil pointer dereference")
	}
	switch hv.Kind() {
	case reflect.Array:
		if isByteKind(t.Elem().Kind()) {
			b := make([]byte, hv.Len())
			for i := range b {
				if e := hv.Index(i); e.CanInt() {
					b[i] = byte(e.Int())
				} else {
					b[i] = byte(e.Uint())
				}
			}
			m.SetBytes(m.Load(p), b)
			return
		}
		arr := m.Load(p)
		for i := range hv.Len() {
			storeHost(m, m.ElemPtr(arr, i), t.Elem(), hv.Index(i))
		}
	case reflect.Struct:
		for i := range t.NumField() {
			storeHost(m, m.Field(p, i), t.Field(i), hv.Field(i))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		m.Store(p, mkInt(hv.Int()), t)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		m.Store(p, mkUint(hv.Uint()), t)
	}
}

// readUser returns a copy of the bytes of the []byte b, reporting the
// read of n of them (all if n < 0).
func readUser(m M, b V, n int) []byte {
	src := m.Bytes(b)
	if n < 0 || n > len(src) {
		n = len(src)
	}
	m.AccessBytes(false, src[:n])
	return append([]byte(nil), src[:n]...)
}

// writeUser writes data into the []byte b (which is long enough),
// reporting the write.
func writeUser(m M, b V, data []byte) {
	if len(data) == 0 {
		return
	}
	m.AccessBytes(true, m.Bytes(b)[:len(data)])
	m.SetBytes(b, data)
}

// tupleErr returns the result of n values of a call that fails with
// err: zero values, then err.
func tupleErr(m M, n int, err V) V {
	if n <= 1 {
		return err
	}
	vs := make([]V, n)
	vs[n-1] = err
	return m.MakeTuple(vs...)
}

// isErrno reports whether err is the error value of e.
func isErrno(m M, err V, e syscall.Errno) bool {
	t, v := m.Dynamic(err)
	return t != nil && t.Kind() == reflect.Uintptr && syscall.Errno(v.Uint()) == e
}
