package interp

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A weak reference to a cell gives the cell back while its object is
// alive, and nothing once it died; byte cells have none.
func TestWeakAddr(t *testing.T) {
	cells := make([]value, 4)
	a := addrOf(&cells[2])
	w, ok := a.Weak()
	require.True(t, ok)
	runtime.GC()
	got, live := w.Addr()
	require.True(t, live)
	assert.Equal(t, a, got)
	runtime.KeepAlive(cells)

	dead := func() WeakAddr {
		w, ok := addrOf(&make([]value, 4)[1]).Weak()
		require.True(t, ok)
		return w
	}()
	runtime.GC()
	_, live = dead.Addr()
	assert.False(t, live, "the object died")

	b := []byte("xy")
	_, ok = addrOfByte(&b[1]).Weak()
	assert.False(t, ok, "byte cells have no weak reference")
	_, ok = Addr{}.Weak()
	assert.False(t, ok)
}
