// Package initgo starts a goroutine in its initialization, as a pool's
// janitor or a logging daemon does: the tests of internal/explore check
// that it runs in every execution of a whole test.
package initgo

var (
	requests = make(chan int)
	replies  = make(chan int)
	total    int
)

func init() {
	go func() {
		for n := range requests {
			total += n
			replies <- total
		}
	}()
}

// Add adds n to the total the goroutine of init keeps, and returns it.
func Add(n int) int {
	requests <- n
	return <-replies
}
