// Program bigcopy copies 8 MB buffers in a short loop: few steps, much
// work (the checks of a run's limits count the bytes moved).
package main

import "fmt"

func main() {
	b := make([]byte, 8<<20)
	c := make([]byte, 8<<20)
	n := 0
	for range 200 {
		n += copy(c, b)
	}
	fmt.Println(n)
}
