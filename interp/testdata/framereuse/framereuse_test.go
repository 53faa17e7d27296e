// Package framereuse is a test whose goroutine runs a deferred builtin
// (close) after the test function has returned: the interpreter must not
// hand the returned test function's frame to the builtin's thunk.
package framereuse

import (
	"fmt"
	"testing"
)

func TestCloseAfterReturn(t *testing.T) {
	fmt.Println("test body")
	done := make(chan struct{})
	go func() {
		defer close(done)
		fmt.Println("goroutine")
	}()
}
