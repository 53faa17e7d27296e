// pipes: a producer and a consumer over os.Pipe and over net.Pipe, and the
// errors of closed pipes.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
)

func main() {
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Println("pipe:", err)
		return
	}
	go func() {
		for i := range 5 {
			fmt.Fprintf(w, "record %d\n", i)
		}
		w.Close()
	}()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fmt.Println("os.Pipe:", sc.Text())
	}
	fmt.Println("scan err:", sc.Err())
	r.Close()

	// A large write waits for the reader.
	r, w, _ = os.Pipe()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		n, err := w.Write(make([]byte, 200000))
		fmt.Println("big write:", n, err)
		w.Close()
	}()
	b, err := io.ReadAll(r)
	wg.Wait()
	fmt.Println("big read:", len(b), err)
	r.Close()
	_, err = w.Write([]byte("x"))
	fmt.Println("write to closed pipe:", errors.Is(err, os.ErrClosed))

	r, w, _ = os.Pipe()
	r.Close()
	_, err = w.Write([]byte("x"))
	fmt.Println("write without reader:", err != nil)
	w.Close()

	c1, c2 := net.Pipe()
	go func() {
		for _, s := range []string{"ping", "pong", "done"} {
			c1.Write([]byte(s))
		}
		c1.Close()
	}()
	buf := make([]byte, 2)
	for {
		n, err := c2.Read(buf)
		if err != nil {
			fmt.Println("net.Pipe end:", err)
			break
		}
		fmt.Printf("net.Pipe: %q\n", buf[:n])
	}
	_, err = c2.Write([]byte("x"))
	fmt.Println("write to closed net.Pipe:", err)
	c2.Close()
}
