// Package testmain has a TestMain, which vt test does not run: it says so
// once, before the package's first result.
package testmain

import (
	"os"
	"testing"
)

var ready bool

func TestMain(m *testing.M) {
	ready = true
	os.Exit(m.Run())
}

func TestIndependent(t *testing.T) {}

func TestNeedsMain(t *testing.T) {
	if !ready {
		t.Skip("TestMain did not run")
	}
}
