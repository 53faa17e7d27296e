// Package counter is the smallest vt example: goroutines incrementing a
// shared counter, correctly (with a mutex) and incorrectly.
package counter
