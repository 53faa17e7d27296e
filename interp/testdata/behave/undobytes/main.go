// Command undobytes writes byte arrays that existed at the snapshot
// (globals set by initialization) one byte at a time, by copies and
// appends into spare capacity, in overlapping orders: every run of a
// snapshot must start from the bytes initialization left.
package main

import "fmt"

var (
	buf   = append(make([]byte, 0, 16), "snapshot"...)
	flags = []bool{true, false, true}
	tag   = [4]byte{'a', 'b', 'c', 'd'}
	small = []int8{-1, 2, -3}
)

func main() {
	fmt.Println("start:", string(buf), len(buf), cap(buf), flags, string(tag[:]), small)
	buf[0] = 'S'                 // one byte
	buf[1] = 'Q'                 // one byte, then a range over it
	copy(buf[1:], "NAP")         // a range over it
	buf[2] = 'x'                 // a byte of the range
	buf = append(buf, "-run"...) // spare capacity
	copy(buf[6:], buf[:4])       // an overlapping copy
	flags[1] = true
	clear(flags[:1])
	tag[3] = 'D'
	copy(tag[:2], "AB")
	small[0] = 100
	fmt.Println("end:", string(buf), flags, string(tag[:]), small)
}
