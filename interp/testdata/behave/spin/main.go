// Command spin never ends.
package main

var x int

func main() {
	for {
		x++
	}
}
