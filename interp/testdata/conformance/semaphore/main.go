// Program semaphore uses the runtime's semaphores through sync's linknames,
// as sync's own tests do: counted, blocking, in order.
package main

import (
	"fmt"
	_ "sync"
	_ "unsafe" // linkname
)

//go:linkname semacquire sync.runtime_Semacquire
func semacquire(s *uint32)

//go:linkname semrelease sync.runtime_Semrelease
func semrelease(s *uint32, handoff bool, skipframes int)

func main() {
	var sem uint32
	x := 0
	done := make(chan bool)
	go func() {
		x = 42
		semrelease(&sem, false, 0)
		done <- true
	}()
	semacquire(&sem)
	fmt.Println(x, sem)
	<-done

	// A count of 3 taken by 10 goroutines, each giving it back.
	sem = 3
	inside, most := 0, 0
	var mu uint32 = 1
	for range 10 {
		go func() {
			semacquire(&sem)
			semacquire(&mu)
			inside++
			most = max(most, inside)
			semrelease(&mu, false, 0)
			semacquire(&mu)
			inside--
			semrelease(&mu, false, 0)
			semrelease(&sem, true, 0)
			done <- true
		}()
	}
	for range 10 {
		<-done
	}
	fmt.Println(sem, inside, most <= 3)
}
