// Command espbags sums squares in three asyncs: each writes its own slot
// of parts (no race), and all add to total (a determinacy race, whatever
// the schedule). ESP-bags finds it in one depth-first execution.
package main

import (
	"fmt"

	"github.com/vtcheck/vt/habanero"
)

func main() {
	total := 0
	parts := make([]int, 3)
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) {
			for k := range 3 {
				t.Async(func(*habanero.Task) {
					parts[k] = k * k
					total += k
				})
			}
		})
		fmt.Println(total, parts)
	})
}
