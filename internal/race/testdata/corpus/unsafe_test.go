package corpus

import (
	"testing"
	"unsafe"

	"github.com/vtcheck/vt/vt"
)

// Views through unsafe.Pointer: an access through a view of other memory
// is an access of the memory underneath (the cells of its words, the bytes
// of a byte array), as in Go.

// A byte of a uint32 written through a [4]byte view races with a read of
// the uint32.
func TestRaceByteViewOfWord(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var x uint32
		done := make(chan bool)
		go func() {
			(*[4]byte)(unsafe.Pointer(&x))[1] = 7
			done <- true
		}()
		_ = x
		<-done
	})
}

// A write of a uint64 races with a read of its low byte through a view.
func TestRaceWordReadThroughView(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var x uint64
		done := make(chan bool)
		go func() {
			x = 1
			done <- true
		}()
		_ = *(*byte)(unsafe.Pointer(&x))
		<-done
	})
}

// A write of a string's length through its header races with a read of
// the string.
func TestRaceStringHeaderView(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := "hello"
		done := make(chan bool)
		go func() {
			(*[2]int)(unsafe.Pointer(&s))[1] = 2
			done <- true
		}()
		_ = len(s)
		<-done
	})
}

// Different words of one array, written through pointer arithmetic by two
// goroutines, do not race.
func TestNoRaceViewDifferentWords(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		arr := make([]uint32, 4)
		base := unsafe.Pointer(&arr[0])
		done := make(chan bool)
		go func() {
			*(*uint32)(unsafe.Add(base, 4)) = 1
			done <- true
		}()
		*(*uint32)(unsafe.Add(base, 8)) = 2
		<-done
	})
}

// A view written before a channel send and read after the receive does not
// race.
func TestNoRaceViewOrdered(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var x uint32
		done := make(chan bool)
		go func() {
			(*[4]byte)(unsafe.Pointer(&x))[3] = 1
			done <- true
		}()
		<-done
		_ = x
	})
}

// Words of a byte buffer written through uint32 views: disjoint bytes do
// not race.
func TestNoRaceByteBufferWords(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := make([]byte, 8)
		done := make(chan bool)
		go func() {
			*(*uint32)(unsafe.Pointer(&buf[0])) = 1
			done <- true
		}()
		*(*uint32)(unsafe.Pointer(&buf[4])) = 2
		<-done
	})
}

// Overlapping words of a byte buffer race.
func TestRaceByteBufferOverlap(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := make([]byte, 8)
		done := make(chan bool)
		go func() {
			*(*uint32)(unsafe.Pointer(&buf[0])) = 1
			done <- true
		}()
		*(*uint32)(unsafe.Pointer(&buf[2])) = 2
		<-done
	})
}
