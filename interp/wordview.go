package interp

// Word views: the one class of unsafe.Pointer type punning the interpreter
// models, between pointer types whose pointees have the memory layout of
// one scalar word.
//
// Go's typed atomics are structs of one word (atomic.Int32 is struct{ _
// noCopy; v int32 }), and code views a *uint32 as an *atomic.Int32 (or a
// *int32) through unsafe.Pointer: a store through one view is seen through
// the other, since both address the same memory word. The interpreter's
// memory is made of values, not bytes: a scalar variable is one cell, a
// struct one cell per field. So a pointer converted from unsafe.Pointer to
// *T, T a struct of one word, designates either a struct cell of T's
// shape, or the scalar cell of the word itself: a word view. A cell whose
// pointer has a struct type but which does not hold the struct's fields is
// a word view (a struct cell always holds its []value; see zero): the
// operations on struct pointers accept it (fieldCell, copyVal, storeVal,
// machine.store, accessValue), as Go would: every field of a one-word
// struct is at offset 0, the address of the word. Converting the other way
// (a pointer to such a struct, viewed as a pointer to its word) yields the
// word's cell. Both views are then one cell: one location for the race
// detector, one synchronization object for atomics and the search.
//
// Signed and unsigned integers of one width are the same memory word in Go
// but not the same representation here (signed values are kept
// sign-extended, unsigned ones zero-extended): loads of 8-, 16- and 32-bit
// integers through a pointer normalize the word to the loaded type (see
// normLoad), and so do the atomic operations' results.
//
// Every other view (a struct of two words, a float viewed as an integer, a
// byte of a word) is a view of memory as gc lays it out: see memview.go.

import (
	"fmt"
)

// wordClass is how a one-word value is kept in a value: in n (integers)
// or in r (pointers).
type wordClass uint8

const (
	wordNone wordClass = iota // not one scalar word
	wordInt                   // an integer of 2, 4 or 8 bytes, kept in n
	wordRef                   // a pointer or unsafe.Pointer, kept in r
)

// wordLayout returns the layout of t if it is one scalar word: its class,
// its size in bytes and, for a struct, the indices of the fields that lead
// to the word (the other fields have size zero).
func wordLayout(t *rtype) (cls wordClass, size int64, path []int) {
	switch t.kind {
	case kInt16, kUint16:
		return wordInt, 2, nil
	case kInt32, kUint32:
		return wordInt, 4, nil
	case kInt, kInt64, kUint, kUint64, kUintptr:
		return wordInt, 8, nil
	case kPointer, kUnsafePointer:
		return wordRef, 8, nil
	case kStruct:
		word := -1
		for j, f := range t.fields {
			if f.typ.sizeof() == 0 {
				continue
			}
			if word >= 0 {
				return wordNone, 0, nil
			}
			word = j
		}
		if word < 0 {
			return wordNone, 0, nil
		}
		cls, size, sub := wordLayout(t.fields[word].typ)
		if cls == wordNone {
			return wordNone, 0, nil
		}
		return cls, size, append([]int{word}, sub...)
	}
	return wordNone, 0, nil
}

// sameWord reports whether a and b have the memory layout of one scalar
// word of the same size and class, so that a pointer to the one may be
// viewed as a pointer to the other.
func sameWord(a, b *rtype) bool {
	ca, sa, _ := wordLayout(a)
	cb, sb, _ := wordLayout(b)
	return ca != wordNone && ca == cb && sa == sb
}

// sameShape reports whether values of a and b are made of the same cells:
// the same type, or structs whose fields have the same shapes, or arrays
// of the same length of the same shape, or scalars of one kind.
func sameShape(a, b *rtype) bool {
	if a == b {
		return true
	}
	if a.kind != b.kind {
		return sameWord(a, b)
	}
	switch a.kind {
	case kStruct:
		if len(a.fields) != len(b.fields) {
			return false
		}
		for i := range a.fields {
			if !sameShape(a.fields[i].typ, b.fields[i].typ) {
				return false
			}
		}
	case kArray:
		return a.len == b.len && sameShape(a.elem, b.elem)
	}
	return true
}

// wordConverter returns the conversion of an unsafe.Pointer to a pointer
// to to, when to is one scalar word (a struct of one word or the word
// itself), or nil. The pointer designates the word's cell when the
// unsafe.Pointer designates a struct cell of another shape (a view of the
// word), and is left as it is otherwise.
func wordConverter(to *rtype) func(value) value {
	cls, _, path := wordLayout(to)
	if cls == wordNone {
		return nil
	}
	return func(v value) value {
		p, ok := v.r.(*value)
		if !ok || p == nil {
			return v
		}
		if _, agg := p.cells(); !agg {
			return v // a scalar cell: the word itself, or a view of it
		}
		w := wordCellOf(p)
		if w == nil {
			return v // not one word: as it is (Go's pointer to its first word is not modeled)
		}
		if len(path) > 0 && followPath(p, path) == w {
			return v // a struct cell of to's shape
		}
		return value{r: w}
	}
}

