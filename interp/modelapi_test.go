package interp

import (
	"go/types"
	"math"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	modelapi "github.com/vtcheck/vt/interp/model"
)

// The models' API views the machine's values as its own (modelapi.go):
// both types have the same fields, of the same types, at the same
// offsets.
func TestModelValueLayout(t *testing.T) {
	v, a := reflect.TypeFor[value](), reflect.TypeFor[modelapi.Value]()
	require.Equal(t, v.Size(), a.Size())
	require.Equal(t, v.NumField(), a.NumField())
	for i := range v.NumField() {
		fv, fa := v.Field(i), a.Field(i)
		assert.Equal(t, fv.Type, fa.Type, "field %d: %s and %s", i, fv.Name, fa.Name)
		assert.Equal(t, fv.Offset, fa.Offset, "field %d: %s and %s", i, fv.Name, fa.Name)
	}
}

// A scalar reads the same through the API, and a reference comes back as
// it went.
func TestModelValueView(t *testing.T) {
	assert.Equal(t, int64(-3), apiValue(intVal(-3)).Int())
	assert.Equal(t, 2.5, apiValue(floatVal(2.5)).Float())
	assert.Equal(t, floatVal(2.5), fromAPI(modelapi.MakeFloat(2.5)))
	assert.Equal(t, boolVal(true), fromAPI(modelapi.MakeBool(true)))
	s := strVal("interp")
	assert.Equal(t, "interp", fromAPI(apiValue(s)).str())
	m := (&machine{}).api()
	assert.Equal(t, "model", m.String(m.MakeString("model")))
	assert.True(t, apiValue(value{}).IsNil())
	es := []value{intVal(1), strVal("x")}
	assert.Equal(t, &es[0], &fromAPIs(apiValues(es))[0], "a view, not a copy")
}

// A Cell is the identity of the variable a pointer points to: two
// pointers to one variable give one Cell, and the hasher finds the
// variable's number through it.
func TestModelCellLayout(t *testing.T) {
	x, y := intVal(1), intVal(1)
	cx := apiValue(value{r: &x}).Cell()
	assert.Equal(t, cx, apiValue(value{r: &x}).Cell())
	assert.True(t, cx != apiValue(value{r: &y}).Cell(), "another variable, equal in value")
	assert.Equal(t, any(&x), *(*any)(unsafe.Pointer(&cx)))
	c := &Canon{cells: map[unsafe.Pointer]uint64{unsafe.Pointer(&x): 7}}
	id, ok := apiHasher{c}.Cell(cx)
	assert.True(t, ok)
	assert.Equal(t, uint64(7), id)
	_, ok = apiHasher{c}.Cell(apiValue(value{r: &y}).Cell())
	assert.False(t, ok, "a cell the walk did not meet")
	_, ok = apiHasher{c}.Cell(modelapi.Value{}.Cell())
	assert.False(t, ok, "nil")
}

// counterState is a model's state for the tests: a count.
type counterState struct{ n int }

func (s *counterState) Clone() modelapi.State  { c := *s; return &c }
func (s *counterState) Hash(h modelapi.Hasher) { h.WriteUint(uint64(s.n)) }

// A model's State is made on first use, one per run: a snapshot's copy
// (world.clone) does not see the run's later changes, and the state hash
// writes it under its key's name.
func TestModelState(t *testing.T) {
	k := &modelapi.StateKey{Name: "test/counter", New: func() modelapi.State { return &counterState{} }}
	m := &machine{}
	a := m.api()
	st := a.State(k).(*counterState)
	st.n = 3
	assert.Same(t, st, a.State(k), "one state per run")
	snap := m.world.clone()
	st.n = 4
	assert.Equal(t, 3, snap.models[k].(*counterState).n, "the snapshot's copy")
	m.world = snap.clone()
	assert.Equal(t, 3, a.State(k).(*counterState).n, "a run from the snapshot")
	assert.NotSame(t, snap.models[k], a.State(k))

	hash := func(n int) string {
		a.State(k).(*counterState).n = n
		c := &Canon{}
		m.encodeModelStates(c)
		return string(c.buf)
	}
	assert.Equal(t, hash(5), hash(5))
	none := &Canon{}
	(&machine{}).encodeModelStates(none)
	assert.Equal(t, string(none.buf), hash(0), "a state left as new is no state")
	assert.NotEqual(t, hash(5), hash(6), "the state is part of the hash")
	assert.Contains(t, hash(5), "test/counter")
}

// Types read through the API are the machine's: one per type, with
// reflect's kinds.
func TestModelTypes(t *testing.T) {
	p := &Program{}
	m := &machine{prog: p}
	a := m.api()
	it := a.TypeOf(types.Typ[types.Int])
	assert.Equal(t, reflect.Int, it.Kind())
	assert.Equal(t, "int", it.String())
	assert.Equal(t, int64(8), it.Size())
	st := a.TypeOf(types.NewStruct([]*types.Var{
		types.NewField(0, nil, "A", types.Typ[types.String], false),
		types.NewField(0, nil, "B", types.NewSlice(types.Typ[types.Int]), false),
	}, nil))
	assert.Equal(t, reflect.Struct, st.Kind())
	require.Equal(t, 2, st.NumField())
	assert.Equal(t, reflect.String, st.Field(0).Kind())
	assert.Equal(t, it, st.Field(1).Elem(), "identical types are one Type")
	assert.Nil(t, it.Elem(), "no element: a nil Type, not a nil pointer in one")
	assert.Equal(t, int64(40), st.Size())
	assert.True(t, it.Comparable())
	assert.False(t, st.Comparable())
	mt := a.TypeOf(types.NewMap(types.Typ[types.String], types.Typ[types.Int]))
	assert.Equal(t, reflect.String, mt.Key().Kind())

	iv := apiValue(value{r: &iface{t: fromAPIType(it), v: intVal(9)}})
	dt, dv := a.Dynamic(iv)
	assert.Equal(t, it, dt)
	assert.Equal(t, int64(9), dv.Int())
	dt, _ = a.Dynamic(modelapi.Value{})
	assert.Nil(t, dt)
	assert.Equal(t, iv, a.MakeInterface(it, modelapi.MakeInt(9)))
	str := a.TypeOf(types.Typ[types.String])
	assert.True(t, a.Key(a.MakeString("k"), str) == a.Key(a.MakeString(string([]byte{'k'})), str))
	nan := modelapi.MakeFloat(math.NaN())
	ft := a.TypeOf(types.Typ[types.Float64])
	assert.True(t, a.Key(nan, ft) != a.Key(nan, ft), "a NaN equals nothing")
}
