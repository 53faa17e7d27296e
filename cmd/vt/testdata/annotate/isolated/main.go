// Command isolated counts in two asyncs, every update of the shared
// counter inside isolated: ok, with an empty sharing report.
package main

import (
	"fmt"

	"github.com/vtcheck/vt/habanero"
)

func main() {
	count := 0
	habanero.Launch(func(t *habanero.Task) {
		for k := range 2 {
			t.Async(func(t *habanero.Task) {
				t.Isolated(func() { count += k })
			})
		}
	})
	fmt.Println("count:", count)
}
