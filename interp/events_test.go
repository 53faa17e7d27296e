package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOpNames(t *testing.T) {
	seen := map[string]Op{}
	for op := OpNone + 1; op < numOps; op++ {
		name := op.String()
		assert.NotEmpty(t, name, "Op %d has no name", op)
		if prev, dup := seen[name]; dup {
			t.Errorf("ops %d and %d are both named %q", prev, op, name)
		}
		seen[name] = op
	}
	assert.Equal(t, "Op(255)", Op(255).String())
	assert.Equal(t, "sync.RWMutex.TryLock", OpRWMutexTryLock.String(), "RWMutex.TryLock names its own type")
	assert.True(t, OpChanSend.IsPoint())
	assert.False(t, OpChanSendNil.IsPoint(), "a nil channel blocks forever: no point")
	assert.False(t, OpResume.IsPoint())
	assert.False(t, Op(200).IsPoint())
}
