// Package skips calls internal/testenv.MustHaveExec, which only the
// standard library may import, through a linkname: under the interpreter
// the call reaches the model.
package skips

import (
	"testing"
	_ "unsafe" // for go:linkname
)

//go:linkname mustHaveExec internal/testenv.MustHaveExec
func mustHaveExec(testing.TB)

func TestExec(t *testing.T) {
	mustHaveExec(t)
	t.Fatal("went on after MustHaveExec")
}

func TestNilTB(t *testing.T) {
	defer func() { t.Log("recovered:", recover()) }()
	mustHaveExec(nil)
}
