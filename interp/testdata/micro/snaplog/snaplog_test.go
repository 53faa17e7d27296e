// Package snaplog writes memory that existed before the test started, in
// loops of micro-code: runs from a snapshot must each start from the same
// values (the undo log records those writes).
package snaplog

import (
	"fmt"
	"testing"
)

type cell struct {
	n int
	f float64
	b bool
}

var (
	cells  = make([]cell, 8)
	flags  = make([]bool, 8)
	arr    [8]byte
	counts [8]int
	total  int     // a scalar global: stores through its pointer
	scale  float64 // register
)

func TestWrites(t *testing.T) {
	sum := 0
	for i := range cells {
		c := &cells[i]
		c.n += i + 1
		c.f += 0.5
		c.b = !c.b
		flags[i] = !flags[i]
		arr[i] += byte(i)
		counts[i] += i
		sum += c.n + int(arr[i]) + counts[i]
		if flags[i] {
			sum++
		}
		total += i
		scale += 0.25
	}
	fmt.Println(sum, cells[7], arr, total, scale)
}
