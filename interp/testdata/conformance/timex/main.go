// Program timex checks time with deterministic facts only: Sleep ordering
// between goroutines with very different durations, time.After in select,
// NewTimer Stop/Reset return values, Ticker delivering a fixed number of
// ticks, AfterFunc, Duration arithmetic and formatting, and a fixed
// time.Date value's formatting and arithmetic (no wall-clock output).
package main

import (
	"fmt"
	"time"
)

func main() {
	// ordering by sleep duration
	out := make(chan string, 3)
	go func() { time.Sleep(300 * time.Millisecond); out <- "slow" }()
	go func() { time.Sleep(1 * time.Millisecond); out <- "fast" }()
	go func() { time.Sleep(150 * time.Millisecond); out <- "medium" }()
	fmt.Println(<-out, <-out, <-out)

	// time.After vs a channel that never fires
	never := make(chan int)
	select {
	case <-never:
		fmt.Println("impossible")
	case <-time.After(5 * time.Millisecond):
		fmt.Println("timeout fired")
	}

	// elapsed time is at least the slept duration
	start := time.Now()
	time.Sleep(20 * time.Millisecond)
	fmt.Println("slept at least 20ms:", time.Since(start) >= 20*time.Millisecond)

	// timers
	t := time.NewTimer(time.Hour)
	fmt.Println("stop active timer:", t.Stop())
	fmt.Println("stop again:", t.Stop())
	t.Reset(time.Millisecond)
	<-t.C
	fmt.Println("timer fired after reset")
	fmt.Println("stop fired timer:", t.Stop())

	// ticker
	tk := time.NewTicker(2 * time.Millisecond)
	n := 0
	for range tk.C {
		n++
		if n == 3 {
			tk.Stop()
			break
		}
	}
	fmt.Println("ticks:", n)

	// AfterFunc
	done := make(chan string)
	af := time.AfterFunc(time.Millisecond, func() { done <- "afterfunc" })
	fmt.Println(<-done)
	fmt.Println("stop after fire:", af.Stop())
	af2 := time.AfterFunc(time.Hour, func() { fmt.Println("never") })
	fmt.Println("stop before fire:", af2.Stop())

	// durations
	d := 90*time.Minute + 30*time.Second + 5*time.Millisecond
	fmt.Println(d, d.Hours(), d.Minutes(), d.Round(time.Minute), d.Truncate(time.Hour), time.Duration(1500)*time.Microsecond)
	fmt.Println(time.Duration(0), time.Nanosecond*999, -2*time.Second, time.Duration(1<<63-1))
	pd, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(pd, err, pd.Seconds())
	_, err = time.ParseDuration("5 parsecs")
	fmt.Println(err)

	// fixed dates
	base := time.Date(2024, time.February, 28, 23, 30, 0, 0, time.UTC)
	next := base.Add(2 * time.Hour)
	fmt.Println(base.Format(time.RFC3339), next.Format("2006-01-02 15:04 Mon"), next.YearDay(), next.Weekday())
	fmt.Println(next.Sub(base), base.Before(next), base.AddDate(0, 1, 1).Format(time.DateOnly), base.Unix())
	pt, err := time.Parse("2006-01-02", "2023-12-25")
	fmt.Println(pt.Weekday(), pt.Format("Jan 2, 2006"), err, pt.Equal(pt.UTC()))
	fmt.Println(base.Truncate(24*time.Hour).Format(time.Kitchen), base.Month(), base.Day())

	// many goroutines sleeping, results ordered by duration
	res := make(chan int, 5)
	for _, ms := range []int{40, 10, 50, 20, 30} {
		go func() {
			time.Sleep(time.Duration(ms) * 10 * time.Millisecond)
			res <- ms
		}()
	}
	for range 5 {
		fmt.Print(<-res, " ")
	}
	fmt.Println()
}
