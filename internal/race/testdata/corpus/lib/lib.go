// Package lib is a library for the race corpus: an unsynchronized counter.
package lib

// Inc increments *p without synchronization.
func Inc(p *int) { *p++ }
