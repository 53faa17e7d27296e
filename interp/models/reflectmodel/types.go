package reflectmodel

import (
	"go/token"
	"go/types"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/vtcheck/vt/interp/model"
)

// The methods of reflect's type descriptors (and reflectlite's): what Go
// says of the type (go/types), and its layout as the machine has it.

// A typeMethod is the model of a method of the descriptor t, a Type of
// package pk, with the arguments a after the receiver.
type typeMethod func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value

// typeMethods are the models of the methods of reflect's rtype (and
// reflectlite's), by name.
var typeMethods = map[string]typeMethod{
	"CanSeq": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeBool(canSeq(t, 1))
	},
	"CanSeq2": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeBool(canSeq(t, 2))
	},
	"Kind": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeUint(uint64(t.Kind()))
	},
	"String": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return m.MakeString(t.String())
	},
	"Name": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return m.MakeString(typeName(t))
	},
	"PkgPath": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return m.MakeString(typePkgPath(t))
	},
	"Size": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeUint(uint64(t.Size()))
	},
	"Align": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeUint(uint64(t.Align()))
	},
	"FieldAlign": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeUint(uint64(t.Align()))
	},
	"Bits": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if k := t.Kind(); k < reflect.Int || k > reflect.Complex128 {
			m.Panic("reflect: Bits of non-arithmetic Type " + t.String())
		}
		return model.MakeInt(t.Size() * 8)
	},
	"Comparable": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeBool(t.Comparable())
	},
	"Elem": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan, reflect.Map:
			return typeVal(m, pk, t.Elem())
		}
		m.Panic("reflect: Elem of invalid type " + t.String())
		return model.Value{}
	},
	"Key": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if t.Kind() != reflect.Map {
			m.Panic("reflect: Key of non-map type " + t.String())
		}
		return typeVal(m, pk, t.Key())
	},
	"Len": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if t.Kind() != reflect.Array {
			m.Panic("reflect: Len of non-array type " + t.String())
		}
		return model.MakeInt(int64(t.Len()))
	},
	"NumField": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if t.Kind() != reflect.Struct {
			m.Panic("reflect: NumField of non-struct type " + t.String())
		}
		return model.MakeInt(int64(t.NumField()))
	},
	"Field": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return structField(m, pk, t, int(a[0].Int()), nil)
	},
	"FieldByName": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if t.Kind() != reflect.Struct {
			m.Panic("reflect: FieldByName of non-struct type " + t.String())
		}
		path := fieldPath(t, m.String(a[0]))
		if path == nil {
			return m.MakeTuple(m.Zero(m.LookupType(pkgReflect, "StructField")), model.MakeBool(false))
		}
		ft := t
		for _, i := range path[:len(path)-1] {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			ft = ft.Field(i)
		}
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		return m.MakeTuple(structField(m, pk, ft, path[len(path)-1], path), model.MakeBool(true))
	},
	"NumMethod": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeInt(int64(len(methodsOf(t))))
	},
	"OverflowInt": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if !isInt(t.Kind()) {
			m.Panic("reflect: OverflowInt of non-int type " + t.String())
		}
		return model.MakeBool(overflowInt(t, a[0].Int()))
	},
	"OverflowUint": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if !isUint(t.Kind()) {
			m.Panic("reflect: OverflowUint of non-uint type " + t.String())
		}
		return model.MakeBool(overflowUint(t, a[0].Uint()))
	},
	"OverflowFloat": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		if !isFloat(t.Kind()) {
			m.Panic("reflect: OverflowFloat of non-float type " + t.String())
		}
		return model.MakeBool(overflowFloat(t, a[0].Float()))
	},
	"Method": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return methodVal(m, pk, t, int(a[0].Int()))
	},
	"MethodByName": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		name := m.String(a[0])
		for i, mi := range methodsOf(t) {
			if mi.name == name {
				return m.MakeTuple(methodVal(m, pk, t, i), model.MakeBool(true))
			}
		}
		mt := m.LookupType(pkgReflect, "Method")
		return m.MakeTuple(structOf(m, mt, map[string]model.Value{"Func": rval{}.encode(m)}), model.MakeBool(false))
	},
	"Implements": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		u := typeArg(m, pk, a[0])
		if u == nil {
			m.Panic("reflect: nil type passed to Type.Implements")
		}
		if u.Kind() != reflect.Interface {
			m.Panic("reflect: non-interface type passed to Type.Implements")
		}
		return model.MakeBool(t.Implements(u))
	},
	"AssignableTo": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		u := typeArg(m, pk, a[0])
		if u == nil {
			m.Panic("reflect: nil type passed to Type.AssignableTo")
		}
		return model.MakeBool(t == u || types.AssignableTo(t.Go(), u.Go()))
	},
	"ConvertibleTo": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		u := typeArg(m, pk, a[0])
		if u == nil {
			m.Panic("reflect: nil type passed to Type.ConvertibleTo")
		}
		return model.MakeBool(types.ConvertibleTo(t.Go(), u.Go()))
	},
	"NumIn": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeInt(int64(sig(m, t, "NumIn").Params().Len()))
	},
	"NumOut": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeInt(int64(sig(m, t, "NumOut").Results().Len()))
	},
	"In": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		ps := sig(m, t, "In").Params()
		i := int(a[0].Int())
		if i < 0 || i >= ps.Len() {
			m.Panic("reflect: Function index out of range")
		}
		return typeVal(m, pk, m.TypeOf(ps.At(i).Type()))
	},
	"Out": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		rs := sig(m, t, "Out").Results()
		i := int(a[0].Int())
		if i < 0 || i >= rs.Len() {
			m.Panic("reflect: Function index out of range")
		}
		return typeVal(m, pk, m.TypeOf(rs.At(i).Type()))
	},
	"IsVariadic": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		return model.MakeBool(sig(m, t, "IsVariadic").Variadic())
	},
	"ChanDir": func(m model.Machine, pk string, t model.Type, a []model.Value) model.Value {
		c, ok := t.Go().Underlying().(*types.Chan)
		if !ok {
			m.Panic("reflect: ChanDir of non-chan type " + t.String())
		}
		switch c.Dir() {
		case types.SendOnly:
			return model.MakeInt(int64(reflect.SendDir))
		case types.RecvOnly:
			return model.MakeInt(int64(reflect.RecvDir))
		}
		return model.MakeInt(int64(reflect.BothDir))
	},
}

