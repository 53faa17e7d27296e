package interp

// Locals whose address stays in their activation. SSA marks a local Heap
// as soon as its address is taken (x[:], &x.f, &x), although the gc
// compiler keeps most such locals on the stack: a byte buffer that
// strconv formats into and converts to a string, a struct whose fields
// are filled through pointers. Such an Alloc compiled as a heap
// allocation costs a cell and its contents on every execution; one whose
// address provably stays in the activation can live in the frame
// (frame.locals) as a non-escaping local does.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// maxFrameLocal bounds the size (in bytes, as gc lays it out) of a local
// that localAddress keeps in its frame: a recycled frame keeps its locals,
// and the gc compiler moves larger implicit variables to the heap too.
const maxFrameLocal = 64 << 10

// frameLocal reports whether a lives in its frame: SSA's non-escaping
// locals, and Heap locals whose address stays in the activation
// (addressStays), up to maxFrameLocal bytes.
func frameLocal(a *ssa.Alloc) bool {
	if !a.Heap {
		return true
	}
	return gcSizes.Sizeof(deref(a.Type())) <= maxFrameLocal && addressStays(a)
}

// addressStays reports whether every use of the address a yields, and of
// the addresses and slices derived from it, reads or writes the local in
// place, with nothing that could keep the address past the instruction:
// loads, stores to it (not of it), field and element addresses, slicing,
// len and cap, copy, append of its elements to another slice, and the
// conversion of a slice of it to a string (which copies). Anything else
// (a call, a phi, a store of the address, an interface, a comparison, an
// unsafe conversion, a return, a closure) makes it escape.
//
// A frame-local cell is zeroed again each time its Alloc runs, so the
// check also guarantees that no address from an earlier execution is
// live then: without phis or memory, an SSA value that survives a loop's
// back edge does not exist.
func addressStays(a *ssa.Alloc) bool {
	seen := map[ssa.Value]bool{}
	var pointerStays, sliceStays func(v ssa.Value) bool
	pointerStays = func(p ssa.Value) bool {
		if seen[p] {
			return true
		}
		seen[p] = true
		for _, r := range *p.Referrers() {
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.Store:
				if r.Val == p {
					return false
				}
			case *ssa.FieldAddr:
				if !pointerStays(r) {
					return false
				}
			case *ssa.IndexAddr:
				if !pointerStays(r) {
					return false
				}
			case *ssa.Slice:
				if r.X != p || !sliceStays(r) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	sliceStays = func(s ssa.Value) bool {
		if seen[s] {
			return true
		}
		seen[s] = true
		for _, r := range *s.Referrers() {
			switch r := r.(type) {
			case *ssa.IndexAddr:
				if r.X != s || !pointerStays(r) {
					return false
				}
			case *ssa.Slice:
				if r.X != s || !sliceStays(r) {
					return false
				}
			case *ssa.Convert:
				if !isString(r.Type()) {
					return false // only string(s) copies
				}
			case *ssa.Call:
				if !builtinKeeps(r.Common(), s) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	return pointerStays(a)
}

// builtinKeeps reports whether call is a call of a builtin that only reads
// or writes the elements of slice s while it runs: len, cap, copy, and
// append with s as the slice appended (append(x, s...)), not appended to.
func builtinKeeps(call *ssa.CallCommon, s ssa.Value) bool {
	b, ok := call.Value.(*ssa.Builtin)
	if !ok {
		return false
	}
	switch b.Name() {
	case "len", "cap", "copy":
		return true
	case "append":
		return len(call.Args) == 2 && call.Args[0] != s
	}
	return false
}

// isString reports whether t's underlying type is a string type.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
