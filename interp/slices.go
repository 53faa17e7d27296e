package interp

// Flat values. A slice keeps its data pointer in r, typed elemsData (value
// cells) or bytesData (native bytes), and its length and capacity in n
// (the low and the high 32 bits): making, slicing and appending to a slice
// allocate no box for a slice header, and an index operation reads the
// pointer and the length from the register itself. Structs, arrays and
// tuples are flat the same way (their length is their capacity), so an
// aggregate's cells are one allocation (zero, copyVal); the cells of an
// array or a struct variable are its identity (see value). A non-empty
// string keeps its first byte in r (strData) and its length in n.
//
// A slice whose capacity does not fit 32 bits, and every value an
// operation that has not learned the flat form makes, is boxed as before
// (r holds a []value, a []byte or a string); every reader accepts both
// (elems, bytes, str, cells, sliceLenCap, unflat).
//
// The data pointer of a non-nil slice is never nil, even at capacity 0
// (Go's slicing keeps such a slice's base pointer), so r is nil exactly
// for the nil slice, as in the boxed form.

import "unsafe"

// elemsData is the data pointer of a flat slice of value cells.
type elemsData *value

// bytesData is the data pointer of a flat slice of bytes.
type bytesData *byte

// strData is the data pointer of a non-empty string kept flat, as a
// slice is: its length is in n, and no boxed string header is allocated
// (strVal, str). The empty string is r nil.
type strData *byte

// maxFlatCap is the largest capacity of a flat slice.
const maxFlatCap = 1<<32 - 1

// flatLenCap returns the length and capacity a flat slice keeps in n.
func flatLenCap(n uint64) (l, c int) { return int(uint32(n)), int(n >> 32) }

// flatN returns the n of a flat slice of length l and capacity c.
func flatN(l, c int) uint64 { return uint64(l) | uint64(c)<<32 }

// sliceVal returns a slice value of value cells; a nil []value is the nil
// slice.
func sliceVal(es []value) value {
	if es == nil {
		return value{}
	}
	if c := cap(es); c <= maxFlatCap {
		return value{n: flatN(len(es), c), r: elemsData(unsafe.SliceData(es))}
	}
	return value{r: es}
}

// bytesSlice returns a byte slice value; a nil []byte is the nil slice.
func bytesSlice(b []byte) value {
	if b == nil {
		return value{}
	}
	if c := cap(b); c <= maxFlatCap {
		return value{n: flatN(len(b), c), r: bytesData(unsafe.SliceData(b))}
	}
	return value{r: b}
}

// cells returns the value cells of v, an aggregate or a slice of value
// cells, flat or boxed; ok is false for anything else (a scalar, a byte
// array, a word view's word).
func (v value) cells() (es []value, ok bool) {
	switch r := v.r.(type) {
	case elemsData:
		return flatElems(r, v.n), true
	case []value:
		return r, true
	}
	return nil, false
}

// flatElems returns the value cells of the flat slice with data pointer p
// and n.
func flatElems(p elemsData, n uint64) []value {
	l, c := flatLenCap(n)
	return unsafe.Slice((*value)(p), c)[:l]
}

// flatBytes returns the bytes of the flat slice with data pointer p and n.
func flatBytes(p bytesData, n uint64) []byte {
	l, c := flatLenCap(n)
	return unsafe.Slice((*byte)(p), c)[:l]
}

// unflat returns v's reference as the boxed form has it: the []value or
// []byte of a flat slice or aggregate, the string of a flat string, r
// itself otherwise. Code that switches on the dynamic type of a reference
// that may be flat reads it so.
func (v value) unflat() any {
	switch p := v.r.(type) {
	case elemsData:
		return flatElems(p, v.n)
	case bytesData:
		return flatBytes(p, v.n)
	case strData:
		return unsafe.String((*byte)(p), int(v.n))
	}
	return v.r
}
