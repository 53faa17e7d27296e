// Program framelocals checks locals whose address is taken but stays in
// their function (the interpreter keeps them in the frame and zeroes them
// each time their declaration runs): buffers formatted in loops, in
// recursion and in goroutines, fields written through pointers, and the
// locals whose address does escape (kept across iterations, returned,
// captured), which must stay distinct variables.
package main

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

type point struct{ x, y int }

// format writes u in decimal into a local buffer and converts it.
func format(u uint64) string {
	var buf [20]byte
	i := len(buf)
	for u >= 10 {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	i--
	buf[i] = byte('0' + u)
	return string(buf[i:])
}

// nested formats n, recursing before it converts its own buffer: every
// activation has its own.
func nested(n int) string {
	var buf [8]byte
	for i := range buf {
		buf[i] = byte('a' + (n+i)%26)
	}
	inner := ""
	if n > 0 {
		inner = nested(n - 1)
	}
	return string(buf[:3]) + "|" + inner
}

// appendDigits appends each element of xs, formatted in a fresh local
// buffer per iteration, to dst.
func appendDigits(dst []byte, xs []int) []byte {
	for _, x := range xs {
		var b [4]byte
		n := copy(b[:], strconv.Itoa(x))
		dst = append(dst, b[:n]...)
		dst = append(dst, ',')
	}
	return dst
}

// fields fills a struct through pointers to its fields, in a loop.
func fields(n int) int {
	sum := 0
	for i := range n {
		var p point
		px, py := &p.x, &p.y
		*px = i
		*py = *px * 2
		sum += p.x + p.y
	}
	return sum
}

// kept keeps the address of each iteration's local: they must be
// distinct variables.
func kept() []*int {
	var ps []*int
	for i := range 3 {
		v := i
		ps = append(ps, &v)
	}
	return ps
}

// captured returns closures over each iteration's local.
func captured() []func() int {
	var fs []func() int
	for i := range 3 {
		var v [2]int
		v[0] = i * 10
		fs = append(fs, func() int { v[1]++; return v[0] + v[1] })
	}
	return fs
}

// recovered panics while a local buffer is in use, and recovers.
func recovered(s string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("recovered: ", r)
		}
	}()
	var buf [4]byte
	n := copy(buf[:], s)
	if n == len(buf) {
		panic("buffer full: " + string(buf[:n]))
	}
	return string(buf[:n])
}

func main() {
	var lines []string
	for _, u := range []uint64{0, 7, 42, 1000, 18446744073709551615} {
		lines = append(lines, format(u))
	}
	fmt.Println(strings.Join(lines, " "))
	fmt.Println(nested(4))
	fmt.Println(string(appendDigits([]byte("digits:"), []int{1, 22, 333, 4444})))
	fmt.Println("fields:", fields(100))
	for _, p := range kept() {
		fmt.Print(*p, " ")
	}
	fmt.Println()
	fs := captured()
	for _, f := range fs {
		fmt.Print(f(), " ", f(), " ")
	}
	fmt.Println()
	fmt.Println(recovered("ab"), "/", recovered("abcdef"))

	var wg sync.WaitGroup
	results := make([]string, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sb strings.Builder
			for i := range 50 {
				sb.WriteString(format(uint64(g*1000 + i)))
			}
			results[g] = sb.String()[:20]
		}()
	}
	wg.Wait()
	fmt.Println(strings.Join(results, "\n"))
}
