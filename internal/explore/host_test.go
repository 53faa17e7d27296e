package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// vt.hostCall reaches the function registered under its name, once at a
// time per name, and "" when none is.
func TestRegisterHost(t *testing.T) {
	call := func(name, arg string) string {
		act := hostCallHook(&interp.HookCall{Args: []interp.Value{interp.StringValue(name), interp.StringValue(arg)}})
		require.Len(t, act.Results, 1)
		return act.Results[0].String()
	}
	unregister, ok := RegisterHost("TestRegisterHost", func(arg string) string { return "got " + arg })
	require.True(t, ok)
	assert.Equal(t, "got x", call("TestRegisterHost", "x"))
	_, ok = RegisterHost("TestRegisterHost", func(string) string { return "" })
	assert.False(t, ok, "a second registration under one name")
	unregister()
	assert.Equal(t, "", call("TestRegisterHost", "x"))
	unregister, ok = RegisterHost("TestRegisterHost", func(string) string { return "again" })
	require.True(t, ok)
	defer unregister()
	assert.Equal(t, "again", call("TestRegisterHost", ""))
}
