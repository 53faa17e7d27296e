//go:build vtracy

package racycounter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRacy runs the racy counter natively. Only under the vtracy tag and not
// with -race: the race detector (and vt) reports the race. Natively the
// count can only be too small, never too large.
func TestRacy(t *testing.T) {
	n := Racy(1000)
	assert.LessOrEqual(t, n, 1000)
	assert.Positive(t, n)
}
