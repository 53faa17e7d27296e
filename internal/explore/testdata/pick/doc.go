// Package pick holds the programs of internal/explore's pick_test.go: many
// goroutines that stay runnable through long runs of scheduling points
// (atomics, mutexes, spin loops), where a scheduling point must cost the
// same whatever their number and choose as the long way does.
package pick
