// Command endless never ends: its main spins without reaching a
// scheduling point. vt stops it at the time budget (with a step bound too
// large to reach), having found nothing.
package main

func main() {
	for i := 0; i >= 0; i = (i + 1) & 0xffff {
	}
}
