// Package spewmodel models go-spew (and its copy inside testify), which
// reaches into reflect.Value's flag word with pointer arithmetic.
package spewmodel

import "github.com/vtcheck/vt/interp/model"

// go-spew reads unexported fields through reflect.Value with unsafe: its
// init only measures the flag word's offset, and unsafeReflectValue
// clears the read-only bits, which the reflect model keeps in reflect's
// own layout.

// Packages are the tables of models of go-spew and of testify's copy of
// it.
var Packages = []model.Package{
	spew("github.com/stretchr/testify/internal/spew"),
	spew("github.com/davecgh/go-spew/spew"),
}

// whyMem is the memory declaration of the models: they rewrite the words
// of the reflect.Value they are given, a value.
const whyMem = "works on the words of the reflect.Value it is given, a value"

// reflect.Value's flag bits (reflect/value.go): the read-only bits and
// the bit of an addressable value.
const (
	flagStickyRO = 1 << 5
	flagEmbedRO  = 1 << 6
	flagAddr     = 1 << 8
)

// spew returns the table of the copy of go-spew at path.
func spew(path string) model.Package {
	return model.Package{Path: path, Mem: model.Mem{None: whyMem}, Funcs: map[string]model.Func{
		path + ".init#1": {Why: "measures reflect.Value's layout with unsafe", Native: func(model.Machine, []model.Value) model.Value {
			return model.Value{}
		}},
		path + ".unsafeReflectValue": {Why: "rewrites reflect.Value's flag word with unsafe", Native: unsafeReflectValue},
	}}
}

// unsafeReflectValue returns the reflect.Value args[0] (its type, its
// pointer and its flag) with its read-only bits cleared and addressable.
func unsafeReflectValue(m model.Machine, args []model.Value) model.Value {
	fs := m.Elems(args[0])
	if len(fs) != 3 || fs[0].IsNil() {
		return args[0]
	}
	return m.MakeStruct(fs[0], fs[1], model.MakeUint(fs[2].Uint()&^(flagStickyRO|flagEmbedRO)|flagAddr))
}