// overflowInt, overflowUint and overflowFloat report whether v does not
// fit t, a type of integers, of unsigned integers, of floats.
func overflowInt(t model.Type, v int64) bool {
	bits := uint(t.Size() * 8)
	return v != (v<<(64-bits))>>(64-bits)
}

func overflowUint(t model.Type, v uint64) bool {
	bits := uint(t.Size() * 8)
	return v != (v<<(64-bits))>>(64-bits)
}

func overflowFloat(t model.Type, v float64) bool {
	if t.Kind() == reflect.Float32 {
		f := math.Abs(v)
		return math.MaxFloat32 < f && f <= math.MaxFloat64
	}
	return false
}

// sig returns the signature of the function type t, panicking as reflect
// does for another type.
func sig(m model.Machine, t model.Type, method string) *types.Signature {
	s, ok := t.Go().Underlying().(*types.Signature)
	if !ok {
		m.Panic("reflect: " + method + " of non-func type " + t.String())
	}
	return s
}

// structField returns reflect.StructField of the field i of struct type
// t (a Type of package pk), its Index path (i alone for nil).
func structField(m model.Machine, pk string, t model.Type, i int, path []int) model.Value {
	if t.Kind() != reflect.Struct {
		m.Panic("reflect: Field of non-struct type " + t.String())
	}
	if i < 0 || i >= t.NumField() {
		m.Panic("reflect: Field index out of bounds")
	}
	st := t.Go().Underlying().(*types.Struct)
	f := st.Field(i)
	pkgPath := ""
	if !f.Exported() && f.Pkg() != nil {
		pkgPath = reflectPkgPath(f.Pkg())
	}
	if path == nil {
		path = []int{i}
	}
	idx := make([]model.Value, len(path))
	for j, k := range path {
		idx[j] = model.MakeInt(int64(k))
	}
	return structOf(m, m.LookupType(pkgReflect, "StructField"), map[string]model.Value{
		"Name":      m.MakeString(f.Name()),
		"PkgPath":   m.MakeString(pkgPath),
		"Type":      typeVal(m, pk, t.Field(i)),
		"Tag":       m.MakeString(st.Tag(i)),
		"Offset":    model.MakeUint(uint64(t.Offset(i))),
		"Index":     m.MakeSlice(idx),
		"Anonymous": model.MakeBool(f.Embedded()),
	})
}

// fieldPath finds the field name of struct type t as reflect's
// FieldByName does: the shallowest unique match through embedded structs.
func fieldPath(t model.Type, name string) []int {
	type entry struct {
		t    model.Type
		path []int
	}
	level := []entry{{t, nil}}
	visited := map[model.Type]bool{}
	for len(level) > 0 {
		var found []int
		count := 0
		var next []entry
		for _, e := range level {
			if visited[e.t] {
				continue
			}
			visited[e.t] = true
			st := e.t.Go().Underlying().(*types.Struct)
			for i := range st.NumFields() {
				f := st.Field(i)
				path := append(append([]int(nil), e.path...), i)
				if f.Name() == name {
					count++
					found = path
					continue
				}
				if f.Embedded() {
					ft := e.t.Field(i)
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if ft.Kind() == reflect.Struct {
						next = append(next, entry{ft, path})
					}
				}
			}
		}
		if count == 1 {
			return found
		}
		if count > 1 {
			return nil
		}
		level = next
	}
	return nil
}

