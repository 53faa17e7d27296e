package model

import (
	"go/types"
	"reflect"
)

// A Type is a type of the program as the machine knows it. There is one
// Type per type (identical types are the same Type: Types compare with
// ==); what go/types says of it (names, methods, fields' names and
// tags, signatures) is Go's.
type Type interface {
	// String is the type as reflect.Type.String writes it.
	String() string
	// Kind is its kind, in reflect's numbering.
	Kind() reflect.Kind
	// Go is the type in go/types.
	Go() types.Type
	// Elem is the element type of a pointer, slice, array, channel or
	// map, Key the key type of a map, Len the length of an array.
	Elem() Type
	Key() Type
	Len() int
	// NumField is the number of fields of a struct, Field the type of
	// its field i.
	NumField() int
	Field(i int) Type
	// Size is the size of its values in bytes, as gc lays them out.
	Size() int64
	// Comparable reports whether its values compare with ==.
	Comparable() bool
	// Align is the alignment of its values in bytes, as gc lays them
	// out; Offset the offset of field i of a struct.
	Align() int64
	Offset(i int) int64
	// Implements reports whether it implements the interface type u.
	Implements(u Type) bool
}
