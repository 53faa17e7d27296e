// Package intest prints runtime.Stack(buf, true) from inside a subtest,
// with the test's goroutine waiting in T.Run, a parallel subtest waiting
// in T.Parallel and a goroutine of the subtest blocked: go test's main
// goroutine and testing's frames are part of the dump. traceback_test.go
// compares it with the natively compiled test's.
package intest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestDump(t *testing.T) {
	t.Run("parallel", func(t *testing.T) {
		t.Parallel()
	})
	t.Run("sub", func(t *testing.T) {
		ch := make(chan int)
		defer close(ch)
		go func() { <-ch }()
		buf := make([]byte, 1<<20)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
			n := runtime.Stack(buf, true)
			if strings.Count(string(buf[:n]), "[chan receive]") == 4 {
				break
			}
			time.Sleep(time.Millisecond)
		}
		n := runtime.Stack(buf, true)
		fmt.Printf("BEGIN DUMP\n%sEND DUMP\n", buf[:n])
	})
}
