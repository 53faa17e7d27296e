// Command slice squares a slice in two asyncs, one half each, and prints
// the sum: correct (the finish orders the halves before the sum), but its
// sharing is unannotated: vt annotate inserts the regions.
package main

import (
	"fmt"

	"github.com/vtcheck/vt/habanero"
)

func main() {
	xs := []int{1, 2, 3, 4}
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) {
			half := len(xs) / 2
			t.Async(func(*habanero.Task) {
				for i := 0; i < half; i++ {
					xs[i] = xs[i] * xs[i]
				}
			})
			t.Async(func(*habanero.Task) {
				for i := half; i < len(xs); i++ {
					xs[i] *= xs[i]
				}
			})
		})
		sum := 0
		for i := range xs {
			sum += xs[i]
		}
		fmt.Println("sum of squares:", sum)
	})
}
