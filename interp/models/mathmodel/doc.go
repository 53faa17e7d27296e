// Package mathmodel models math and math/bits as host calls of pure
// leaves, with the compiled program's results.
package mathmodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of math and math/bits.
var Packages = []model.Package{
	{Path: "math", Funcs: mathFuncs},
	{Path: "math/bits", Funcs: bitsFuncs},
}
