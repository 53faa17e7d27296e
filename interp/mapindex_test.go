package interp

import (
	"go/token"
	"go/types"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMapIndexByKeyType checks that maps of every kind of key find, update,
// delete and iterate their entries through the index their key type
// chooses (strings and integers by their own Go maps, others by mapKey),
// and that a cloned index shares nothing with the original.
func TestMapIndexByKeyType(t *testing.T) {
	p := &Program{}
	str, i8 := types.Typ[types.String], types.Typ[types.Int8]
	point := types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "x", types.Typ[types.Int], false),
		types.NewField(token.NoPos, nil, "y", types.Typ[types.Int], false),
	}, nil)
	cell1, cell2 := new(value), new(value)
	cases := []struct {
		name  string
		key   types.Type
		index string // which of mapIndex's maps holds the keys
		keys  []value
	}{
		{"string", str, "strs", []value{strVal("a"), strVal(""), strVal("b"), strVal("a\x00")}},
		{"int8", i8, "ints", []value{intVal(-1), intVal(0), intVal(127), intVal(-128)}},
		{"uint64", types.Typ[types.Uint64], "ints", []value{uintVal(math.MaxUint64), uintVal(0), uintVal(1 << 63), uintVal(7)}},
		{"bool", types.Typ[types.Bool], "ints", []value{boolVal(false), boolVal(true)}},
		{"float64", types.Typ[types.Float64], "keys", []value{floatVal(1.5), floatVal(-2), floatVal(math.Inf(1)), floatVal(0)}},
		{"pointer", types.NewPointer(types.Typ[types.Int]), "keys", []value{{r: cell1}, {r: cell2}, {}}},
		{"struct", point, "keys", []value{{r: []value{intVal(1), intVal(2)}}, {r: []value{intVal(2), intVal(1)}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mt := p.typeOf(types.NewMap(c.key, types.Typ[types.Int]))
			mo := newMap(nil, mt)
			idx := map[string]bool{"strs": mo.index.strs != nil, "ints": mo.index.ints != nil, "keys": mo.index.keys != nil}
			assert.Equal(t, map[string]bool{"strs": c.index == "strs", "ints": c.index == "ints", "keys": c.index == "keys"}, idx)

			for j, k := range c.keys {
				mo.set(k, intVal(int64(j)))
			}
			mo.set(c.keys[0], intVal(100)) // an update, not a new entry
			require.Equal(t, len(c.keys), mo.len())
			for j, k := range c.keys {
				v, ok := mo.get(k)
				require.True(t, ok, "key %d", j)
				want := int64(j)
				if j == 0 {
					want = 100
				}
				assert.Equal(t, want, int64(v.n), "key %d", j)
			}

			clone := mo.index.clone()
			mo.delete(c.keys[1])
			_, ok := mo.get(c.keys[1])
			assert.False(t, ok, "deleted key")
			assert.Equal(t, len(c.keys)-1, mo.len())
			assert.Equal(t, len(c.keys)-1, mo.index.len())
			_, ok = clone.get(keyOf(c.keys[1], mt.key))
			assert.True(t, ok, "the clone keeps the deleted key")

			seen := 0
			for it := mo.iter(nil); ; {
				_, _, ok := it.next()
				if !ok {
					break
				}
				seen++
			}
			assert.Equal(t, len(c.keys)-1, seen, "iteration skips the deleted entry")

			mo.clear()
			assert.Zero(t, mo.len())
			assert.Zero(t, mo.index.len())
			_, ok = mo.get(c.keys[0])
			assert.False(t, ok)
		})
	}
}

// TestMapIndexFloatKeys checks the float keys that keyOf normalizes: +0
// and -0 are one key, and each NaN is a key of its own.
func TestMapIndexFloatKeys(t *testing.T) {
	p := &Program{}
	mt := p.typeOf(types.NewMap(types.Typ[types.Float64], types.Typ[types.Int]))
	mo := newMap(nil, mt)
	mo.set(floatVal(0), intVal(1))
	mo.set(floatVal(math.Copysign(0, -1)), intVal(2))
	mo.set(floatVal(math.NaN()), intVal(3))
	mo.set(floatVal(math.NaN()), intVal(4))
	assert.Equal(t, 3, mo.len())
	v, ok := mo.get(floatVal(0))
	require.True(t, ok)
	assert.Equal(t, uint64(2), v.n)
	_, ok = mo.get(floatVal(math.NaN()))
	assert.False(t, ok, "a NaN is never found")
}

// TestMapMatchesGoMap runs random sequences of sets, gets, deletes and
// clears on maps with string and integer keys, and the same on a Go map,
// and compares every lookup and the length: the hint (see mapObj.find)
// must never find a deleted, moved (compacted) or other key.
func TestMapMatchesGoMap(t *testing.T) {
	p := &Program{}
	for _, key := range []types.Type{types.Typ[types.String], types.Typ[types.Int]} {
		mt := p.typeOf(types.NewMap(key, types.Typ[types.Int]))
		keyVal := func(k int) value {
			if key == types.Typ[types.String] {
				return strVal(strings.Repeat("x", k)) // 0: "", a dead entry's key
			}
			return intVal(int64(k))
		}
		rng := rand.New(rand.NewPCG(1, 2))
		mo := newMap(nil, mt)
		want := map[int]int64{}
		for step := range 20000 {
			k := rng.IntN(8) // few keys: a key often meets its deleted or moved entry
			switch op := rng.IntN(100); {
			case op < 45:
				v := rng.Int64()
				mo.set(keyVal(k), intVal(v))
				want[k] = v
			case op < 90:
				got, ok := mo.get(keyVal(k))
				w, wok := want[k]
				require.Equal(t, wok, ok, "%v step %d: presence of key %d", key, step, k)
				require.Equal(t, w, int64(got.n), "%v step %d: value of key %d", key, step, k)
			case op < 99:
				mo.delete(keyVal(k))
				delete(want, k)
			default:
				mo.clear()
				clear(want)
			}
			require.Equal(t, len(want), mo.len(), "%v step %d", key, step)
		}
	}
}
