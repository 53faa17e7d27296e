// Package reflectmodel models packages reflect and internal/reflectlite
// over the machine's values, through the models' API: type descriptors,
// and reflect.Value's scalars, fields, pointers, sequences, maps, calls,
// comparisons and conversions.
//
// It holds the models of every method of reflect's type descriptors (and
// reflectlite's), of TypeOf, ValueOf, TypeFor, TypeAssert, Zero, New,
// PointerTo, SliceOf, MapOf, MakeSlice and MakeMap, and of the methods
// of Value that read and set a Value's scalars, follow its fields and
// pointers, box it, index, slice and measure sequences, read and set
// maps' entries, convert, compare and call it (types.go, values.go,
// seqs.go, compare.go, calls.go: Value.Call is a ControlFunc whose Next
// calls the function value). The encoding of Types and
// Values is described in value.go. The rest of reflect (channels, method
// values, iterators, Swapper, MapIter, Append, Copy and Grow, DeepEqual,
// Pointer and UnsafePointer) is still modeled inside the interpreter
// (interp/models_reflect*.go) over the same encoding; see interp/model's
// doc for what its move needs.
package reflectmodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of reflect and internal/reflectlite:
// the interpreter adds its own models of the two packages to them.
var Packages = []model.Package{table(pkgReflect, reflectFuncs, seqFuncs, callFuncs), table(pkgLite)}
