package interp

// Models of package weak's runtime half. The interpreter keeps every
// object its program can reach, and its weak pointers hold the pointer
// they were made from: Value always finds the object, as it does in Go
// until a collection reclaims it (which Go never promises to do). Two
// weak pointers made from equal pointers are equal, as in Go. Weak maps
// over them (unique, crypto/internal/fips140cache) keep their entries.

const whyWeak = "the interpreter collects no object a weak pointer names: the weak pointer is the pointer itself"

var weakModels = modelTable{
	"weak.runtime_registerWeakPointer": native(whyWeak, func(_ *machine, a []value) value { return a[0] }).noMemory("returns its argument, without accessing memory"),
	"weak.runtime_makeStrongFromWeak":  native(whyWeak, func(_ *machine, a []value) value { return a[0] }).noMemory("returns its argument, without accessing memory"),
}
