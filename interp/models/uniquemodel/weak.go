package uniquemodel

import "github.com/vtcheck/vt/interp/model"

// The runtime's half of package weak. The interpreter keeps every object
// its program can reach, and its weak pointers hold the pointer they
// were made from: Value always finds the object, as it does in Go until
// a collection reclaims it (which Go never promises to do). Two weak
// pointers made from equal pointers are equal, as in Go. Weak maps over
// them (unique, crypto/internal/fips140cache) keep their entries.

const whyWeak = "the interpreter collects no object a weak pointer names: the weak pointer is the pointer itself"

// same returns its argument.
func same(_ model.Machine, a []model.Value) model.Value { return a[0] }

var weak = model.Package{Path: "weak", Mem: model.Mem{None: "returns its argument, without accessing memory"}, Funcs: map[string]model.Func{
	"weak.runtime_registerWeakPointer": {Why: whyWeak, Native: same},
	"weak.runtime_makeStrongFromWeak":  {Why: whyWeak, Native: same},
}}
