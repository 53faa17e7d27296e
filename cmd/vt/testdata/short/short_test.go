// Package short has a test that testing.Short shortens: vt test -short
// skips it, as go test -short does.
package short

import "testing"

func TestLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long test skipped in -short mode")
	}
	t.Error("the long test ran")
}

func TestShortFails(t *testing.T) {
	if testing.Short() {
		t.Error("failed in -short mode")
	}
}
