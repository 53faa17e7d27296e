// Package initonce has an initialization that prints and fills globals,
// and tests that change them: each test must start from the state after
// the initialization, whether the package was initialized for it or the
// initialization of an earlier test was kept.
package initonce

import (
	"fmt"
	"testing"
)

var (
	table = build()
	count int
	names = map[string]int{"init": 1}
	ch    = make(chan int, 2)
)

func build() []int {
	fmt.Println("init ran")
	t := make([]int, 4)
	for i := range t {
		t[i] = i * i
	}
	return t
}

func check(t *testing.T) {
	if count != 0 || len(names) != 1 || table[3] != 9 || len(ch) != 0 {
		t.Fatalf("not the state after init: count=%d names=%v table=%v len(ch)=%d", count, names, table, len(ch))
	}
}

func TestChangeA(t *testing.T) {
	check(t)
	count++
	names["a"] = 2
	table[3] = -1
	ch <- 1
	fmt.Println("A ran")
}

func TestChangeB(t *testing.T) {
	check(t)
	count += 2
	delete(names, "init")
	table = nil
	ch <- 2
	ch <- 3
	fmt.Println("B ran")
}

// TestChangeLong writes many cells (more than a small undo log bound).
func TestChangeLong(t *testing.T) {
	check(t)
	count = 5
	names["long"] = 3
	table[0] = 7
	big := make([]int, 1000)
	for i := range 200 {
		for j := range big {
			big[j] = i + j
		}
		table[1] = i
	}
	fmt.Println("long ran")
}
