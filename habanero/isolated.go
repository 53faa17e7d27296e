package habanero

import (
	"fmt"
	"reflect"
)

// Isolated runs body in mutual exclusion with every other isolated section
// (Isolated or IsolatedOn) of the same Launch. Inside body the task must not
// start tasks or block (Async, Future, Finish, Next, Fut.Get, ... panic).
// An Isolated nested inside an Isolated simply runs its body; one nested
// inside an IsolatedOn panics, since it would need every object.
func (t *Task) Isolated(body func()) {
	if t.isoDepth > 0 {
		if !t.isoGlobal {
			panic("habanero: Isolated nested inside IsolatedOn")
		}
		t.nestedIsolated(body)
		return
	}
	enterIsolated(t.rt.iso, nil)
	t.isoDepth, t.isoGlobal = 1, true
	defer func() {
		t.isoDepth, t.isoGlobal = 0, false
		exitIsolated(t.rt.iso, nil)
	}()
	body()
}

// IsolatedOn runs body in mutual exclusion with every plain Isolated and
// with every IsolatedOn that shares one of objs. Objects are identified by
// address for pointers, maps, channels and slices (a slice by its first
// element) and by value for other comparable values. An IsolatedOn nested
// inside an isolated section runs its body if the enclosing section already
// excludes its objects, and panics otherwise.
func (t *Task) IsolatedOn(objs []any, body func()) {
	keys := make([]any, 0, len(objs))
	seen := make(map[any]struct{}, len(objs))
	for _, o := range objs {
		k := isolationKey(o)
		if _, dup := seen[k]; !dup {
			seen[k] = struct{}{}
			keys = append(keys, k)
		}
	}
	if t.isoDepth > 0 {
		if !t.isoGlobal {
			for _, k := range keys {
				if _, ok := t.isoKeys[k]; !ok {
					panic("habanero: IsolatedOn nested inside IsolatedOn needs an object the enclosing section does not hold")
				}
			}
		}
		t.nestedIsolated(body)
		return
	}
	enterIsolated(t.rt.iso, keys)
	t.isoDepth, t.isoKeys = 1, seen
	defer func() {
		t.isoDepth, t.isoKeys = 0, nil
		exitIsolated(t.rt.iso, keys)
	}()
	body()
}

func (t *Task) nestedIsolated(body func()) {
	t.isoDepth++
	defer func() { t.isoDepth-- }()
	body()
}

// addrKey identifies an object by address.
type addrKey uintptr

func isolationKey(o any) any {
	if o == nil {
		panic("habanero: IsolatedOn with a nil object")
	}
	v := reflect.ValueOf(o)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.UnsafePointer, reflect.Slice:
		if v.IsNil() {
			panic(fmt.Sprintf("habanero: IsolatedOn with a nil %T", o))
		}
		if v.Kind() == reflect.Slice && v.Cap() == 0 {
			panic(fmt.Sprintf("habanero: IsolatedOn with an empty %T (no backing array to identify)", o))
		}
		return addrKey(v.Pointer())
	}
	if !v.Comparable() {
		panic(fmt.Sprintf("habanero: IsolatedOn object of type %T cannot be identified; pass a pointer", o))
	}
	return o
}
