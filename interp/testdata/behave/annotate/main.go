// Command annotate calls functions that the tests declare as annotations
// (obj, at, rng); their bodies print, so that a run shows which calls ran
// them: those whose arguments name no location.
package main

import "fmt"

func obj(x any)             { fmt.Println("obj body") }
func at(s any, i int)       { fmt.Println("at body", i) }
func rng(s any, lo, hi int) { fmt.Println("rng body", lo, hi) }

func main() {
	s := make([]int, 4)
	p := &s[2]
	m := map[int]int{}
	var a [3]string
	obj(p)       // @p
	at(s, 2)     // @at
	at(s[1:], 1) // @sub
	rng(s, 1, 3) // @rng
	rng(s, 4, 4) // @empty
	obj(s)       // @whole
	obj(m)       // @map
	at(&a, 1)    // @array
	obj(nil)
	at(s, 4)
	rng(s, 3, 2)
	obj(3)
	done := make(chan bool)
	go func() {
		obj(p) // @go
		done <- true
	}()
	<-done
}
