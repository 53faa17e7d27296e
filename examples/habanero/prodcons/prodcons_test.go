package prodcons

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	got := Run(50, 8)
	want := make([]int, 50*8)
	for i := range want {
		want[i] = i
	}
	assert.Equal(t, want, got)
	assert.Empty(t, Run(0, 8))
}
