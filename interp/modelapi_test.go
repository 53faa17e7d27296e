package interp

import (
	"reflect"
	"testing"

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
