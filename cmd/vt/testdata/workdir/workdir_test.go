// Package workdir has a test that reads a file relative to its package
// directory, where go test runs it.
package workdir

import (
	"os"
	"testing"
)

func TestReadsRelativeFile(t *testing.T) {
	b, err := os.ReadFile("input.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "hello from the package directory\n" {
		t.Fatalf("read %q", b)
	}
	wd, err := os.Getwd()
	if err != nil || wd == "" {
		t.Fatalf("Getwd: %q, %v", wd, err)
	}
}
