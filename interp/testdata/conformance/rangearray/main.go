// Range over arrays: with the index alone the array is not evaluated (a
// nil pointer to an array ranges without panicking); with the value too
// it is copied once, before the loop.
package main

import "fmt"

func main() {
	var none *[3]int
	n := 0
	for i := range none {
		n += i
	}
	for i := range *none {
		n += i
	}
	fmt.Println("index only over nil:", n)

	arr := [3]int{1, 2, 3}
	for i, v := range arr {
		arr[2] = 100 // the loop ranges over a copy
		fmt.Println(i, v)
	}
	p := &arr
	for i, v := range p {
		p[2] = 7 // through a pointer: no copy
		fmt.Println(i, v)
	}
	grid := [2][2]string{{"a", "b"}, {"c", "d"}}
	for i := range grid {
		for j := range grid[i] {
			fmt.Print(grid[i][j])
		}
	}
	fmt.Println()
}

type holder struct{ arr [2]int }

func init() {
	var h *holder
	rows := [][3]int{}
	k := 5
	n := 0
	for i := range h.arr { // h is nil: not evaluated
		n += i
	}
	for i := range rows[k] { // out of range: not evaluated
		n += i
	}
	fmt.Println("fields and elements not evaluated:", n)
}
