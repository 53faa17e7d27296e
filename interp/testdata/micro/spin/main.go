// Program spin never ends: a loop of micro-code only, which the step bound
// must still stop.
package main

func main() {
	x := 0
	for {
		x += 3
		if x == -1 {
			break
		}
	}
	println(x)
}
