// Command panic panics in a goroutine while a deferred call of an earlier
// panic runs; the dump of the uncaught panic is compared with the natively
// compiled program's (traceback_test.go).
package main

func cleanup() {
	panic("second") // while the first panic's deferred calls run
}

func work() {
	defer cleanup()
	var m map[string]int
	m["x"] = 1 // assignment to entry in nil map
}

func main() {
	go work()
	select {} // the panic ends the program
}
