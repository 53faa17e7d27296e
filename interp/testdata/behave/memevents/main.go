// Command memevents makes the accesses of builtins, conversions, copies
// and modeled functions whose memory events TestMemoryEvents checks. The
// test finds the lines by the @markers in comments.
package main

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"reflect"
	"sort"
	"strings"
)

type pair struct{ X, Y int }

type rec struct {
	ID   int
	Vals [3]int
	Name string
}

func main() {
	s := []int{1, 2, 3, 4}
	d := make([]int, 4)
	n := copy(d[1:], s[:3]) // @copy
	b := []byte("hello")
	str := string(b[1:4]) // @bytestring
	r := []rune("héllo")
	rs := string(r)           // @runestring
	a := [2]int(s)            // @toarray
	g := append(s[:2:2], 7)   // @appendgrow
	sp := append(d[:1], s...) // @appendspread
	in := append(d[:1], 9)    // @appendin
	m := map[int]int{1: 1, 2: 2}
	l := len(m)        // @maplen
	for k := range m { // @maprange
		l += k
	}
	delete(m, 1) // @delete
	c := maps.Clone(m)
	clear(m)     // @clearmap
	clear(s[2:]) // @clearslice
	p := &pair{1, 2}
	q := *p // @structcopy
	rc := &rec{}
	rc2 := *rc // @nestedcopy
	x := 0
	reflect.ValueOf(&x).Elem().SetInt(3)          // @reflectset
	y := reflect.ValueOf(p).Elem().Field(1).Int() // @reflectread
	i := bytes.IndexByte(b, 'l')
	var sb strings.Builder
	sb.WriteString("ab")
	sbs := sb.String() // @builder
	ss := []string{"b", "a"}
	sort.Slice(ss, func(i, j int) bool { return ss[i] < ss[j] })
	os.Stdout.Write(b[:2]) // @write
	fmt.Println(n, str, rs, a, g, sp, in, l, q, rc2.ID, x, y, i, sbs, len(c), ss)
}
