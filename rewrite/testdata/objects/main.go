package main

import "fmt"

type point struct{ x, y int }

func main() {
	n := 0
	m := map[string]int{}
	p := &point{}
	var a [3]int
	done := make(chan bool)
	go func() {
		n++
		m["k"] = n
		p.x = 1
		a[2] = 7
		done <- true
	}()
	<-done
	for i := 0; i < n; i++ {
		fmt.Println(n, m["k"], p.x, a[2])
	}
}
