// Package strmodel models strings and strconv as host calls of pure
// leaves over immutable arguments, with the compiled program's results.
package strmodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of strings, strconv and
// internal/strconv.
var Packages = []model.Package{
	{Path: "strings", Funcs: stringsFuncs},
	{Path: "strconv", Funcs: strconvFuncs},
	{Path: "internal/strconv", Funcs: internalStrconvFuncs},
}
