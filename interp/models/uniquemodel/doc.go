// Package uniquemodel models the runtime's half of packages unique and
// weak: unique.Make canonicalizes values in a table of the run, and a
// weak pointer is the pointer itself (the interpreter collects no object
// a weak pointer names).
package uniquemodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of unique and weak.
var Packages = []model.Package{unique, weak}
