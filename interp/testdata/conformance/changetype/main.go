// Command changetype converts between named types of one underlying type
// (SSA ChangeType, which the interpreter compiles to its operand's
// register) in loops, across phis that swap values, and in closures.
package main

import (
	"fmt"
	"time"
)

type (
	word  uint
	words []word
	point struct{ x, y int }
	pt    point
	fn    func(int) int
	ch    chan int
	rch   <-chan int
)

func fib(n int) (word, word) {
	a, b := word(0), word(1)
	for range n {
		// a and b swap through phis; each new value is a ChangeType
		// of a uint sum.
		a, b = b, word(uint(a)+uint(b))
	}
	return a, b
}

func main() {
	fmt.Println(fib(10))
	fmt.Println(fib(90))

	var ws words
	u := []word{3, 1, 4, 1, 5}
	for i := range 3 {
		ws = words(u[i:])
		prev := ws
		u = append(u, word(i))
		ws = words(u)
		fmt.Println(len(prev), len(ws), prev[0], ws[len(ws)-1])
	}

	p := point{1, 2}
	q := pt(p)
	p.x = 10 // q is a copy
	r := point(q)
	q.y = 20
	fmt.Println(p, q, r)

	var f fn = func(x int) int { return x * 2 }
	g := (func(int) int)(f)
	fmt.Println(f(3), g(4))

	c := make(ch, 1)
	recv := rch((chan int)(c))
	c <- 7
	fmt.Println(<-recv)

	d := time.Duration(0)
	for i := range 5 {
		d += time.Duration(i) * time.Millisecond
		x := int64(d)
		d = time.Duration(x + 1)
	}
	fmt.Println(d)

	// A value converted, then its operand redefined in the next
	// iteration, used after the loop.
	var last word
	for i := uint(0); i < 4; i++ {
		v := i * i
		last = word(v)
		if last > 3 {
			break
		}
	}
	fmt.Println(last)
}