// followPath returns the cell that path's field indices lead to from the
// struct cell p, or nil if p's cells do not have them.
func followPath(p *value, path []int) *value {
	for _, j := range path {
		es, ok := p.cells()
		if !ok || j >= len(es) {
			return nil
		}
		p = &es[j]
	}
	return p
}

// wordCellOf returns the cell of the one scalar word of the aggregate cell
// p (its only part of non-zero size, recursively), or nil if p is not an
// aggregate of one word.
func wordCellOf(p *value) *value {
	if _, ok := p.cells(); !ok {
		return nil
	}
	for {
		es, ok := p.cells()
		if !ok {
			return p
		}
		var w *value
		for j := range es {
			if zeroSized(es[j]) {
				continue
			}
			if w != nil {
				return nil // two words
			}
			w = &es[j]
		}
		if w == nil {
			return nil
		}
		p = w
	}
}

// zeroSized reports whether v is the value of an aggregate of size zero
// (an empty struct or array).
func zeroSized(v value) bool {
	switch r := v.unflat().(type) {
	case []value:
		return len(r) == 0
	case []byte:
		return len(r) == 0
	case zeroSlice:
		return true
	}
	return false
}

// viewField returns the address of a field of the struct whose cell p is
// a word view: the word's cell, since every field of a one-word struct is
// at its address (see the top of this file).
func viewField(p *value) *value {
	p.elems() // refuses a byte array or a long zero-size array, as before
	return p
}

// viewLoad returns the value of the struct t (one word) whose word's cell
// holds w: a word view read as a whole.
func viewLoad(w value, t *rtype) value {
	cls, _, path := wordLayout(t)
	if cls == wordNone {
		panic(&UnsupportedError{What: fmt.Sprintf("a %s read from a cell that does not hold its fields (an interpreter bug)", t)})
	}
	v := zero(t)
	cell := followPath(&v, path)
	wt := t
	for _, j := range path {
		wt = wt.fields[j].typ
	}
	*cell = value{n: wrap(wt.kind, w.n), r: w.r}
	return v
}

// viewStore returns the word of v, a value of the struct t (one word),
// to store in the cell of a word view.
func viewStore(v value, t *rtype) value {
	cls, _, path := wordLayout(t)
	if cls == wordNone {
		panic(&UnsupportedError{What: fmt.Sprintf("a %s stored to a cell that does not hold its fields (an interpreter bug)", t)})
	}
	return *followPath(&v, path)
}

// isView reports whether p, the cell a pointer to the struct t designates,
// is a word view: it does not hold t's fields, and t is one word or has
// size zero (a field of a one-word struct other than its word).
func isView(p *value, t *rtype) bool {
	if t.kind != kStruct {
		return false
	}
	if _, ok := p.cells(); ok {
		return false
	}
	if t.sizeof() == 0 {
		return true
	}
	cls, _, _ := wordLayout(t)
	return cls != wordNone
}

// isWordStruct reports whether t is a struct of one scalar word.
func isWordStruct(t *rtype) bool {
	if t.kind != kStruct {
		return false
	}
	cls, _, _ := wordLayout(t)
	return cls != wordNone
}

// intPointer is the value of an unsafe.Pointer (and of the pointers
// converted from it) made from a non-zero integer, uintptr to
// unsafe.Pointer: a word that holds an integer where a pointer is kept
// (sync/atomic's tests store and load such words through *unsafe.Pointer
// and atomic.Pointer). The interpreter has no addresses to convert back
// from, so it keeps the integer: converted to uintptr it is the same
// integer, it compares equal to a pointer whose address it is, and a
// dereference of it is refused.
type intPointer uintptr

// deref returns the refusal of a dereference of p.
func (p intPointer) deref() error {
	return &UnsupportedError{What: fmt.Sprintf("a dereference of a pointer made from the integer %#x (a conversion of a uintptr to unsafe.Pointer): the interpreter's memory is made of values, not bytes, and an address cannot be converted back to the variable it came from", uintptr(p))}
}

// intPointerEqual reports whether the pointers a and b (non-nil, not
// identical) are equal because one is an intPointer holding the other's
// address, or both hold the same integer.
func intPointerEqual(a, b any) bool {
	ia, aInt := a.(intPointer)
	ib, bInt := b.(intPointer)
	switch {
	case aInt && bInt:
		return ia == ib
	case aInt:
		return uintptr(ia) == pointerOf(value{r: b}, kUnsafePointer)
	case bInt:
		return uintptr(ib) == pointerOf(value{r: a}, kUnsafePointer)
	}
	return false
}
