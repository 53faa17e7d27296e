// Program allocs prints testing.AllocsPerRun of typical code: a
// strings.Builder, append growth (escaping, local, returned from a loop),
// new and composite literals that escape or not, closures, conversions
// between strings and byte slices, concatenations, fmt.Sprintf of
// constants, make, channels, and map updates of existing keys. The counts
// are the gc compiler's: the interpreter must report the same.
package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

type point struct{ x, y int }

var (
	sinkP   *point
	sinkS   string
	sinkB   []byte
	sinkI   []int
	sinkF   func() int
	sinkC   chan int
	counter int
)

//go:noinline
func collect(n int) []int {
	var s []int
	for i := range n {
		s = append(s, i)
	}
	return s
}

//go:noinline
func localLen(n int) int {
	var s []int
	for i := range n {
		s = append(s, i)
	}
	return len(s)
}

func (p point) sum() int { return p.x + p.y }

//go:noinline
func newPoint(x int) *point { return &point{x, x} }

//go:noinline
func sumPoint(x int) int {
	p := &point{x, x}
	return p.x + p.y
}

//go:noinline
func adder(x int) func() int { return func() int { x++; return x } }

//go:noinline
func callLocal(x int) int {
	f := func() int { return x * 2 }
	return f()
}

//go:noinline
func concat(a, b string) string { return a + b }

//go:noinline
func concat3(a, b, c string) string { return a + b + c }

//go:noinline
func concatLen(a, b string) int { s := a + b; return len(s) }

//go:noinline
func toString(b []byte) string { return string(b) }

//go:noinline
func toBytes(s string) []byte { return []byte(s) }

//go:noinline
func equalBytes(b []byte, s string) bool { return string(b) == s }

//go:noinline
func keyOf(b []byte) string { return "key:" + string(b) }

//go:noinline
func lookup(m map[string]int, b []byte) int { return m[string(b)] }

//go:noinline
func makeLen(n int) int { b := make([]byte, n); return len(b) }

//go:noinline
func makeKeep(n int) { sinkB = make([]byte, n) }

func report(name string, f func()) {
	fmt.Printf("%-24s %v\n", name, testing.AllocsPerRun(100, f))
}

func main() {
	report("builder grow", func() {
		var b strings.Builder
		b.Grow(5)
		b.WriteString("abcde")
		sinkS = b.String()
	})
	report("builder growth", func() {
		var b strings.Builder
		for range 10 {
			b.WriteString("0123456789")
		}
		sinkS = b.String()
	})
	s19 := strings.Repeat("a", 19)
	report("builder size class", func() {
		var b strings.Builder
		b.Grow(18) // the allocator's size class is 24 bytes
		b.WriteString(s19)
		sinkS = b.String()
	})
	report("builder empty", func() {
		var b strings.Builder
		b.Grow(0)
		sinkS = b.String()
	})
	for _, n := range []int{0, 1, 4, 5, 100} {
		report("append returned "+strconv.Itoa(n), func() { sinkI = collect(n) })
		report("append local "+strconv.Itoa(n), func() { counter += localLen(n) })
	}
	report("append global", func() {
		sinkI = nil
		for i := range 20 {
			sinkI = append(sinkI, i)
		}
	})
	report("append no growth", func() {
		s := make([]int, 0, 8)
		for i := range 8 {
			s = append(s, i)
		}
		counter += len(s)
	})
	report("new escaping", func() { sinkP = newPoint(3) })
	report("new local", func() { counter += sumPoint(3) })
	report("closure escaping", func() { sinkF = adder(3) })
	report("closure local", func() { counter += callLocal(3) })
	pt := point{1, 2}
	report("method value escaping", func() { sinkF = pt.sum })
	report("method value local", func() { f := pt.sum; counter += f() })
	m := map[string]int{"a": 1, "b": 2}
	for _, s := range []string{"", "a", "hello", strings.Repeat("x", 40)} {
		n := strconv.Itoa(len(s))
		report("concat "+n, func() { sinkS = concat(s, s) })
		report("concat one "+n, func() { sinkS = concat(s, "") })
		report("concat3 "+n, func() { sinkS = concat3(s, "-", s) })
		report("concat local "+n, func() { counter += concatLen(s, s) })
		b := []byte(s)
		report("string(b) "+n, func() { sinkS = toString(b) })
		report("[]byte(s) "+n, func() { sinkB = toBytes(s) })
		report("literal + string(b) "+n, func() { sinkS = keyOf(b) })
		report("m[string(b)] "+n, func() { counter += lookup(m, b) })
		report("string(b) == s "+n, func() {
			if equalBytes(b, s) {
				counter++
			}
		})
	}
	for _, n := range []int{0, 8, 40} {
		report("make local "+strconv.Itoa(n), func() { counter += makeLen(n) })
		report("make escaping "+strconv.Itoa(n), func() { makeKeep(n) })
	}
	report("sprintf constant", func() { sinkS = fmt.Sprintf("%d-%s", 42, "x") })
	report("itoa", func() { sinkS = strconv.Itoa(12345) })
	report("itoa small", func() { sinkS = strconv.Itoa(42) })
	report("chan", func() { sinkC = make(chan int, 4) })
	report("map update", func() {
		m["a"]++
		m["b"] = m["a"]
	})
	fmt.Println(counter > 0)
}
