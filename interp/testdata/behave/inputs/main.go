// Command inputs prints what varies with the program's inputs: where a
// range over a map starts, and random numbers of math/rand and
// math/rand/v2; fmt prints the map sorted, whatever the order.
package main

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
)

func main() {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	for k := range m {
		fmt.Print(k)
	}
	fmt.Println()
	fmt.Println(m)
	fmt.Println(rand.Intn(10), randv2.IntN(5), rand.Perm(3))
}
