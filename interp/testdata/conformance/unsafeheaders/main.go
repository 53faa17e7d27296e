// Command unsafeheaders converts between strings and byte slices through
// their headers, every way fast Go libraries do: a []byte read as a
// string, a string read as a []byte through a struct with a capacity, the
// unsafe builtins, reflect's header types and headers of the program's own.
// The conversions share memory, so a write to the bytes shows in the
// string, as in compiled Go.
package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

// bytesToString is the zero-copy conversion of caches and routers.
func bytesToString(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

// stringToBytes is gin's and fasthttp's: a string with a capacity after it
// has the layout of a slice header.
func stringToBytes(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&struct {
		string
		Cap int
	}{s, len(s)}))
}

// modern uses the builtins of Go 1.20.
func modern(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func modernBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// reflectHeaders copies a string's header into a slice's, field by field.
func reflectHeaders(s string) (b []byte) {
	sh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	bh := (*reflect.SliceHeader)(unsafe.Pointer(&b))
	bh.Data = sh.Data
	bh.Len = sh.Len
	bh.Cap = sh.Len
	return b
}

type stringHeader struct {
	data unsafe.Pointer
	len  int
}

type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// ownHeaders uses headers of the program's own.
func ownHeaders(b []byte) (s string) {
	bh := (*sliceHeader)(unsafe.Pointer(&b))
	sh := (*stringHeader)(unsafe.Pointer(&s))
	sh.data = bh.data
	sh.len = bh.len
	return s
}

// wholeHeader writes a slice header as a whole.
func wholeHeader(s string) (b []byte) {
	sh := (*stringHeader)(unsafe.Pointer(&s))
	*(*sliceHeader)(unsafe.Pointer(&b)) = sliceHeader{sh.data, sh.len, sh.len}
	return b
}

func main() {
	b := []byte("hello, world")
	s := bytesToString(b)
	fmt.Println(s, len(s))
	b[0] = 'j'
	fmt.Println("after a write to the bytes:", s)

	s2 := modern(b[7:])
	fmt.Println(s2, len(s2))
	b[7] = 'W'
	fmt.Println("shared:", s2, s)

	sb := stringToBytes("gin style")
	fmt.Println(string(sb), len(sb), cap(sb))
	mb := modernBytes("modern")
	fmt.Println(string(mb), len(mb), cap(mb))
	rb := reflectHeaders("reflect headers")
	fmt.Println(string(rb), len(rb), cap(rb))
	fmt.Println(ownHeaders([]byte("own headers")))
	wb := wholeHeader("whole header")
	fmt.Println(string(wb), len(wb), cap(wb))

	// A slice's header read as three integers, and its length changed
	// through it.
	words := make([]byte, 5, 16)
	copy(words, "abcde")
	hdr := (*[3]int)(unsafe.Pointer(&words))
	fmt.Println("len and cap words:", hdr[1], hdr[2])
	hdr[1] = 3
	fmt.Println("shortened:", string(words), len(words), cap(words))
	hdr[1] = 9
	fmt.Println("lengthened within the capacity:", len(words), string(words[:5]))

	// A string's length word.
	str := "a string"
	fmt.Println("string header:", (*reflect.StringHeader)(unsafe.Pointer(&str)).Len, (*stringHeader)(unsafe.Pointer(&str)).len)
	(*stringHeader)(unsafe.Pointer(&str)).len = 3
	fmt.Println("string shortened:", str, len(str))

	// Empty and nil.
	var nb []byte
	fmt.Printf("%q %q\n", bytesToString(nil), bytesToString(nb[:0:0]))
	fmt.Println(len(stringToBytes("")), modern(nil) == "")

	// A []int64 viewed as a []uint64 and as the bytes of its elements.
	ints := []int64{-1, 2, 1 << 40}
	us := *(*[]uint64)(unsafe.Pointer(&ints))
	fmt.Println(us, len(us))
	us[1] = 7
	fmt.Println(ints)
	u16 := []uint16{0x0102, 0x0304}
	raw := (*[4]byte)(unsafe.Pointer(unsafe.SliceData(u16)))
	fmt.Println("bytes of []uint16:", *raw, raw[1])
	raw[2] = 9
	fmt.Printf("%#x\n", u16)
}
