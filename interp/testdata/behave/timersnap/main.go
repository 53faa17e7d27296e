// Command timersnap uses a timer created during initialization: a tool that
// snapshots the program after initialization and runs main several times
// must give every run the timer as it was at the snapshot.
package main

import (
	"fmt"
	"time"
)

var (
	start = time.Now()
	t     = time.NewTimer(time.Hour)
)

func main() {
	fmt.Println("active:", t.Stop())
	t.Reset(time.Second)
	<-t.C
	fmt.Println("fired after", time.Since(start))
	fmt.Println("active:", t.Stop())
}
