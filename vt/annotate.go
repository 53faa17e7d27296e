package vt

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"sync"

	"github.com/vtcheck/vt/internal/perm"
)

// Permission regions (Westbrook et al.; Mercer et al.'s JPF-HJ) announce how
// a goroutine uses shared memory: between AcquireR(x) and ReleaseR(x) it
// reads x, between AcquireW(x) and ReleaseW(x) it writes (and reads) x.
// Regions of different goroutines on the same location conflict unless all
// of them are read regions; the rules are the state machine of package
// internal/perm.
//
// Under vt.Check the interpreter intercepts these functions by name and turns
// them into events (and scheduling points) of the search. In a plain go test
// or program they check the state machine dynamically, per goroutine, and
// panic on a violation with a message that names both goroutines and both
// operations. The dynamic check only sees the interleaving that happens to
// run; vt explores the others.
//
// Regions order nothing. Under vt an annotation is no synchronization: a
// conflict is verdict "region", and accesses inside regions race as they
// would without the annotations. The native check keeps its table under
// a mutex, and Go's race detector sees that mutex: under go test -race two
// regions that happen to run one after the other are ordered by it, which
// can hide a race that vt reports. (The race runtime offers no way to keep
// the table's own accesses and its lock out of its analysis.)
//
// Locations. A location is an address together with the type stored there:
// AcquireW(p) for a pointer p is the location *p; AcquireW(m) for a map or
// channel is that map or channel; AcquireW(s) for a slice is the slice as a
// whole, distinct from its elements. AcquireWAt(s, i) is the location of
// s[i], the same as AcquireW(&s[i]), so sub-slices that share elements share
// their permissions. Element ranges are half-open, [lo, hi), Go's convention
// (HJlib's ranges are inclusive). An index or range outside the slice
// panics. The element functions accept a slice or a pointer to an array.

// AcquireR enters a read region on x (a pointer, map, channel or slice as a
// whole).
func AcquireR(x any) { object("AcquireR", perm.AcquireR, x) }

// AcquireW enters a write region on x (a pointer, map, channel or slice as a
// whole).
func AcquireW(x any) { object("AcquireW", perm.AcquireW, x) }

// ReleaseR leaves a read region on x entered with AcquireR.
func ReleaseR(x any) { object("ReleaseR", perm.ReleaseR, x) }

// ReleaseW leaves a write region on x entered with AcquireW.
func ReleaseW(x any) { object("ReleaseW", perm.ReleaseW, x) }

// AcquireRAt enters a read region on element i of s.
func AcquireRAt(s any, i int) { elements("AcquireRAt", perm.AcquireR, s, i, i+1, true) }

// AcquireWAt enters a write region on element i of s.
func AcquireWAt(s any, i int) { elements("AcquireWAt", perm.AcquireW, s, i, i+1, true) }

// ReleaseRAt leaves a read region on element i of s.
func ReleaseRAt(s any, i int) { elements("ReleaseRAt", perm.ReleaseR, s, i, i+1, true) }

// ReleaseWAt leaves a write region on element i of s.
func ReleaseWAt(s any, i int) { elements("ReleaseWAt", perm.ReleaseW, s, i, i+1, true) }

// AcquireRRange enters a read region on the elements lo, ..., hi-1 of s.
func AcquireRRange(s any, lo, hi int) { elements("AcquireRRange", perm.AcquireR, s, lo, hi, false) }

// AcquireWRange enters a write region on the elements lo, ..., hi-1 of s.
func AcquireWRange(s any, lo, hi int) { elements("AcquireWRange", perm.AcquireW, s, lo, hi, false) }

// ReleaseRRange leaves a read region on the elements lo, ..., hi-1 of s.
func ReleaseRRange(s any, lo, hi int) { elements("ReleaseRRange", perm.ReleaseR, s, lo, hi, false) }

// ReleaseWRange leaves a write region on the elements lo, ..., hi-1 of s.
func ReleaseWRange(s any, lo, hi int) { elements("ReleaseWRange", perm.ReleaseW, s, lo, hi, false) }

// permissions is the native (outside the interpreter) permission state.
var permissions = struct {
	mu sync.Mutex
	tr *perm.Tracker
}{tr: perm.NewTracker()}

// location is the identity of a location: an address and the type there.
type location struct {
	addr uintptr
	typ  reflect.Type
}

func (l location) String() string { return fmt.Sprintf("%v at %#x", l.typ, l.addr) }

func object(fn string, op perm.Op, x any) {
	if x == nil {
		panic("vt: " + fn + " of nil")
	}
	v := reflect.ValueOf(x)
	var loc location
	switch v.Kind() {
	case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan, reflect.Slice:
		if v.IsNil() {
			panic(fmt.Sprintf("vt: %s of a nil %T", fn, x))
		}
		if v.Kind() == reflect.Slice && v.Cap() == 0 {
			panic(fmt.Sprintf("vt: %s of an empty %T (no backing array to identify)", fn, x))
		}
		typ := v.Type()
		if v.Kind() == reflect.Pointer {
			typ = typ.Elem() // *p: the same location as an element at that address
		}
		loc = location{v.Pointer(), typ}
	default:
		panic(fmt.Sprintf("vt: %s needs a pointer, map, channel or slice, got %T", fn, x))
	}
	g := goid()
	permissions.mu.Lock()
	err := permissions.tr.Do(g, op, perm.Loc{Obj: loc, Elem: perm.Whole})
	permissions.mu.Unlock()
	if err != nil {
		fail(fn+"(x)", err)
	}
}

func elements(fn string, op perm.Op, s any, lo, hi int, single bool) {
	v := reflect.ValueOf(s)
	switch {
	case v.Kind() == reflect.Slice:
	case v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Array && !v.IsNil():
		v = v.Elem()
	default:
		panic(fmt.Sprintf("vt: %s needs a slice or a pointer to an array, got %T", fn, s))
	}
	call := fmt.Sprintf("%s(s, %d, %d)", fn, lo, hi)
	if single {
		call = fmt.Sprintf("%s(s, %d)", fn, lo)
	}
	n := v.Len()
	var err error
	if single {
		err = perm.CheckIndex(n, lo)
	} else {
		err = perm.CheckRange(n, lo, hi)
	}
	if err != nil {
		panic("vt: " + call + ": " + err.Error())
	}
	typ := v.Type().Elem()
	locs := make([]perm.Loc, hi-lo)
	for i := lo; i < hi; i++ {
		locs[i-lo] = perm.Loc{Obj: location{v.Index(i).Addr().Pointer(), typ}, Elem: perm.Whole}
	}
	g := goid()
	permissions.mu.Lock()
	err = permissions.tr.DoRange(g, op, n, lo, hi, func(i int) perm.Loc { return locs[i-lo] })
	permissions.mu.Unlock()
	if err != nil {
		fail(call, err)
	}
}

func fail(call string, err error) {
	if v, ok := err.(*perm.Violation); ok {
		panic("vt: " + call + ": " + v.Format(func(id perm.TaskID) string { return "goroutine " + strconv.FormatInt(int64(id), 10) }))
	}
	panic("vt: " + call + ": " + err.Error())
}

// goid returns the id of the calling goroutine, from the header line
// "goroutine N [...]" of its stack trace.
func goid() perm.TaskID {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	id, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		panic("vt: cannot identify the current goroutine")
	}
	return perm.TaskID(id)
}
