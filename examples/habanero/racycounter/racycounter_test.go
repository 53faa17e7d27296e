package racycounter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIsolated(t *testing.T) {
	assert.Equal(t, 1000, Isolated(1000))
	assert.Equal(t, 0, Isolated(0))
}
