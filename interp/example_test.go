package interp_test

import (
	"fmt"

	"github.com/vtcheck/vt/interp"
)

// newestFirst is a Scheduler that always runs the newest runnable
// goroutine, and takes the first ready case of a select.
type newestFirst struct{}

func (newestFirst) Pick(runnable []*interp.Goroutine) int            { return len(runnable) - 1 }
func (newestFirst) Choose(*interp.Goroutine, interp.Choice, int) int { return 0 }

// chanLog is an Observer that prints the channel operations of a run.
type chanLog struct{ names map[interp.Addr]string }

func (l *chanLog) Event(ev *interp.Event) {
	var what string
	switch ev.Kind {
	case interp.EvChanSend:
		what = "send"
	case interp.EvChanRecv:
		what = "receive"
	case interp.EvChanRecvClosed:
		what = "receive (closed)"
	case interp.EvChanClose:
		what = "close"
	default:
		return
	}
	name, ok := l.names[ev.Addr]
	if !ok {
		name = fmt.Sprintf("channel %d", len(l.names)+1)
		l.names[ev.Addr] = name
	}
	fmt.Printf("goroutine %d: %s %s\n", ev.G.ID(), what, name)
}

// Run a program that plays ping-pong over two channels with a custom
// scheduler, printing the order of its channel operations.
func Example() {
	prog, err := interp.Load(interp.Config{Dir: "testdata/example"}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{
		Scheduler: newestFirst{},
		Observer:  &chanLog{names: map[interp.Addr]string{}},
	})
	fmt.Println("exit code", code, err)
	// Output:
	// goroutine 1: send channel 1
	// goroutine 2: receive channel 1
	// goroutine 2: send channel 2
	// goroutine 1: receive channel 2
	// goroutine 1: send channel 1
	// goroutine 2: receive channel 1
	// goroutine 2: send channel 2
	// goroutine 1: receive channel 2
	// goroutine 1: close channel 1
	// exit code 0 <nil>
}
