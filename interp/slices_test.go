package interp

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatSlices checks that slice values round-trip through the flat
// form: nil stays nil, an empty non-nil slice stays non-nil, length,
// capacity and the shared array are kept, and unflat gives the boxed
// form's reference.
func TestFlatSlices(t *testing.T) {
	assert.Equal(t, value{}, sliceVal(nil))
	assert.Equal(t, value{}, bytesSlice(nil))

	arr := make([]value, 5, 8)
	for i := range arr {
		arr[i] = intVal(int64(i))
	}
	for _, s := range [][]value{arr, arr[1:3], arr[2:4:6], arr[5:], arr[8:8], arr[:0], make([]value, 0), {}} {
		v := sliceVal(s)
		require.NotNil(t, v.r, "a non-nil slice is not the nil slice")
		_, flat := v.r.(elemsData)
		assert.True(t, flat)
		got := v.elems()
		require.NotNil(t, got)
		assert.Equal(t, len(s), len(got))
		assert.Equal(t, cap(s), cap(got))
		if cap(s) > 0 {
			assert.Same(t, &s[:1][0], &got[:1][0], "the same array")
		}
		u, ok := v.unflat().([]value)
		require.True(t, ok)
		assert.Equal(t, len(s), len(u))
		n, ok := sliceLenCap(v, true)
		assert.True(t, ok)
		assert.Equal(t, cap(s), n)
	}

	b := []byte("hello world")
	for _, s := range [][]byte{b, b[6:], b[11:], b[:0:0], []byte{}} {
		v := bytesSlice(s)
		require.NotNil(t, v.r)
		got := v.bytes()
		require.NotNil(t, got)
		assert.Equal(t, string(s), string(got))
		assert.Equal(t, cap(s), cap(got))
		u, ok := v.unflat().([]byte)
		require.True(t, ok)
		assert.Equal(t, string(s), string(u))
	}

	// A boxed slice (as an operation that does not make flat slices
	// leaves it) reads the same.
	boxed := value{r: arr[1:4]}
	assert.Equal(t, 3, len(boxed.elems()))
	n, ok := sliceLenCap(boxed, false)
	assert.True(t, ok)
	assert.Equal(t, 3, n)

	l, c := flatLenCap(flatN(maxFlatCap, maxFlatCap))
	assert.Equal(t, maxFlatCap, l)
	assert.Equal(t, maxFlatCap, c)
	l, c = flatLenCap(flatN(7, 1<<31))
	assert.Equal(t, 7, l)
	assert.Equal(t, 1<<31, c)
}

// TestFlatSliceCanon checks that state hashing writes a flat slice as it
// writes the boxed one: the same state in either form matches.
func TestFlatSliceCanon(t *testing.T) {
	arr := []value{intVal(1), intVal(2), intVal(3), intVal(4)}
	b := []byte("bytes")
	for _, pair := range [][2]value{
		{sliceVal(arr[1:3]), {r: arr[1:3]}},
		{sliceVal(arr[:0]), {r: arr[:0]}},
		{bytesSlice(b[2:]), {r: b[2:]}},
	} {
		flat, boxed := newCanon(), newCanon()
		flat.value(pair[0])
		boxed.value(pair[1])
		assert.Equal(t, boxed.buf, flat.buf)
	}
	other := newCanon()
	other.value(sliceVal(arr[1:2]))
	again := newCanon()
	again.value(sliceVal(arr[1:3]))
	assert.NotEqual(t, other.buf, again.buf, "a different length is a different state")
}

// TestFlatStrings checks that string values round-trip through the flat
// form, that the empty string is r nil, and that a flat and a boxed
// string read, unflat and hash alike.
func TestFlatStrings(t *testing.T) {
	assert.Equal(t, value{}, strVal(""))
	assert.Equal(t, "", value{}.str())
	for _, s := range []string{"a", "hello, world", string(make([]byte, 1000)), "héllo"[1:]} {
		v := strVal(s)
		_, flat := v.r.(strData)
		require.True(t, flat)
		assert.Equal(t, s, v.str())
		assert.Equal(t, s, v.unflat())
		boxed := value{r: s}
		assert.Equal(t, s, boxed.str())
		fc, bc := newCanon(), newCanon()
		fc.value(v)
		bc.value(boxed)
		assert.Equal(t, bc.buf, fc.buf, "%q", s)
		assert.True(t, equal(v, boxed, &rtype{kind: kString}))
		assert.Equal(t, keyOf(boxed, &rtype{kind: kString}), keyOf(v, &rtype{kind: kString}))
	}
}

// TestFlatAggregates checks structs and arrays kept flat: zero and
// copyVal make flat values, a copy shares no cell with its source, a
// store keeps the destination's cells (a pointer to a field stays valid),
// and a flat and a boxed aggregate hash alike.
func TestFlatAggregates(t *testing.T) {
	p := &Program{}
	point := p.typeOf(types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "x", types.Typ[types.Int], false),
		types.NewField(token.NoPos, nil, "tags", types.NewArray(types.Typ[types.Int16], 3), false),
	}, nil))
	z := zero(point)
	_, flat := z.r.(elemsData)
	require.True(t, flat, "zero makes a flat struct")
	es := z.elems()
	require.Len(t, es, 2)
	_, flat = es[1].r.(elemsData)
	assert.True(t, flat, "and flat nested arrays")
	assert.Len(t, es[1].elems(), 3)

	es[0] = intVal(7)
	es[1].elems()[2] = intVal(-3)
	c := copyVal(z, point)
	ce := c.elems()
	assert.Equal(t, int64(7), ce[0].int())
	assert.Equal(t, int64(-3), ce[1].elems()[2].int())
	ce[1].elems()[2] = intVal(9)
	assert.Equal(t, int64(-3), es[1].elems()[2].int(), "the copy shares no cell")

	cell := zero(point)
	field := &cell.elems()[1].elems()[0]
	storeVal(&cell, c, point)
	assert.Same(t, field, &cell.elems()[1].elems()[0], "a store keeps the cells")
	assert.Equal(t, int64(9), cell.elems()[1].elems()[2].int())

	boxed := value{r: []value{intVal(7), {r: []value{intVal(0), intVal(0), intVal(-3)}}}}
	fc, bc := newCanon(), newCanon()
	fc.value(z)
	bc.value(boxed)
	assert.Equal(t, bc.buf, fc.buf)
	assert.True(t, equal(z, boxed, point))
}
