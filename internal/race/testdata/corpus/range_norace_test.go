package corpus

import (
	"testing"

	"github.com/vtcheck/vt/vt"
)

// Ranging over an array with the index alone does not evaluate the array
// (the Go spec: its length is constant), so it reads none of it: no race
// with a goroutine writing an element at the same time. go/ssa still loads
// the array "in case it has effects".
func TestNoRaceRangeArrayIndexOnly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var arr [4]int
		done := make(chan bool)
		go func() { arr[2] = 1; done <- true }()
		n := 0
		for i := range arr {
			n += i
		}
		<-done
		_ = n + arr[2]
	})
}

// The same through a pointer to an array, which may even be nil.
func TestNoRaceRangeArrayPointerIndexOnly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		arr := new([4]int)
		var none *[4]int
		done := make(chan bool)
		go func() { arr[1] = 1; done <- true }()
		n := 0
		for i := range *arr {
			n += i
		}
		for i := range *none {
			n += i
		}
		<-done
		_ = n + arr[1]
	})
}
