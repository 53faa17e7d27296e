// Command example plays ping-pong over two unbuffered channels, for the
// package's example.
package main

func main() {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for n := range ping {
			pong <- n + 1
		}
		close(pong)
	}()
	for n := 0; n < 4; n = <-pong {
		ping <- n + 1
	}
	close(ping)
}
