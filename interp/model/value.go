package model

import "math"

// A Value is a program value as the machine holds it: a scalar in one
// word, or a reference that only the machine reads ([Machine]).
//
// A scalar's word is its bits: a boolean is 0 or 1, a signed integer is
// sign-extended to 64 bits, an unsigned integer zero-extended, a float is
// math.Float64bits of its value (a float32 rounded to float32 precision).
// A model that makes a narrower integer than 64 bits extends it so.
type Value struct {
	// The machine's values have this layout; it views its registers
	// as Values (interp/modelapi.go, checked by its tests).
	word uint64
	ref  any
}

// MakeInt returns the value of a signed integer.
func MakeInt(i int64) Value { return Value{word: uint64(i)} }

// MakeUint returns the value of an unsigned integer.
func MakeUint(u uint64) Value { return Value{word: u} }

// MakeFloat returns the value of a float.
func MakeFloat(f float64) Value { return Value{word: math.Float64bits(f)} }

// MakeBool returns the value of a boolean.
func MakeBool(b bool) Value {
	if b {
		return Value{word: 1}
	}
	return Value{}
}

// Int returns the value of a signed integer.
func (v Value) Int() int64 { return int64(v.word) }

// Uint returns the value of an unsigned integer.
func (v Value) Uint() uint64 { return v.word }

// Float returns the value of a float.
func (v Value) Float() float64 { return math.Float64frombits(v.word) }

// Bool returns the value of a boolean.
func (v Value) Bool() bool { return v.word != 0 }

// IsNil reports whether v, a pointer, slice, map, channel, function or
// interface, is nil.
func (v Value) IsNil() bool { return v.ref == nil }
