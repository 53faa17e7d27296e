// Program diff prints testify's failure messages for values with
// unexported fields, pointers and maps: their diffs are go-spew's dumps
// (testify's internal copy), which read unexported fields through
// reflect.Value with unsafe, maps in unexported fields included (their
// keys, read-only values, index the map).
package main

import (
	"fmt"
	"strings"

	"github.com/stretchr/testify/assert"
)

type inner struct {
	name string
	tags []string
}

type outer struct {
	id    int
	in    *inner
	iface any
	Pub   float64
	count map[string]int
	byID  map[int]*inner
}

// printer is a testify TestingT that prints the diffs of the failures
// (the rest of a message holds addresses and the runtime's frames).
type printer struct{}

func (printer) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if i := strings.Index(msg, "Diff:"); i >= 0 {
		msg = msg[i:]
	}
	fmt.Println(msg)
}

func main() {
	a := outer{id: 1, in: &inner{"x", []string{"a", "b"}}, iface: inner{"y", nil}, Pub: 1.5,
		count: map[string]int{"b": 2, "a": 1, "c": 0}, byID: map[int]*inner{3: {"z", nil}, 1: {"w", nil}}}
	b := a
	b.in = &inner{"x", []string{"a", "c"}}
	b.iface = 7
	b.count = map[string]int{"b": 2, "a": 3}
	assert.Equal(printer{}, a, b)
	assert.Equal(printer{}, []*inner{{"p", nil}}, []*inner{{"q", []string{""}}})
	assert.Equal(printer{}, map[string]outer{"one": a}, map[string]outer{"one": b})
}