// A methodInfo is a method as reflect numbers them: its name, its package
// path (unexported methods of interfaces), signature and types.Id.
type methodInfo struct {
	name, pkgPath, id string
	sig               *types.Signature
}

// methodsOf lists t's methods as reflect numbers them: exported methods
// sorted by name, or all methods of an interface type.
func methodsOf(t model.Type) []methodInfo {
	var ms []methodInfo
	if it, ok := t.Go().Underlying().(*types.Interface); ok {
		for i := range it.NumMethods() {
			f := it.Method(i)
			mi := methodInfo{name: f.Name(), id: f.Id(), sig: f.Type().(*types.Signature)}
			if !f.Exported() && f.Pkg() != nil {
				mi.pkgPath = reflectPkgPath(f.Pkg())
			}
			ms = append(ms, mi)
		}
	} else {
		mset := types.NewMethodSet(t.Go())
		for i := range mset.Len() {
			sel := mset.At(i)
			if !sel.Obj().Exported() {
				continue
			}
			ms = append(ms, methodInfo{name: sel.Obj().Name(), id: sel.Obj().Id(), sig: sel.Type().(*types.Signature)})
		}
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].name < ms[j].name })
	return ms
}

// methodVal returns the reflect.Method of t's method i, t a Type of
// package pk.
func methodVal(m model.Machine, pk string, t model.Type, i int) model.Value {
	ms := methodsOf(t)
	if i < 0 || i >= len(ms) {
		m.Panic("reflect: Method index out of range")
	}
	mi := ms[i]
	mt := m.LookupType(pkgReflect, "Method")
	fs := map[string]model.Value{
		"Name":    m.MakeString(mi.name),
		"PkgPath": m.MakeString(mi.pkgPath),
		"Index":   model.MakeInt(int64(i)),
	}
	if t.Kind() == reflect.Interface {
		fs["Type"] = typeVal(m, pk, m.TypeOf(types.NewSignatureType(nil, nil, nil, mi.sig.Params(), mi.sig.Results(), mi.sig.Variadic())))
		fs["Func"] = rval{}.encode(m)
		return structOf(m, mt, fs)
	}
	params := []*types.Var{types.NewVar(token.NoPos, nil, "", t.Go())}
	for j := range mi.sig.Params().Len() {
		params = append(params, mi.sig.Params().At(j))
	}
	ft := m.TypeOf(types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), mi.sig.Results(), mi.sig.Variadic()))
	fs["Type"] = typeVal(m, pk, ft)
	fs["Func"] = newRval(m, ft, m.MethodFunc(t, mi.id), 0).encode(m)
	return structOf(m, mt, fs)
}

// typeName is Type.Name: a defined type's name (with its type
// arguments), a basic type's, or "".
func typeName(t model.Type) string {
	switch tt := types.Unalias(t.Go()).(type) {
	case *types.Named:
		s := t.String()
		if pkg := tt.Obj().Pkg(); pkg != nil {
			s = strings.TrimPrefix(s, pkg.Name()+".")
		}
		return s
	case *types.Basic:
		return t.String()
	}
	return ""
}

// typePkgPath is Type.PkgPath: the package path of a defined type, or "".
func typePkgPath(t model.Type) string {
	if n, ok := types.Unalias(t.Go()).(*types.Named); ok && n.Obj().Pkg() != nil {
		return reflectPkgPath(n.Obj().Pkg())
	}
	return ""
}

// reflectPkgPath is the import path reflect reports for pkg: "main" for
// the main package, whatever its module path.
func reflectPkgPath(pkg *types.Package) string {
	if pkg.Name() == "main" {
		return "main"
	}
	return pkg.Path()
}

// canRangeFunc reports whether t is the type of an iterator function
// whose yield takes n parameters: func(func(T...) bool).
func canRangeFunc(t model.Type, n int) bool {
	if t.Kind() != reflect.Func {
		return false
	}
	sig := t.Go().Underlying().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || y.Params().Len() != n || y.Results().Len() != 1 {
		return false
	}
	b, ok := y.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// canSeq is Type.CanSeq (n 1) and CanSeq2 (n 2).
func canSeq(t model.Type, n int) bool {
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint, reflect.Uintptr, reflect.Chan:
		return n == 1
	case reflect.Array, reflect.Slice, reflect.String, reflect.Map:
		return true
	case reflect.Func:
		return canRangeFunc(t, n)
	case reflect.Pointer:
		return t.Elem().Kind() == reflect.Array
	}
	return false
}
