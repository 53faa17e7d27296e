package main

import "testing"

// TestEndless never returns.
func TestEndless(t *testing.T) {
	for {
	}
}
