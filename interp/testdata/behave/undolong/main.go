// Command undolong writes memory that existed at the snapshot (globals set
// by initialization) before and after writing far more fresh memory than
// the undo log keeps strongly: every run of a snapshot must start from the
// globals as initialization left them.
package main

import "fmt"

var (
	counts = []int{1, 2, 3}
	names  = map[string]int{"a": 1}
	total  = 10
	ptr    = &total
)

type node struct {
	next *node
	val  [4]int
}

func main() {
	fmt.Println("start:", counts, names["a"], total, *ptr)
	counts[0] += 100
	total++
	var keep *node
	for i := range 50000 {
		n := &node{val: [4]int{i, i, i, i}}
		if i%1000 == 0 {
			n.next = keep
			keep = n
		}
		counts[1] = i // an old cell written many times
	}
	sum := 0
	for n := keep; n != nil; n = n.next {
		sum += n.val[0]
	}
	counts[2] = sum
	names["a"] = sum
	*ptr = -1
	ptr = new(int)
	fmt.Println("end:", counts, names["a"], total)
}
