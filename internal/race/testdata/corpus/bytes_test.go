package corpus

import (
	"testing"

	"github.com/vtcheck/vt/vt"
)

// Byte arrays: the elements of a []byte, []bool or []int8 (and of arrays of
// them) are stored as native bytes by the interpreter, and each byte is a
// location of its own, as in Go: two goroutines that write different bytes
// of one slice do not race, two that write the same byte do.

// Different bytes of one []byte, written by two goroutines.
func TestNoRaceBytesDifferentElements(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := make([]byte, 8)
		done := make(chan bool)
		go func() {
			b[3] = 1
			done <- true
		}()
		b[4] = 2
		<-done
	})
}

// The same byte of one []byte, written by two goroutines.
func TestRaceBytesSameElement(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := make([]byte, 8)
		done := make(chan bool)
		go func() {
			b[3] = 1
			done <- true
		}()
		b[3] = 2
		<-done
	})
}

// Adjacent elements of a []bool (a sieve's pattern), one per goroutine.
func TestNoRaceBoolsAdjacent(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		marks := make([]bool, 4)
		done := make(chan bool)
		go func() {
			marks[0] = true
			done <- true
		}()
		marks[1] = true
		<-done
	})
}

// A read of an []int8 element races with a write of it through a pointer
// to the element.
func TestRaceInt8ElementPointer(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int8, 4)
		p := &s[2]
		done := make(chan int8)
		go func() { done <- s[2] }()
		*p = -1
		<-done
	})
}

// Different bytes of a [4]byte field of a shared struct.
func TestNoRaceByteArrayFieldDifferentBytes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var hdr struct {
			n   int
			tag [4]byte
		}
		done := make(chan bool)
		go func() {
			hdr.tag[0] = 'a'
			done <- true
		}()
		hdr.tag[3] = 'z'
		<-done
	})
}

// The whole array copied out while one of its bytes is written.
func TestRaceByteArrayCopyWhileWritten(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a [4]byte
		done := make(chan [4]byte)
		go func() { done <- a }()
		a[2] = 7
		<-done
	})
}

// append into spare capacity writes bytes a reader of the prefix does not
// read.
func TestNoRaceBytesAppendBeyondReadPrefix(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := make([]byte, 2, 8)
		prefix := b
		done := make(chan byte)
		go func() { done <- prefix[0] + prefix[1] }()
		b = append(b, 'x', 'y')
		<-done
		_ = b
	})
}
