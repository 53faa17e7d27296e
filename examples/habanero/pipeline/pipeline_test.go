package pipeline

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	double := func(x, s int) (int, int) { return 2 * x, s }
	runningSum := func(x, s int) (int, int) { return x + s, x + s }
	plusOne := func(x, s int) (int, int) { return x + 1, s }
	got := Run([]int{1, 2, 3, 4, 5}, []Stage{double, runningSum, plusOne})
	assert.Equal(t, []int{3, 7, 13, 21, 31}, got)
	assert.Equal(t, []int{}, Run([]int{}, []Stage{double}))
	assert.Equal(t, []int{4}, Run([]int{4}, nil))
}
