// Program timerstop checks what Stop and Reset report for a timer that
// fired and whose value nobody received: with Go 1.23's synchronous timer
// channels Stop drains the value and reports true (no value will come);
// with GODEBUG=asynctimerchan=1 it reports false and the value stays.
// len and cap of a synchronous timer's channel are 0.
package main

import (
	"fmt"
	"os"
	"reflect"
	"time"
)

func fired(d time.Duration) *time.Timer {
	t := time.NewTimer(d)
	time.Sleep(10 * d) // the timer fires; nobody receives
	return t
}

func report(mode string) {
	t := fired(time.Millisecond)
	// Go 1.23's timer channels look unbuffered: len and cap are 0.
	fmt.Println(mode, "len, cap of a fired timer's channel:", len(t.C), cap(t.C))
	rc := reflect.ValueOf(t.C)
	fmt.Println(mode, "reflect's Len, Cap of it:", rc.Len(), rc.Cap())
	tk := time.NewTicker(time.Millisecond)
	time.Sleep(5 * time.Millisecond)
	fmt.Println(mode, "len, cap of a ticker's channel:", len(tk.C), cap(tk.C))
	tk.Stop()
	stopped := t.Stop()
	select {
	case <-t.C:
		fmt.Println(mode, "Stop:", stopped, "value received")
	default:
		fmt.Println(mode, "Stop:", stopped, "no value")
	}

	t = fired(time.Millisecond)
	reset := t.Reset(time.Hour)
	select {
	case <-t.C:
		fmt.Println(mode, "Reset:", reset, "value received")
	default:
		fmt.Println(mode, "Reset:", reset, "no value")
	}
	t.Stop()

	t = time.NewTimer(time.Hour)
	fmt.Println(mode, "Stop of a pending timer:", t.Stop(), "again:", t.Stop())
}

func main() {
	report("sync")
	os.Setenv("GODEBUG", "asynctimerchan=1")
	report("async")
	os.Setenv("GODEBUG", "asynctimerchan=0")
	report("sync again")
}
