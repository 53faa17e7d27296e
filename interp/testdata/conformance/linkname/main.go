// Program linkname reaches the runtime's random numbers and hash functions
// through //go:linkname, as concurrent-map libraries do.
package main

import (
	"fmt"
	"strings"
	"time"
	"unsafe"
)

//go:linkname fastrand runtime.fastrand
func fastrand() uint32

//go:linkname cheaprand runtime.cheaprand
func cheaprand() uint32

//go:linkname memhash runtime.memhash
func memhash(p unsafe.Pointer, h, s uintptr) uintptr

//go:linkname strhash runtime.strhash
func strhash(p unsafe.Pointer, h uintptr) uintptr

// A function of the standard library with a Go body, reached by
// linkname (a logging library's fast time formatting does this).
//
//go:linkname nextStdChunk time.nextStdChunk
func nextStdChunk(layout string) (prefix string, std int, suffix string)

// A method, its receiver first (time's tests; logging libraries).
//
//go:linkname timeAbs time.Time.abs
func timeAbs(time.Time) uint64

// Methods declared in Go, by value and by pointer.
//
//go:linkname timeUnix time.Time.Unix
func timeUnix(time.Time) int64

//go:linkname builderLen strings.(*Builder).Len
func builderLen(*strings.Builder) int

// A variable of the runtime (time's tests read it).
//
//go:linkname haveHighResSleep runtime.haveHighResSleep
var haveHighResSleep bool

func hs(s string) uintptr {
	return memhash(unsafe.Pointer(unsafe.StringData(s)), 7, uintptr(len(s)))
}

func main() {
	_, _ = fastrand(), cheaprand()
	a, b := "hello, world", "hello, "+"world"
	fmt.Println(hs(a) == hs(b), hs(a) == hs("other string"))
	x, y := 42, 42
	fmt.Println(memhash(unsafe.Pointer(&x), 1, 8) == memhash(unsafe.Pointer(&y), 1, 8))
	fmt.Println(strhash(unsafe.Pointer(&a), 3) == strhash(unsafe.Pointer(&b), 3))
	for layout := "at 2006-01-02 15:04 MST!"; layout != ""; {
		prefix, std, suffix := nextStdChunk(layout)
		fmt.Printf("%q %d\n", prefix, std)
		if std == 0 {
			break
		}
		layout = suffix
	}
	fmt.Println("high resolution sleep:", haveHighResSleep)
	tm := time.Date(2006, time.January, 2, 15, 4, 5, 6, time.UTC)
	fmt.Println(timeAbs(tm), timeUnix(tm))
	var sb strings.Builder
	sb.WriteString("hello")
	fmt.Println(builderLen(&sb))
}
