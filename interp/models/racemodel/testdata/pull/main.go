// Command pull pulls from an iterator with iter.Pull, whose next and
// stop annotate their racer word with internal/race.Write.
package main

import (
	"fmt"
	"iter"
)

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	next, stop := iter.Pull(count(3))
	defer stop()
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Println(v)
	}
}
