// Package reflectmodel models packages reflect and internal/reflectlite
// over the machine's values: type descriptors, and reflect.Value's kind,
// scalars, fields, pointers and boxing, through the models' API.
//
// It holds the models of every method of reflect's type descriptors (and
// reflectlite's), of TypeOf, ValueOf, TypeFor, TypeAssert, Zero, New,
// PointerTo, SliceOf and MapOf, and of the methods of Value that read
// and set a Value's scalars, follow its fields and pointers and box it.
// The encoding of Types and Values is described in value.go. The rest of
// reflect (indexing, lengths, maps, channels, calls, iteration,
// conversion, DeepEqual, Swapper) is still modeled inside the
// interpreter (interp/models_reflect*.go) over the same encoding; see
// interp/model's doc for what its move needs.
package reflectmodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of reflect and internal/reflectlite:
// the interpreter adds its own models of the two packages to them.
var Packages = []model.Package{table(pkgReflect, reflectFuncs), table(pkgLite, map[string]model.Func{})}
