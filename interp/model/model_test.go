package model

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Scalars are their bits: signed integers sign-extended, floats as
// math.Float64bits, booleans 0 or 1; the zero Value is every type's zero.
func TestScalars(t *testing.T) {
	assert.Equal(t, int64(-7), MakeInt(-7).Int())
	assert.Equal(t, uint64(math.MaxUint64), MakeInt(-1).Uint(), "sign-extended")
	assert.Equal(t, uint64(1<<63), MakeUint(1<<63).Uint())
	assert.Equal(t, -2.5, MakeFloat(-2.5).Float())
	assert.True(t, math.IsNaN(MakeFloat(math.NaN()).Float()))
	assert.True(t, MakeBool(true).Bool())
	assert.Equal(t, Value{}, MakeBool(false))
	assert.Equal(t, Value{}, MakeInt(0))
	assert.True(t, Value{}.IsNil())
	assert.False(t, Value{ref: new(int)}.IsNil())
}

// A Cell is the identity of what a pointer points to: equal for one
// variable, different for two.
func TestCells(t *testing.T) {
	x, y := new(int), new(int)
	assert.True(t, Value{ref: x}.Cell() == Value{ref: x}.Cell())
	assert.True(t, Value{ref: x}.Cell() != Value{ref: y}.Cell())
	assert.Equal(t, Cell{}, Value{}.Cell())
	seen := map[Cell]bool{Value{ref: x}.Cell(): true}
	assert.True(t, seen[Value{ref: x}.Cell()])
	assert.False(t, seen[Value{ref: y}.Cell()])
}

// Fallback's model returns the host's result, or runs the function's
// body where the host declines.
func TestFallback(t *testing.T) {
	f := Fallback("test", func(_ Machine, args []Value) (Value, bool) {
		if args[0].Int() < 0 {
			return Value{}, false
		}
		return MakeInt(args[0].Int() * 2), true
	})
	assert.Equal(t, "test", f.Why)
	assert.Equal(t, Next{Result: MakeInt(6)}, f.Control(nil, []Value{MakeInt(3)}))
	assert.Equal(t, Next{Body: true}, f.Control(nil, []Value{MakeInt(-1)}))
}
