package binarytrees

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestChecks(t *testing.T) {
	assert.Equal(t, []int{1, 3, 7, 15, 31, 63, 127, 255, 511}, Checks(0, 8))
}
